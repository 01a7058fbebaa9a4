// Pieces slide to their new places, as lichess animates a move: when the
// board shows the position one word after (or before) the one it showed,
// each piece that appeared on a point slides there from the nearest point
// a piece of its kind left. A redraw of the same position, a jump of
// several moves, or a system asking for reduced motion moves nothing.
"use strict";

const SLIDE_MS = 180;
// Pieces slid since the page opened (`data-slid` on the board, for tests).
let slid = 0;
const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

const isPiece = (el) => /\b(marble|man|peg)\b/.test(el.getAttribute("class") || "");

// What the board shows: per point's centre, the kind of piece on it (the
// class of its group's second child; the first is the point itself) and
// how many (Palma's pile of pegs to enter).
function boardPieces(svg) {
  const pieces = new Map();
  for (const g of svg.querySelectorAll("[data-token]")) {
    const [point, piece] = g.children;
    if (!point || !piece || !isPiece(piece)) continue;
    const b = point.getBBox();
    const x = b.x + b.width / 2, y = b.y + b.height / 2;
    const count = [...g.children].filter(isPiece).length;
    pieces.set(`${Math.round(x)},${Math.round(y)}`, { x, y, kind: piece.getAttribute("class"), count, group: g });
  }
  return pieces;
}

// Whether `a` (a point's pieces) holds fewer of its kind than `b`.
const fewer = (a, b) => !a || a.kind !== b.kind || a.count < b.count;

// Called by render around its redraw: `before` is what the board showed,
// `from` the node it showed.
function slidePieces(svg, before, from) {
  svg.dataset.animated = "0";
  const step = from && G.node && (G.node.parent === from || from.parent === G.node);
  if (!step || !before || reducedMotion.matches) return;
  const after = boardPieces(svg);
  const left = [...before].filter(([at, p]) => fewer(after.get(at), p)).map(([, p]) => p);
  let moved = 0;
  for (const [at, p] of after) {
    if (!fewer(before.get(at), p)) continue;
    let best = null;
    for (const q of left) {
      if (q.kind !== p.kind || q.used) continue;
      const d = Math.hypot(q.x - p.x, q.y - p.y);
      if (!best || d < best.d) best = { q, d };
    }
    if (!best) continue;
    best.q.used = true;
    const dx = best.q.x - p.x, dy = best.q.y - p.y;
    for (const el of [...p.group.children].slice(1)) {
      el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0, 0)" }], { duration: SLIDE_MS, easing: "ease-out" });
    }
    moved++;
  }
  svg.dataset.animated = String(moved);
  slid += moved;
  svg.dataset.slid = String(slid);
}

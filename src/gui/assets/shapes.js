// Arrows and circles a person draws on the board, as on lichess: a drag
// with the right button from one point to another draws an arrow, a right
// click on a point rings it, the same shape again takes it away, and a
// left click on the board clears them. They belong to the position shown
// (the tree and the library keep them, as `shapes` of its node) and are
// drawn in green over the board, under nothing the person clicks.
"use strict";

const SVG_NS_SHAPES = "http://www.w3.org/2000/svg";
let shapeFrom = null;

// The board point (any token's group: a cell, a square, a pile) under a
// viewport point.
function pointTokenAt(x, y) {
  const el = document.elementFromPoint(x, y);
  const g = el && el.closest("#board [data-token]");
  return g ? g.dataset.token : null;
}

$("board").addEventListener("contextmenu", (ev) => ev.preventDefault());
$("board").addEventListener("pointerdown", (ev) => {
  if (ev.button === 2) shapeFrom = pointTokenAt(ev.clientX, ev.clientY);
  else if (ev.button === 0 && G.node && G.node.shapes) {
    delete G.node.shapes;
    render();
    saveGame();
  }
});
document.addEventListener("pointerup", (ev) => {
  if (ev.button !== 2 || !shapeFrom) return;
  const from = shapeFrom, to = pointTokenAt(ev.clientX, ev.clientY);
  shapeFrom = null;
  if (!to || !G.node) return;
  const shapes = G.node.shapes || [];
  const same = shapes.findIndex((s) => s.from === from && s.to === to);
  if (same >= 0) shapes.splice(same, 1);
  else shapes.push({ from, to });
  if (shapes.length) G.node.shapes = shapes;
  else delete G.node.shapes;
  render();
  saveGame();
});

// The centre of `token`'s point on the drawn board, in its coordinates.
function pointCentre(svg, token) {
  const g = [...svg.querySelectorAll("[data-token]")].find((e) => e.dataset.token === token);
  const shape = g && (g.querySelector("circle, rect, polygon, path") || g);
  if (!shape) return null;
  const b = shape.getBBox();
  return [b.x + b.width / 2, b.y + b.height / 2, Math.min(b.width, b.height) / 2];
}

// The shown position's shapes, drawn on the board just drawn (inside its
// turned group when the board is flipped: the points' boxes are in its
// coordinates).
function drawShapes(svg) {
  const layer = svg.querySelector("g.flipped") || svg;
  for (const { from, to } of (G.node && G.node.shapes) || []) {
    const a = pointCentre(svg, from), b = pointCentre(svg, to);
    if (!a || !b) continue;
    let el;
    if (from === to) {
      el = document.createElementNS(SVG_NS_SHAPES, "circle");
      for (const [k, v] of Object.entries({ cx: a[0], cy: a[1], r: Math.max(6, a[2] + 2) })) el.setAttribute(k, v);
    } else {
      // Stopped short of the centre, so the head points at the point.
      const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1, cut = Math.min(12, len / 3);
      el = document.createElementNS(SVG_NS_SHAPES, "line");
      const end = [b[0] - ((b[0] - a[0]) / len) * cut, b[1] - ((b[1] - a[1]) / len) * cut];
      for (const [k, v] of Object.entries({ x1: a[0], y1: a[1], x2: end[0], y2: end[1], "marker-end": "url(#head-user)" })) el.setAttribute(k, v);
    }
    el.setAttribute("class", from === to ? "drawn circle" : "drawn arrow user");
    el.dataset.from = from;
    el.dataset.to = to;
    layer.appendChild(el);
  }
}

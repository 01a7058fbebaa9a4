// The evaluation from one point of view: a bar beside the board (the shown
// position) and a graph over the game (the main line), both from the
// first player's side, as win chances where the engine gives WDL.
"use strict";

// Palma's scores are its win probabilities: cp = 2000·(p − 0.5)
// (protocol.md, Output).
const winProbabilityGame = () => G.game === "palma";

// The expected share of the game (a win 1, a draw 1/2) of the first
// player's side, from a report `ev` of the mover `ev.k`; with more than
// two sides, the mover's own. WDL where the engine gave it, else from the
// score: Palma's is a probability, elsewhere a logistic of centi-units
// (a lead of 4 marbles, men or Peltasts is about 91 %).
function evalShare(ev) {
  const flip = flipped(ev.k);
  if (ev.wdl) {
    const [w, d, l] = flip ? [ev.wdl[2], ev.wdl[1], ev.wdl[0]] : ev.wdl;
    return (w + d / 2) / (w + d + l || 1);
  }
  const [kind, v] = ev.score.split(" ");
  const n = flip ? -Number(v) : Number(v);
  if (kind === "mate") return n > 0 ? 1 : 0;
  if (winProbabilityGame()) return Math.min(1, Math.max(0, n / 2000 + 0.5));
  return 1 / (1 + Math.pow(10, -n / 400));
}

// The number shown: a percentage where the share is a probability,
// else the score in units (mates as M3 / -M3), from the same side.
function evalNumber(ev) {
  if (ev.wdl || winProbabilityGame()) return `${Math.round(evalShare(ev) * 100)}%`;
  const text = scoreText(ev.score, ev.k);
  const mate = /^mate (-?)(\d+)$/.exec(text);
  if (mate) return `${mate[1]}M${mate[2]}`;
  return Number(text) > 0 ? `+${text}` : text;
}

// The two sides as the bar and graph name them: the first player's team,
// and the other team.
function sideNames() {
  return [namesText(G.teams[0]), namesText(G.teams[1] || [])];
}
const isDark = (k) => /black|jackal/.test(playerName(k));

function renderEval() {
  renderEvalBar();
  renderEvalGraph();
}

// The bar: the first player's side fills it from the bottom, from the top
// when the board is turned (its side is then at the top).
function renderEvalBar() {
  const bar = $("evalbar");
  if (!bar || !G.teams.length) return;
  const node = G.node;
  const ev = node && node.eval;
  const two = twoSides();
  bar.hidden = !two;
  if (!two) return;
  const [first, second] = sideNames();
  bar.classList.toggle("first-dark", isDark(0));
  bar.classList.toggle("second-dark", isDark(G.teams[1][0]));
  const share = ev ? evalShare(ev) : 0.5;
  // Its height beside the board, its width above it on a narrow screen.
  bar.style.setProperty("--share", `${share * 100}%`);
  bar.classList.toggle("flipped", boardFlipped);
  const [near, far] = boardFlipped ? [second, first] : [first, second];
  bar.querySelector(".top").textContent = far.slice(0, 1);
  bar.querySelector(".bottom").textContent = near.slice(0, 1);
  bar.querySelector(".value").textContent = ev ? evalNumber(ev) : "";
  bar.dataset.share = ev ? String(share) : "";
  const side = `${possessive(first)} side (${boardFlipped ? "top" : "bottom"}, against ${second} at the ${boardFlipped ? "bottom" : "top"})`;
  const text = ev ? `${side}: ${evalNumber(ev)}${ev.wdl ? " to win" : ""}` : `${side}: no evaluation yet`;
  bar.title = text;
  bar.setAttribute("aria-label", `evaluation bar, ${text}`);
}

const GRAPH = { w: 300, h: 90 };

// The graph: the main line's evaluations, the first player's side up,
// the shown position and the review's marks on it. A click shows the
// nearest position.
function renderEvalGraph() {
  const svg = $("evalgraph");
  if (!svg || !G.teams.length) return;
  const nodes = lineThrough(G.node);
  const shown = G.node;
  const two = twoSides();
  const x = (i) => 4 + (i * (GRAPH.w - 8)) / Math.max(1, nodes.length - 1);
  const y = (share) => 4 + (1 - share) * (GRAPH.h - 8);
  const parts = [];
  const el = (name, attrs, text) => {
    const e = document.createElementNS("http://www.w3.org/2000/svg", name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text) e.textContent = text;
    parts.push(e);
    return e;
  };
  el("rect", { x: 0, y: 0, width: GRAPH.w, height: GRAPH.h, class: "graph-ground" });
  el("line", { x1: 0, x2: GRAPH.w, y1: y(0.5), y2: y(0.5), class: "graph-even" });
  const points = nodes.map((n, i) => (n.eval ? `${x(i).toFixed(1)},${y(evalShare(n.eval)).toFixed(1)}` : null)).filter(Boolean);
  if (points.length) el("polyline", { points: points.join(" "), class: "graph-line" });
  const at = nodes.indexOf(shown);
  if (at >= 0) el("line", { x1: x(at), x2: x(at), y1: 0, y2: GRAPH.h, class: "graph-now" });
  nodes.forEach((n, i) => {
    if (!n.review || !n.review.mark) return;
    const share = n.eval ? evalShare(n.eval) : 0.5;
    el("circle", { cx: x(i), cy: y(share), r: 3.5, class: { "??": "graph-blunder", "?": "graph-error", "?!": "graph-inaccuracy" }[n.review.mark] });
  });
  const [first, second] = sideNames();
  const caption = two ? [`${first} ahead ↑`, `${second} ahead ↓`] : ["the mover's own view ↑", ""];
  el("text", { x: 6, y: 14, class: "graph-label" }, caption[0]);
  el("text", { x: 6, y: GRAPH.h - 6, class: "graph-label" }, caption[1]);
  svg.replaceChildren(...parts);
  svg.dataset.points = String(points.length);
  svg.setAttribute("aria-label", two
    ? `evaluation over the game, ${first}'s side up`
    : "evaluation over the game, each position from the mover's own view");
  svg.onclick = (ev) => {
    const box = svg.getBoundingClientRect();
    const px = ((ev.clientX - box.left) / (box.width || 1)) * GRAPH.w;
    const i = Math.round(((px - 4) * Math.max(1, nodes.length - 1)) / (GRAPH.w - 8));
    const node = nodes[Math.max(0, Math.min(nodes.length - 1, i))];
    if (node && node !== shown) goTo(node);
  };
}

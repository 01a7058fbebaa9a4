// What the engines say while they search: the playing engine's line and
// the analysis engine's, scores from one point of view.
"use strict";

// Two displays: "info" for the engine playing the move, "ainfo" (with the
// MultiPV lines) for the analysis engine. Scores and WDL come from the
// mover's view (protocol.md) and are shown from the first player's.
function parseInfo(line) {
  const w = line.split(/\s+/);
  const info = {};
  for (let i = 1; i < w.length; i++) {
    const k = w[i];
    if (k === "pv") { info.pv = w.slice(i + 1); break; }
    if (k === "string") return null;
    if (k === "score") { info.score = `${w[i + 1]} ${w[i + 2]}`; i += 2; continue; }
    if (k === "lowerbound" || k === "upperbound") { info.bound = k; continue; }
    // An exact value from a table (protocol.md: `score cp N wp P exact`):
    // P is the mover's proven win probability.
    if (k === "wp") { info.wp = Number(w[i + 1]); i++; continue; }
    if (k === "exact") { info.exact = true; continue; }
    if (k === "wdl") { info.wdl = [Number(w[i + 1]), Number(w[i + 2]), Number(w[i + 3])]; i += 3; continue; }
    if (["depth", "seldepth", "nodes", "nps", "multipv", "time"].includes(k)) { info[k] = w[i + 1]; i++; }
  }
  return info;
}

function clearInfo(id) {
  $(id).textContent = "";
  $(id).title = "";
  if (id === "ainfo") {
    showExact(null);
    G.lines = [];
    renderLines();
    endPreview();
  }
  setWdl(id, null);
}

// With two sides (two players or two teams) scores are shown from the
// first player's side; with more sides each is the mover's own payoff.
const twoSides = () => G.teams.length === 2;
const flipped = (k) => twoSides() && !teamOf(k).includes(0);

// The first player's view of a score the mover `k` reported.
function scoreText(score, k) {
  if (!score) return "";
  const [kind, v] = score.split(" ");
  const n = flipped(k) ? -Number(v) : Number(v);
  // Palma's score is a win probability (cp = 2000·(p − 0.5)): shown as the
  // bar shows it, a percentage.
  if (kind === "cp" && winProbabilityGame()) return `${(100 * Math.min(1, Math.max(0, n / 2000 + 0.5))).toFixed(1)}%`;
  return kind === "cp" ? (n / 100).toFixed(2) : kind === "mate" ? `mate ${n}` : score;
}

// "Black's", "Hounds'".
const possessive = (name) => `${name}${name.endsWith("s") ? "'" : "'s"}`;

function viewName(k) { return `${possessive(capital(playerName(twoSides() ? 0 : k)))} view`; }

// The bar: the first player's wins, draws, the second player's wins, each
// player's part in that player's colour.
function setWdl(id, wdl, k) {
  const bar = $(id === "info" ? "wdl" : "awdl");
  bar.hidden = !wdl || !twoSides();
  if (bar.hidden) return;
  const total = wdl[0] + wdl[1] + wdl[2] || 1;
  const parts = flipped(k) ? [wdl[2], wdl[1], wdl[0]] : wdl;
  const dark = (p) => /black|jackal/.test(playerName(p));
  const second = G.teams[1][0];
  bar.querySelector(".p1").className = `p1 ${dark(0) ? "dark" : "light"}`;
  bar.querySelector(".p2").className = `p2 ${dark(second) ? "dark" : "light"}`;
  ["p1", "draw", "p2"].forEach((part, i) => { bar.querySelector(`.${part}`).style.flexGrow = String(parts[i] / total); });
  const pct = (x) => `${Math.round((x / total) * 1000) / 10}%`;
  bar.title = `${viewName(k)}: ${playerName(0)} wins ${pct(parts[0])}, draw ${pct(parts[1])}, ${playerName(second)} wins ${pct(parts[2])}`;
}

// An exact verdict of the mover `k` (a table's value, not an estimate):
// its win probability where the engine gives it, else its score.
function exactText(info, k) {
  if (Number.isFinite(info.wp)) return `exact: ${capital(playerName(k))} ${(info.wp * 100).toFixed(1)}% to win`;
  return `exact: ${scoreText(info.score, k)} (${viewName(k)})`;
}

// The analysis's exact verdict on the shown position, or none.
function showExact(verdict) {
  const box = $("aexact");
  box.textContent = verdict ? verdict.text : "";
  box.dataset.wp = verdict && Number.isFinite(verdict.wp) ? String(verdict.wp) : "";
  box.dataset.player = verdict ? String(verdict.k + 1) : "";
}

// `k`: the player to move in the searched position, `node` its node. A
// bound line (a failed aspiration window) has no full PV and a score that
// is only a bound, and the last line of a search stopped before its first
// iteration has no score at all (protocol.md: `depth 0`): the display
// keeps the last full line.
function showInfo(line, engine, id, k, node) {
  const info = parseInfo(line);
  if (!info || !info.pv || !info.score || info.bound) return;
  const multipv = Number(info.multipv || 1);
  if (multipv === 1) {
    const score = info.exact ? exactText(info, k) : `score ${scoreText(info.score, k)} (${viewName(k)})`;
    const text = `${engine.name}: depth ${info.depth || "?"}${info.seldepth ? "/" + info.seldepth : ""}  ${score}  nodes ${info.nodes || "?"}  pv ${info.pv.join(" ")}`;
    if (id === "ainfo") showExact(info.exact ? { text: exactText(info, k), wp: info.wp, k } : null);
    // Its box has a fixed height: a long line is whole in the title.
    $(id).textContent = text;
    $(id).title = text;
    if (info.wdl) setWdl(id, info.wdl, k);
    node.eval = { score: info.score, wdl: info.wdl || null, k, depth: Number(info.depth) || 0 };
    if (id === "info") G.enginePv = { node, pv: info.pv };
  }
  if (id === "ainfo") {
    G.lines[multipv - 1] = { score: info.score, exact: Boolean(info.exact), pv: info.pv, depth: info.depth, k };
    renderLines();
  }
  if (multipv === 1) render();
}

// The analysis's lines, best first, scores from one side's view: a
// pointer on a line shows where it leads, a click plays its first move.
function renderLines() {
  const list = $("lines");
  // Room for every line asked for (one row each), before they come.
  list.style.minHeight = `${1.6 * Math.min(20, Math.max(1, Number($("multipv").value) || 3))}em`;
  const lines = G.lines.filter(Boolean);
  list.replaceChildren(...lines.map((l, i) => {
    const li = document.createElement("li");
    li.className = `line line${i + 1}`;
    li.tabIndex = 0;
    li.dataset.move = l.pv[0];
    const score = document.createElement("b");
    score.textContent = scoreText(l.score, l.k) + (l.exact ? " exact" : "");
    const rest = ` ${l.pv.join(" ")} (depth ${l.depth})`;
    li.append(score, rest);
    // The row is cut to its width: the whole line is in the title.
    li.title = `${score.textContent}${rest}, ${viewName(l.k)}; click to play ${l.pv[0]}`;
    li.addEventListener("pointerenter", () => previewLine(l));
    li.addEventListener("focus", () => previewLine(l));
    li.addEventListener("pointerleave", endPreview);
    li.addEventListener("blur", endPreview);
    li.addEventListener("click", () => { endPreview(); personMove(l.pv[0]); });
    li.addEventListener("keydown", (ev) => { if (ev.key === "Enter") { endPreview(); personMove(l.pv[0]); } });
    return li;
  }));
  $("linesview").textContent = lines.length ? `${lines.length} line${lines.length > 1 ? "s" : ""}, ${viewName(lines[0].k)}` : "";
}

// The board shows the position at the end of line `l` until the pointer
// leaves it (the referee plays the line out; a line it refuses shows
// nothing).
async function previewLine(l) {
  const node = G.node;
  G.previewing = l;
  let lines;
  try {
    lines = await G.referee.ask([`${positionCommand(node)}${node === G.tree ? " moves" : ""} ${l.pv.join(" ")}`, "d"], true);
  } catch (err) {
    return;
  }
  if (G.previewing !== l || node !== G.node || lines.some((x) => x.startsWith("info string error"))) return;
  const fen = (lines.find((x) => x.startsWith("position: ")) || "").slice(10);
  if (!fen) return;
  G.preview = gameDef().parse(fen, G.normOptions);
  render();
}

function endPreview() {
  G.previewing = null;
  if (!G.preview) return;
  G.preview = null;
  render();
}

// Analysis: an engine of its own searches the shown position (a
// decision) until it changes, with MultiPV lines.

// The analysis engine chosen, started and configured for the game.
async function analysisEngine() {
  const index = Number($("aengine").value) || 0;
  if (!G.analysis || !G.analysis.alive || G.analysis.index !== index) {
    if (G.analysis) G.analysis.close();
    G.analysis = await Engine.start(index);
    await configure(G.analysis, "", true);
  }
  return G.analysis;
}

async function analyse() {
  // The game's review has the engine until it ends.
  if (reviewRunning()) return;
  if (G.analysis && G.analysis.waiter) G.analysis.send("stop");
  const node = G.node;
  const live = node === G.live;
  if (!$("analyse").checked || !G.turn.startsWith("p") || (live && (G.flagged !== null || G.forfeit))) return;
  const gen = G.generation, k = Number(G.turn.slice(1)) - 1;
  const current = () => gen === G.generation && node === G.node;
  try {
    const e = await analysisEngine();
    if (e.options.has("MultiPV")) await e.ask([`setoption name MultiPV value ${Number($("multipv").value) || 3}`]);
    if (!current()) return;
    await e.exclusive(() => {
      // A review that began while this waited has the engine: an infinite
      // search now would hold it for good.
      if (!current() || reviewRunning()) return null;
      // Set here, when the search before has ended: its last lines are not
      // this position's.
      clearInfo("ainfo");
      e.onInfo = (l) => { if (current()) showInfo(l, e, "ainfo", k, node); };
      e.send(positionCommand(node));
      e.send("go infinite");
      return e.until((l) => l.startsWith("bestmove"));
    });
  } catch (err) {
    showError(`analysis: ${err.message}`);
  }
}

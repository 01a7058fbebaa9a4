// The position editor: the position on the board (parsed by the game's
// own `parse` in boards.js) is changed by clicks (place or remove pieces),
// the side to move and the options are chosen, and `writers[game]` writes
// the position string in the game's format (protocol.md). "Play from
// here" and "Analyse from here" start a new game from it through the
// usual new game, whose referee check (`position fen …`, `isready`) names
// what the rules refuse; the editor then stays open.
"use strict";

// The letter of each player (by index) in the games' position strings.
const SIDE_LETTERS = { abalone: "bwrugy", zamma: "bw", petteia: "wb", kubeia: "wb", palma: "hj" };

const E = { game: null, options: "", state: null, piece: "remove" };

// "b..w" as the position strings write it: a digit run per empty stretch.
function runs(cells) {
  let out = "", empty = 0;
  for (const c of cells) {
    if (!c || c === ".") { empty++; continue; }
    if (empty) out += String(empty);
    empty = 0;
    out += c;
  }
  return empty ? out + String(empty) : out;
}

const range = (lo, hi) => Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
function gridRows(state, files, ranks) {
  return ranks.map((r) => runs([...files].map((f) => state.cells[f + r]))).join("/");
}
const palmaHome = (t) => t.waiting === 0 && t.onZero === 0 && t.squares.every((q) => q >= 25);

const writers = {
  abalone(s) {
    const letters = SIDE_LETTERS.abalone;
    const rows = range(0, 8).reverse().map((r) => runs(range(r < 5 ? 1 : r - 3, r < 5 ? r + 5 : 9).map((d) => s.cells["abcdefghi"[r] + d])));
    let tail = "";
    if (s.players === 2 && (s.ejected.b || s.ejected.w)) tail = `-${s.ejected.b}b${s.ejected.w}w`;
    if (s.players > 2 && s.scores.some(Boolean)) tail = "+" + s.scores.map((n, k) => `${n}${letters[k]}`).join("");
    return `${rows.join("/")}${tail} ${letters[s.mover]}`;
  },
  // A new quiet-ply count and ply: the edited position has no history.
  zamma: (s) => `${gridRows(s, "abcdefghi", range(1, 9).reverse())} ${SIDE_LETTERS.zamma[s.mover]} 0 0`,
  petteia: (s) => `${gridRows(s, "abcdefghijkl", range(1, 8).reverse())} ${SIDE_LETTERS.petteia[s.mover]} - 0,0 0 0 *`,
  // The side to move rolls first.
  kubeia: (s) => `${gridRows(s, "abcdefghijkl", range(1, 8).reverse())} ${SIDE_LETTERS.kubeia[s.mover]} ? 0,0 0 0 *`,
  palma(s) {
    const track = (t) => `${t.waiting}/${t.onZero}/${t.squares.length ? [...t.squares].sort((a, b) => a - b).join(",") : "-"}`;
    const side = SIDE_LETTERS.palma[s.mover];
    const home = s.sides.findIndex(palmaHome);
    const phase = home >= 0 ? `over=${SIDE_LETTERS.palma[home]}` : s.value ? `use=${side}:${s.value}` : `throw=${side}`;
    return `h=${track(s.sides[0])} j=${track(s.sides[1])} ${phase}`;
  },
};

// What a click can put on a point: [piece, label] per game.
function palette(game, options) {
  if (game === "abalone") {
    const colours = seatNames(game, options).map((c, k) => [SIDE_LETTERS.abalone[k], `${capital(c)} marble`]);
    return /princess=on/.test(options) ? [...colours, ["p", "Princess"]] : colours;
  }
  if (game === "zamma") return [["b", "Black man"], ["B", "Black Mullah"], ["w", "White man"], ["W", "White Mullah"]];
  if (game === "palma") return [["peg", "Peg"]];
  return [["P", "White Peltast"], ["O", "White Hoplite"], ["B", "White Basileus"], ["p", "Black Peltast"], ["o", "Black Hoplite"], ["b", "Black Basileus"]];
}

function editorString() { return writers[E.game](E.state); }

function openEditor() {
  if (!G.state) return;
  E.game = G.game;
  E.options = G.options;
  E.state = gameDef().parse(G.fen, G.normOptions);
  // The first piece of the palette, ready to place.
  E.piece = palette(E.game, E.options)[0][0];
  $("editoroptions").value = E.options;
  $("editorbody").hidden = false;
  fillEditorControls();
  renderEditor();
}

// The palette and the side choices follow the options (Abalone's
// players=, princess=).
function fillEditorControls() {
  const names = seatNames(E.game, E.options);
  E.state.mover = Math.min(E.state.mover, names.length - 1);
  $("editorside").replaceChildren(...names.map((n, k) => new Option(capital(n), String(k))));
  $("editorside").value = String(E.state.mover);
  const pieces = [...palette(E.game, E.options), ["remove", "Remove"]];
  if (!pieces.some(([p]) => p === E.piece)) E.piece = "remove";
  $("editorpalette").replaceChildren(...pieces.map(([piece, label]) => {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.piece = piece;
    b.textContent = label;
    b.addEventListener("click", () => { E.piece = piece; renderEditor(); });
    return b;
  }));
  $("editorthrowrow").hidden = E.game !== "palma";
  // Two-player Abalone's lost marbles (the score of each side).
  const lost = E.game === "abalone" && E.state.players === 2;
  $("editorlostrow").hidden = !lost;
  if (lost) {
    $("editorlostb").value = String(E.state.ejected.b);
    $("editorlostw").value = String(E.state.ejected.w);
  }
  if (E.game === "palma") $("editorthrow").value = E.state.value ? String(E.state.value) : "";
}

function renderEditor() {
  const svg = $("editorboard");
  svg.replaceChildren();
  // Every point takes a click (boards.js only asks `has`).
  const view = { clickable: { has: () => true }, targets: new Set(), selected: new Set(), greek: $("greek").checked, flipped: boardFlipped };
  GAMES[E.game].draw(svg, E.state, view);
  for (const g of svg.querySelectorAll("[data-token]")) {
    g.classList.add("clickable");
    g.addEventListener("click", () => editAt(g.dataset.token));
    g.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); editAt(g.dataset.token); }
    });
  }
  for (const b of $("editorpalette").children) b.setAttribute("aria-pressed", String(b.dataset.piece === E.piece));
  $("editorfen").value = editorString();
}

// A click places the chosen piece, or empties the point when it already
// holds that piece or the palette says Remove.
function editAt(token) {
  if (E.game === "palma") editPalma(token);
  else {
    const cell = token.replace(/^cell:/, "");
    if (!token.startsWith("cell:") || !(cell in E.state.cells)) return;
    E.state.cells[cell] = E.piece === "remove" || E.state.cells[cell] === E.piece ? "." : E.piece;
  }
  renderEditor();
}

// Palma: the mover's track is drawn with `sq:` tokens and the other's with
// `other:`; a peg placed comes from the side's waiting pegs, a peg removed
// goes back to them (each side has five).
function editPalma(token) {
  const m = /^(sq|other):(\d+)$/.exec(token);
  if (!m) return;
  const track = E.state.sides[m[1] === "sq" ? E.state.mover : 1 - E.state.mover];
  const sq = Number(m[2]);
  const here = sq === 0 ? track.onZero > 0 : track.squares.includes(sq);
  const remove = E.piece === "remove" || (sq > 0 && here);
  if (remove && here) {
    if (sq === 0) track.onZero--;
    else track.squares = track.squares.filter((q) => q !== sq);
    track.waiting++;
  } else if (!remove) {
    if (!track.waiting) { showError("editor: all five pegs of that side are on the track already"); return; }
    if (sq === 0) track.onZero++;
    else track.squares.push(sq);
    track.waiting--;
  }
}

function clearEditorBoard() {
  if (E.game === "palma") for (const t of E.state.sides) Object.assign(t, { waiting: 5, onZero: 0, squares: [] });
  else for (const cell of Object.keys(E.state.cells)) E.state.cells[cell] = ".";
  renderEditor();
}

// New options are read into the position as it stands (Abalone's player
// count decides the colours and the score field).
function setEditorOptions() {
  const written = editorString();
  E.options = $("editoroptions").value.trim();
  try {
    const state = GAMES[E.game].parse(written, E.options);
    state.mover = E.state.mover;
    if (E.game === "palma") state.value = E.state.value;
    E.state = state;
  } catch (err) {
    showError(`editor: ${err.message}`);
    return;
  }
  fillEditorControls();
  renderEditor();
}

// A new game from the edited position; the editor closes once the referee
// took it. `study`: everyone a person and the analysis on.
async function playFromEditor(study) {
  const fields = ["game", "options", "startfen", "p1", "p2", "p3", "p4", "p5", "p6", "analyse"];
  const before = fields.map((id) => ($(id).type === "checkbox" ? $(id).checked : $(id).value));
  $("game").value = E.game;
  fillStrengths();
  $("options").value = E.options;
  $("startfen").value = editorString();
  updateSeats();
  if (study) {
    for (let k = 1; k <= 6; k++) $(`p${k}`).value = "person";
    $("analyse").checked = true;
  }
  const gen = G.generation;
  await newGame();
  if (G.generation !== gen) { $("editorbody").hidden = true; return; }
  // Refused: the form shows the game on the board again.
  fields.forEach((id, i) => { if ($(id).type === "checkbox") $(id).checked = before[i]; else $(id).value = before[i]; });
  updateSeats();
}

$("editopen").addEventListener("click", openEditor);
$("editorclose").addEventListener("click", () => { $("editorbody").hidden = true; });
$("editorclear").addEventListener("click", clearEditorBoard);
$("editoroptions").addEventListener("change", setEditorOptions);
$("editorside").addEventListener("change", () => { E.state.mover = Number($("editorside").value); renderEditor(); });
$("editorthrow").addEventListener("change", () => { E.state.value = Number($("editorthrow").value) || null; renderEditor(); });
for (const c of ["b", "w"]) {
  $(`editorlost${c}`).addEventListener("change", () => {
    const n = Math.round(Number($(`editorlost${c}`).value));
    E.state.ejected[c] = Number.isFinite(n) ? Math.min(5, Math.max(0, n)) : 0;
    $(`editorlost${c}`).value = String(E.state.ejected[c]);
    renderEditor();
  });
}
$("editorplay").addEventListener("click", () => playFromEditor(false));
$("editoranalyse").addEventListener("click", () => playFromEditor(true));

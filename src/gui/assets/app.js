// The page: plays and analyses games with engines started through the
// server (src/gui/bridge.rs) and spoken to only in the protocol of
// protocol.md. One engine process is the referee: it is told the game
// record (`position … moves …`) and says what the position is (`d`),
// which moves are legal (`moves`), whose turn it is and the result
// (`query`). The players' engines only get `position` and `go`. Throws
// and rolls are made here, from the probabilities `d` lists, as protocol.md
// says a GUI must.
//
// The page's scripts share one scope and load in the order index.html
// gives them; this file comes last, wires the controls and starts the
// first game.
"use strict";

function fillEngineChoices() {
  const label = (k) => engineIds[k] || engineNames[k];
  for (let k = 1; k <= 6; k++) {
    const id = `p${k}`;
    const sel = $(id), keep = sel.value;
    sel.replaceChildren(new Option("person", "person"), ...engineNames.map((n, k) => new Option(`engine: ${label(k)}`, `engine:${k}`)));
    sel.value = keep && [...sel.options].some((o) => o.value === keep) ? keep : id === "p1" ? "person" : "engine:0";
  }
  const sel = $("aengine"), keep = sel.value || "0";
  sel.replaceChildren(...engineNames.map((n, k) => new Option(label(k), String(k))));
  sel.value = keep;
}

// Each game's own examples in the option and move boxes.
const EXAMPLES = {
  abalone: { options: "layout=belgian (or players=3)", move: "a1b2" },
  zamma: { options: "board=full quiet_plies=40", move: "e3-e4, or a capture e3xe5" },
  petteia: { options: "greek=on nocapture_plies=60", move: "a2-a4" },
  kubeia: { options: "kings=mirror nocapture_plies=60", move: "a2-a4" },
  palma: { options: "first=jackals reverse=on", move: "enter, or 5-10" },
};

// The seats of the game and options in the form: a row for each player,
// named by its colour, and the Players choice for games that have one.
function updateSeats() {
  const game = $("game").value, options = $("options").value;
  if (EXAMPLES[game]) $("options").placeholder = `k=v k=v separated by spaces: ${EXAMPLES[game].options} …`;
  const names = seatNames(game, options);
  $("playercount").hidden = !GAMES[game].playersFor;
  $("players").value = String(names.length);
  for (let k = 1; k <= 6; k++) {
    const row = document.querySelector(`.seat[data-seat="${k}"]`);
    row.hidden = k > names.length;
    if (k <= names.length) row.querySelector(".seat-name").textContent = `Player ${k} (${capital(names[k - 1])})`;
  }
}

// The Players choice writes `players=` into the options (none for 2,
// the default).
$("players").addEventListener("change", () => {
  const words = $("options").value.split(/\s+/).filter((w) => w && !w.startsWith("players="));
  if ($("players").value !== "2") words.push(`players=${$("players").value}`);
  $("options").value = words.join(" ");
  updateSeats();
});
for (const id of ["game", "options"]) {
  $(id).addEventListener("change", updateSeats);
  $(id).addEventListener("input", updateSeats);
}
// Another game's options and start position mean nothing to the game
// chosen (Abalone's layout=belgian would have Zamma refuse New game).
$("game").addEventListener("change", () => {
  $("options").value = "";
  $("startfen").value = "";
  updateSeats();
});
updateSeats();

$("setup").addEventListener("submit", (ev) => { ev.preventDefault(); newGame(); });
$("undo").addEventListener("click", undo);
$("moveform").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const input = $("moveinput");
  const word = input.value.trim();
  if (!personToMove() && premoving() && P.candidates.includes(word)) { input.value = ""; setPremove(word); }
  else if (!personToMove()) showError("it is not a person's turn");
  else if (!G.legal.includes(word)) showError(`'${word}' is not a legal move here`);
  else { input.value = ""; personMove(word); }
});
for (const b of document.querySelectorAll("button[data-token]")) b.addEventListener("click", () => onToken(b.dataset.token));
$("export").addEventListener("click", exportToBox);
$("import").addEventListener("click", importRecord);
$("download").addEventListener("click", downloadRecord);
$("openfile").addEventListener("change", () => { const f = $("openfile").files[0]; $("openfile").value = ""; if (f) openRecordFile(f); });
$("copy").addEventListener("click", copyRecordBox);
$("share").addEventListener("click", shareLink);
$("greek").addEventListener("change", render);
$("analyse").addEventListener("change", () => { if ($("analyse").checked) analyse(); else stopAnalysis(); });
$("aengine").addEventListener("change", () => { if ($("analyse").checked) analyse(); });
$("console").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const input = $("line");
  if (!G.referee) { showError("no engine is running yet"); return; }
  G.referee.send(input.value);
  input.value = "";
});
// Stepping through the tree: back, forward along the first child, the
// start, the game's position, and the sibling lines of the shown word.
const STEPS = {
  ArrowLeft: () => G.node.parent,
  ArrowRight: () => G.node.children[0],
  Home: () => G.tree,
  End: () => G.live,
  ArrowUp: () => sibling(-1),
  ArrowDown: () => sibling(1),
};
function sibling(step) {
  const p = G.node.parent;
  if (!p) return null;
  const i = p.children.indexOf(G.node);
  return p.children[(i + step + p.children.length) % p.children.length];
}
$("first").addEventListener("click", () => goTo(STEPS.Home()));
$("back").addEventListener("click", () => goTo(STEPS.ArrowLeft()));
$("forward").addEventListener("click", () => goTo(STEPS.ArrowRight()));
$("last").addEventListener("click", () => goTo(STEPS.End()));
$("promote").addEventListener("click", promoteShown);
$("deleteline").addEventListener("click", deleteShown);
$("movelist").addEventListener("click", (ev) => {
  const word = ev.target.closest("[data-node]");
  if (word) goTo(findNode(G.tree, Number(word.dataset.node)));
});
document.addEventListener("keydown", (ev) => {
  // Keys are the typing's in a text field; a focused select keeps ↑ ↓ and
  // its letters, a checkbox nothing (← and → step through the game there,
  // not through the Strength levels).
  if (ev.target.matches("textarea, input:not([type=checkbox]):not([type=radio])")) return;
  if (ev.target.matches("select") && ev.key !== "ArrowLeft" && ev.key !== "ArrowRight") return;
  if (ev.key === "Escape") { G.prefix = []; cancelPremove(); render(); }
  if (ev.key === "u" && !ev.ctrlKey) undo();
  if (STEPS[ev.key] && G.tree && !ev.ctrlKey && !ev.altKey) {
    ev.preventDefault();
    goTo(STEPS[ev.key]());
  }
});

// For tests and scripts: the page's state and the clicks that make a move.
window.agonGui = {
  state: () => ({ game: G.game, players: G.players.length, scores: G.state && G.state.scores ? [...G.state.scores] : null, selected: [...G.prefix], turn: G.turn, result: G.result, legal: [...G.legal], record: [...G.record], live: wordsTo(G.live), browsing: G.node !== G.live, options: G.normOptions, fen: G.fen, person: personToMove(), generation: G.generation, analysing: Boolean(G.analysis && G.analysis.waiter) }),
  faults: () => [...pageFaults],
  clicksFor: (move) => clicksOf(move).map((t) => (t === "pass" ? 'button[data-token="pass"]' : `[data-token="${t}"]`)),
};

// A shared link's board, else the form's game.
connection.then(() => {
  fillEngineChoices();
  return openFirstGame();
});

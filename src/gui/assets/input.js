// A person's move: the clicks (or keys) that select it, checked against
// the referee's legal moves.
"use strict";

function clicksOf(move) { return gameDef().clicks(move, G.state); }

function matches(prefix, clicks) {
  if (gameDef().unordered) {
    const cells = prefix.filter((t) => t.startsWith("cell:"));
    const dir = prefix.find((t) => t.startsWith("dir:"));
    const moveCells = clicks.filter((t) => t.startsWith("cell:"));
    if (!cells.every((c) => moveCells.includes(c))) return false;
    return !dir || (dir === clicks[clicks.length - 1] && cells.length === moveCells.length);
  }
  return prefix.every((t, i) => clicks[i] === t);
}

function complete(prefix, clicks) {
  if (gameDef().unordered) return matches(prefix, clicks) && prefix.some((t) => t.startsWith("dir:"));
  return prefix.length === clicks.length && matches(prefix, clicks);
}

// Whether a person may move on the shown position: on the game's own
// position if the side to move is a person's; on an earlier one any
// side's move (it starts a variation), unless a clock is running.
function personToMove() {
  if (G.turn === "none" || G.turn === "wait" || G.turn.startsWith("chance")) return false;
  if (G.node !== G.live) return !clockRunning();
  if (G.flagged !== null || G.forfeit) return false;
  return G.controllers[Number(G.turn.slice(1)) - 1] === "person";
}

function onToken(token) {
  if (!personToMove()) {
    if (premoving()) premoveToken(token);
    return;
  }
  // The Pass button is a whole move (in Abalone it selects no marble).
  if (token === "pass" && G.legal.includes("pass")) {
    personMove("pass");
    return;
  }
  const { prefix, done } = clickOn(G.prefix, token, G.legal);
  if (done) {
    personMove(done);
    return;
  }
  G.prefix = prefix;
  render();
}

// The clicks so far after a click on `token`, choosing among `words`: a
// click on a chosen point takes it back, one that fits no move starts
// anew; `done` is the move the clicks now make, if any.
function clickOn(clicks, token, words) {
  const unordered = gameDef().unordered;
  let prefix;
  if (unordered && token.startsWith("cell:") && clicks.includes(token)) prefix = clicks.filter((t) => t !== token);
  else if (!unordered && clicks.includes(token)) prefix = [];
  else prefix = [...clicks, token];
  let cands = words.filter((m) => matches(prefix, clicksOf(m)));
  if (!cands.length) {
    prefix = [token];
    cands = words.filter((m) => matches(prefix, clicksOf(m)));
    if (!cands.length) prefix = [];
  }
  return { prefix, done: cands.find((m) => complete(prefix, clicksOf(m))) };
}

function personMove(move) {
  if (!personToMove()) return;
  if (!G.legal.includes(move)) {
    showError(`'${move}' is not a legal move here`);
    return;
  }
  // A try at a mistake's position (learn.js): judged, not kept.
  if (learning() && G.node === L.node) {
    G.prefix = [];
    render();
    learnTry(move);
    return;
  }
  if (G.node === G.live) {
    play(move);
    return;
  }
  const known = G.node.children.find((c) => c.word === move && c.desc);
  if (known) goTo(known);
  else playFromShown(move);
}

// What the person may click next and what is selected: on their turn,
// the legal moves; while an engine thinks, the premoves (premove.js).
function inputView() {
  if (personToMove()) return clickView(G.legal, G.prefix);
  if (premoving()) return premoveView();
  return { clickable: new Set(), targets: new Set(), selected: new Set(G.prefix) };
}

// The points that continue the clicks `prefix` towards one of `words`.
function clickView(words, prefix) {
  const view = { clickable: new Set(), targets: new Set(), selected: new Set(prefix) };
  const cands = words.filter((m) => matches(prefix, clicksOf(m)));
  for (const m of cands) {
    const clicks = clicksOf(m);
    if (gameDef().unordered) {
      const cells = prefix.filter((t) => t.startsWith("cell:"));
      const moveCells = clicks.filter((t) => t.startsWith("cell:"));
      for (const c of moveCells) if (!cells.includes(c)) view.targets.add(c);
      if (cells.length === moveCells.length) view.targets.add(clicks[clicks.length - 1]);
    } else if (clicks.length > prefix.length) {
      view.targets.add(clicks[prefix.length]);
    }
  }
  for (const t of view.targets) view.clickable.add(t);
  for (const t of view.selected) view.clickable.add(t);
  return view;
}


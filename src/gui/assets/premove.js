// Premoves, as lichess has them: while an engine thinks on the game's
// position, the person clicks (or types) the move they mean to play next,
// among the moves they would have after any of the engine's replies. It is
// played the moment their turn comes if it is legal then, and dropped with
// a word if not; Esc cancels it. Between two sides without throws or rolls
// (Abalone, Zamma, Petteia): after a throw no move can be chosen ahead.
"use strict";

// `node`: the game's position the premove is for; `candidates`: the
// person's moves after any reply; `prefix`: the clicks so far; `move`:
// the move chosen.
// `after`: each reply's moves of the person (for the tests' choice).
const P = { node: null, candidates: [], prefix: [], move: null, after: [] };

function premoveTurn() {
  if (!G.live || G.node !== G.live || !G.live.desc || G.teams.length !== 2 || gameOver()) return false;
  if (G.game === "palma" || G.game === "kubeia") return false;
  const turn = G.live.desc.turn;
  return turn.startsWith("p") && G.controllers[Number(turn.slice(1)) - 1].startsWith("engine:");
}

// Whether the board takes premove clicks now.
const premoving = () => premoveTurn() && P.node === G.live && P.candidates.length > 0;

// Called when an engine starts thinking on the game's position: the
// person's moves after each of its replies, asked of the referee at once
// (the replies are not added to the game's tree).
async function preparePremoves() {
  if (!premoveTurn() || P.node === G.live) return;
  const node = G.live;
  Object.assign(P, { node, candidates: [], prefix: [], move: null });
  const replies = node.desc.legal.map((w) => newNode(w, node));
  let taken = 0;
  try {
    taken = await describeAll(replies);
  } catch (err) {
    return;
  }
  if (P.node !== node || G.live !== node) return;
  P.after = replies.slice(0, taken).filter((r) => {
    const turn = r.desc && r.desc.turn;
    return turn && turn.startsWith("p") && G.controllers[Number(turn.slice(1)) - 1] === "person";
  }).map((r) => r.desc.legal);
  P.candidates = [...new Set(P.after.flat())];
  render();
}

function premoveSay(text) { $("notice").textContent = text; }

function setPremove(word) {
  P.move = word;
  P.prefix = [];
  premoveSay(`Premove: ${word}, played when your turn comes (Esc cancels)`);
  render();
}

function cancelPremove() {
  if (!P.move && !P.prefix.length) return;
  P.move = null;
  P.prefix = [];
  premoveSay("Premove cancelled");
  render();
}

// A click on the board while the engine thinks (input.js's rules of
// clicks, over the candidate moves).
function premoveToken(token) {
  const { prefix, done } = clickOn(P.prefix, token, P.candidates);
  if (done) { setPremove(done); return; }
  P.prefix = prefix;
  if (P.move && prefix.length) P.move = null;
  render();
}

// What the board lets the person click while the engine thinks, and the
// chosen premove picked out.
function premoveView() {
  const view = clickView(P.candidates, P.prefix);
  if (P.move) {
    for (const t of clicksOf(P.move)) {
      view.selected.add(t);
      view.clickable.add(t);
    }
  }
  return view;
}

// Called when the person's turn comes on the game's position: true if
// the premove was played.
function takePremove() {
  // Only a premove made on the position the engine has just moved from.
  const word = P.node && G.live.parent === P.node ? P.move : null;
  Object.assign(P, { node: null, candidates: [], prefix: [], move: null });
  if (!word) return false;
  if (!G.legal.includes(word) || G.node !== G.live) {
    premoveSay(`Premove ${word} is not legal now: dropped`);
    return false;
  }
  play(word);
  // After play, which clears the notice for a move.
  premoveSay(`Premove ${word} played`);
  return true;
}

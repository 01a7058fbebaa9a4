// A short rules help per game, shown in the Rules panel. Each text is
// written from the rules the engine implements (the module docs of
// src/games/*/mod.rs), so the help and the referee agree.
"use strict";

const RULES_HELP = {
  abalone: [
    "Move one, two or three of your marbles in a line one step: along the line (in-line) or sideways (broadside, into empty cells only).",
    "Sumito: an in-line move pushes fewer opposing marbles (3 push 2 or 1, 2 push 1); equal numbers, or your own marble behind them, block.",
    "A marble pushed off the board is out. Push off six opposing marbles to win.",
    "A side with no legal move draws; so do the repetition and ply limits of the options.",
  ],
  abaloneMulti: [
    "Moves and sumito as with two players; a plain move moves your own marbles only.",
    "A sumito may count partner marbles in the pushing line (its rearmost marble is yours) and pushes opposing marbles of every colour together; a partner's marble is never pushed off.",
    "Every marble you push off scores a point for you; the first side (player, or team of partners) to six wins.",
    "3 players play each for themself; 4 players are two teams (Black and Red against White and Blue); 6 players three (Black and Blue, White and Green, Red and Yellow).",
    "A player with no move passes; when nobody can move the game is drawn.",
  ],
  zamma: [
    "Men step along a line to an adjacent empty point: forward, diagonally forward or sideways.",
    "A man captures by jumping an adjacent enemy piece to the empty point beyond, and goes on jumping while it can: the move is the whole chain.",
    "Capture is compulsory: when a capture exists only capture chains are legal, but you may choose any chain, not only the longest.",
    "A man whose move ends on the far rank becomes a Mullah (a flying king): it slides any distance and captures flying, over exactly one enemy piece.",
    "You lose with no pieces, or with no legal move (unless neither side could move). Draw after 50 quiet plies (by default) or on repetition.",
  ],
  petteia: [
    "Three pieces each: 12 Peltasts, 12 Hoplites and a Basileus. All slide orthogonally over empty squares; a Hoplite at most 6 squares.",
    "Custodial capture: an enemy Peltast or Hoplite between your arriving piece and another of yours (or in a corner) is taken; a Hoplite needs a Hoplite or the Basileus among the two takers.",
    "The Basileus is taken when enclosed on every side (3 on an edge, 2 in a corner), with your Hoplites or Basileus among the enclosers.",
    "A piece that moves between two enemies is safe. Capture is compulsory.",
    "Wins by rout, decimation, breakthrough or siege; a third counted passive move loses (reluctance); after 100 plies without a capture superiority decides, or it is a draw.",
  ],
  kubeia: [
    "Petteia with two dice rolled before every move: a Peltast moves up to the higher die, a Hoplite up to the lower, the Basileus up to the lower or exactly the higher.",
    "Doubles are the Hand of Zeus: the same player rolls and moves again.",
    "Custodial capture: an enemy Peltast or Hoplite between your arriving piece and another of yours is taken; the Basileus is taken when enclosed. Capture is compulsory.",
    "Wins by rout, decimation, breakthrough or siege; reluctance and superiority as in Petteia.",
  ],
  palma: [
    "Each side has 5 pieces on its own track, squares 0 to 29. Three sticks give 1, 2, 3 or 5.",
    "A piece enters on square 0 only with a 5; after a 5 you throw again.",
    "Move one piece exactly the value forward to a free square (never past 29); a value you cannot use goes to the opponent.",
    "Shortcuts (by default): a move ending on 10 rests on 24, one ending on 20 rests on 22; ending on 15 earns an extra throw.",
    "The first to have all five pieces on 25 to 29 wins. There are no draws.",
  ],
};

// The help for the game on the board (Abalone's depends on its players).
function rulesHelp() {
  if (G.game === "abalone" && G.players.length > 2) return RULES_HELP.abaloneMulti;
  return RULES_HELP[G.game] || [];
}

function renderRulesHelp() {
  const box = $("rulestext");
  if (box.dataset.game === `${G.game} ${G.players.length}`) return;
  box.dataset.game = `${G.game} ${G.players.length}`;
  const list = document.createElement("ul");
  list.replaceChildren(...rulesHelp().map((line) => { const li = document.createElement("li"); li.textContent = line; return li; }));
  box.replaceChildren(list);
}

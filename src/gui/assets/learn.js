// "Learn from your mistakes", as lichess has it: after "Analyse this
// game", each error `?` and blunder `??` of a person's seat (every seat's
// when no seat is a person's) is shown as the position before it, and the
// person plays moves there until one is good: the review's best move, or a
// move whose loss against it (searched as the review searches, through the
// protocol) is below the error's threshold. A move that is not good is
// not kept; "Show the answer" names the best move; Skip goes on, Stop ends.
"use strict";

const L = { rows: [], at: -1, nodes: [], node: null, checking: false };

const learning = () => L.at >= 0 && L.at < L.rows.length;

// The marks to learn from in the reviewed line.
function mistakesToLearn() {
  const people = personSeats();
  return R.rows.filter((r) => (r.mark === "?" || r.mark === "??") && (!people.length || people.includes(r.player)));
}

function showLearnButton() {
  $("learngo").hidden = R.running || learning() || !mistakesToLearn().length;
}

function learnSay(text) { $("learntext").textContent = text; }

function startLearning() {
  L.rows = mistakesToLearn();
  if (!L.rows.length) return;
  L.nodes = lineThrough(G.node);
  L.at = -1;
  $("learnbox").hidden = false;
  nextMistake();
}

function nextMistake() {
  L.at++;
  showLearnButton();
  if (!learning()) {
    stopLearning(`Done: ${L.rows.length} ${L.rows.length === 1 ? "mistake" : "mistakes"} gone through.`);
    return;
  }
  const r = L.rows[L.at];
  L.node = L.nodes[r.ply - 1];
  goTo(L.node);
  $("learnbox").dataset.state = "";
  const number = moveNumbers(L.nodes.slice(1)).get(L.nodes[r.ply]) ?? r.ply;
  learnSay(`${L.at + 1} of ${L.rows.length}: move ${number}, ${capital(playerName(r.player))} played ${r.word}${r.mark}. Find a better move for ${capital(playerName(r.player))}.`);
}

function stopLearning(text) {
  L.at = L.rows.length;
  L.node = null;
  $("learnbox").dataset.state = "done";
  learnSay(text || "Stopped.");
  $("learnanswer").hidden = $("learnskip").hidden = $("learnstop").hidden = true;
  showLearnButton();
}

// A person's move on the learning position (input.js hands it here).
async function learnTry(word) {
  if (L.checking) return;
  const r = L.rows[L.at];
  const [, error] = reviewThresholds();
  let good = word === r.best, loss = 0;
  if (!good) {
    L.checking = true;
    $("learnbox").dataset.state = "checking";
    learnSay(`${word}: checking…`);
    try {
      const e = await analysisEngine();
      const played = await reviewSearch(e, positionCommand(L.node), ` searchmoves ${word}`);
      const judged = moveLoss(r.bestScore, played.score);
      loss = judged.loss;
      good = loss < error && !judged.mateLost;
    } catch (err) {
      showError(`learn from your mistakes: ${err.message}`);
    } finally {
      L.checking = false;
    }
  }
  if (!learning() || L.rows[L.at] !== r) return;
  if (good) {
    $("learnbox").dataset.state = "solved";
    learnSay(`${word} is good${word === r.best ? ": the best move" : ` (loss ${lossText(loss, 0)})`}.`);
    setTimeout(() => { if (learning() && L.rows[L.at] === r) nextMistake(); }, 1200);
  } else {
    $("learnbox").dataset.state = "wrong";
    learnSay(`${word} is not good enough (loss ${lossText(loss, 0)}): try again.`);
  }
}

$("learngo").addEventListener("click", () => {
  $("learnanswer").hidden = $("learnskip").hidden = $("learnstop").hidden = false;
  $("learnbox").dataset.state = "";
  startLearning();
});
$("learnanswer").addEventListener("click", () => {
  if (!learning()) return;
  const r = L.rows[L.at];
  $("learnbox").dataset.state = "answer";
  learnSay(`The best move was ${r.best}.`);
});
$("learnskip").addEventListener("click", () => { if (learning()) nextMistake(); });
$("learnstop").addEventListener("click", () => stopLearning());

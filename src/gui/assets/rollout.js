// Rollouts of the shown position, as `agon analyse --rollout` makes them
// (src/analysis/rollout.rs): the server plays the games itself
// (src/gui/jobs.rs), a batch at a time, and reports after each batch the
// games played a move so far and every move's mean and standard error,
// the mover's win probability. One rollout at a time: a new one is sent
// only once the server has ended the one before (its last message), so
// every message between a request and its end is that request's.
"use strict";

// The games whose positions have throws or rolls: a rollout of any other
// game plays the same game every time.
const DICE_GAMES = ["palma", "kubeia"];
const RO = { active: false, moved: false, node: null, generation: null, state: "", done: 0, total: 0, rows: [], mover: null, next: null };

function rolloutOffered() { return DICE_GAMES.includes(G.game); }

function startRollout() {
  const games = Number($("rolloutgames").value);
  if (!Number.isInteger(games) || games < 1) {
    showError("rollout: the number of games a move is a whole number from 1");
    return;
  }
  if (!G.turn.startsWith("p") && !G.turn.startsWith("chance")) {
    showError("rollout: the game is over here");
    return;
  }
  const request = {
    games,
    node: G.node,
    generation: G.generation,
    mover: G.turn.startsWith("p") ? Number(G.turn.slice(1)) - 1 : null,
    line: `rollout ${games}\t${G.game}\t${G.options}\t${positionCommand(G.node)}`,
  };
  if (RO.active) {
    // Sent when the server has ended the running one.
    RO.next = request;
    stopRollout();
    return;
  }
  sendRollout(request);
}

function sendRollout(request) {
  Object.assign(RO, { active: true, moved: false, node: request.node, generation: request.generation, state: "running", done: 0, total: request.games, rows: [], mover: request.mover, next: null });
  ws.send(request.line);
  showRollout();
}

function stopRollout() {
  if (RO.active) ws.send("rollout stop");
}

// `rollout <state> <done> <total> [<move> <mean> <stderr>]…`.
function rolloutMessage(rest) {
  const w = rest.split(" ");
  if (!RO.active) return;
  if (!RO.moved) {
    RO.state = w[0];
    RO.done = Number(w[1]);
    RO.total = Number(w[2]);
    RO.rows = [];
    for (let i = 3; i + 2 < w.length; i += 3) RO.rows.push({ move: w[i], mean: Number(w[i + 1]), stderr: Number(w[i + 2]) });
  }
  if (w[0] !== "running") ended();
  showRollout();
}

function rolloutFailed() {
  if (!RO.active) return;
  RO.state = "failed";
  ended();
  showRollout();
}

function ended() {
  RO.active = false;
  RO.moved = false;
  if (RO.next) sendRollout(RO.next);
}

// Called at every redraw: a rollout of a position no longer shown is
// stopped (what it still says is not shown), and its rows go.
function followRollout() {
  $("rollout").hidden = !rolloutOffered();
  if (RO.node === G.node && RO.generation === G.generation) return;
  RO.node = G.node;
  RO.generation = G.generation;
  if (RO.active) {
    RO.moved = true;
    stopRollout();
  }
  Object.assign(RO, { state: "", done: 0, total: 0, rows: [] });
  showRollout();
}

function showRollout() {
  $("rolloutgo").disabled = RO.active && !RO.moved;
  $("rolloutstop").hidden = !RO.active || RO.moved;
  const progress = RO.state === "stopped" ? `stopped after ${RO.done} of ${RO.total} games a move`
    : RO.state === "running" || RO.state === "done" ? `${RO.done} of ${RO.total} games a move`
    : "";
  $("rolloutprogress").textContent = progress;
  const table = $("rollouttable");
  if (!RO.rows.length) { table.replaceChildren(); return; }
  const whom = RO.mover === null ? "the player to move" : capital(playerName(RO.mover));
  const head = tableRow("th", ["move", "mean", "s.e."]);
  head.title = `win probability of ${whom}, with its standard error`;
  const rows = RO.rows.map((r) => {
    const tr = tableRow("td", [r.move, r.mean.toFixed(4), r.stderr.toFixed(4)]);
    tr.dataset.move = r.move;
    return tr;
  });
  table.replaceChildren(head, ...rows);
}

$("rolloutgo").addEventListener("click", startRollout);
$("rolloutstop").addEventListener("click", stopRollout);

// For tests: the rollout as the page holds it.
window.agonRollout = {
  active: () => RO.active,
  state: () => ({ state: RO.state, done: RO.done, total: RO.total, rows: RO.rows.map((r) => ({ ...r })) }),
};

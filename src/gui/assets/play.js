// Playing comfortably: strength levels, who is thinking and whom you play,
// resigning, draw offers, a rematch with the seats swapped, and continuing
// an imported or analysed game against an engine.
"use strict";

// The strength levels: points on the engine's own strength scale. The
// weaker four are its `Skill` levels (a capped, noisy search whose Elo in
// each game is measured against the random player, README "Strength
// levels"); the stronger two are full strength at a time per move. A
// seat's own options come after a level's and win.
const STRENGTHS = [
  { id: "beginner", name: "Beginner", skill: 2 },
  { id: "casual", name: "Casual", skill: 6 },
  { id: "club", name: "Club", skill: 11 },
  { id: "expert", name: "Expert", skill: 16 },
  { id: "strong", name: "Strong", limits: "movetime 1000" },
  { id: "maximum", name: "Maximum", limits: "movetime 5000" },
].map((s) => s.skill === undefined ? { ...s, options: "" }
  // The level's node budget ends its search; the time only bounds it.
  : { ...s, limits: "movetime 1000", options: `Skill=${s.skill}` });
const CUSTOM = "custom";

function strengthLevel() { return STRENGTHS.find((s) => s.id === $("strength").value) || null; }

// The engine options the chosen level adds before a seat's own.
function strengthOptions() {
  const level = strengthLevel();
  return level ? level.options : "";
}

// A level's Elo in the game chosen (LEVEL_ELO: levels.js, from the
// engine's scale), or null where the game has no measured scale.
function levelElo(level, game) {
  const scale = (typeof LEVEL_ELO === "object" && LEVEL_ELO[game]) || null;
  return scale ? scale[level.skill === undefined ? scale.length - 1 : level.skill] : null;
}

function levelName(level, game) {
  const elo = levelElo(level, game);
  if (elo === null) return level.name;
  // Full strength at a second or more is at least its 200 ms point.
  return `${level.name} (${level.skill === undefined ? "≥ " : ""}${elo} Elo)`;
}

// The levels named with their Elo in the game chosen; called again when
// the game changes. The select keeps its level.
function fillStrengths() {
  const sel = $("strength"), game = $("game").value;
  const kept = sel.value;
  sel.replaceChildren(...STRENGTHS.map((s) => new Option(levelName(s, game), s.id)), new Option("Custom (the limits below)", CUSTOM));
  if (kept) sel.value = kept;
  else {
    const level = STRENGTHS.find((s) => !s.options && s.limits === $("limits").value.trim());
    sel.value = level ? level.id : CUSTOM;
  }
  const scale = LEVEL_ELO[game] ? ` Elo: ${game}'s scale, where the random player is 0 and full strength at 200 ms a move is ${LEVEL_ELO[game][LEVEL_ELO[game].length - 1]}.` : "";
  sel.title = [`Every engine seat plays at this level (a clock, when set, replaces the limits).${scale}`]
    .concat(STRENGTHS.map((s) => `${s.name}: go ${s.limits}${s.options ? `, ${s.options}` : ""}`)).join("\n");
}

// A level writes its limits into the limits field; typing limits there is
// the Custom level.
function chooseStrength() {
  const level = strengthLevel();
  if (level) $("limits").value = level.limits;
}

// --- Who plays and who is thinking ---

const personSeats = () => seats().filter((k) => G.controllers[k] === "person");
const engineSeats = () => seats().filter((k) => G.controllers[k].startsWith("engine:"));
const gameOver = () => G.turn === "none" || G.flagged !== null || Boolean(G.forfeit);
const moverSeat = () => (/^p\d+$/.test(G.turn) ? Number(G.turn.slice(1)) - 1 : null);

function youPlayText() {
  const mine = personSeats();
  if (!mine.length) return "";
  if (mine.length === G.players.length) return G.players.length === 2 ? "You play both sides" : "You play every side";
  return `You play ${namesText(mine)}`;
}

// The seat whose engine is searching gets a "thinking…" mark.
function markThinking() {
  const k = moverSeat();
  const searching = document.body.dataset.state === "engine" && k !== null && G.controllers[k].startsWith("engine:");
  for (const seat of document.querySelectorAll("#names [data-player]")) {
    const on = searching && Number(seat.dataset.player) === k + 1;
    let mark = seat.querySelector(".thinking");
    if (on && !mark) {
      mark = document.createElement("span");
      mark.className = "thinking";
      mark.textContent = " thinking…";
      seat.appendChild(mark);
    } else if (!on && mark) mark.remove();
  }
}

// The player who resigns or offers a draw: the person to move, else the
// first person seat.
function actingPerson() {
  const k = moverSeat();
  if (k !== null && G.controllers[k] === "person") return k;
  const mine = personSeats();
  return mine.length ? mine[0] : null;
}

// Draws exist where the rules have them (repetition, ply limits, quiet
// moves) between two sides: not in Palma's race.
const hasDraws = () => G.game !== "palma" && G.teams.length === 2;
const offerPosition = () => `${G.generation} ${G.record.length}`;

function renderPlay() {
  $("youplay").textContent = youPlayText();
  markThinking();
  const over = gameOver() || !G.state;
  const person = actingPerson();
  $("resign").hidden = over || person === null;
  $("offerdraw").hidden = over || person === null || !hasDraws();
  // An offer stands for the position it was made in.
  if (over || $("offer").dataset.position !== offerPosition()) $("offer").hidden = true;
  $("takeback").hidden = over || !lastPersonMove();
  if (over || $("takebackbox").dataset.position !== offerPosition()) $("takebackbox").hidden = true;
  const allPersons = !engineSeats().length;
  $("continuebox").hidden = !allPersons || over || !G.state;
  const sel = $("continueseat");
  if (sel.options.length !== G.players.length || [...sel.options].some((o, k) => o.text !== capital(playerName(k)))) {
    sel.replaceChildren(...seats().map((k) => new Option(capital(playerName(k)), String(k))));
    sel.value = String(G.players.length - 1);
  }
  renderRulesHelp();
}

// --- Resign and draws: the page's rulings (G.forfeit), as a forfeit is ---

function resign() {
  const k = actingPerson();
  if (k === null || gameOver()) return;
  G.generation++;
  G.forfeit = { loser: k, why: `${capital(playerName(k))} resigned`, reason: "resignation" };
  finish();
}

function agreeDraw() {
  G.generation++;
  $("offer").hidden = true;
  G.forfeit = { loser: null, why: "agreed", reason: "agreement" };
  finish();
}

// Each engine seat's last full score (its own view, as the protocol gives
// it), for answering a draw offer.
const lastScores = new Map();
function noteScore(k, line) {
  const info = parseInfo(line);
  if (info && info.score && info.pv && !info.bound) lastScores.set(k, { score: info.score, generation: G.generation });
}

// An engine accepts when its side stands no better than a fifth of a unit
// (or it sees itself mated); without a score of this game it declines.
const DRAW_MARGIN_CP = 20;
function engineTakesDraw(k) {
  const s = lastScores.get(k);
  if (!s || s.generation !== G.generation) return false;
  const [kind, v] = s.score.split(" ");
  return kind === "cp" ? Number(v) <= DRAW_MARGIN_CP : kind === "mate" && Number(v) < 0;
}

function offerDraw() {
  const k = actingPerson();
  if (k === null || gameOver() || !hasDraws()) return;
  const others = seats().filter((j) => !teamOf(k).includes(j));
  const engines = others.filter((j) => G.controllers[j].startsWith("engine:"));
  if (!engines.length) {
    // The other side is people: they are asked on the page.
    $("offertext").textContent = `${capital(playerName(k))} offers a draw. ${namesText(others)}:`;
    $("offer").dataset.position = offerPosition();
    $("offer").hidden = false;
    $("acceptdraw").focus();
    return;
  }
  if (engines.every(engineTakesDraw)) agreeDraw();
  else $("notice").textContent = `${namesText(engines)} ${engines.length === 1 ? "declines" : "decline"} the draw`;
}

function declineDraw() {
  $("offer").hidden = true;
  $("notice").textContent = "The draw is declined";
}

// --- Takebacks: the last person's move, if the other side grants it ---

// The game's last word a person chose (what Undo takes back), or null.
function lastPersonMove() {
  for (let n = G.live; n && n.parent; n = n.parent) {
    if (n.mover !== undefined && G.controllers[n.mover] === "person") return n;
  }
  return null;
}

// People on the other side answer on the page; engines grant it, as
// lichess's computer opponents do.
function askTakeback() {
  const n = lastPersonMove();
  if (!n || gameOver()) return;
  const k = n.mover;
  const others = seats().filter((j) => !teamOf(k).includes(j));
  const people = others.filter((j) => G.controllers[j] === "person");
  if (!people.length) {
    undo();
    $("notice").textContent = `${namesText(others)} ${others.length === 1 ? "grants" : "grant"} the takeback`;
    return;
  }
  $("takebacktext").textContent = `${capital(playerName(k))} asks to take back ${n.word}. ${namesText(people)}:`;
  $("takebackbox").dataset.position = offerPosition();
  $("takebackbox").hidden = false;
  $("accepttakeback").focus();
}

function acceptTakeback() {
  $("takebackbox").hidden = true;
  undo();
  $("notice").textContent = "The move is taken back";
}

function declineTakeback() {
  $("takebackbox").hidden = true;
  $("notice").textContent = "The takeback is declined";
}

// --- New games from this one ---

// The form set back to the game on the board (it may have been edited
// since), then the seats' players and options as `seatOf` says: seat k of
// the new game is seat seatOf(k) of this one.
function formForThisGame(seatOf) {
  const opts = seats().map((k) => $(`p${k + 1}opts`).value);
  const controllers = [...G.controllers];
  $("game").value = G.game;
  fillStrengths();
  $("options").value = G.options;
  $("startfen").value = G.start || "";
  updateSeats();
  for (const k of seats()) {
    $(`p${k + 1}`).value = controllers[seatOf(k)];
    $(`p${k + 1}opts`).value = opts[seatOf(k)];
  }
}

// The same game with every player moved one seat on: with two players the
// colours swap; with teams every player changes team.
function rematch() {
  const n = G.players.length;
  formForThisGame((k) => (k + n - 1) % n);
  newGame();
}

// An engine takes the chosen seat and the game goes on from the position
// shown: a new game replaying the same words.
function continueAgainstEngine() {
  const seat = Number($("continueseat").value);
  const engine = `engine:${Number($("aengine").value) || 0}`;
  formForThisGame((k) => k);
  for (const k of seats()) $(`p${k + 1}`).value = k === seat ? engine : "person";
  newGame([...G.record]);
}

fillStrengths();
$("game").addEventListener("change", fillStrengths);
$("strength").addEventListener("change", chooseStrength);
for (const ev of ["input", "change"]) $("limits").addEventListener(ev, () => { $("strength").value = CUSTOM; });
$("resign").addEventListener("click", resign);
$("offerdraw").addEventListener("click", offerDraw);
$("acceptdraw").addEventListener("click", agreeDraw);
$("declinedraw").addEventListener("click", declineDraw);
$("takeback").addEventListener("click", askTakeback);
$("accepttakeback").addEventListener("click", acceptTakeback);
$("declinetakeback").addEventListener("click", declineTakeback);
$("rematch").addEventListener("click", rematch);
$("continue").addEventListener("click", continueAgainstEngine);

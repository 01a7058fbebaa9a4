// The page: plays and analyses games with engines started through the
// server (src/gui/bridge.rs) and spoken to only in the protocol of
// protocol.md. One engine process is the referee: it is told the game
// record (`position … moves …`) and says what the position is (`d`),
// which moves are legal (`moves`), whose turn it is and the result
// (`query`). The players' engines only get `position` and `go`. Throws
// and rolls are made here, from the probabilities `d` lists, as protocol.md
// says a GUI must.
"use strict";
const { GAMES, drawChance } = window.agonBoards;
const $ = (id) => document.getElementById(id);

// ------------------------------------------------------------ connection
// The server takes only sockets that carry the token of the address it printed.
const ws = new WebSocket(`ws://${location.host}/ws?token=${encodeURIComponent(new URLSearchParams(location.search).get("token") || "")}`);
let engineNames = [];
// Each engine's `id name`, once it has answered `ugi`: the name shown and
// written in records (the server only knows the command line).
const engineIds = [];
const slots = new Map();
const startWaiters = [];
let connected;
const connection = new Promise((resolve) => { connected = resolve; });

function logLine(text) {
  const log = $("log");
  log.textContent += text + "\n";
  if (log.textContent.length > 200000) log.textContent = log.textContent.slice(-100000);
  log.scrollTop = log.scrollHeight;
}

function clearErrors() { $("errors").replaceChildren(); }

function showError(text) {
  const box = $("errors");
  const line = document.createElement("div");
  line.textContent = text;
  box.appendChild(line);
  while (box.children.length > 5) box.firstChild.remove();
  logLine(`! ${text}`);
}

ws.onopen = () => setStatus("connected");
ws.onclose = () => { setStatus("disconnected from agon gui"); showError("the connection to agon gui is closed"); };
ws.onmessage = (event) => {
  const msg = String(event.data);
  const space = msg.indexOf(" ");
  const verb = space < 0 ? msg : msg.slice(0, space);
  const rest = space < 0 ? "" : msg.slice(space + 1);
  if (verb === "engines") {
    engineNames = rest.split("\t");
    fillEngineChoices();
    connected();
  } else if (verb === "started") {
    const [slot] = rest.split(" ");
    const w = startWaiters.shift();
    if (w) w.resolve(Number(slot));
  } else if (verb === "line") {
    const s = rest.indexOf(" ");
    const engine = slots.get(Number(rest.slice(0, s)));
    if (engine) engine.receive(rest.slice(s + 1));
  } else if (verb === "exit") {
    const engine = slots.get(Number(rest));
    if (engine) engine.exited();
  } else if (verb === "error") {
    // A start the server refused answers with an error instead of `started`.
    if (startWaiters.length && /engine|start/.test(rest)) startWaiters.shift().reject(new Error(rest));
    showError(`server: ${rest}`);
  }
};

// One engine process. Conversations with it run one at a time
// (`exclusive`), each waiting for the line that ends it.
class Engine {
  constructor(slot, index) {
    this.slot = slot;
    this.index = index;
    this.name = engineNames[index] || `engine ${index}`;
    this.waiter = null;
    this.chain = Promise.resolve();
    this.options = new Set();
    this.onInfo = null;
    this.alive = true;
    // While set, the engine's error lines are logged, not shown: the
    // caller shows one message of its own.
    this.quiet = false;
  }
  static async start(index) {
    await connection;
    const slot = await new Promise((resolve, reject) => {
      startWaiters.push({ resolve, reject });
      ws.send(`start ${index}`);
    });
    const e = new Engine(slot, index);
    slots.set(slot, e);
    const lines = await e.exclusive(() => { e.send("ugi"); return e.until((l) => l === "ugiok"); });
    for (const l of lines) {
      const m = /^option name (.+?) type /.exec(l);
      if (m) e.options.add(m[1]);
      const id = /^id name (.+)$/.exec(l);
      if (id) {
        e.name = id[1].trim();
        engineIds[index] = e.name;
        fillEngineChoices();
      }
    }
    return e;
  }
  send(line) {
    if (!this.alive) return;
    logLine(`${this.slot}> ${line}`);
    ws.send(`send ${this.slot} ${line}`);
  }
  until(done) {
    return new Promise((resolve, reject) => { this.waiter = { done, lines: [], resolve, reject }; });
  }
  receive(text) {
    logLine(`${this.slot}< ${text.length > 300 ? text.slice(0, 300) + " …" : text}`);
    if (text.startsWith("info string error") && !this.quiet) showError(`${this.name}: ${text.slice(12)}`);
    if (text.startsWith("info ") && this.onInfo) this.onInfo(text);
    const w = this.waiter;
    if (!w) return;
    w.lines.push(text);
    if (w.done(text)) {
      this.waiter = null;
      w.resolve(w.lines);
    }
  }
  exited() {
    this.alive = false;
    slots.delete(this.slot);
    showError(`${this.name} ended`);
    if (this.waiter) this.waiter.reject(new Error(`${this.name} ended`));
    this.waiter = null;
  }
  exclusive(task) {
    const run = this.chain.then(task, task);
    this.chain = run.catch(() => {});
    return run;
  }
  // Commands, then `isready`: every line up to `readyok`.
  ask(commands) {
    return this.exclusive(() => {
      for (const c of commands) this.send(c);
      this.send("isready");
      return this.until((l) => l === "readyok");
    });
  }
  close() {
    if (this.alive) ws.send(`close ${this.slot}`);
    this.alive = false;
    slots.delete(this.slot);
  }
}

// ------------------------------------------------------------ the game
const G = {
  game: "abalone", options: "", normOptions: "", start: null, record: [],
  // The seats: each player's name and team, and who plays it.
  players: ["black", "white"], teams: [[0], [1]],
  controllers: ["person", "engine:0"], engineOptions: ["", ""],
  referee: null, engines: [null, null], analysis: null,
  generation: 0, state: null, fen: "", legal: [], turn: "none", result: "none",
  chances: [], prefix: [], clocks: null, tc: null, turnStart: 0,
  flagged: null, forfeit: null, pv: null, moverOf: [],
  // Per ply of the record: the referee's `query turn` before it and the
  // parsed position, for the move list (whose word it was) and the last
  // move's mark (drawn on the position it was played from).
  turnAt: [], states: [], lines: [],
};
let rngState = 1;

function setStatus(text) { $("status").textContent = text; }
function gameDef() { return GAMES[G.game]; }
function playerName(k) { return G.players[k]; }
const capital = (s) => s[0].toUpperCase() + s.slice(1);
const seats = () => G.players.map((_, k) => k);
// The players of `game` under `options` (Abalone's `players=`), and their
// teams: each player alone unless the game pairs them.
function seatNames(game, options) {
  const def = GAMES[game];
  return def.playersFor ? def.playersFor(options) : def.players;
}
function seatTeams(game, options) {
  const def = GAMES[game];
  return def.teamsFor ? def.teamsFor(options) : seatNames(game, options).map((_, k) => [k]);
}
const teamOf = (k) => G.teams.find((t) => t.includes(k)) || [k];
// "Black", "Black and Red", "Black, Red and Blue".
function namesText(ks) {
  const names = ks.map((k) => capital(playerName(k)));
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}
const winText = (ks) => `${namesText(ks)} ${ks.length === 1 ? "wins" : "win"}`;

function positionCommand() {
  const base = positionBase(G.start);
  return G.record.length ? `${base} moves ${G.record.join(" ")}` : base;
}

// A seeded generator (mulberry32) for the throws and rolls.
function random() {
  rngState = (rngState + 0x6d2b79f5) | 0;
  let t = rngState;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

async function configure(engine, extra) {
  const commands = [`setoption name GameOptions value ${G.options}`, `setoption name Game value ${G.game}`];
  if (engine.options.has("UCI_ShowWDL")) commands.push("setoption name UCI_ShowWDL value true");
  for (const pair of (extra || "").split(/\s+/).filter(Boolean)) {
    const eq = pair.indexOf("=");
    if (eq > 0) commands.push(`setoption name ${pair.slice(0, eq)} value ${pair.slice(eq + 1)}`);
    else showError(`engine option '${pair}' is not Name=value`);
  }
  commands.push("uginewgame");
  await engine.ask(commands);
}

async function engineFor(index, current) {
  if (current && current.alive && current.index === index) return current;
  if (current) current.close();
  return Engine.start(index);
}

// The seats' engines, configured for the new game: one process per
// engine and options, which the seats that have both share (a page runs
// at most 4 engines, and six seats would need more).
async function seatEngines() {
  const key = (k) => `${G.controllers[k]}\t${G.engineOptions[k]}`;
  const isEngine = (k) => G.controllers[k].startsWith("engine:");
  const wanted = new Set(seats().filter(isEngine).map(key));
  const running = new Map();
  // Those no seat wants are closed first, freeing their slots.
  for (const e of new Set(G.engines)) {
    if (!e) continue;
    if (e.alive && wanted.has(e.key) && !running.has(e.key)) running.set(e.key, e);
    else e.close();
  }
  G.engines = [];
  const configured = new Set();
  const out = [];
  for (const k of seats()) {
    if (!isEngine(k)) { out.push(null); continue; }
    let e = running.get(key(k));
    if (!e) {
      e = await Engine.start(Number(G.controllers[k].slice(7)));
      e.key = key(k);
      running.set(e.key, e);
    }
    // The engines started so far are the page's, to close if a later
    // one fails.
    G.engines = [...out, e];
    if (!configured.has(e)) {
      await configure(e, G.engineOptions[k]);
      configured.add(e);
    }
    out.push(e);
  }
  return out;
}

// Protocol GameOptions are `k=v k=v`; a comma-separated list would be read
// as one odd value (some games ignore it without a word), so it is refused.
function commaSeparated(options) { return /,\s|,$|,[A-Za-z_]+=/.test(options); }

function positionBase(start) { return start ? `position fen ${start}` : "position startpos"; }

// Sends the new game, options and start to the referee before the game on
// the screen is dropped: returns the referee's first error (the referee is
// then set back to the game on the screen) or null.
function checkSetup(setup) {
  const referee = G.referee;
  const previous = G.state ? [G.options, G.game] : null;
  return referee.exclusive(async () => {
    referee.quiet = true;
    try {
      referee.send(`setoption name GameOptions value ${setup.options}`);
      referee.send(`setoption name Game value ${setup.game}`);
      referee.send(positionBase(setup.start));
      referee.send("isready");
      const lines = await referee.until((l) => l === "readyok");
      const error = lines.find((l) => l.startsWith("info string error"));
      if (!error) return null;
      if (previous) {
        referee.send(`setoption name GameOptions value ${previous[0]}`);
        referee.send(`setoption name Game value ${previous[1]}`);
        referee.send("isready");
        await referee.until((l) => l === "readyok");
      }
      return error.replace(/^info string error:?\s*/, "");
    } finally {
      referee.quiet = false;
    }
  });
}

// New games one at a time: two at once (the first game as the page opens
// and a click on New game) would both start engines for the same seats.
let setupChain = Promise.resolve();
function newGame(words) {
  const run = setupChain.then(() => startGame(words));
  setupChain = run.catch(() => {});
  return run;
}

// Starts a game from the settings of the form, then plays `words` (an
// imported record) without acting on any position before the last: no
// throw, roll or engine move of the page's own may slip in between.
async function startGame(words) {
  const setup = {
    game: $("game").value,
    options: $("options").value.trim(),
    start: $("startfen").value.trim() || null,
  };
  if (commaSeparated(setup.options)) {
    showError(`options '${setup.options.slice(0, 80)}': separate them with spaces (k=v k=v), not commas`);
    return;
  }
  try {
    G.referee = await engineFor(0, G.referee);
    const problem = await checkSetup(setup);
    if (problem) {
      showError(`new game refused, the game on the board goes on: ${problem}`);
      return;
    }
  } catch (err) {
    showError(`could not start the referee: ${err.message}`);
    return;
  }
  clearErrors();
  G.generation++;
  stopSearches();
  document.body.dataset.state = "loading";
  G.turn = "wait";
  G.fen = "";
  G.game = setup.game;
  G.options = setup.options;
  G.start = setup.start;
  G.players = seatNames(setup.game, setup.options);
  G.teams = seatTeams(setup.game, setup.options);
  G.controllers = seats().map((k) => $(`p${k + 1}`).value);
  G.engineOptions = seats().map((k) => $(`p${k + 1}opts`).value.trim());
  G.record = [];
  G.moverOf = [];
  G.turnAt = [];
  G.states = [];
  G.prefix = [];
  G.flagged = null;
  G.forfeit = null;
  G.pv = null;
  $("result").textContent = "";
  $("result").dataset.result = "";
  rngState = Number($("seed").value) || 1;
  const tc = /^\s*(\d+(?:\.\d+)?)\s*(?:\+\s*(\d+(?:\.\d+)?))?\s*$/.exec($("tc").value);
  G.tc = tc ? { base: Number(tc[1]) * 1000, inc: Number(tc[2] || 0) * 1000 } : null;
  G.clocks = G.tc ? seats().map(() => G.tc.base) : null;
  $("names").textContent = "";
  clearInfo("info");
  clearInfo("ainfo");
  const gen = G.generation;
  try {
    await configure(G.referee, "");
    G.engines = await seatEngines();
  } catch (err) {
    showError(`could not start the engines: ${err.message}`);
    return;
  }
  if (gen !== G.generation) return;
  document.body.dataset.game = G.game;
  if (words && words.length) {
    if (!(await refresh(false))) return;
    G.referee.quiet = true;
    try {
      for (const w of words) {
        if (gen !== G.generation) return;
        G.moverOf[G.record.length] = G.turn.startsWith("p") ? Number(G.turn.slice(1)) - 1 : undefined;
        G.record.push(w);
        if (!(await refresh(false))) {
          G.record.pop();
          if (gen !== G.generation) return;
          showError(`import: '${w.slice(0, 40)}' (word ${G.record.length + 1}) is not legal here; the game stops before it`);
          break;
        }
      }
    } finally {
      G.referee.quiet = false;
    }
  }
  await refresh();
}

// Asks the referee about the position after the record and, if `act`,
// acts on it: a throw, an engine's move, a forced pass, or waiting for the
// person.
async function refresh(act = true) {
  const gen = G.generation;
  let lines;
  try {
    lines = await G.referee.ask([positionCommand(), "d", "moves", "query turn", "query result"]);
  } catch (err) {
    showError(`referee: ${err.message}`);
    return false;
  }
  if (gen !== G.generation) return false;
  const error = lines.find((l) => l.startsWith("info string error"));
  if (error) return false;
  const value = (prefix) => { const l = lines.find((x) => x.startsWith(prefix)); return l ? l.slice(prefix.length) : null; };
  G.fen = value("position: ") || "";
  const gameLine = value("game: ") || G.game;
  G.normOptions = gameLine.split(" ").slice(1).join(" ");
  G.legal = (value("moves") || "").trim().split(/\s+/).filter(Boolean);
  const responses = lines.filter((l) => l.startsWith("response ")).map((l) => l.slice(9));
  G.turn = responses[0] || "none";
  G.result = responses[1] || "none";
  G.chances = (value("chance pending: ") || "").split(", ").filter(Boolean).map((x) => { const [w, p] = x.split(" "); return [w, Number(p)]; });
  G.state = gameDef().parse(G.fen, G.normOptions);
  const ply = G.record.length;
  G.turnAt.length = ply;
  G.states.length = ply;
  G.turnAt[ply] = G.turn;
  G.states[ply] = G.state;
  G.prefix = [];
  G.turnStart = performance.now();
  if (!act) return true;
  render();
  if (G.flagged !== null || G.forfeit) return true;
  if (G.turn === "none") {
    finish();
  } else if (G.turn.startsWith("chance")) {
    // Nothing to analyse until the throw: the last position's search ends.
    stopAnalysis();
    setTimeout(() => { if (gen === G.generation) throwChance(); }, Number($("chancedelay").value) || 0);
  } else {
    const k = Number(G.turn.slice(1)) - 1;
    if (G.controllers[k] === "person" && G.legal.length === 1 && G.legal[0] === "pass") {
      // Nothing to choose: the person's pass is played for them (and is
      // not a decision Undo goes back to).
      play("pass", true);
      return true;
    }
    if (G.controllers[k].startsWith("engine:")) engineMove(k, gen);
    analyse();
  }
  return true;
}

function throwChance() {
  let r = random(), word = G.chances.length ? G.chances[G.chances.length - 1][0] : null;
  for (const [w, p] of G.chances) {
    if (r < p) { word = w; break; }
    r -= p;
  }
  if (!word || !G.legal.includes(word)) {
    showError("no throw or roll to make here");
    return;
  }
  play(word);
}

function goCommand() {
  if (G.clocks) {
    const now = performance.now() - G.turnStart;
    const k = Number(G.turn.slice(1)) - 1;
    const left = G.clocks.map((c, i) => Math.max(1, Math.round(i === k ? c - now : c)));
    return `go ${left.map((t, i) => `p${i + 1}time ${t}`).concat(left.map((_, i) => `p${i + 1}inc ${G.tc.inc}`)).join(" ")}`;
  }
  const limits = $("limits").value.trim();
  return limits ? `go ${limits}` : "go movetime 1000";
}

async function engineMove(k, gen) {
  const engine = G.engines[k];
  if (!engine) return;
  document.body.dataset.state = "engine";
  engine.onInfo = (l) => showInfo(l, engine, "info", k);
  let lines;
  try {
    lines = await engine.exclusive(() => {
      engine.send(positionCommand());
      engine.send(goCommand());
      return engine.until((l) => l.startsWith("bestmove"));
    });
  } catch (err) {
    if (gen === G.generation) forfeit(k, `${engine.name} ended during its move`);
    return;
  } finally {
    engine.onInfo = null;
  }
  if (gen !== G.generation || G.flagged !== null) return;
  const move = lines[lines.length - 1].split(/\s+/)[1];
  if (!G.legal.includes(move)) {
    forfeit(k, `${engine.name} played '${move}', which is not a legal move here`);
    return;
  }
  play(move);
}

function forfeit(k, why) {
  showError(why);
  G.forfeit = { loser: k, why };
  finish();
}

// `forced`: the page played it (a pass with nothing else), nobody chose it.
function play(word, forced) {
  // Who chose each word, for undo.
  G.moverOf[G.record.length] = G.turn.startsWith("p") && !forced ? Number(G.turn.slice(1)) - 1 : undefined;
  if (G.clocks && !G.turn.startsWith("chance") && G.turn !== "none") {
    const k = Number(G.turn.slice(1)) - 1;
    const used = performance.now() - G.turnStart;
    // A move after the flag fell (between two clock ticks) is too late.
    if (used >= G.clocks[k]) { flag(k); return; }
    G.clocks[k] += G.tc.inc - used;
  }
  if (!isChanceWord(word)) {
    clearErrors();
    const k = G.turn.startsWith("p") ? Number(G.turn.slice(1)) - 1 : null;
    // A pass changes nothing on the board: said in words.
    $("notice").textContent = word === "pass" && k !== null
      ? `${capital(playerName(k))} ${forced ? "has no move but pass; it was played for them" : "passes"}`
      : "";
  }
  G.record.push(word);
  G.pv = null;
  // The lines were about the position before.
  clearInfo("ainfo");
  // Nobody may move until the referee has described the new position.
  G.turn = "wait";
  G.legal = [];
  refresh();
}

// The result word (as `query result` words it) and text when player `k`
// loses by the page's ruling (time, a faulty engine): the other team
// wins, or with more teams the others share the first place.
function lossResult(k, reason) {
  const losers = teamOf(k);
  const winners = seats().filter((j) => !losers.includes(j));
  const others = G.teams.filter((t) => t !== losers);
  const word = winners.length === 1 ? `p${winners[0] + 1}win`
    : `rank${seats().map((j) => (losers.includes(j) ? winners.length + 1 : 1)).join("-")}`;
  if (others.length > 1) return [word, `${namesText(losers)} ${losers.length === 1 ? "loses" : "lose"}${reason}`];
  return [word, `${winText(winners)}${reason}`];
}

function resultText() {
  if (G.flagged !== null) return lossResult(G.flagged, " on time");
  if (G.forfeit) return lossResult(G.forfeit.loser, `: ${G.forfeit.why}`);
  const r = G.result;
  const win = /^p(\d+)win$/.exec(r);
  if (win) return [r, winText([Number(win[1]) - 1])];
  if (r === "draw") return [r, "Draw"];
  // A team's win: the players in the first place.
  const rank = /^rank([\d-]+)$/.exec(r);
  if (rank) return [r, winText(rank[1].split("-").map(Number).flatMap((place, k) => (place === 1 ? [k] : [])))];
  return [r, `Result: ${r}`];
}

function finish() {
  stopSearches();
  const [word, textOut] = resultText();
  document.body.dataset.state = "over";
  $("result").dataset.result = word;
  $("result").textContent = textOut;
  render();
}

function flag(k) {
  G.clocks[k] = 0;
  G.flagged = k;
  G.generation++;
  finish();
}

function stopAnalysis() {
  if (G.analysis && G.analysis.waiter) G.analysis.send("stop");
  clearInfo("ainfo");
}

function stopSearches() {
  for (const e of new Set(G.engines)) if (e && e.waiter) e.send("stop");
  stopAnalysis();
}

// Back to the person's previous decision (and its throw), or one word.
function undo() {
  if (!G.record.length) return;
  if (G.flagged !== null) {
    // The clocks decided the game: taking a move back would give time back.
    showError("the game is over on time: Undo would give the time back; start a new game");
    return;
  }
  G.generation++;
  stopSearches();
  const isPerson = (k) => G.controllers[k] === "person";
  let cut = G.record.length - 1;
  // The last word a person chose; the throw before it stays.
  for (let i = G.record.length - 1; i >= 0; i--) {
    if (G.moverOf[i] !== undefined && isPerson(G.moverOf[i])) { cut = i; break; }
  }
  G.record = G.record.slice(0, cut);
  G.flagged = null;
  G.forfeit = null;
  $("result").textContent = "";
  $("result").dataset.result = "";
  refresh();
}

// ------------------------------------------------------------ person input
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

function personToMove() {
  if (G.turn === "none" || G.turn === "wait" || G.turn.startsWith("chance") || G.flagged !== null || G.forfeit) return false;
  return G.controllers[Number(G.turn.slice(1)) - 1] === "person";
}

function onToken(token) {
  if (!personToMove()) return;
  // The Pass button is a whole move (in Abalone it selects no marble).
  if (token === "pass" && G.legal.includes("pass")) {
    personMove("pass");
    return;
  }
  const unordered = gameDef().unordered;
  let prefix;
  if (unordered && token.startsWith("cell:") && G.prefix.includes(token)) prefix = G.prefix.filter((t) => t !== token);
  else if (!unordered && G.prefix.includes(token)) prefix = [];
  else prefix = [...G.prefix, token];
  let cands = G.legal.filter((m) => matches(prefix, clicksOf(m)));
  if (!cands.length) {
    prefix = [token];
    cands = G.legal.filter((m) => matches(prefix, clicksOf(m)));
    if (!cands.length) prefix = [];
  }
  const done = cands.find((m) => complete(prefix, clicksOf(m)));
  if (done) {
    personMove(done);
    return;
  }
  G.prefix = prefix;
  render();
}

function personMove(move) {
  if (!personToMove()) return;
  if (!G.legal.includes(move)) {
    showError(`'${move}' is not a legal move here`);
    return;
  }
  play(move);
}

// What the person may click next and what is selected.
function inputView() {
  const view = { clickable: new Set(), targets: new Set(), selected: new Set(G.prefix) };
  if (!personToMove()) return view;
  const cands = G.legal.filter((m) => matches(G.prefix, clicksOf(m)));
  for (const m of cands) {
    const clicks = clicksOf(m);
    if (gameDef().unordered) {
      const cells = G.prefix.filter((t) => t.startsWith("cell:"));
      const moveCells = clicks.filter((t) => t.startsWith("cell:"));
      for (const c of moveCells) if (!cells.includes(c)) view.targets.add(c);
      if (cells.length === moveCells.length) view.targets.add(clicks[clicks.length - 1]);
    } else if (clicks.length > G.prefix.length) {
      view.targets.add(clicks[G.prefix.length]);
    }
  }
  for (const t of view.targets) view.clickable.add(t);
  for (const t of view.selected) view.clickable.add(t);
  return view;
}

// ------------------------------------------------------------ drawing
function render() {
  if (!G.state) return;
  const svg = $("board");
  // A redraw replaces the board's elements: the one with the keyboard
  // focus gets it back (or the first next target, or the board).
  const focused = svg.contains(document.activeElement) ? document.activeElement.dataset.token || "" : null;
  svg.replaceChildren();
  const view = inputView();
  view.greek = $("greek").checked;
  view.pvMove = G.pv && G.legal.includes(G.pv) ? G.pv : null;
  // The last move, even when a throw or roll came after it.
  let last = G.record.length - 1;
  while (last >= 0 && isChanceWord(G.record[last])) last--;
  view.lastMoveWord = last >= 0 && G.states[last] ? G.record[last] : null;
  view.lastState = last >= 0 ? G.states[last] : null;
  gameDef().draw(svg, G.state, view);
  for (const g of svg.querySelectorAll("[data-token].clickable")) {
    g.addEventListener("click", () => onToken(g.dataset.token));
    g.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); onToken(g.dataset.token); }
    });
  }
  if (focused !== null) {
    const same = [...svg.querySelectorAll("[data-token].clickable")].find((g) => g.dataset.token === focused);
    // Without scrolling: a click in progress must land where it aimed.
    (same || svg.querySelector(".target.clickable") || svg).focus({ preventScroll: true });
  }
  for (const b of document.querySelectorAll("button[data-token]")) {
    const legal = personToMove() && view.targets.has(b.dataset.token);
    b.hidden = !legal;
  }
  const chanceWord = [...G.record].reverse().find(isChanceWord);
  drawChance($("chance"), G.game, chanceWord);
  const over = G.turn === "none" || G.flagged !== null || G.forfeit;
  if (G.turn === "wait") {
    setStatus("…");
  } else if (!over) {
    const k = G.turn.startsWith("chance") ? Number(G.turn.split(" p")[1]) - 1 : Number(G.turn.slice(1)) - 1;
    const who = capital(playerName(k));
    const what = G.turn.startsWith("chance") ? (G.game === "palma" ? "throws" : "rolls") : "to move";
    setStatus(`${who} ${what}`);
    document.body.dataset.state = G.turn.startsWith("chance") ? "chance" : personToMove() ? "person" : "engine";
    $("result").textContent = "";
    $("result").dataset.result = "";
  } else {
    setStatus("game over");
  }
  renderNames();
  renderMoveList();
  renderClocks();
}

// Who plays each seat; with more than two players also each player's
// score (the marbles it ejected) in its colour, grouped by team.
function renderNames() {
  const names = $("names");
  if (G.players.length === 2) {
    names.textContent = seats().map((k) => `${capital(playerName(k))}: ${controllerName(k)}`).join(" · ");
    return;
  }
  const scores = (G.state && G.state.scores) || [];
  const toMove = G.turn.startsWith("p") ? Number(G.turn.slice(1)) - 1 : null;
  names.replaceChildren(...G.teams.map((team) => {
    const box = document.createElement("span");
    box.className = "team";
    if (team.length > 1) {
      const total = team.reduce((sum, k) => sum + (scores[k] || 0), 0);
      box.append(`${namesText(team)}: ${total} · `);
    }
    team.forEach((k, i) => {
      const seat = document.createElement("span");
      seat.className = `player${k === toMove ? " to-move" : ""}`;
      seat.dataset.player = String(k + 1);
      const swatch = document.createElement("span");
      swatch.className = `swatch ${playerName(k)}`;
      seat.append(swatch, `${capital(playerName(k))} (${controllerName(k)}) ${scores[k] || 0}`);
      box.append(...(i ? [", ", seat] : [seat]));
    });
    return box;
  }));
  names.title = "the marbles each player has ejected; the first side to 6 wins";
}

function controllerName(k) {
  const c = G.controllers[k];
  if (c === "person") return "person";
  const index = Number(c.slice(7));
  return (G.engines[k] && G.engines[k].name) || engineIds[index] || engineNames[index] || c;
}

function isChanceWord(w) { return /^(t[1235]|r[1-6][1-6])$/.test(w); }

// Whose turn word `i` of the record belongs to: the decider, or for a throw
// or roll the player who decides after it.
function playerAt(i) {
  const t = G.turnAt[i] || "";
  const m = /p(\d+)$/.exec(t);
  return m ? Number(m[1]) - 1 : null;
}

// One numbered row per round (a turn of every player): each player's words of a turn (a throw
// or roll beside the move it led to, Kubeia's extra move after a double).
function renderMoveList() {
  const list = $("movelist");
  const rows = [];
  let group = null;
  G.record.forEach((w, i) => {
    const k = playerAt(i) ?? (group ? group.k : 0);
    if (!group || group.k !== k) {
      group = { k, words: [] };
      const row = rows[rows.length - 1];
      if (row && k > row.findLastIndex(Boolean)) row[k] = group;
      else {
        const fresh = seats().map(() => null);
        fresh[k] = group;
        rows.push(fresh);
      }
    }
    group.words.push(w);
  });
  list.replaceChildren(...rows.map((row) => {
    const li = document.createElement("li");
    if (row.length > 2) li.style.gridTemplateColumns = `repeat(${row.length}, 1fr)`;
    for (const g of row) {
      const part = document.createElement("span");
      part.className = "turn";
      for (const w of g ? g.words : ["…"]) {
        const word = document.createElement("span");
        word.textContent = w;
        word.className = isChanceWord(w) ? "chance-word" : "move-word";
        part.append(word, " ");
      }
      li.appendChild(part);
    }
    return li;
  }));
  list.scrollTop = list.scrollHeight;
  $("fen").textContent = G.fen;
}

function formatClock(ms) {
  const s = Math.max(0, ms) / 1000;
  return `${Math.floor(s / 60)}:${(s % 60).toFixed(1).padStart(4, "0")}`;
}

// A clock per seat.
function clockEl(k) {
  let el = $(`clock${k + 1}`);
  if (!el) {
    el = document.createElement("span");
    el.id = `clock${k + 1}`;
    el.className = "clock";
    $("clocks").appendChild(el);
  }
  return el;
}

function renderClocks() {
  const box = $("clocks");
  while (box.children.length > G.players.length) box.lastChild.remove();
  for (const k of seats()) {
    const el = clockEl(k);
    if (!G.clocks) { el.textContent = `${capital(playerName(k))} –`; continue; }
    const running = G.turn === `p${k + 1}` && G.flagged === null && !G.forfeit;
    const left = G.clocks[k] - (running ? performance.now() - G.turnStart : 0);
    el.textContent = `${capital(playerName(k))} ${formatClock(left)}`;
    el.classList.toggle("running", running);
    if (running && left <= 0 && G.flagged === null) flag(k);
  }
}
setInterval(() => { if (G.state) renderClocks(); }, 100);

// ------------------------------------------------------------ engine output
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
    if (k === "wdl") { info.wdl = [Number(w[i + 1]), Number(w[i + 2]), Number(w[i + 3])]; i += 3; continue; }
    if (["depth", "seldepth", "nodes", "nps", "multipv", "time"].includes(k)) { info[k] = w[i + 1]; i++; }
  }
  return info;
}

function clearInfo(id) {
  $(id).textContent = "";
  if (id === "ainfo") { $("lines").replaceChildren(); G.lines = []; }
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
  return kind === "cp" ? (n / 100).toFixed(2) : kind === "mate" ? `mate ${n}` : score;
}

function viewName(k) { return `${capital(playerName(twoSides() ? 0 : k))}'s view`; }

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

// `k`: the player to move in the searched position. A bound line (a failed
// aspiration window) has no full PV and a score that is only a bound: the
// display keeps the last full line.
function showInfo(line, engine, id, k) {
  const info = parseInfo(line);
  if (!info || !info.pv || info.bound) return;
  const multipv = Number(info.multipv || 1);
  if (multipv === 1) {
    $(id).textContent = `${engine.name}: depth ${info.depth || "?"}${info.seldepth ? "/" + info.seldepth : ""}  score ${scoreText(info.score, k)} (${viewName(k)})  nodes ${info.nodes || "?"}  pv ${info.pv.join(" ")}`;
    if (info.wdl) setWdl(id, info.wdl, k);
    G.pv = info.pv[0];
    render();
  }
  if (id === "ainfo") {
    G.lines[multipv - 1] = `${scoreText(info.score, k)}  ${info.pv.join(" ")}  (depth ${info.depth})`;
    $("lines").replaceChildren(...G.lines.filter(Boolean).map((t) => { const li = document.createElement("li"); li.textContent = t; return li; }));
  }
}

// Analysis: an engine of its own searches every decision until the
// position changes, with MultiPV lines.
async function analyse() {
  if (G.analysis && G.analysis.waiter) G.analysis.send("stop");
  if (!$("analyse").checked || !G.turn.startsWith("p") || G.flagged !== null || G.forfeit) return;
  const gen = G.generation, plies = G.record.length, k = Number(G.turn.slice(1)) - 1;
  const index = Number($("aengine").value) || 0;
  try {
    if (!G.analysis || !G.analysis.alive || G.analysis.index !== index) {
      if (G.analysis) G.analysis.close();
      G.analysis = await Engine.start(index);
      await configure(G.analysis, "");
    }
    const e = G.analysis;
    if (e.options.has("MultiPV")) await e.ask([`setoption name MultiPV value ${Number($("multipv").value) || 3}`]);
    if (gen !== G.generation || plies !== G.record.length) return;
    await e.exclusive(() => {
      if (gen !== G.generation || plies !== G.record.length) return null;
      // Set here, when the search before has ended: its last lines are not
      // this position's.
      clearInfo("ainfo");
      e.onInfo = (l) => { if (gen === G.generation && plies === G.record.length) showInfo(l, e, "ainfo", k); };
      e.send(positionCommand());
      e.send("go infinite");
      return e.until((l) => l.startsWith("bestmove"));
    });
  } catch (err) {
    showError(`analysis: ${err.message}`);
  }
}

// ------------------------------------------------------------ records
const RESULT_WORDS = { p1win: "1-0", p2win: "0-1", draw: "1/2-1/2" };

// A record's result among more than two players: each player's place,
// comma-separated, as `agon match` writes it.
function placesText(word) {
  const win = /^p(\d+)win$/.exec(word);
  if (win) return seats().map((k) => (k === Number(win[1]) - 1 ? 1 : 2)).join(",");
  if (word === "draw") return seats().map(() => 1).join(",");
  const rank = /^rank([\d-]+)$/.exec(word);
  return rank ? rank[1].split("-").join(",") : "*";
}

function exportRecord(format) {
  const [word] = G.turn === "none" || G.flagged !== null || G.forfeit ? resultText() : ["none"];
  const result = G.players.length === 2 ? RESULT_WORDS[word] || "*" : placesText(word);
  const names = seats().map(controllerName);
  if (format === "apgn" && G.game === "abalone" && G.players.length > 2) return multiApgn(word, names);
  if (format === "apgn") {
    if (G.game !== "abalone") throw new Error("APGN is Abalone's format");
    const tags = [["Event", "agon gui"], ["Black", names[0]], ["White", names[1]], ["Variant", /layout=(\S+)/.exec(G.normOptions)?.[1] || "standard"]];
    if (G.start) tags.push(["Position", G.start]);
    tags.push(["Result", result]);
    const moves = G.record.map((m, i) => (i % 2 === 0 ? `${i / 2 + 1}. ${m}` : m));
    return tags.map(([k, v]) => `[${k} "${v}"]`).join("\n") + "\n\n" + wrap([...moves, result]) + "\n";
  }
  if (format === "transcription") {
    if (G.game !== "petteia" && G.game !== "kubeia") throw new Error("the transcription is Petteia's and Kubeia's format");
    return transcription(result);
  }
  const tags = [["Game", G.game], ["Options", G.normOptions]];
  for (const k of seats()) tags.push([capital(playerName(k)), names[k]]);
  if (G.start) tags.push(["Start", G.start]);
  tags.push(["Result", result], ["Reason", G.flagged !== null ? "time" : G.forfeit ? "forfeit" : "rules"], ["Plies", String(G.record.length)]);
  return tags.map(([k, v]) => `[${k} "${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"]`).join("\n") + "\n\n" + wrap(G.record) + (result !== "*" ? `\n${result}\n` : "\n*\n");
}

// APGN for 3, 4 or 6 players, as agon writes it: a Players tag, a name
// tag per colour, the protocol's result word (`p3win`, `rank1-2-1-2`,
// `draw`) and the moves numbered per round, counted from the start's ply.
function multiApgn(word, names) {
  const n = G.players.length;
  const result = /^(draw|p\d+win|rank[\d-]+)$/.test(word) ? word : "*";
  const tags = [["Event", "agon gui"], ["Players", String(n)], ...seats().map((k) => [capital(playerName(k)), names[k]])];
  if (G.start) tags.push(["Position", G.start]);
  tags.push(["Result", result]);
  const first = Number((G.start || "").trim().split(/\s+/)[2]) || 0;
  const moves = G.record.map((m, i) => {
    const ply = first + i;
    if (ply % n === 0) return `${ply / n + 1}. ${m}`;
    return i === 0 ? `${Math.floor(ply / n) + 1}... ${m}` : m;
  });
  return tags.map(([k, v]) => `[${k} "${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"]`).join("\n") + "\n\n" + wrap([...moves, result]) + "\n";
}

function wrap(words) {
  const out = [];
  let line = "";
  for (const w of words) {
    if (line && line.length + w.length + 1 > 78) { out.push(line); line = ""; }
    line = line ? `${line} ${w}` : w;
  }
  if (line) out.push(line);
  return out.join("\n");
}

// Petteia's transcription: a numbered line per full move, White's turn,
// a comma, Black's turn, a semicolon; Kubeia turns carry their roll.
function transcription(result) {
  const turns = [];
  let roll = null, side = G.fen && G.start ? (G.start.split(/\s+/)[1] === "b" ? 1 : 0) : 0, current = null;
  for (const w of G.record) {
    if (/^r\d\d$/.test(w)) { roll = w.slice(1); continue; }
    const item = `${roll ? roll + " " : ""}${w.split("x")[0]}`;
    if (current && current.side === side && current.zeus) current.items.push(item);
    else { current = { side, items: [item], zeus: false }; turns.push(current); }
    const double = roll && roll[0] === roll[1];
    current.zeus = Boolean(double);
    if (!double) side = 1 - side;
    roll = null;
  }
  const lines = [];
  let n = 1, i = 0;
  if (turns.length && turns[0].side === 1) { lines.push(`1) ..., ${turns[0].items.join(" ")};`); i = 1; n = 2; }
  for (; i < turns.length; i += 2, n++) {
    const white = turns[i].items.join(" ");
    const black = turns[i + 1] ? turns[i + 1].items.join(" ") : null;
    lines.push(black === null ? `${n}) ${white}` : `${n}) ${white}, ${black};`);
  }
  if (result !== "*") lines.push(result.replace("1/2-1/2", "½-½"));
  return lines.join("\n") + "\n";
}

const GREEK = { Α: "a", Β: "b", Γ: "c", Δ: "d", Ε: "e", Ζ: "f", Η: "g", Θ: "h", Ι: "i", Κ: "j", Λ: "k", Μ: "l" };

// Reads an agon record, an APGN game or a Petteia transcription into the
// game, options, start and words; the referee then checks every word.
function parseRecord(textIn) {
  const tags = {};
  for (const m of textIn.matchAll(/^\s*\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$/gm)) tags[m[1]] = m[2].replace(/\\(.)/g, "$1");
  let body = textIn.replace(/^\s*\[.*\]\s*$/gm, " ").replace(/\{[^}]*\}/g, " ").replace(/\([^)]*\)/g, " ");
  const transcription = /^\s*\d+\)/m.test(body);
  let game = tags.Game || (tags.Variant || tags.Black !== undefined && !tags.Game ? "abalone" : G.game);
  if (transcription && !tags.Game) game = G.game === "kubeia" ? "kubeia" : "petteia";
  body = body.replace(/\d+\)/g, " ").replace(/\d+\.(\.\.)?/g, " ").replace(/[,;]/g, " ").replace(/\.\.\./g, " ");
  body = body.replace(/[ΑΒΓΔΕΖΗΘΙΚΛΜ]/g, (c) => GREEK[c]);
  const words = body.split(/\s+/).filter((w) => w && !/^(1-0|0-1|1\/2-1\/2|½-½|\*|\d+(,\d+)+|draw|p\d+win|rank[\d-]+)$/.test(w))
    .map((w) => (transcription && /^[1-6][1-6]$/.test(w) ? `r${w}` : w));
  let options = tags.Options || "";
  if (!tags.Game && tags.Variant) options = `layout=${tags.Variant.toLowerCase()}`;
  if (!tags.Game && tags.Players) options = `players=${tags.Players}`;
  return { game, options, start: tags.Start || tags.Position || null, words };
}

async function importRecord() {
  let parsed;
  try {
    parsed = parseRecord($("record").value);
  } catch (err) {
    showError(`import: ${err.message}`);
    return;
  }
  if (!GAMES[parsed.game]) { showError(`import: unknown game '${parsed.game}'`); return; }
  $("game").value = parsed.game;
  $("options").value = parsed.options;
  $("startfen").value = parsed.start || "";
  updateSeats();
  for (let k = 1; k <= 6; k++) $(`p${k}`).value = "person";
  // Word by word, so an illegal one is named and the game stops before it.
  await newGame(parsed.words);
}

// ------------------------------------------------------------ controls
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

// The seats of the game and options in the form: a row for each player,
// named by its colour, and the Players choice for games that have one.
function updateSeats() {
  const game = $("game").value, options = $("options").value;
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
updateSeats();

$("setup").addEventListener("submit", (ev) => { ev.preventDefault(); newGame(); });
$("undo").addEventListener("click", undo);
$("moveform").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const input = $("moveinput");
  const word = input.value.trim();
  if (!personToMove()) showError("it is not a person's turn");
  else if (!G.legal.includes(word)) showError(`'${word}' is not a legal move here`);
  else { input.value = ""; personMove(word); }
});
for (const b of document.querySelectorAll("button[data-token]")) b.addEventListener("click", () => onToken(b.dataset.token));
$("export").addEventListener("click", () => {
  try { $("record").value = exportRecord($("format").value); } catch (err) { showError(`export: ${err.message}`); }
});
$("import").addEventListener("click", importRecord);
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
document.addEventListener("keydown", (ev) => {
  if (ev.target.matches("input, textarea, select")) return;
  if (ev.key === "Escape") { G.prefix = []; render(); }
  if (ev.key === "u" && !ev.ctrlKey) undo();
});

// For tests and scripts: the page's state and the clicks that make a move.
window.agonGui = {
  state: () => ({ game: G.game, players: G.players.length, scores: G.state && G.state.scores ? [...G.state.scores] : null, selected: [...G.prefix], turn: G.turn, result: G.result, legal: [...G.legal], record: [...G.record], options: G.normOptions, fen: G.fen, person: personToMove(), generation: G.generation, analysing: Boolean(G.analysis && G.analysis.waiter) }),
  clicksFor: (move) => clicksOf(move).map((t) => (t === "pass" ? 'button[data-token="pass"]' : `[data-token="${t}"]`)),
};

connection.then(newGame);

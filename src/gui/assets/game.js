// The game on the page: its setup, the referee's account of each position,
// throws and rolls, the engines' moves, the result and undo.
"use strict";

const G = {
  game: "abalone", options: "", normOptions: "", start: null,
  // The seats: each player's name and team, and who plays it.
  players: ["black", "white"], teams: [[0], [1]],
  controllers: ["person", "engine:0"], engineOptions: ["", ""],
  referee: null, engines: [null, null], analysis: null,
  // `tree`: the game's tree (tree.js); `live`: the node the game is at,
  // where throws, engine moves and clocks act; `node`: the node shown,
  // `live` unless the person went back.
  tree: null, live: null, node: null,
  // The shown node's words from the start, its referee account, and the
  // records of its path: the turn and position before each word (whose
  // word it was, and the last move's mark drawn on the position it was
  // played from).
  record: [], turnAt: [], states: [],
  generation: 0, state: null, fen: "", legal: [], turn: "none", result: "none",
  chances: [], prefix: [], clocks: null, tc: null, turnStart: 0,
  flagged: null, forfeit: null,
  // The analysis's lines on the shown position, the playing engine's line
  // (and its node), and the position a line leads to while it is shown.
  lines: [], enginePv: null, preview: null, previewing: null,
};
let rngState = 1;

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

function positionCommand(node = G.node) {
  const base = positionBase(G.start);
  const words = wordsTo(node);
  return words.length ? `${base} moves ${words.join(" ")}` : base;
}

// A seeded generator (mulberry32) for the throws and rolls.
function random() {
  rngState = (rngState + 0x6d2b79f5) | 0;
  let t = rngState;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

// `analysing`: the analysis engine, told so (UCI_AnalyseMode) where it
// understands it, so that its values are true ones (agon then drops its
// contempt).
async function configure(engine, extra, analysing = false) {
  const commands = [`setoption name GameOptions value ${G.options}`, `setoption name Game value ${G.game}`];
  if (engine.options.has("UCI_ShowWDL")) commands.push("setoption name UCI_ShowWDL value true");
  if (analysing && engine.options.has("UCI_AnalyseMode")) commands.push("setoption name UCI_AnalyseMode value true");
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

// The engine processes a page may run at once (the server's MAX_SLOTS,
// src/gui/bridge.rs).
const MAX_ENGINES = 4;

// The engine processes the form's seats need (one per engine and its
// options) and how many the page may start for them.
function enginesNeeded(setup) {
  const players = seatNames(setup.game, setup.options).length;
  const keys = new Set();
  for (let k = 1; k <= players; k++) {
    const c = $(`p${k}`).value;
    if (c.startsWith("engine:")) keys.add(`${c}\t${[strengthOptions(), $(`p${k}opts`).value.trim()].filter(Boolean).join(" ")}`);
  }
  const analysis = Boolean(G.analysis && G.analysis.alive);
  return { wanted: keys.size, free: MAX_ENGINES - 1 - (analysis ? 1 : 0), analysis };
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
  const needed = enginesNeeded(setup);
  if (needed.wanted > needed.free) {
    showError(`new game refused, the game on the board goes on: its seats need ${needed.wanted} engine processes (one per engine and its options) and the page may run ${needed.free} more (${MAX_ENGINES} in all, the referee${needed.analysis ? " and the analysis" : ""} among them); give seats the same engine and options to share one`);
    return;
  }
  try {
    G.referee = await engineFor(0, G.referee);
    const problem = await checkSetup(setup);
    if (problem) {
      showError(`new game refused, the game on the board goes on: ${problem}`);
      // A refused import leaves the form naming the game on the board.
      if (words && G.game) {
        $("game").value = G.game;
        $("options").value = G.options;
        $("startfen").value = G.start || "";
        fillStrengths();
        updateSeats();
      }
      return;
    }
  } catch (err) {
    showError(`could not start the referee: ${err.message}`);
    return;
  }
  clearErrors();
  // A notice (a pass, a premove) was about the game before.
  $("notice").textContent = "";
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
  // The strength level's options first: a seat's own override them.
  G.engineOptions = seats().map((k) => [strengthOptions(), $(`p${k + 1}opts`).value.trim()].filter(Boolean).join(" "));
  // The library's entry (library.js): a restored game keeps its own.
  G.libraryId = G.restoring ? G.restoring.id : newGameId();
  G.form = G.restoring ? G.restoring.form : formSnapshot();
  G.tree = newNode(null, null);
  G.live = G.tree;
  G.node = G.tree;
  syncPath();
  G.prefix = [];
  G.flagged = null;
  G.forfeit = null;
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
    // The analysis engine, if one runs, analyses the new game.
    if (G.analysis && G.analysis.alive) await configure(G.analysis, "", true);
    G.engines = await seatEngines();
  } catch (err) {
    showError(`could not start the engines: ${err.message}`);
    return;
  }
  if (gen !== G.generation) return;
  document.body.dataset.game = G.game;
  if (words && words.length) {
    if (!(await refresh(false))) return;
    // Every position of the record asked at once (one round trip, not
    // one per word: issue 43), the game stopping before a word the
    // referee refuses.
    const chain = [];
    for (let from = G.live, i = 0; i < words.length; i++) chain.push(from = childFor(from, words[i]));
    let described;
    try {
      described = await describeAll(chain);
    } catch (err) {
      showError(`referee: ${err.message}`);
      return;
    }
    if (gen !== G.generation) return;
    for (const n of chain.slice(0, described)) n.mover = moverAt(n.parent, false);
    if (described < chain.length) {
      detach(chain[described]);
      showError(`import: '${words[described].slice(0, 40)}' (word ${described + 1}) is not legal here; the game stops before it`);
    }
    G.live = described ? chain[described - 1] : G.live;
    G.node = G.live;
    syncPath();
  }
  if (G.restoring && gen === G.generation) {
    if (!(await refresh(false))) return;
    // A game a page's ruling ended (a flag, a resignation) stays ended.
    if (await restoreSaved(G.restoring)) {
      finish();
      return;
    }
  }
  await refresh();
}

// The referee's account of `node`'s position, asked once: false if it
// refused the record (the caller says why) or the game changed meanwhile.
async function describe(node) {
  if (node.desc) return true;
  const gen = G.generation;
  let lines;
  try {
    // Quiet: a record of a game the page has just left (a throw's timer
    // may fire while a new game is set up) is refused without a word.
    lines = await G.referee.ask(describeCommands(node), true);
  } catch (err) {
    showError(`referee: ${err.message}`);
    return false;
  }
  if (gen !== G.generation) return false;
  return takeDescription(node, lines);
}

// The questions `describe` asks of a node's position.
const describeCommands = (node) => [positionCommand(node), "d", "moves", "query turn", "query result"];

// Sets `node.desc` from the referee's answers to `describeCommands`;
// false (the error shown unless the referee is quiet) if it refused.
function takeDescription(node, lines) {
  const error = lines.find((l) => l.startsWith("info string error"));
  if (error) {
    if (!G.referee.quiet) showError(`${G.referee.name}: ${error.slice(12)}`);
    return false;
  }
  const value = (prefix) => { const l = lines.find((x) => x.startsWith(prefix)); return l ? l.slice(prefix.length) : null; };
  const fen = value("position: ") || "";
  const normOptions = (value("game: ") || G.game).split(" ").slice(1).join(" ");
  const responses = lines.filter((l) => l.startsWith("response ")).map((l) => l.slice(9));
  node.desc = {
    fen,
    normOptions,
    legal: (value("moves") || "").trim().split(/\s+/).filter(Boolean),
    turn: responses[0] || "none",
    result: responses[1] || "none",
    chances: (value("chance pending: ") || "").split(", ").filter(Boolean).map((x) => { const [w, p] = x.split(" "); return [w, Number(p)]; }),
    state: gameDef().parse(fen, normOptions),
  };
  return true;
}

// `describe` for a line of new nodes in one exchange with the referee:
// how many of them, from the first, it took.
async function describeAll(nodes) {
  const referee = G.referee;
  return referee.exclusive(async () => {
    // Quiet: the caller names the word refused.
    const before = referee.quiet;
    referee.quiet = true;
    try {
      for (const n of nodes) {
        for (const c of describeCommands(n)) referee.send(c);
        referee.send("isready");
      }
      let ready = 0;
      const lines = await referee.until((l) => l === "readyok" && ++ready === nodes.length);
      let start = 0, taken = 0;
      for (const n of nodes) {
        const end = lines.indexOf("readyok", start);
        if (end < 0 || !takeDescription(n, lines.slice(start, end))) break;
        start = end + 1;
        taken++;
      }
      return taken;
    } finally {
      referee.quiet = before;
    }
  });
}

// The shown node's path and position, from the accounts of its nodes.
function syncPath() {
  const path = pathTo(G.node);
  G.record = path.slice(1).map((n) => n.word);
  G.turnAt = path.map((n) => n.desc && n.desc.turn);
  G.states = path.map((n) => n.desc && n.desc.state);
  const d = G.node.desc;
  if (!d) {
    // Played, not yet described: nobody may move.
    G.turn = "wait";
    G.legal = [];
    return;
  }
  G.fen = d.fen;
  G.normOptions = d.normOptions;
  G.legal = d.legal;
  G.turn = d.turn;
  G.result = d.result;
  G.chances = d.chances;
  G.state = d.state;
}

// Shows `node` (a position of the tree); the game goes on at its own node.
function goTo(node) {
  if (!node || !node.desc || node === G.node) return;
  G.node = node;
  G.prefix = [];
  clearInfo("ainfo");
  syncPath();
  render();
  analyse();
}

// Asks the referee about the position the game is at and, if `act`,
// acts on it: a throw, an engine's move, a forced pass, or waiting for the
// person. The board shows it if it was showing the move before.
async function refresh(act = true) {
  const gen = G.generation;
  const live = G.live;
  if (!(await describe(live))) return false;
  if (gen !== G.generation || live !== G.live) return false;
  syncPath();
  saveGame();
  G.prefix = G.node === live ? [] : G.prefix;
  G.turnStart = performance.now();
  if (!act) return true;
  render();
  if (G.flagged !== null || G.forfeit) return true;
  const d = live.desc;
  if (d.turn === "none") {
    finish();
  } else if (d.turn.startsWith("chance")) {
    // Nothing to analyse until the throw: the last position's search ends.
    if (G.node === live) stopAnalysis();
    setTimeout(() => { if (gen === G.generation && live === G.live) throwChance(); }, Number($("chancedelay").value) || 0);
  } else {
    const k = Number(d.turn.slice(1)) - 1;
    if (G.controllers[k] === "person" && d.legal.length === 1 && d.legal[0] === "pass") {
      // Nothing to choose: the person's pass is played for them (and is
      // not a decision Undo goes back to).
      play("pass", true);
      return true;
    }
    // A move chosen ahead while the engine thought (premove.js).
    if (G.controllers[k] === "person" && takePremove()) return true;
    if (G.controllers[k].startsWith("engine:")) {
      engineMove(k, gen);
      preparePremoves();
    }
    if (G.node === live) analyse();
  }
  return true;
}

function throwChance() {
  const { chances, legal } = G.live.desc;
  let r = random(), word = chances.length ? chances[chances.length - 1][0] : null;
  for (const [w, p] of chances) {
    if (r < p) { word = w; break; }
    r -= p;
  }
  if (!word || !legal.includes(word)) {
    showError("no throw or roll to make here");
    return;
  }
  play(word);
}

function goCommand() {
  if (G.clocks) {
    const now = performance.now() - G.turnStart;
    const k = Number(G.live.desc.turn.slice(1)) - 1;
    const left = G.clocks.map((c, i) => Math.max(1, Math.round(i === k ? c - now : c)));
    return `go ${left.map((t, i) => `p${i + 1}time ${t}`).concat(left.map((_, i) => `p${i + 1}inc ${G.tc.inc}`)).join(" ")}`;
  }
  const limits = $("limits").value.trim();
  return limits ? `go ${limits}` : "go movetime 1000";
}

async function engineMove(k, gen) {
  const engine = G.engines[k];
  const live = G.live;
  if (!engine) return;
  document.body.dataset.state = "engine";
  engine.onInfo = (l) => { noteScore(k, l); showInfo(l, engine, "info", k, live); };
  let lines;
  try {
    lines = await engine.exclusive(() => {
      engine.send(positionCommand(live));
      engine.send(goCommand());
      return engine.until((l) => l.startsWith("bestmove"));
    });
  } catch (err) {
    if (gen === G.generation) forfeit(k, `${engine.name} ended during its move`, "crash");
    return;
  } finally {
    engine.onInfo = null;
  }
  if (gen !== G.generation || G.flagged !== null || live !== G.live) return;
  const move = lines[lines.length - 1].split(/\s+/)[1];
  if (!live.desc.legal.includes(move)) {
    forfeit(k, `${engine.name} played '${move}', which is not a legal move here`, "illegal move");
    return;
  }
  play(move);
}

// The page's rulings end a game as the rules do: a forfeit (or a
// resignation, play.js) has a loser; a draw agreed on the page has none.
// `fault`: the referee's word for it (src/arena/fault.rs), for records.
function forfeit(k, why, fault) {
  showError(why);
  G.forfeit = { loser: k, why, reason: "forfeit", fault };
  finish();
}

// Who chose a word played at `node`: its player, unless a throw, a roll
// or `forced` (the page played it: a pass with nothing else).
function moverAt(node, forced) {
  const turn = node.desc ? node.desc.turn : "";
  return turn.startsWith("p") && !forced ? Number(turn.slice(1)) - 1 : undefined;
}

// Plays `word` where the game is (`G.live`); the board follows if it was
// showing that position.
function play(word, forced) {
  if (document.body.dataset.connection === "lost") {
    showError("not connected to agon gui: play on once it reconnects (the game is kept)");
    return;
  }
  const from = G.live;
  const turn = from.desc.turn;
  if (G.clocks && !turn.startsWith("chance") && turn !== "none") {
    const k = Number(turn.slice(1)) - 1;
    const used = performance.now() - G.turnStart;
    // A move after the flag fell (between two clock ticks) is too late.
    if (used >= G.clocks[k]) { flag(k); return; }
    G.clocks[k] += G.tc.inc - used;
  }
  if (!isChanceWord(word)) {
    clearErrors();
    const k = turn.startsWith("p") ? Number(turn.slice(1)) - 1 : null;
    // A pass changes nothing on the board: said in words.
    $("notice").textContent = word === "pass" && k !== null
      ? `${capital(playerName(k))} ${forced ? "has no move but pass; it was played for them" : "passes"}`
      : "";
  }
  const child = childFor(from, word);
  child.mover = moverAt(from, forced);
  G.live = child;
  playSound(word);
  if (G.node === from) {
    G.node = child;
    // The lines were about the position before.
    clearInfo("ainfo");
    syncPath();
  }
  refresh();
}

// A move on an earlier position. A person's, at their own seat's turn: the
// game goes on from there in a new line, which becomes the main line; the
// line it left stays as a variation. At an engine seat's turn the person
// only looks at a line: a variation to explore, the game stays where it is
// (the engine's moves are its own).
function playFromShown(word) {
  const turn = G.node.desc ? G.node.desc.turn : "";
  const k = turn.startsWith("p") ? Number(turn.slice(1)) - 1 : null;
  // A line explored past an engine's move stays an exploration.
  if ((k !== null && G.controllers[k] !== "person") || pathTo(G.node).some((n) => n.explored)) {
    exploreFromShown(word);
    return;
  }
  takeBackTo(G.node);
  play(word);
  promote(G.live);
  renderMoveList();
}

async function exploreFromShown(word) {
  const from = G.node;
  const child = childFor(from, word);
  child.mover = moverAt(from, false);
  child.explored = true;
  if (!(await describe(child))) {
    if (!child.desc) detach(child);
    return;
  }
  if (G.node === from) goTo(child);
  saveGame();
}

// The game goes back to `node` (a person's move from there follows): its
// clocks were for the line it leaves, and a ruling there no longer holds.
function takeBackTo(node) {
  // The game's clocks were for the line it was played in.
  G.clocks = null;
  G.tc = null;
  G.generation++;
  stopSearches();
  G.flagged = null;
  G.forfeit = null;
  $("result").textContent = "";
  $("result").dataset.result = "";
  G.live = node;
  G.turnStart = performance.now();
}

// The shown line made the main line (the game's place stays).
function promoteShown() {
  if (!G.node || !G.node.parent) return;
  promote(G.node);
  renderMoveList();
  saveGame();
}

// The shown word and the lines after it leave the tree; the game's own
// position cannot go (Undo takes moves of the game back).
function deleteShown() {
  const node = G.node;
  if (!node || !node.parent) return;
  if (isAncestorOf(node, G.live)) {
    showError("the game goes on in this line: Undo takes its moves back");
    return;
  }
  const parent = node.parent;
  detach(node);
  G.node = null;
  goTo(parent);
  saveGame();
}

// The result word (as `query result` words it) and text when player `k`
// loses by the page's ruling (time, a faulty engine): the other team
// wins, or with more teams the others share the first place.
function lossResult(k, reason) {
  const losers = teamOf(k);
  const winners = seats().filter((j) => !losers.includes(j));
  const others = G.teams.filter((t) => t !== losers);
  // Dense places, as the protocol's `rank` words are: the losers second.
  const word = winners.length === 1 ? `p${winners[0] + 1}win`
    : `rank${seats().map((j) => (losers.includes(j) ? 2 : 1)).join("-")}`;
  if (others.length > 1) return [word, `${namesText(losers)} ${losers.length === 1 ? "loses" : "lose"}${reason}`];
  return [word, `${winText(winners)}${reason}`];
}

function resultText() {
  if (G.flagged !== null) return lossResult(G.flagged, " on time");
  if (G.forfeit) return G.forfeit.loser === null ? ["draw", `Draw: ${G.forfeit.why}`] : lossResult(G.forfeit.loser, `: ${G.forfeit.why}`);
  const r = G.live.desc ? G.live.desc.result : "none";
  const win = /^p(\d+)win$/.exec(r);
  if (win) return [r, winText([Number(win[1]) - 1])];
  if (r === "draw") return [r, "Draw"];
  // A team's win: the players in the first place.
  const rank = /^rank([\d-]+)$/.exec(r);
  if (rank) return [r, winText(rank[1].split("-").map(Number).flatMap((place, k) => (place === 1 ? [k] : [])))];
  return [r, `Result: ${r}`];
}

// Why the rules ended the game (the page's own rulings say it in theirs).
function endReasonText(word) {
  if (G.flagged !== null || G.forfeit || !G.live.desc || !gameDef().endReason) return "";
  const states = pathTo(G.live).map((n) => n.desc && n.desc.state);
  const reason = gameDef().endReason(states[states.length - 1], word, G.live.desc.normOptions, states);
  return reason ? ` — ${reason}` : "";
}

function finish() {
  stopSearches();
  const [word, text] = resultText();
  const textOut = text + endReasonText(word);
  document.body.dataset.state = "over";
  $("result").dataset.result = word;
  $("result").textContent = textOut;
  render();
  saveGame();
}

function clockRunning() {
  return Boolean(G.clocks) && G.flagged === null && !G.forfeit && Boolean(G.live.desc) && G.live.desc.turn !== "none";
}

function flag(k) {
  G.clocks[k] = 0;
  G.flagged = k;
  G.generation++;
  finish();
}

function stopAnalysis() {
  // The game's review stops by its own button, not by a change of position.
  if (G.analysis && G.analysis.waiter && !reviewRunning()) G.analysis.send("stop");
  clearInfo("ainfo");
}

function stopSearches() {
  for (const e of new Set(G.engines)) if (e && e.waiter) e.send("stop");
  stopAnalysis();
}

// Back to the person's previous decision (and its throw), or one word:
// the words taken back leave the tree.
function undo() {
  if (G.live === G.tree) return;
  if (G.flagged !== null) {
    // The clocks decided the game: taking a move back would give time back.
    showError("the game is over on time: Undo would give the time back; start a new game");
    return;
  }
  G.generation++;
  stopSearches();
  const isPerson = (k) => G.controllers[k] === "person";
  const path = pathTo(G.live).slice(1);
  let cut = path[path.length - 1];
  // The last word a person chose; the throw before it stays.
  for (let i = path.length - 1; i >= 0; i--) {
    if (path[i].mover !== undefined && isPerson(path[i].mover)) { cut = path[i]; break; }
  }
  G.live = cut.parent;
  G.node = G.live;
  detach(cut);
  G.flagged = null;
  G.forfeit = null;
  $("result").textContent = "";
  $("result").dataset.result = "";
  refresh();
}


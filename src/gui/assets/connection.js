// The page's socket to the server and the engine processes it starts
// (src/gui/bridge.rs), each spoken to only in the protocol of protocol.md.
"use strict";

const { GAMES, drawChance } = window.agonBoards;
const $ = (id) => document.getElementById(id);

// The server takes only sockets that carry the token of the address it
// printed. The page keeps the last one it was opened with, so that a link
// without it (a shared link, a bookmark) opens in this browser.
const TOKEN_KEY = "agon.token";
const pageToken = (() => {
  const given = new URLSearchParams(location.search).get("token");
  try {
    if (given) localStorage.setItem(TOKEN_KEY, given);
    return given || localStorage.getItem(TOKEN_KEY) || "";
  } catch (err) {
    return given || "";
  }
})();
const wsUrl = `ws://${location.host}/ws?token=${encodeURIComponent(pageToken)}`;
const ws = new WebSocket(wsUrl);
let engineNames = [];
// The longest line the page sends an engine: the server's MAX_LINE
// (48 KiB) less the `send <slot> ` before it.
const MAX_SEND = 48 * 1024 - 16;
// Each engine's `id name`, once it has answered `ugi`: the name shown and
// written in records (the server only knows the command line).
const engineIds = [];
const slots = new Map();
const startWaiters = [];
let connected;
const connection = new Promise((resolve) => { connected = resolve; });

// A text node a line: `textContent +=` copied the whole log at every line,
// and scrolling at every line laid it all out again, which made a long
// import's thousands of lines quadratic (issue 43). The oldest lines go
// beyond LOG_LINES.
const LOG_LINES = 4000;
let logScrolling = false;
function logLine(text) {
  const log = $("log");
  log.append(text + "\n");
  if (log.childNodes.length > LOG_LINES) {
    while (log.childNodes.length > LOG_LINES / 2) log.firstChild.remove();
  }
  // Scrolled once a frame: scrolling lays the whole log out again.
  if (!logScrolling) {
    logScrolling = true;
    requestAnimationFrame(() => { logScrolling = false; log.scrollTop = log.scrollHeight; });
  }
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

// A fault of the page's own code is shown as an error too, not left in
// the console: a board half drawn by a failed render looks like a working
// one. The first few are kept for the browser tests (`agonGui.faults`).
const pageFaults = [];
function pageFault(message) {
  if (pageFaults.length < 5) pageFaults.push(message);
  showError(`page error: ${message}`);
}
window.addEventListener("error", (ev) => pageFault(ev.message));
window.addEventListener("unhandledrejection", (ev) => pageFault(ev.reason && ev.reason.message ? ev.reason.message : String(ev.reason)));

// Here, not with the game's display: the socket may open while the later
// scripts are still loading.
function setStatus(text) { $("status").textContent = text; }

ws.onopen = () => setStatus("connected");
// A closed connection (the idle limit, a restart of agon gui) loses no
// game: it is kept (library.js), the board waits, and once the server
// takes this page's token again the page reloads into the kept game.
// After a restart the token is new: the address agon gui printed opens it.
ws.onclose = () => {
  document.body.dataset.connection = "lost";
  setStatus("disconnected from agon gui: reconnecting…");
  showError("the connection to agon gui is closed: the game is kept in this browser and comes back when the page reconnects (after a restart of agon gui, open the address it printed)");
  if (typeof saveGame === "function") saveGame();
  probeConnection(1000);
};

// Tries the server again after `delay` ms, then less often (at most every
// 10 s: a restarted server refuses the old token until its address is
// opened).
function probeConnection(delay) {
  setTimeout(() => {
    const probe = new WebSocket(wsUrl);
    let opened = false;
    probe.onopen = () => { opened = true; probe.close(); location.reload(); };
    probe.onclose = () => { if (!opened) probeConnection(Math.min(10000, delay * 1.5)); };
  }, delay);
}
ws.onmessage = (event) => {
  const msg = String(event.data);
  const space = msg.indexOf(" ");
  const verb = space < 0 ? msg : msg.slice(0, space);
  const rest = space < 0 ? "" : msg.slice(space + 1);
  if (verb === "engines") {
    // The choices are filled when the connection's promise runs (app.js):
    // this message may come while the later scripts are still loading.
    engineNames = rest.split("\t");
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
  } else if (verb === "rollout") {
    rolloutMessage(rest);
  } else if (verb === "luck") {
    luckMessage(rest);
  } else if (verb === "error") {
    // The server's own jobs end with their error (rollout.js, review.js).
    if (rest.startsWith("rollout:")) rolloutFailed(rest);
    else if (rest.startsWith("luck:")) luckFailed(rest);
    // A start the server refused answers with an error instead of `started`.
    else if (startWaiters.length && /engine|start/.test(rest)) startWaiters.shift().reject(new Error(rest));
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
    // Each option's name and its default (`option name … default …`).
    this.options = new Map();
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
      const m = /^option name (.+?) type \S+(?: default (\S*))?/.exec(l);
      if (m) e.options.set(m[1], m[2]);
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
    // The server refuses a longer message by closing the socket (its
    // MAX_LINE, src/gui/bridge.rs): refused here, with a line that says so.
    if (new TextEncoder().encode(line).length > MAX_SEND) {
      showError(`a line of more than ${MAX_SEND} bytes is not sent`);
      return;
    }
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
  // `quiet`: its error lines are the caller's to show.
  ask(commands, quiet = false) {
    return this.exclusive(async () => {
      const before = this.quiet;
      this.quiet = before || quiet;
      try {
        for (const c of commands) this.send(c);
        this.send("isready");
        return await this.until((l) => l === "readyok");
      } finally {
        this.quiet = before;
      }
    });
  }
  close() {
    if (this.alive) ws.send(`close ${this.slot}`);
    this.alive = false;
    slots.delete(this.slot);
  }
}


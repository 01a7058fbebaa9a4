// Drawing the board, the seats, the move list and the clocks.
"use strict";

// A table row of `tag` cells ("th" or "td") holding `texts`.
function tableRow(tag, texts) {
  const tr = document.createElement("tr");
  for (const t of texts) {
    const c = document.createElement(tag);
    c.textContent = t;
    tr.appendChild(c);
  }
  return tr;
}

// The node the board was last drawn for.
let renderedNode = null;

// Whether the last input was a key: only then does a redraw give the
// board's focus back (after a pointer's click it left a focus ring on
// the piece clicked).
let keyboardInput = false;
document.addEventListener("keydown", () => { keyboardInput = true; }, true);
document.addEventListener("pointerdown", () => { keyboardInput = false; }, true);

function render() {
  if (!G.state) return;
  const svg = $("board");
  // A redraw replaces the board's elements: the one with the keyboard
  // focus gets it back (or the first next target, or the board).
  const focused = svg.contains(document.activeElement) ? document.activeElement.dataset.token || "" : null;
  // What it showed, for the pieces to slide from (animate.js).
  const before = svg.isConnected && svg.children.length ? boardPieces(svg) : null;
  const shownBefore = renderedNode;
  renderedNode = G.node;
  svg.replaceChildren();
  const view = inputView();
  view.greek = $("greek").checked;
  view.flipped = boardFlipped;
  // The analysis's best lines on the shown position, else the playing
  // engine's line on the game's.
  view.pvLines = G.lines.filter(Boolean).slice(0, 3).map((l) => l.pv);
  if (!view.pvLines.length && G.enginePv && G.enginePv.node === G.node) view.pvLines = [G.enginePv.pv];
  view.pvMove = view.pvLines.length && G.legal.includes(view.pvLines[0][0]) ? view.pvLines[0][0] : null;
  // The last move, even when a throw or roll came after it.
  let last = G.record.length - 1;
  while (last >= 0 && isChanceWord(G.record[last])) last--;
  view.lastMoveWord = last >= 0 && G.states[last] ? G.record[last] : null;
  view.lastState = last >= 0 ? G.states[last] : null;
  // A line's end, to look at, is drawn instead: nothing on it is clickable.
  view.preview = G.preview || null;
  gameDef().draw(svg, G.state, view);
  // A line's end shown instead of the position is no step of the game.
  if (!G.preview) slidePieces(svg, before, shownBefore);
  drawShapes(svg);
  svg.classList.toggle("preview", Boolean(G.preview));
  for (const g of svg.querySelectorAll("[data-token].clickable")) {
    g.addEventListener("click", () => onToken(g.dataset.token));
    g.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); onToken(g.dataset.token); }
    });
  }
  if (focused !== null && keyboardInput) {
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
  if (typeof EXAMPLES !== "undefined" && EXAMPLES[G.game]) $("moveinput").placeholder = `type a move, e.g. ${EXAMPLES[G.game].move}`;
  renderStatus();
  renderNames();
  renderEval();
  renderCaptures();
  renderMoveList();
  renderComment();
  renderClocks();
  renderPlay();
  followRollout();
}

// The game's state (at its own node, whatever is shown), and where the
// shown position is when it is not the game's.
function renderStatus() {
  const turn = G.live.desc ? G.live.desc.turn : "wait";
  const over = turn === "none" || G.flagged !== null || G.forfeit;
  if (turn === "wait") {
    setStatus("…");
  } else if (!over) {
    const k = turn.startsWith("chance") ? Number(turn.split(" p")[1]) - 1 : Number(turn.slice(1)) - 1;
    const who = capital(playerName(k));
    const what = turn.startsWith("chance") ? (G.game === "palma" ? "throws" : "rolls") : "to move";
    setStatus(`${who} ${what}`);
    document.body.dataset.state = turn.startsWith("chance") ? "chance" : G.controllers[k] === "person" ? "person" : "engine";
    $("result").textContent = "";
    $("result").dataset.result = "";
  } else {
    setStatus("game over");
  }
  const away = G.node !== G.live;
  $("browsing").hidden = !away;
  // The playing engine thinks about the game's position, not the shown one.
  $("engineinfo").classList.toggle("elsewhere", away);
  $("engineinfo").querySelector("legend").textContent = away ? "Engine to move, on the game's position (not the one shown)" : "Engine to move";
  if (away) {
    $("browsing").textContent = `Showing ply ${G.record.length} of ${onLine(G.live, G.node) ? "the game" : "a variation"}: ${clockRunning() ? "look only while the clock runs" : "a move here starts a variation"}; End returns to the game`;
  }
}

// Whether `node` is on the path from the root to `tip`.
function onLine(tip, node) {
  for (let n = tip; n; n = n.parent) if (n === node) return true;
  return false;
}

// Who plays each seat; with more than two players also each player's
// score (the marbles it ejected) in its colour, grouped by team.
function renderNames() {
  const names = $("names");
  if (G.players.length === 2) {
    names.replaceChildren(...seats().flatMap((k) => {
      const seat = document.createElement("span");
      seat.className = "player";
      seat.dataset.player = String(k + 1);
      seat.textContent = `${capital(playerName(k))}: ${controllerName(k)}`;
      return k ? [" · ", seat] : [seat];
    }));
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

// Whose turn `node`'s word belongs to: the decider, or for a throw or
// roll the player who decides after it.
function playerOf(node) {
  const t = (node.parent && node.parent.desc && node.parent.desc.turn) || "";
  const m = /p(\d+)$/.exec(t);
  return m ? Number(m[1]) - 1 : null;
}

// A word of the move list: its mark from "analyse this game", the shown
// position's word picked out; a click shows its position.
function wordEl(node) {
  const el = document.createElement("span");
  el.textContent = node.word + (node.review && node.review.mark ? node.review.mark : "");
  el.className = isChanceWord(node.word) ? "chance-word" : "move-word";
  if (node.review && node.review.mark) el.classList.add({ "??": "blunder", "?": "error", "?!": "inaccuracy" }[node.review.mark]);
  if (node === G.node) el.classList.add("current");
  // A reviewed throw's luck (review.js).
  if (node.review && node.review.luck !== undefined) el.title = `luck ${luckText(node.review.luck)} for ${capital(playerName(node.review.player))}`;
  el.dataset.node = String(node.id);
  return el;
}

// A variation in parentheses: its words along first children, and the
// variations that branch inside it nested in their own parentheses.
function variationEl(first) {
  const box = document.createElement("span");
  box.className = "variation";
  box.append("(");
  for (let n = first; n; n = n.children[0]) {
    box.append(wordEl(n), " ");
    if (n.comment) box.append(commentEl(n), " ");
    for (const alt of n.children.slice(1)) box.append(variationEl(alt), " ");
  }
  box.append(")");
  return box;
}

// A line's nodes in numbered rows, one per round (a turn of every
// player): each player's words of a turn (a throw or roll beside the move
// it led to, Kubeia's extra move after a double) in that player's cell.
function turnRows(nodes) {
  const rows = [];
  let group = null;
  for (const n of nodes) {
    const k = playerOf(n) ?? (group ? group.k : 0);
    if (!group || group.k !== k) {
      group = { k, nodes: [] };
      const row = rows[rows.length - 1];
      if (row && k > row.cells.findLastIndex(Boolean)) row.cells[k] = group;
      else {
        const fresh = { cells: seats().map(() => null), variations: [] };
        fresh.cells[k] = group;
        rows.push(fresh);
      }
    }
    group.nodes.push(n);
  }
  return rows;
}

// The move number of each node of a line (its row's, from 1): what the
// move list shows and the review names a move by, throws not counted.
function moveNumbers(nodes) {
  const numbers = new Map();
  turnRows(nodes).forEach((row, i) => {
    for (const g of row.cells) if (g) for (const n of g.nodes) numbers.set(n, i + 1);
  });
  return numbers;
}

// The game's line (first children from the start) in its numbered rows,
// under the players' colours. The other lines played from a position
// follow the row it is in.
function renderMoveList() {
  const list = $("movelist");
  const line = [];
  for (let n = G.tree.children[0]; n; n = n.children[0]) line.push(n);
  const rows = turnRows(line);
  for (const row of rows) {
    for (const g of row.cells) if (g) for (const n of g.nodes) row.variations.push(...n.parent.children.slice(1));
  }
  const columns = `2.2em repeat(${seats().length}, 1fr)`;
  const head = $("movecols");
  head.style.gridTemplateColumns = columns;
  head.replaceChildren(document.createElement("span"), ...seats().map((k) => {
    const c = document.createElement("span");
    c.textContent = capital(playerName(k));
    return c;
  }));
  const items = [];
  for (const [i, row] of rows.entries()) {
    const li = document.createElement("li");
    li.style.gridTemplateColumns = columns;
    const number = document.createElement("span");
    number.className = "number";
    number.textContent = `${i + 1}.`;
    // The space keeps the number a word of its own in the row's text.
    li.append(number, " ");
    for (const g of row.cells) {
      const part = document.createElement("span");
      part.className = "turn";
      if (g) for (const n of g.nodes) part.append(wordEl(n), " ", ...(n.comment ? [commentEl(n), " "] : []));
      else part.append("…");
      li.appendChild(part);
    }
    items.push(li);
    if (row.variations.length) {
      const v = document.createElement("li");
      v.className = "variations";
      v.append(...row.variations.map(variationEl));
      items.push(v);
    }
  }
  list.replaceChildren(...items);
  const current = list.querySelector(".current");
  if (current && G.node !== G.live) {
    // The list scrolls, not the page.
    const r = current.getBoundingClientRect(), box = list.getBoundingClientRect();
    if (r.top < box.top || r.bottom > box.bottom) list.scrollTop += r.top - box.top - box.height / 2;
  } else {
    list.scrollTop = list.scrollHeight;
  }
  $("fen").textContent = G.fen;
}

// m:ss.t, the tenths cut as a clock's are (never rounded up: 59.97 s
// left is 0:59.9, not 0:60.0).
function formatClock(ms) {
  const tenths = Math.floor(Math.max(0, ms) / 100);
  const seconds = Math.floor(tenths / 10) % 60;
  return `${Math.floor(tenths / 600)}:${String(seconds).padStart(2, "0")}.${tenths % 10}`;
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
    const running = G.live.desc && G.live.desc.turn === `p${k + 1}` && G.flagged === null && !G.forfeit;
    const left = G.clocks[k] - (running ? performance.now() - G.turnStart : 0);
    el.textContent = `${capital(playerName(k))} ${formatClock(left)}`;
    el.classList.toggle("running", running);
    if (running && left <= 0 && G.flagged === null) flag(k);
  }
}
setInterval(() => { if (G.state) renderClocks(); }, 100);


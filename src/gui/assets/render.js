// Drawing the board, the seats, the move list and the clocks.
"use strict";

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
  renderEval();
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


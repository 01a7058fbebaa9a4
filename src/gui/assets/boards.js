// The boards of the games, drawn in SVG from the position strings and move
// words that protocol.md defines; nothing here asks an engine anything.
//
// Every game gives the page:
//   players       the protocol's player names, p1 first
//   playersFor(options), teamsFor(options) (optional) -> the names and the
//                 teams (lists of player indices) when the options set the
//                 number of players; each player alone otherwise
//   parse(fen, options) -> state (the board and whose turn it is)
//   draw(svg, state, view) draws the board; `view` holds the clickable
//                 tokens, the highlighted ones and the arrows to draw
//   clicks(move, state) -> tokens a person clicks to make `move`
//   ends(move, state)   -> [from, to] tokens for an arrow (PV, last move)
//   lastMove(move, before, after) -> what the last move did, drawn on the
//                 position after it: { cells } the tokens it moved from and
//                 to, { path } the tokens of an arrow along it (where an
//                 arrow helps), { captured } [token, piece] of the men it took
//   tally(state, options) -> per player what it has lost, taken or borne
//                 home, for the box beside the board
//   endReason(state, resultWord, options, history) -> why the game ended,
//                 from the final position and the game's rules
// The page's `view` may also ask for the board turned (`flipped`), a
// position shown instead of the game's (`preview`) and the engines' best
// lines (`pvLines`, best first) drawn as arrows.
// A token names a clickable thing: `cell:e5`, `dir:NE`, `enter`, `pass`.
// Clicks select a legal move by prefix (app.js); Abalone's marbles are
// selected as a set, in any order (`unordered`).
(() => {
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";

function svgEl(tag, attrs, parent) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, String(v));
  if (parent) parent.appendChild(e);
  return e;
}

// A clickable group for `token`, reachable with Tab and pressed with
// Enter or Space like a button.
function tokenGroup(parent, token, view, label) {
  const g = svgEl("g", { "data-token": token }, parent);
  if (view.clickable.has(token)) {
    g.classList.add("clickable");
    g.setAttribute("tabindex", "0");
    g.setAttribute("role", "button");
    g.setAttribute("aria-label", label || token);
  }
  if (view.targets.has(token)) g.classList.add("target");
  if (view.selected.has(token)) g.classList.add("selected");
  if (view.lastCells && view.lastCells.has(token)) g.classList.add("last-move");
  return g;
}

// The best lines' arrows, best first: each its own colour, thinner
// further down.
const PV_KINDS = ["pv1", "pv2", "pv3"];

function arrow(svg, from, to, kind, fromRim = PV_KINDS.includes(kind)) {
  if (!from || !to) return;
  const [x1, y1] = from, [x2, y2] = to;
  const len = Math.hypot(x2 - x1, y2 - y1) || 1;
  const shorten = Math.min(12, len / 3);
  const ex = x2 - ((x2 - x1) / len) * shorten, ey = y2 - ((y2 - y1) / len) * shorten;
  // A best line's arrow starts at the piece's rim, not its centre: a
  // one-point move's arrow no longer hides the marble's number.
  const lift = fromRim ? Math.min(14, len / 4) : 0;
  const sx = x1 + ((x2 - x1) / len) * lift, sy = y1 + ((y2 - y1) / len) * lift;
  const cls = PV_KINDS.includes(kind) ? `pv ${kind}` : kind;
  svgEl("line", { x1: sx, y1: sy, x2: ex, y2: ey, class: `arrow ${cls}`, "marker-end": `url(#head-${kind})` }, svg);
}

// An arrow through several points (a multi-capture's hops).
function pathArrow(svg, points, kind) {
  const pts = points.filter(Boolean);
  if (pts.length < 2) return;
  if (pts.length > 2) svgEl("polyline", { points: pts.slice(0, -1).map((p) => p.join(",")).join(" "), class: `arrow hops ${kind}` }, svg);
  arrow(svg, pts[pts.length - 2], pts[pts.length - 1], kind, false);
}

function defs(svg) {
  const d = svgEl("defs", {}, svg);
  for (const kind of [...PV_KINDS, "last", "user"]) {
    const m = svgEl("marker", { id: `head-${kind}`, viewBox: "0 0 10 10", refX: 5, refY: 5,
      markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse" }, d);
    svgEl("path", { d: "M 0 0 L 10 5 L 0 10 z", class: `arrowhead ${kind}` }, m);
  }
}

function text(parent, x, y, s, cls) {
  const t = svgEl("text", { x, y, class: cls || "label", "text-anchor": "middle", "dominant-baseline": "central" }, parent);
  t.textContent = s;
  return t;
}

// Expands digit runs of a position-string row ("2www2", "12") into cells.
function expandRow(row) {
  const cells = [];
  const re = /(\d+)|(.)/g;
  let m;
  while ((m = re.exec(row))) {
    if (m[1]) for (let i = 0; i < Number(m[1]); i++) cells.push(".");
    else cells.push(m[2]);
  }
  return cells;
}

function optionValue(options, key, fallback) {
  for (const word of (options || "").split(/\s+/)) {
    const [k, v] = word.split("=");
    if (k === key && v !== undefined) return v;
  }
  return fallback;
}

// The last move's path and the men it took (drawn on the position after
// it, at their places before it), then the best lines' first moves.
function drawArrows(svg, state, view, game) {
  const last = view.lastMarks;
  if (last) {
    if (last.path) pathArrow(svg, last.path.map((t) => game.xy(t, view.lastState)), "last");
    for (const [token, piece] of last.captured || []) {
      const p = game.xy(token, view.lastState);
      if (!p) continue;
      const g = svgEl("g", { class: `captured ${piece}`, "data-captured": token.replace(/^cell:/, "") }, svg);
      svgEl("circle", { cx: p[0], cy: p[1], r: game.markRadius - 4, class: "ghost" }, g);
      const d = (game.markRadius - 8) * 0.7;
      svgEl("path", { d: `M ${p[0] - d} ${p[1] - d} L ${p[0] + d} ${p[1] + d} M ${p[0] + d} ${p[1] - d} L ${p[0] - d} ${p[1] + d}`, class: "cross" }, g);
    }
  }
  const lines = view.pvLines || (view.pvMove ? [[view.pvMove]] : []);
  // The best line last: on top where arrows cross.
  for (let i = Math.min(lines.length, PV_KINDS.length) - 1; i >= 0; i--) {
    const move = lines[i] && lines[i][0];
    // A capture chain along its hops (Zamma), on the board's lines.
    const hops = move && game.hops ? game.hops(move) : null;
    if (hops && hops.length > 2) {
      pathArrow(svg, hops.map((t) => game.xy(t, state)), PV_KINDS[i]);
      continue;
    }
    const ends = move ? game.ends(move, state) : null;
    if (ends) arrow(svg, game.xy(ends[0], state), game.xy(ends[1], state), PV_KINDS[i]);
  }
}

// Whether the final position of `history` (the states from the start)
// occurred before it: a draw then is the repetition rule's.
function repeated(history) {
  const states = (history || []).filter(Boolean);
  const last = states[states.length - 1];
  return Boolean(last) && states.slice(0, -1).some((s) => s.key === last.key);
}

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

// The player a `query result` word names as the winner alone, or null.
function soleWinner(resultWord) {
  const m = /^p(\d+)win$/.exec(resultWord || "");
  return m ? Number(m[1]) - 1 : null;
}

// ---------------------------------------------------------------- Abalone
const ABALONE_ROWS = "abcdefghi";
const ABALONE_DIRS = { E: [0, 1], W: [0, -1], NE: [1, 1], NW: [1, 0], SE: [-1, 0], SW: [-1, -1] };
const HEX = 40;

function abaloneCells() {
  const cells = [];
  for (let r = 0; r < 9; r++) {
    const lo = r < 5 ? 1 : r - 3, hi = r < 5 ? r + 5 : 9;
    for (let d = lo; d <= hi; d++) cells.push([r, d]);
  }
  return cells;
}
const abaloneName = (r, d) => ABALONE_ROWS[r] + d;
function abaloneParseCell(s) {
  const r = ABALONE_ROWS.indexOf(s[0]);
  return [r, Number(s.slice(1))];
}
function abaloneOnBoard(r, d) {
  return r >= 0 && r < 9 && d >= (r < 5 ? 1 : r - 3) && d <= (r < 5 ? r + 5 : 9);
}

// The colours of players 1 to 6 and their letters in position strings.
const ABALONE_COLOURS = ["black", "white", "red", "blue", "green", "yellow"];
const ABALONE_LETTERS = "bwrugy";
const abalonePlayers = (options) => {
  const n = Number(optionValue(options, "players", "2"));
  return [2, 3, 4, 6].includes(n) ? n : 2;
};
// Partners face each other: 4 players play 1+3 against 2+4, 6 players
// 1+4, 2+5 and 3+6; 2 and 3 players play alone.
function abaloneTeams(n) {
  const size = n === 4 ? 2 : n === 6 ? 3 : n;
  return Array.from({ length: size }, (_, t) => Array.from({ length: n }, (_, k) => k).filter((k) => k % size === t));
}

const abalone = {
  name: "abalone",
  players: ["black", "white"],
  playersFor: (options) => ABALONE_COLOURS.slice(0, abalonePlayers(options)),
  teamsFor: (options) => abaloneTeams(abalonePlayers(options)),
  markRadius: 19,
  unordered: true,
  // `-<n>b<m>w` counts the marbles each colour lost (2 players); `+2b0w3r`
  // the marbles each player ejected (3 players and more).
  parse(fen, options) {
    const [board, side] = fen.trim().split(/\s+/);
    const [rowsText, field] = board.split(/[-+]/);
    const rows = rowsText.split("/");
    const cells = {};
    for (let i = 0; i < rows.length; i++) {
      const r = 8 - i;
      const lo = r < 5 ? 1 : r - 3;
      expandRow(rows[i]).forEach((c, j) => { cells[abaloneName(r, lo + j)] = c; });
    }
    // The options name the count; a letter beyond it (options not yet
    // known) raises it to the next count that has that colour.
    const highest = Math.max(...[...rowsText + (field || "") + side].map((ch) => ABALONE_LETTERS.indexOf(ch)));
    const players = [2, 3, 4, 6].find((n) => n >= abalonePlayers(options) && n > highest);
    const out = { cells, side, players, ejected: { b: 0, w: 0 }, scores: new Array(players).fill(0) };
    if (field && board.includes("-")) {
      const m = /^(\d+)b(\d+)w$/.exec(field);
      if (m) out.ejected = { b: Number(m[1]), w: Number(m[2]) };
    } else if (field) {
      for (const [, n, letter] of field.matchAll(/(\d+)([a-z])/g)) {
        const k = ABALONE_LETTERS.indexOf(letter);
        if (k >= 0 && k < players) out.scores[k] = Number(n);
      }
    }
    out.key = fen.trim();
    out.mover = Math.max(0, ABALONE_LETTERS.indexOf(side));
    out.teams = abaloneTeams(players);
    const team = out.teams.find((t) => t.includes(out.mover)) || [out.mover];
    out.team = team.map((k) => ABALONE_LETTERS[k]);
    return out;
  },
  xy(token) {
    const name = token.replace(/^cell:/, "");
    const [r, d] = abaloneParseCell(name);
    return [80 + HEX * (d - 1 - r / 2) + 2 * HEX, 40 + (8 - r) * HEX * 0.87 + 20];
  },
  // The marbles a move moves and its direction (Aba-Pro words): an
  // in-line move moves the mover's and the partner's marbles in line
  // ahead of its trailing marble.
  decode(move, state) {
    const cells = move.match(/[a-i][1-9]/g) || [];
    const team = state.team || [state.side];
    const diff = (a, b) => [b[0] - a[0], b[1] - a[1]];
    const dirName = (v) => Object.keys(ABALONE_DIRS).find((k) => ABALONE_DIRS[k][0] === v[0] && ABALONE_DIRS[k][1] === v[1]);
    if (cells.length === 2) {
      const t = abaloneParseCell(cells[0]), q = abaloneParseCell(cells[1]);
      const v = diff(t, q), marbles = [];
      let c = t;
      while (marbles.length < 3 && abaloneOnBoard(c[0], c[1]) && team.includes(state.cells[abaloneName(c[0], c[1])])) {
        marbles.push(abaloneName(c[0], c[1]));
        c = [c[0] + v[0], c[1] + v[1]];
      }
      return { marbles, dir: dirName(v), from: cells[0], to: cells[1] };
    }
    if (cells.length === 3) {
      const a = abaloneParseCell(cells[0]), b = abaloneParseCell(cells[1]), q = abaloneParseCell(cells[2]);
      const span = diff(a, b), n = Math.max(Math.abs(span[0]), Math.abs(span[1]));
      const step = [span[0] / n, span[1] / n], marbles = [];
      for (let i = 0; i <= n; i++) marbles.push(abaloneName(a[0] + i * step[0], a[1] + i * step[1]));
      return { marbles, dir: dirName(diff(a, q)), from: cells[0], to: cells[2] };
    }
    return null;
  },
  clicks(move, state) {
    if (move === "pass") return ["pass"];
    const d = this.decode(move, state);
    return d ? [...d.marbles.map((m) => `cell:${m}`), `dir:${d.dir}`] : [];
  },
  ends(move, state) {
    const d = this.decode(move, state);
    return d ? [`cell:${d.from}`, `cell:${d.to}`] : null;
  },
  // The cells of the marbles moved and the cells they moved to.
  lastMove(move, before) {
    const d = this.decode(move, before);
    if (!d || !d.dir) return { cells: [] };
    const [dr, dd] = ABALONE_DIRS[d.dir];
    const cells = new Set();
    for (const m of d.marbles) {
      const [r, c] = abaloneParseCell(m);
      cells.add(`cell:${m}`);
      if (abaloneOnBoard(r + dr, c + dd)) cells.add(`cell:${abaloneName(r + dr, c + dd)}`);
    }
    return { cells: [...cells] };
  },
  // Two players: the marbles each colour lost; more: the marbles each
  // player pushed off (its score).
  tally(state) {
    if (state.players === 2) {
      return ["b", "w"].map((c, k) => ({ k, count: state.ejected[c], text: `lost ${plural(state.ejected[c], "marble")}` }));
    }
    return state.scores.map((n, k) => ({ k, count: n, text: `pushed off ${plural(n, "marble")}` }));
  },
  endReason(state, resultWord, options, history) {
    if (resultWord === "draw") {
      const limit = Number(optionValue(options, "max_plies", "0"));
      const plies = (history || []).length - 1;
      if (limit && plies >= limit) return "move limit";
      if (repeated(history)) return "repetition";
      return state.players === 2 ? "no legal move" : "no player can move";
    }
    if (optionValue(options, "princess", "off") === "on" && !Object.values(state.cells).includes("p")) return "the princess pushed off";
    const pushed = state.players === 2 ? [state.ejected.b, state.ejected.w]
      : state.teams.map((t) => t.reduce((sum, k) => sum + state.scores[k], 0));
    return pushed.some((n) => n >= 6) ? "six marbles pushed off" : "";
  },
  draw(svg, state, view) {
    svg.setAttribute("viewBox", "0 0 520 470");
    defs(svg);
    svgEl("polygon", { class: "abalone-frame", points: "140,22 380,22 500,235 380,448 140,448 20,235" }, svg);
    for (const [r, d] of abaloneCells()) {
      const name = abaloneName(r, d), token = `cell:${name}`;
      const [x, y] = this.xy(token);
      const g = tokenGroup(svg, token, view, name);
      svgEl("circle", { cx: x, cy: y, r: 17, class: "hole" }, g);
      const c = state.cells[name];
      const k = ABALONE_LETTERS.indexOf(c);
      if (c && c !== ".") svgEl("circle", { cx: x, cy: y, r: 16, class: `marble ${k >= 0 ? ABALONE_COLOURS[k] : "princess"}` }, g);
      if (c === "p") text(g, x, y, "♛", "crown");
      // With more than two colours each marble carries its player's
      // number too: colours alone are hard to tell apart for some eyes.
      if (k >= 0 && state.players > 2) text(g, x, y, String(k + 1), `marble-number on-${ABALONE_COLOURS[k]}`);
      if (d === (r < 5 ? 1 : r - 3)) text(svg, x - 30, y, ABALONE_ROWS[r].toUpperCase(), "coord");
      if (r === 0 || (r < 5 && d === r + 5)) text(svg, x + 14, y + 30, String(d), "coord");
    }
    // Direction buttons around the selection, for the moves it allows.
    const sel = [...view.selected].filter((t) => t.startsWith("cell:"));
    if (sel.length) {
      const pts = sel.map((t) => this.xy(t));
      const cx = pts.reduce((s, p) => s + p[0], 0) / pts.length, cy = pts.reduce((s, p) => s + p[1], 0) / pts.length;
      for (const [dir, v] of Object.entries(ABALONE_DIRS)) {
        const token = `dir:${dir}`;
        if (!view.targets.has(token)) continue;
        const dx = HEX * (v[1] - v[0] / 2), dy = -v[0] * HEX * 0.87;
        const reach = sel.length === 1 ? 1 : 1.6;
        const g = tokenGroup(svg, token, view, `move ${dir}`);
        const x = cx + dx * reach, y = cy + dy * reach;
        svgEl("circle", { cx: x, cy: y, r: 13, class: "dir-button" }, g);
        text(g, x, y, { E: "→", W: "←", NE: "↗", NW: "↖", SE: "↘", SW: "↙" }[dir], "dir-label");
      }
    }
    drawArrows(svg, state, view, this);
    // Ejected marbles, as the players' trays in the corners outside the
    // frame, each named above or below its row (the page lists the scores
    // of more players beside the board).
    if (state.players > 2) return;
    for (const [who, count, y, ty] of [["b", state.ejected.w, 30, 12], ["w", state.ejected.b, 440, 460]]) {
      const owner = who === "b" ? "White" : "Black";
      for (let i = 0; i < count; i++) svgEl("circle", { cx: 470 - i * 14, cy: y, r: 6, class: `marble ${who === "b" ? "white" : "black"}` }, svg);
      text(svg, 440, ty, `${owner} lost ${count}`, "coord tray");
    }
  },
};

// ---------------------------------------------------------------- Zamma
const ZAMMA_FILES = "abcdefghi";
const zamma = {
  name: "zamma",
  players: ["black", "white"],
  markRadius: 21,
  parse(fen, options) {
    const [board, side, quiet] = fen.trim().split(/\s+/);
    const cells = {};
    board.split("/").forEach((row, i) => {
      expandRow(row).forEach((c, f) => { cells[ZAMMA_FILES[f] + (9 - i)] = c; });
    });
    return { cells, side, mover: side === "b" ? 0 : 1, board: optionValue(options, "board", "alquerque"),
      quiet: Number(quiet) || 0, key: `${board} ${side}` };
  },
  xy(token) {
    const name = token.replace(/^cell:/, "");
    return [50 + ZAMMA_FILES.indexOf(name[0]) * 50, 50 + (9 - Number(name.slice(1))) * 50];
  },
  points: (move) => move.replace(/\[.*$/, "").split(/[x-]/),
  clicks(move) {
    return this.points(move).map((p) => `cell:${p}`);
  },
  ends(move) {
    const p = this.points(move);
    return [`cell:${p[0]}`, `cell:${p[p.length - 1]}`];
  },
  hops(move) { return this.points(move).map((p) => `cell:${p}`); },
  // A capture chain is drawn hop by hop; each hop took the one enemy
  // piece on the line between its two landing points (a Mullah's hop
  // flies over empty points to it).
  lastMove(move, before) {
    const points = this.points(move);
    const cells = [`cell:${points[0]}`, `cell:${points[points.length - 1]}`];
    if (!move.includes("x")) return { cells };
    const enemy = before.side === "b" ? "w" : "b";
    const captured = [];
    for (let i = 1; i < points.length; i++) {
      const [f0, r0] = [ZAMMA_FILES.indexOf(points[i - 1][0]), Number(points[i - 1].slice(1))];
      const [f1, r1] = [ZAMMA_FILES.indexOf(points[i][0]), Number(points[i].slice(1))];
      const df = Math.sign(f1 - f0), dr = Math.sign(r1 - r0);
      for (let f = f0 + df, r = r0 + dr; f !== f1 || r !== r1; f += df, r += dr) {
        const name = ZAMMA_FILES[f] + r, piece = before.cells[name] || ".";
        if (piece.toLowerCase() === enemy) { captured.push([`cell:${name}`, `${enemy === "b" ? "black" : "white"}${piece === piece.toUpperCase() ? " king" : ""}`]); break; }
      }
    }
    return { cells, path: points.map((p) => `cell:${p}`), captured };
  },
  // Each side starts with 40 men; what is missing was captured.
  tally(state) {
    return ["b", "w"].map((c, k) => {
      const lost = 40 - Object.values(state.cells).filter((x) => x.toLowerCase() === c).length;
      return { k, count: lost, text: `lost ${plural(lost, "piece")}` };
    });
  },
  endReason(state, resultWord, options, history) {
    const winner = soleWinner(resultWord);
    if (winner !== null) {
      const loser = winner === 0 ? "w" : "b";
      return Object.values(state.cells).some((x) => x.toLowerCase() === loser) ? "no legal move" : "no pieces left";
    }
    if (resultWord !== "draw") return "";
    const quiet = optionValue(options, "quiet_plies", "50");
    if (quiet !== "off" && state.quiet >= Number(quiet)) return `${quiet} plies without a capture or an advance`;
    if (repeated(history)) return "repetition";
    return "neither side can move";
  },
  draw(svg, state, view) {
    // The coordinates sit in the margin outside the ground, where no
    // piece covers them.
    svg.setAttribute("viewBox", "0 0 500 500");
    defs(svg);
    svgEl("rect", { x: 20, y: 20, width: 460, height: 460, class: "zamma-ground" }, svg);
    for (let i = 0; i < 9; i++) {
      svgEl("line", { x1: 50, y1: 50 + i * 50, x2: 450, y2: 50 + i * 50, class: "line" }, svg);
      svgEl("line", { x1: 50 + i * 50, y1: 50, x2: 50 + i * 50, y2: 450, class: "line" }, svg);
      text(svg, 50 + i * 50, 491, ZAMMA_FILES[i], "coord");
      text(svg, 10, 50 + i * 50, String(9 - i), "coord");
    }
    if (state.board !== "orthogonal") {
      for (let f = 0; f < 8; f++) {
        for (let r = 0; r < 8; r++) {
          // Alquerque: diagonals only through points whose file + rank is even.
          const x = 50 + f * 50, y = 450 - r * 50;
          if (state.board === "full" || (f + r) % 2 === 0) svgEl("line", { x1: x, y1: y, x2: x + 50, y2: y - 50, class: "line" }, svg);
          if (state.board === "full" || (f + r + 1) % 2 === 0) svgEl("line", { x1: x, y1: y - 50, x2: x + 50, y2: y, class: "line" }, svg);
        }
      }
    }
    for (const [name, c] of Object.entries(state.cells)) {
      const token = `cell:${name}`, [x, y] = this.xy(token);
      const g = tokenGroup(svg, token, view, name);
      svgEl("circle", { cx: x, cy: y, r: 20, class: "spot" }, g);
      if (c === ".") continue;
      const black = c.toLowerCase() === "b";
      svgEl("circle", { cx: x, cy: y, r: 18, class: `man ${black ? "black" : "white"}` }, g);
      if (c === "B" || c === "W") text(g, x, y, "♛", black ? "crown on-black" : "crown");
    }
    drawArrows(svg, state, view, this);
  },
};

// ---------------------------------------------------------------- Petteia / Kubeia
const PETTEIA_FILES = "abcdefghijkl";
const GREEK_FILES = ["Α", "Β", "Γ", "Δ", "Ε", "Ζ", "Η", "Θ", "Ι", "Κ", "Λ", "Μ"];
const PETTEIA_PIECES = { p: "peltast", o: "hoplite", b: "basileus" };
const PETTEIA_START = { p: 12, o: 12, b: 1 };
// The endings of petteia.md "End of game", said in a few words.
const PETTEIA_REASONS = {
  decimation: "decimation: the last Peltast or Hoplite of a kind captured",
  siege: "siege: no legal move",
  rout: "rout: the Basileus captured",
  breakthrough: "breakthrough: the Basileus reached the far row",
  reluctance: "reluctance: three passive moves",
  superiority: "superiority: more pieces at the no-capture limit",
  equality: "equality: equal pieces at the no-capture limit",
};
function petteiaGame(name) {
  return {
    name,
    players: ["white", "black"],
    markRadius: 18,
    parse(fen) {
      const [board, side, roll, , , , result] = fen.trim().split(/\s+/);
      const cells = {};
      board.split("/").forEach((row, i) => {
        expandRow(row).forEach((c, f) => { cells[PETTEIA_FILES[f] + (8 - i)] = c; });
      });
      return { cells, side, roll, mover: side === "w" ? 0 : 1, result: result || "*", key: `${board} ${side}` };
    },
    xy(token) {
      const sq = token.replace(/^cell:/, "");
      return [40 + PETTEIA_FILES.indexOf(sq[0]) * 40 + 20, 20 + (8 - Number(sq.slice(1))) * 40 + 20];
    },
    squares: (move) => (move === "pass" ? [] : move.split("x")[0].split("-")),
    clicks(move) {
      return move === "pass" ? ["pass"] : this.squares(move).map((s) => `cell:${s}`);
    },
    ends(move) {
      const s = this.squares(move);
      return s.length === 2 ? [`cell:${s[0]}`, `cell:${s[1]}`] : null;
    },
    // The move word names the squares it captured on (`e3-e5xd5xe6`).
    lastMove(move, before) {
      const captured = move.split("x").slice(1).map((sq) => {
        const piece = before.cells[sq] || ".";
        return [`cell:${sq}`, `${piece === piece.toUpperCase() ? "white" : "black"} ${PETTEIA_PIECES[piece.toLowerCase()] || ""}`];
      });
      return { cells: this.squares(move).map((sq) => `cell:${sq}`), captured };
    },
    // Each side starts with 12 Peltasts, 12 Hoplites and a Basileus.
    tally(state) {
      const pieces = Object.values(state.cells);
      return [0, 1].map((k) => {
        const lost = Object.entries(PETTEIA_START).map(([letter, n]) => {
          const own = k === 0 ? letter.toUpperCase() : letter;
          return [PETTEIA_PIECES[letter], n - pieces.filter((x) => x === own).length];
        }).filter(([, n]) => n > 0);
        const count = lost.reduce((sum, [, n]) => sum + n, 0);
        return { k, count, text: `lost ${count}${count ? `: ${lost.map(([name, n]) => plural(n, name)).join(", ")}` : ""}` };
      });
    },
    // The position string ends with the result and the rules' name for
    // how it came (`0-1:reluctance`).
    endReason(state) {
      const reason = state.result.split(":")[1];
      return PETTEIA_REASONS[reason] || reason || "";
    },
    draw(svg, state, view) {
      svg.setAttribute("viewBox", "0 0 540 380");
      defs(svg);
      for (let r = 1; r <= 8; r++) {
        for (let f = 0; f < 12; f++) {
          const sq = PETTEIA_FILES[f] + r, token = `cell:${sq}`;
          const [x, y] = this.xy(token);
          const g = tokenGroup(svg, token, view, sq);
          svgEl("rect", { x: x - 20, y: y - 20, width: 40, height: 40, class: (f + r) % 2 ? "square light" : "square dark" }, g);
          const c = state.cells[sq];
          if (!c || c === ".") continue;
          const white = c === c.toUpperCase();
          const kind = c.toLowerCase();
          svgEl("circle", { cx: x, cy: y, r: kind === "p" ? 12 : 15, class: `man ${white ? "white" : "black"}` }, g);
          if (kind === "o") svgEl("circle", { cx: x, cy: y, r: 9, class: `ring ${white ? "on-white" : "on-black"}` }, g);
          if (kind === "b") text(g, x, y, "♛", white ? "crown" : "crown on-black");
        }
      }
      const greek = view.greek;
      for (let f = 0; f < 12; f++) text(svg, 60 + f * 40, 352, greek ? GREEK_FILES[f] : PETTEIA_FILES[f], "coord");
      for (let r = 1; r <= 8; r++) text(svg, 28, 20 + (8 - r) * 40 + 20, String(r), "coord");
      drawArrows(svg, state, view, this);
    },
  };
}

// ---------------------------------------------------------------- Palma
// The track of the side not to move takes no clicks.
const INERT_VIEW = { clickable: new Set(), targets: new Set(), selected: new Set() };
// Each side's private track: square 0, then 1..29 snaking over three rows
// (1-10, 11-20 back, 21-29), the goal 25..29 shaded.
function palmaXY(side, sq) {
  const left = side === 0 ? 20 : 300;
  if (sq === 0) return [left + 20, 330];
  const row = Math.floor((sq - 1) / 10), i = (sq - 1) % 10;
  const col = row === 1 ? 9 - i : i;
  return [left + 20 + col * 26, 270 - row * 90];
}
const palma = {
  name: "palma",
  players: ["hounds", "jackals"],
  markRadius: 13,
  parse(fen, options) {
    const parts = fen.trim().split(/\s+/);
    const side = (p) => {
      const [waiting, onZero, squares] = p.slice(2).split("/");
      return { waiting: Number(waiting), onZero: Number(onZero), squares: squares === "-" ? [] : squares.split(",").map(Number) };
    };
    const h = side(parts.find((p) => p.startsWith("h=")));
    const j = side(parts.find((p) => p.startsWith("j=")));
    const phase = parts.slice(2).join(" ");
    let mover = 0, value = null;
    const use = /(use|passed)=([hj]):(\d)/.exec(phase);
    const thr = /(throw|over)=([hj])/.exec(phase);
    if (use) { mover = use[2] === "h" ? 0 : 1; value = Number(use[3]); } else if (thr) mover = thr[2] === "h" ? 0 : 1;
    const shortcuts = optionValue(options, "shortcuts", "10>24,20>22");
    const extra = optionValue(options, "extra_squares", "15");
    return {
      sides: [h, j], phase, mover, value,
      shortcuts: shortcuts === "none" ? [] : shortcuts.split(",").map((s) => s.split(">").map(Number)),
      extra: extra === "none" ? [] : extra.split(",").map(Number),
    };
  },
  xy(token, state) {
    const m = /^sq:(\d+)$/.exec(token);
    if (m) return palmaXY(state.mover, Number(m[1]));
    if (token === "enter") return [state.mover === 0 ? 100 : 380, 330];
    return null;
  },
  clicks(move) {
    if (move === "enter" || move === "pass") return [move];
    return [`sq:${move.split("-")[0]}`];
  },
  ends(move, state) {
    if (move === "enter") return ["enter", "sq:0"];
    const m = /^(\d+)-(\d+)$/.exec(move);
    if (!m) return null;
    const [a, b] = [Number(m[1]), Number(m[2])];
    const shortcut = state.shortcuts.find(([from]) => from === b);
    return [`sq:${a}`, `sq:${shortcut ? shortcut[1] : b}`];
  },
  // The squares are named on the track of the side that moved, which
  // takes no clicks (`other:`) once the turn has passed to the other side.
  lastMove(move, before, after) {
    const ends = this.ends(move, before);
    if (!ends) return { cells: [] };
    const own = !after || after.mover === before.mover;
    const cells = ends.filter((t) => t.startsWith("sq:")).map((t) => (own ? t : t.replace(/^sq:/, "other:")));
    return { cells, path: ends };
  },
  // Five pegs a side: home is the goal, 25 to 29.
  tally(state) {
    return state.sides.map((side, k) => {
      const home = side.squares.filter((sq) => sq >= 25).length;
      return { k, count: home, text: `${home} of 5 home, ${side.waiting} to enter` };
    });
  },
  endReason(state, resultWord) {
    return soleWinner(resultWord) !== null ? "all pegs home" : "";
  },
  draw(svg, state, view) {
    svg.setAttribute("viewBox", "0 0 580 370");
    defs(svg);
    const names = ["Hounds", "Jackals"];
    for (const side of [0, 1]) {
      const left = side === 0 ? 20 : 300;
      text(svg, left + 130, 20, names[side] + (state.mover === side ? " ◀" : ""), "track-name");
      // Shortcut arcs and the path of the track.
      for (const [from, to] of state.shortcuts) {
        const [x1, y1] = palmaXY(side, from), [x2, y2] = palmaXY(side, to);
        svgEl("path", { d: `M ${x1} ${y1} Q ${(x1 + x2) / 2 + 40} ${(y1 + y2) / 2} ${x2} ${y2}`, class: "shortcut" }, svg);
      }
      const own = state.sides[side];
      const mine = side === state.mover;
      for (let sq = 0; sq <= 29; sq++) {
        const [x, y] = palmaXY(side, sq);
        const token = mine ? `sq:${sq}` : `other:${sq}`;
        const g = tokenGroup(svg, token, mine ? view : { ...INERT_VIEW, lastCells: view.lastCells }, `square ${sq}`);
        const cls = ["hole"];
        if (sq >= 25) cls.push("goal");
        if (state.extra.includes(sq)) cls.push("extra");
        if (state.shortcuts.some(([a, b]) => a === sq || b === sq)) cls.push("special");
        svgEl("circle", { cx: x, cy: y, r: sq === 0 ? 16 : 11, class: cls.join(" ") }, g);
        text(svg, x, y + (sq === 0 ? 26 : 19), String(sq), "track-number");
        const here = sq === 0 ? own.onZero : own.squares.includes(sq) ? 1 : 0;
        if (here) svgEl("circle", { cx: x, cy: y, r: 8, class: `peg ${side === 0 ? "hound" : "jackal"}` }, g);
        if (sq === 0 && own.onZero > 1) text(g, x, y, String(own.onZero), "count");
        if (state.extra.includes(sq)) text(svg, x, y - 17, "★", "star");
      }
      // Pieces not yet entered: the pile a person clicks to enter one.
      const [px, py] = [left + 80, 330];
      const g = tokenGroup(svg, mine ? "enter" : `pile:${side}`, mine ? view : INERT_VIEW, "enter a piece");
      svgEl("rect", { x: px - 10, y: py - 16, width: 120, height: 32, rx: 8, class: "pile" }, g);
      for (let i = 0; i < own.waiting; i++) svgEl("circle", { cx: px + 6 + i * 20, cy: py, r: 7, class: `peg ${side === 0 ? "hound" : "jackal"}` }, g);
      text(svg, px + 50, py + 26, `${own.waiting} waiting`, "track-number");
    }
    drawArrows(svg, state, view, this);
  },
};

// The sticks of a Palma throw (three sticks: 1, 2 or 3 flat sides up count
// that much; none up counts 5) and the two dice of a Kubeia roll.
function drawChance(container, game, word) {
  container.replaceChildren();
  if (!word) return;
  const svg = svgEl("svg", { viewBox: "0 0 160 60", class: "chance-picture", role: "img" }, container);
  if (game === "palma") {
    const value = Number(word.slice(1));
    const flat = value === 5 ? 0 : value;
    svg.setAttribute("aria-label", `sticks: ${flat} flat side${flat === 1 ? "" : "s"} up, ${value}`);
    for (let i = 0; i < 3; i++) {
      svgEl("rect", { x: 10 + i * 34, y: 8, width: 22, height: 44, rx: i < flat ? 3 : 11, class: i < flat ? "stick flat" : "stick round" }, svg);
    }
    text(svg, 135, 30, String(value), "chance-value");
  } else {
    const dice = word.slice(1).split("").map(Number);
    svg.setAttribute("aria-label", `dice ${dice.join(" and ")}`);
    const pips = { 1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]], 4: [[1, 1], [1, 3], [3, 1], [3, 3]],
      5: [[1, 1], [1, 3], [2, 2], [3, 1], [3, 3]], 6: [[1, 1], [1, 2], [1, 3], [3, 1], [3, 2], [3, 3]] };
    dice.forEach((v, k) => {
      const x0 = 10 + k * 60;
      svgEl("rect", { x: x0, y: 6, width: 48, height: 48, rx: 8, class: "die" }, svg);
      for (const [c, r] of pips[v] || []) svgEl("circle", { cx: x0 + c * 12, cy: 6 + r * 12, r: 4, class: "pip" }, svg);
    });
  }
}

// Turns the drawn board half a turn about its centre; each text turns
// back about its own place, so labels stay upright where they now stand.
// Abalone's direction arrows turn with the board: they point along it.
function flipBoard(svg) {
  const [x, y, w, h] = svg.getAttribute("viewBox").split(/\s+/).map(Number);
  const g = svgEl("g", { class: "flipped", transform: `rotate(180 ${x + w / 2} ${y + h / 2})` });
  for (const child of [...svg.children]) if (child.tagName !== "defs") g.appendChild(child);
  svg.appendChild(g);
  for (const t of g.querySelectorAll("text:not(.dir-label)")) t.setAttribute("transform", `rotate(180 ${t.getAttribute("x")} ${t.getAttribute("y")})`);
}

// What every game's `draw` does around drawing its position: the
// position previewed instead (with nothing to click on it), the last
// move's marks, and the flip.
function withViewing(game) {
  const drawPosition = game.draw;
  game.draw = function (svg, state, view) {
    const shown = view.preview
      ? { ...view, clickable: new Set(), targets: new Set(), selected: new Set(), lastMoveWord: null, lastState: null, pvLines: null, pvMove: null }
      : { ...view };
    shown.lastMarks = shown.lastMoveWord && shown.lastState ? this.lastMove(shown.lastMoveWord, shown.lastState, state) : null;
    shown.lastCells = new Set(shown.lastMarks ? shown.lastMarks.cells : []);
    drawPosition.call(this, svg, view.preview || state, shown);
    if (view.flipped) flipBoard(svg);
  };
  return game;
}

const GAMES = Object.fromEntries(Object.entries({ abalone, zamma, petteia: petteiaGame("petteia"), kubeia: petteiaGame("kubeia"), palma })
  .map(([name, game]) => [name, withViewing(game)]));
window.agonBoards = { GAMES, drawChance };
})();

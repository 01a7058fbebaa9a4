// Records written and read: agon's record, APGN and Petteia's
// transcription.
"use strict";

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

// The game as played (the line to the position it is at, whatever is
// shown), with its result once it is over.
function exportRecord(format) {
  const record = wordsTo(G.live);
  const over = (G.live.desc && G.live.desc.turn === "none") || G.flagged !== null || G.forfeit;
  const [word] = over ? resultText() : ["none"];
  const result = G.players.length === 2 ? RESULT_WORDS[word] || "*" : placesText(word);
  const names = seats().map(controllerName);
  if (format === "apgn" && G.game === "abalone" && G.players.length > 2) return multiApgn(word, names, record);
  if (format === "apgn") {
    if (G.game !== "abalone") throw new Error("APGN is Abalone's format");
    const tags = [["Event", "agon gui"], ["Black", names[0]], ["White", names[1]], ["Variant", /layout=(\S+)/.exec(G.normOptions)?.[1] || "standard"]];
    if (G.start) tags.push(["Position", G.start]);
    tags.push(["Result", result]);
    const moves = record.map((m, i) => (i % 2 === 0 ? `${i / 2 + 1}. ${m}` : m));
    return tags.map(([k, v]) => `[${k} "${v}"]`).join("\n") + "\n\n" + wrap([...moves, result]) + "\n";
  }
  if (format === "transcription") {
    if (G.game !== "petteia" && G.game !== "kubeia") throw new Error("the transcription is Petteia's and Kubeia's format");
    return transcription(result, record);
  }
  // agon's record as `agon match` writes it (src/arena/record.rs), so that
  // `agon analyse --record` and `agon match --openings-file` read it: each
  // seat's player (a person, or an engine and its options) an entrant.
  const who = seats().map((k) => `${G.controllers[k]}\t${G.engineOptions[k] || ""}`);
  const keys = [];
  const entrants = who.map((w) => { if (!keys.includes(w)) keys.push(w); return keys.indexOf(w); });
  const tags = [["Game", G.game], ["Options", G.normOptions], ["Number", "1"]];
  for (const k of seats()) tags.push([capital(playerName(k)), names[k]]);
  tags.push(["Entrants", entrants.join(" ")]);
  tags.push(["Start", G.start || (G.tree.desc && G.tree.desc.fen) || ""]);
  const done = over ? result : "*";
  tags.push(["Result", done], ["Reason", over ? recordReason() : "unfinished"], ["Plies", String(record.length)]);
  // Each word with its comment (comments.js), as `{…}` after it.
  const words = pathTo(G.live).slice(1).map((n) => (n.comment ? `${n.word} {${commentText(n.comment)}}` : n.word));
  return tags.map(([k, v]) => `[${k} "${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"]`).join("\n") + "\n\n" + wrap(words) + `\n${done}\n`;
}

// A finished game's `Reason`, in the words `agon match` writes: the page's
// rulings (a flag, a forfeit, a resignation, an agreed draw) or the rules.
function recordReason() {
  if (G.flagged !== null) return `forfeit ${playerName(G.flagged)} time`;
  const f = G.forfeit;
  if (!f) return "rules";
  if (f.reason === "resignation") return `resign ${playerName(f.loser)}`;
  if (f.reason === "agreement") return "draw agreed";
  return `forfeit ${playerName(f.loser)} ${f.fault || "protocol error"}`;
}

// APGN for 3, 4 or 6 players, as agon writes it: a Players tag, a name
// tag per colour, the protocol's result word (`p3win`, `rank1-2-1-2`,
// `draw`) and the moves numbered per round, counted from the start's ply.
function multiApgn(word, names, record) {
  const n = G.players.length;
  const result = /^(draw|p\d+win|rank[\d-]+)$/.test(word) ? word : "*";
  const tags = [["Event", "agon gui"], ["Players", String(n)], ...seats().map((k) => [capital(playerName(k)), names[k]])];
  if (G.start) tags.push(["Position", G.start]);
  tags.push(["Result", result]);
  const first = Number((G.start || "").trim().split(/\s+/)[2]) || 0;
  const moves = record.map((m, i) => {
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
function transcription(result, record) {
  const turns = [];
  let roll = null, side = G.fen && G.start ? (G.start.split(/\s+/)[1] === "b" ? 1 : 0) : 0, current = null;
  for (const w of record) {
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
  // Braces hold engines' notes and comments (comments.js): each becomes a
  // marker word after the word it belongs to, read back below.
  const groups = [];
  let body = takeBraces(textIn.replace(/^\s*\[.*\]\s*$/gm, " "), groups).replace(/\([^)]*\)/g, " ");
  // The result closes the record: only the last word may be one (Palma's
  // move `0-1` reads like a result anywhere else), and it goes before the
  // commas of places (`1,2,1,2`) are read as separators.
  body = body.replace(/(^|\s)(1-0|0-1|1\/2-1\/2|½-½|\*|\d+(?:,\d+)+|draw|p\d+win|rank[\d-]+)\s*$/, " ");
  const transcription = /^\s*\d+\)/m.test(body);
  let game = tags.Game || (tags.Variant || tags.Black !== undefined && !tags.Game ? "abalone" : G.game);
  if (transcription && !tags.Game) game = G.game === "kubeia" ? "kubeia" : "petteia";
  body = body.replace(/\d+\)/g, " ").replace(/\d+\.(\.\.)?/g, " ").replace(/[,;]/g, " ").replace(/\.\.\./g, " ");
  body = body.replace(/[ΑΒΓΔΕΖΗΘΙΚΛΜ]/g, (c) => GREEK[c]);
  const words = [], comments = [];
  for (const w of body.split(/\s+/).filter(Boolean)) {
    const marker = /^\u0001(\d+)\u0001$/.exec(w);
    if (!marker) words.push(transcription && /^[1-6][1-6]$/.test(w) ? `r${w}` : w);
    else if (words.length) {
      const text = commentFrom(groups[Number(marker[1])]);
      if (text) comments[words.length - 1] = comments[words.length - 1] ? `${comments[words.length - 1]} ${text}` : text;
    }
  }
  let options = tags.Options || "";
  if (!tags.Game && tags.Variant) options = `layout=${tags.Variant.toLowerCase()}`;
  if (!tags.Game && tags.Players) options = `players=${tags.Players}`;
  return { game, options, start: tags.Start || tags.Position || null, words, comments };
}

async function importRecord() {
  let parsed;
  try {
    parsed = parseRecord($("record").value);
  } catch (err) {
    showError(`import: ${err.message}`);
    return;
  }
  await openRecord(parsed);
}

// Starts the game of a parsed record or link and replays its words through
// the referee; true when the referee took the setup.
async function openRecord(parsed) {
  if (!GAMES[parsed.game]) { showError(`import: unknown game '${parsed.game}'`); return false; }
  $("game").value = parsed.game;
  fillStrengths();
  $("options").value = parsed.options;
  $("startfen").value = parsed.start || "";
  updateSeats();
  for (let k = 1; k <= 6; k++) $(`p${k}`).value = "person";
  const gen = G.generation;
  // Word by word, so an illegal one is named and the game stops before it.
  await newGame(parsed.words);
  if (G.generation === gen) return false;
  // The record's comments on the words the game took.
  const nodes = pathTo(G.live).slice(1);
  (parsed.comments || []).forEach((text, i) => { if (text && nodes[i]) nodes[i].comment = text.slice(0, MAX_COMMENT); });
  if ((parsed.comments || []).length) { render(); saveGame(); }
  return true;
}

// ---------------------------------------------------------------- files
function fileStatus(text) { $("filestatus").textContent = text; }

function exportToBox() {
  try {
    $("record").value = exportRecord($("format").value);
    return true;
  } catch (err) {
    showError(`export: ${err.message}`);
    return false;
  }
}

// agon-zamma-2026-11-26-0514.txt (APGN: .pgn).
function recordFileName(format) {
  const d = new Date(), two = (n) => String(n).padStart(2, "0");
  const stamp = `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}-${two(d.getHours())}${two(d.getMinutes())}`;
  return `agon-${G.game}-${stamp}.${format === "apgn" ? "pgn" : "txt"}`;
}

function downloadRecord() {
  if (!exportToBox()) return;
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([$("record").value], { type: "text/plain" }));
  a.download = recordFileName($("format").value);
  document.body.append(a);
  a.click();
  a.remove();
  // The download reads the blob after the click returns.
  setTimeout(() => URL.revokeObjectURL(a.href), 60000);
  fileStatus(`downloaded ${a.download}`);
}

function openRecordFile(file) {
  const reader = new FileReader();
  reader.onload = () => {
    $("record").value = reader.result;
    fileStatus(`opened ${file.name}`);
    importRecord();
  };
  reader.onerror = () => showError(`open ${file.name}: ${reader.error ? reader.error.message : "unreadable"}`);
  reader.readAsText(file);
}

// Copies the record box: through the clipboard API, or where the browser
// refuses it (no secure context, no permission) by selecting the box's
// text for the older copy command. Says which happened.
async function copyRecordBox() {
  const box = $("record");
  try {
    await navigator.clipboard.writeText(box.value);
    fileStatus("copied to the clipboard");
  } catch (err) {
    box.focus();
    box.select();
    if (document.execCommand("copy")) fileStatus("copied by selecting the text (the clipboard API was refused)");
    else showError(`copy: the browser refused both the clipboard and the copy command (${err.message})`);
  }
}

// ---------------------------------------------------------------- links
// The game, options, start and moves of the line shown, as a URL
// fragment (the page's token stays in the query).
function shareFragment() {
  const p = new URLSearchParams({ game: G.game });
  if (G.options) p.set("options", G.options);
  if (G.start) p.set("fen", G.start);
  if (G.record.length) p.set("moves", G.record.join(" "));
  return p.toString();
}

// The link holds the game alone, never the launch's token: it opens in
// this browser from any launch (connection.js keeps the last token).
async function shareLink() {
  if (!G.state) return;
  $("record").value = `${location.origin}/#${shareFragment()}`;
  await copyRecordBox();
}

// A shared link's fragment read back; null when the fragment holds none.
function parseShared(hash) {
  const p = new URLSearchParams(hash.replace(/^#/, ""));
  if (![...p.keys()].length) return null;
  const game = p.get("game");
  if (!GAMES[game]) throw new Error(`the game '${game}' is not one of this page's`);
  const words = (p.get("moves") || "").split(/\s+/).filter(Boolean);
  return { game, options: p.get("options") || "", start: p.get("fen") || null, words };
}

// The first game: the shared link's board when the page was opened with
// one, else the form's game. A link the referee refuses is one error line
// over the form's game.
async function openFirstGame() {
  let shared = null, problem = null;
  try {
    shared = parseShared(location.hash);
    if (shared) {
      G.referee = await engineFor(0, G.referee);
      problem = await checkSetup(shared);
    }
  } catch (err) {
    problem = err.message;
  }
  if (shared && !problem) {
    if (await openRecord(shared)) return;
    problem = "the game it names did not start";
    $("options").value = "";
    $("startfen").value = "";
    updateSeats();
  }
  // Else the game this browser kept last (a reload, a new launch).
  const lib = loadLibrary();
  if (!shared && !problem && lib.current && lib.games[lib.current] && (await openSaved(lib.current))) return;
  await newGame();
  if (problem) showError(`the shared link was not opened: ${problem}`);
}

// No game lost: every game is kept in the browser's storage as it is
// played (its tree of lines, seats, form and result), so that a reload, a
// dropped connection or a new launch of `agon gui` at the same address
// (port 8765 unless --port says otherwise) brings it back; and a library of
// the kept games, to open, rename, delete and export.
"use strict";

// { games: { id: saved }, current: id of the game on the board }
const LIBRARY_KEY = "agon.library";
// The oldest games go first beyond this many (a browser's storage is a
// few MB; a long game is a few KB).
const MAX_SAVED = 200;
// The fields of the setup form a game is restored with.
const FORM_FIELDS = ["game", "options", "startfen", "tc", "limits", "strength", "seed",
  ...[1, 2, 3, 4, 5, 6].flatMap((k) => [`p${k}`, `p${k}opts`])];

function loadLibrary() {
  try {
    const lib = JSON.parse(localStorage.getItem(LIBRARY_KEY) || "null");
    if (lib && lib.games && typeof lib.games === "object") return lib;
  } catch (err) {
    // A library another version wrote, or a broken one: start afresh.
  }
  return { games: {}, current: null };
}

let storageRefused = false;
function storeLibrary(lib) {
  try {
    localStorage.setItem(LIBRARY_KEY, JSON.stringify(lib));
    storageRefused = false;
    return true;
  } catch (err) {
    // Said once, not at every move.
    if (!storageRefused) showError(`the browser refused to keep the game (${err.message}): export it to keep it`);
    storageRefused = true;
    return false;
  }
}

// The form as the game was set up (taken when it starts).
function formSnapshot() {
  return Object.fromEntries(FORM_FIELDS.filter((id) => $(id)).map((id) => [id, $(id).value]));
}

// `x`: a line the person explored at an engine's turn (game.js); `m`: the
// comment on the word (comments.js); `s`: the shapes drawn on its
// position (shapes.js).
function treeOf(node) {
  const t = { w: node.word, c: node.children.map(treeOf) };
  if (node.explored) t.x = 1;
  if (node.comment) t.m = node.comment;
  if (node.shapes) t.s = node.shapes;
  return t;
}

// The saved lines that the tree lacks, added below `node` (their
// positions are asked for when they are shown).
function addLines(node, saved) {
  for (const child of saved.c || []) {
    if (typeof child.w !== "string") continue;
    const n = childFor(node, child.w);
    if (child.x) n.explored = true;
    if (typeof child.m === "string" && child.m.trim()) n.comment = child.m.slice(0, MAX_COMMENT);
    if (Array.isArray(child.s)) n.shapes = child.s.filter((s) => s && typeof s.from === "string" && typeof s.to === "string").slice(0, 64);
    addLines(n, child);
  }
}

const newGameId = () => `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e9).toString(36)}`;

// Keeps the game on the board (from its first word on; an untouched new
// game is not worth a place) as the library's current game.
function saveGame() {
  // While a kept game is replayed its copy stays as it was.
  if (G.restoring || !G.tree || !G.libraryId || !G.live || !G.live.desc) return;
  const lib = loadLibrary();
  const known = lib.games[G.libraryId];
  if (!known && !G.tree.children.length) return;
  let record = "";
  try { record = exportRecord("agon"); } catch (err) { record = ""; }
  const over = document.body.dataset.state === "over";
  lib.games[G.libraryId] = {
    id: G.libraryId,
    name: known ? known.name : `${capital(G.game)}, ${new Date().toLocaleString()}`,
    created: known ? known.created : Date.now(),
    updated: Date.now(),
    game: G.game,
    form: G.form || formSnapshot(),
    tree: treeOf(G.tree),
    live: wordsTo(G.live),
    shown: wordsTo(G.node),
    forfeit: G.forfeit,
    flagged: G.flagged,
    // The time each seat had left when the game reached its position.
    clocks: G.clocks,
    result: over ? $("result").textContent : "",
    record,
  };
  lib.current = G.libraryId;
  const ids = Object.keys(lib.games).sort((a, b) => lib.games[a].updated - lib.games[b].updated);
  while (ids.length > MAX_SAVED) delete lib.games[ids.shift()];
  if (storeLibrary(lib)) renderLibrary(lib);
}

// Opens saved game `id`: its form, then its game line replayed through
// the referee, its other lines, its result and the position shown.
async function openSaved(id) {
  const saved = loadLibrary().games[id];
  if (!saved) return false;
  for (const [field, value] of Object.entries(saved.form || {})) if ($(field)) $(field).value = value;
  fillStrengths();
  updateSeats();
  G.restoring = saved;
  const gen = G.generation;
  await newGame(saved.live || []);
  G.restoring = null;
  return G.generation !== gen && G.libraryId === id;
}

// Called by startGame once the game line is replayed: the rest of what
// was saved. True if a page's ruling (a flag, a resignation) ended it.
async function restoreSaved(saved) {
  addLines(G.tree, saved.tree || {});
  // The clocks as they were, not the base time again.
  if (G.clocks && Array.isArray(saved.clocks) && saved.clocks.length === G.clocks.length && saved.clocks.every(Number.isFinite)) {
    G.clocks = saved.clocks.slice();
  }
  if (saved.flagged !== null && saved.flagged !== undefined) G.flagged = saved.flagged;
  if (saved.forfeit) G.forfeit = saved.forfeit;
  let node = G.tree;
  for (const w of saved.shown || []) {
    const next = node.children.find((c) => c.word === w);
    if (!next) break;
    node = next;
  }
  if (node !== G.live && (await describe(node))) {
    G.node = node;
    syncPath();
  }
  return G.flagged !== null || Boolean(G.forfeit);
}

// ---------------------------------------------------------------- the library's panel

function renderLibrary(lib = loadLibrary()) {
  const list = $("savedgames");
  if (!list) return;
  const games = Object.values(lib.games).sort((a, b) => b.updated - a.updated);
  list.replaceChildren(...games.map((s) => {
    const li = document.createElement("li");
    li.dataset.id = s.id;
    if (s.id === G.libraryId) li.classList.add("current");
    const name = document.createElement("input");
    name.className = "saved-name";
    name.value = s.name;
    name.setAttribute("aria-label", "the game's name");
    name.addEventListener("change", () => renameSaved(s.id, name.value));
    const about = document.createElement("small");
    about.textContent = `${s.game}, ${(s.live || []).length} plies${s.result ? `, ${s.result}` : ""}`;
    const buttons = [["open", "Open"], ["delete", "Delete"]].map(([act, text]) => {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.act = act;
      b.textContent = text;
      return b;
    });
    li.append(name, " ", about, " ", ...buttons);
    return li;
  }));
  $("librarycount").textContent = `${games.length} saved`;
}

function renameSaved(id, name) {
  const lib = loadLibrary();
  if (!lib.games[id]) return;
  lib.games[id].name = name.trim().slice(0, 200) || lib.games[id].name;
  storeLibrary(lib);
  renderLibrary(lib);
}

function deleteSaved(id) {
  const lib = loadLibrary();
  delete lib.games[id];
  if (lib.current === id) lib.current = null;
  // The game on the board is no longer kept until it is played on.
  if (G.libraryId === id) G.libraryId = newGameId();
  storeLibrary(lib);
  renderLibrary(lib);
}

// Every kept game as agon records in one file (the CLI reads them all).
function exportLibrary() {
  const lib = loadLibrary();
  const records = Object.values(lib.games).sort((a, b) => a.created - b.created).map((s) => s.record).filter(Boolean);
  $("record").value = records.join("\n");
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([$("record").value], { type: "text/plain" }));
  a.download = `agon-library-${new Date().toISOString().slice(0, 10)}.txt`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 60000);
  fileStatus(`exported ${records.length} games`);
}

$("savedgames").addEventListener("click", (ev) => {
  const button = ev.target.closest("button[data-act]");
  const li = ev.target.closest("li[data-id]");
  if (!button || !li) return;
  if (button.dataset.act === "open") openSaved(li.dataset.id);
  else if (button.dataset.act === "delete") deleteSaved(li.dataset.id);
});
$("exportall").addEventListener("click", exportLibrary);
renderLibrary();

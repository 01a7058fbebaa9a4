// Comments on moves, as lichess's analysis board keeps them: the box under
// the move list holds the shown move's comment, the move list shows each
// one after its move, the library keeps them with the tree, and agon's
// record writes them as PGN does, `{…}` after the move (the record format:
// `\` escapes the character after it, and a comment that would read as an
// engine's note starts with `\`).
"use strict";

// The node whose comment the box shows (it is filled anew only when the
// shown move changes, so typing is never overwritten by a redraw).
let commentShown = null;

function renderComment() {
  const box = $("comment");
  if (commentShown === G.node && box.value === (G.node.comment || "")) return;
  commentShown = G.node;
  box.value = G.node.comment || "";
  box.disabled = !G.node.parent;
}

$("comment").addEventListener("input", () => {
  const node = commentShown;
  if (!node || !node.parent) return;
  // One line, as a record holds it; at most what a record line is worth.
  const text = $("comment").value.replace(/[\r\n]+/g, " ").slice(0, MAX_COMMENT);
  if (text.trim()) node.comment = text;
  else delete node.comment;
  renderMoveList();
  saveGame();
});

const MAX_COMMENT = 2000;

// The comment after a word in the move list.
function commentEl(node) {
  const el = document.createElement("span");
  el.className = "comment";
  el.textContent = node.comment;
  el.dataset.node = String(node.id);
  return el;
}

// Only the characters an engine's note is made of (`+0.36/7 0.101s`,
// `-M3 0.050s`): such a comment is marked so as not to be read as one.
const NOTE_LIKE = /^[\d.+\-M/s\s]*$/;

// A comment as it stands between braces in agon's record.
function commentText(text) {
  const escaped = text.replace(/[\r\n]+/g, " ").replace(/[\\}]/g, (c) => `\\${c}`);
  return NOTE_LIKE.test(escaped) ? `\\${escaped}` : escaped;
}

// What is between braces: a comment, or null for an engine's note
// (its score, depth and time).
function commentFrom(raw) {
  if (!raw.startsWith("\\") && NOTE_LIKE.test(raw)) return null;
  const text = raw.replace(/\\(.)/g, "$1").trim();
  return text || null;
}

// `{…}` groups of a record's text (escapes kept), each replaced by a
// marker word `\u0001k\u0001` that stands after the word it comments.
function takeBraces(text, groups) {
  return text.replace(/\{((?:[^}\\]|\\.)*)\}/g, (_, raw) => {
    groups.push(raw);
    return ` \u0001${groups.length - 1}\u0001 `;
  });
}

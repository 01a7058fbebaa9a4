// The game as a tree, as lichess keeps it: each node is a position after
// one word (a move, a throw or a roll) from its parent; the first child is
// the main line (where the game goes on, unless the person made another
// line the main one), later children are variations. Going back only
// changes which node is shown; a move from an earlier position adds a
// child there.
"use strict";

let nextNodeId = 1;

// `desc`: the referee's account of the position after `word` (set once
// it has answered); `mover`: the player who chose `word` (undefined for a
// throw, a roll or a pass the page played); `eval`: the latest engine
// report on this position; `review`: "analyse this game"'s verdict on
// `word`; `comment`: the person's comment on `word` (comments.js);
// `shapes`: the arrows and circles drawn on the position (shapes.js).
function newNode(word, parent) {
  return { id: nextNodeId++, word, parent, children: [], mover: undefined, desc: null, eval: null, review: null };
}

// The nodes from the root to `node`, the root first.
function pathTo(node) {
  const path = [];
  for (let n = node; n; n = n.parent) path.push(n);
  return path.reverse();
}

function wordsTo(node) { return pathTo(node).slice(1).map((n) => n.word); }

// The line through `node`, continued by first children to its end.
function lineThrough(node) {
  const line = pathTo(node);
  for (let n = node.children[0]; n; n = n.children[0]) line.push(n);
  return line;
}

// The child of `node` reached by `word`, made if it is new.
function childFor(node, word) {
  const known = node.children.find((c) => c.word === word);
  if (known) return known;
  const child = newNode(word, node);
  node.children.push(child);
  return child;
}

// Makes the line through `node` the main line: at every branching on its
// path, its child goes first.
function promote(node) {
  for (let n = node; n.parent; n = n.parent) {
    const siblings = n.parent.children;
    siblings.splice(siblings.indexOf(n), 1);
    siblings.unshift(n);
  }
}

function isAncestorOf(node, of) {
  for (let n = of; n; n = n.parent) if (n === node) return true;
  return false;
}

function detach(node) {
  if (!node.parent) return;
  node.parent.children = node.parent.children.filter((c) => c !== node);
  node.parent = null;
}

function findNode(root, id) {
  const stack = [root];
  while (stack.length) {
    const n = stack.pop();
    if (n.id === id) return n;
    stack.push(...n.children);
  }
  return null;
}

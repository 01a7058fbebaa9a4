// Turning the board: the Flip board button and the `f` key turn it half a
// turn for every game; it stays turned across moves and games.
"use strict";

let boardFlipped = false;

function flipBoardView() {
  boardFlipped = !boardFlipped;
  $("flip").setAttribute("aria-pressed", String(boardFlipped));
  render();
}

$("flip").addEventListener("click", flipBoardView);
document.addEventListener("keydown", (ev) => {
  if (ev.target.matches("input, textarea, select") || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  if (ev.key === "f") flipBoardView();
});

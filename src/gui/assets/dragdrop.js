// Drag and drop on the board beside click-click: pressing on a piece is
// its click (its targets light up), releasing over another clickable
// point is that point's click. A press released where it began is one
// click, never two: the click event that follows a press this file took
// is dropped.
"use strict";

const drag = { from: null, plies: 0, swallowClick: false };

function clickableAt(x, y) {
  const el = document.elementFromPoint(x, y);
  const g = el && el.closest("#board [data-token].clickable");
  return g ? g.dataset.token : null;
}

$("board").addEventListener("pointerdown", (ev) => {
  if (ev.button !== 0) return;
  const g = ev.target.closest("[data-token].clickable");
  drag.from = g ? g.dataset.token : null;
  if (!drag.from) return;
  drag.plies = G.record.length;
  onToken(drag.from);
});

document.addEventListener("pointerup", (ev) => {
  const from = drag.from;
  drag.from = null;
  if (!from) return;
  // The click that ends this press (the same task, before any timer).
  drag.swallowClick = true;
  setTimeout(() => { drag.swallowClick = false; }, 0);
  const to = clickableAt(ev.clientX, ev.clientY);
  // The press alone may have made a move: the drop is then no click.
  if (to && to !== from && G.record.length === drag.plies) onToken(to);
});

// A press the browser took over (a touch turned into a scroll) drops nothing.
document.addEventListener("pointercancel", () => { drag.from = null; });

$("board").addEventListener("click", (ev) => {
  if (!drag.swallowClick) return;
  drag.swallowClick = false;
  ev.stopPropagation();
}, true);

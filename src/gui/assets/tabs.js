// The panels beside the board as tabs: on a narrow screen (style.css) only
// the chosen panel shows, under the board; on a wide one all of them do.
"use strict";

function showTab(name) {
  for (const b of document.querySelectorAll("nav.tabs button")) b.setAttribute("aria-pressed", String(b.dataset.tab === name));
  for (const p of document.querySelectorAll("aside .panel")) p.classList.toggle("active", p.dataset.tab === name);
}

for (const b of document.querySelectorAll("nav.tabs button")) b.addEventListener("click", () => showTab(b.dataset.tab));

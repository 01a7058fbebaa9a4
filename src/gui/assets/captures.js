// The box beside the board: per player what it has lost, pushed off or
// borne home, from the position on the board (boards.js `tally`).
"use strict";

function renderCaptures() {
  const box = $("captures");
  const def = gameDef();
  const rows = G.state && def.tally ? def.tally(G.state, G.normOptions) : [];
  box.replaceChildren(...rows.map(({ k, count, text }) => {
    const row = document.createElement("span");
    row.className = "tally";
    row.dataset.player = String(k + 1);
    row.dataset.count = String(count);
    const swatch = document.createElement("span");
    swatch.className = `swatch ${playerName(k)}`;
    row.append(swatch, `${capital(playerName(k))} ${text}`);
    return row;
  }));
}

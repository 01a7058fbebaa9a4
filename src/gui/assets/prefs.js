// The page's own settings, kept in this browser: the colour theme (light,
// dark, or the system's `prefers-color-scheme`), sounds (off unless
// chosen), and the keyboard shortcuts' overlay (`?`).
"use strict";

// localStorage may be refused (a private window's quota): settings then
// last for the page only.
function pref(key, fallback) {
  try { return localStorage.getItem(key) ?? fallback; } catch (err) { return fallback; }
}
function setPref(key, value) {
  try { localStorage.setItem(key, value); } catch (err) { /* kept for this page only */ }
}

// ------------------------------------------------------------------ theme
const THEME_KEY = "agon.theme";
const systemDark = window.matchMedia("(prefers-color-scheme: dark)");

// One attribute says which colours apply, so style.css has one dark block.
function applyTheme() {
  const chosen = pref(THEME_KEY, "auto");
  $("theme").value = ["auto", "light", "dark"].includes(chosen) ? chosen : "auto";
  const dark = chosen === "dark" || (chosen !== "light" && systemDark.matches);
  document.documentElement.dataset.theme = dark ? "dark" : "light";
}
$("theme").addEventListener("change", () => { setPref(THEME_KEY, $("theme").value); applyTheme(); });
systemDark.addEventListener("change", applyTheme);
applyTheme();

// ----------------------------------------------------------------- sounds
const SOUNDS_KEY = "agon.sounds";
let audio = null;

$("sounds").checked = pref(SOUNDS_KEY, "off") === "on";
$("sounds").addEventListener("change", () => setPref(SOUNDS_KEY, $("sounds").checked ? "on" : "off"));

// A short tone for each word the game takes: a move, lower for a throw or
// roll. `data-sounds` on the body counts them (for the tests: a browser
// without sound output plays them just the same).
function playSound(word) {
  if (!$("sounds").checked) return;
  try {
    audio = audio || new AudioContext();
    const osc = audio.createOscillator(), gain = audio.createGain();
    osc.frequency.value = isChanceWord(word) ? 330 : 660;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.12);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.12);
  } catch (err) {
    return;
  }
  document.body.dataset.sounds = String(Number(document.body.dataset.sounds || 0) + 1);
}

// -------------------------------------------------------------- shortcuts
// Every key the page answers (app.js, flip.js, this file), for the `?`
// overlay; a test checks each is listed.
const SHORTCUTS = [
  ["←  →", "back and forward one move"],
  ["Home  End", "the start, and the game's position"],
  ["↑  ↓", "the other lines played from the shown position"],
  ["f", "flip the board"],
  ["u", "undo (a person's last move, and the engine's reply)"],
  ["c", "comment on the shown move"],
  ["Esc", "drop a half-made move; close this list"],
  ["?", "this list"],
  ["right-drag", "draw an arrow; right click: a circle; left click: clear"],
];

function toggleShortcuts() {
  const box = $("shortcuts");
  if (box.open) { box.close(); return; }
  if (!box.querySelector("tr")) {
    $("shortcutlist").replaceChildren(...SHORTCUTS.map(([keys, what]) => tableRow("td", [keys, what])));
  }
  box.showModal();
}

$("help").addEventListener("click", toggleShortcuts);
$("shortcutsclose").addEventListener("click", () => $("shortcuts").close());
document.addEventListener("keydown", (ev) => {
  if (ev.target.matches("textarea, input:not([type=checkbox]):not([type=radio]), select") || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  if (ev.key === "?") { ev.preventDefault(); toggleShortcuts(); }
  if (ev.key === "c" && G.node && G.node.parent) {
    ev.preventDefault();
    showTab("moves");
    // Just after a move the box may not be redrawn yet (still disabled, at
    // the position before): it is brought to the shown move first.
    renderComment();
    $("comment").focus();
  }
});

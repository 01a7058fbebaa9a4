// The page talks to the server over one WebSocket, a line per message
// (src/gui/bridge.rs): start an engine, send it protocol commands, show
// what it prints.
"use strict";
const log = document.getElementById("log");
const status = document.getElementById("status");
const select = document.getElementById("engine");
let slot = null;

function show(text) {
  log.textContent += text + "\n";
  log.scrollTop = log.scrollHeight;
}

const ws = new WebSocket(`ws://${location.host}/ws`);
ws.onopen = () => { status.textContent = "connected"; };
ws.onclose = () => { status.textContent = "disconnected"; };
ws.onmessage = (event) => {
  const text = String(event.data);
  const space = text.indexOf(" ");
  const verb = space < 0 ? text : text.slice(0, space);
  const rest = space < 0 ? "" : text.slice(space + 1);
  if (verb === "engines") {
    select.replaceChildren(...rest.split("\t").map((name, k) => new Option(name, String(k))));
  } else if (verb === "started") {
    slot = rest.split(" ")[0];
    show(`# engine started in slot ${slot}`);
  } else if (verb === "line") {
    show(rest.slice(rest.indexOf(" ") + 1));
  } else if (verb === "exit") {
    show("# the engine ended");
    slot = null;
  } else if (verb === "error") {
    show(`! ${rest}`);
  }
};

document.getElementById("start").addEventListener("click", () => {
  ws.send(`start ${select.value || 0}`);
});
document.getElementById("command").addEventListener("submit", (event) => {
  event.preventDefault();
  const input = document.getElementById("line");
  if (slot === null) {
    show("! start an engine first");
    return;
  }
  show(`> ${input.value}`);
  ws.send(`send ${slot} ${input.value}`);
  input.value = "";
});

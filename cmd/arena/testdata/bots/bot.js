// A 7 Colors bot for node, standard library only: it plays the first legal colour.
// TestEveryLanguagePlaysInTheSandbox runs it as `node bot.js` inside the sandbox. Writes to
// a pipe are synchronous in node on Linux: each line leaves at once, nothing to flush.
"use strict";
const readline = require("readline");

const first = (re, line) => {
  const m = re.exec(line);
  return m ? m[1] : null;
};

const rl = readline.createInterface({ input: process.stdin, terminal: false });
rl.on("line", (line) => {
  const type = first(/"type"\s*:\s*"([^"]*)"/, line);
  if (type === "ping") {
    process.stdout.write('{"type":"pong"}\n');
  } else if (type === "turn") {
    const match = first(/"match"\s*:\s*"([^"]*)"/, line);
    const id = first(/"id"\s*:\s*(\d+)/, line);
    const legal = first(/"legal"\s*:\s*\[\s*(-?\d+)/, line);
    if (match === null || id === null || legal === null) {
      process.stderr.write("a turn I cannot read: " + line + "\n");
      return;
    }
    process.stdout.write(`{"type":"action","match":"${match}","id":${id},"action":${legal}}\n`);
  }
});

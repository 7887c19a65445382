#!/usr/bin/env node
'use strict';
/*
 * A 7 Colors bot for the arena, speaking the bot protocol (version 1) in JSON lines.
 *
 * Run it by the arena, which speaks on its stdin and stdout:
 *     arena match --game sevencolors --seats exec:"node mybot.js",greedy --games 100
 * or let it connect itself over SSH (its arguments are the command to run):
 *     node mybot.js ssh -T -p 2222 arena.host bot --game sevencolors --practice --vs greedy
 *
 * stdout carries protocol only: print your debugging to stderr (log() below does; never
 * console.log). The protocol loop is arena.js, shared by every bot of this kit: keep it
 * beside this file.
 */
const arena = require('./arena.js');

const log = arena.log;

// ---------------------------------------------------------------------------------------
// YOUR STRATEGY GOES HERE.
//
// obs.board[y][x] is a cell, rows top to bottom: 0 empty, 1 player 1 ('^', starts
// bottom-left), 2 player 2 ('v', starts top-right), 3..9 the colours A..G.
// obs.you is your code (1 or 2), obs.size the width N.
// legal lists the colours that capture something (all of 3..9 when none does).
// time is {move_ms, bank_ms}; arena.timeLeft() is what is left of both, in ms.
// Return one colour, 3..9. A colour that touches nothing loses your turn.
//
// This one is greedy: it plays the colour that captures the most cells now. Beat it.
// ---------------------------------------------------------------------------------------
function choose(obs, legal, time) {
  let best = legal[0];
  let most = -1;
  for (const colour of legal) {
    const n = captured(obs, colour);
    if (n > most) {
      best = colour;
      most = n;
    }
  }
  return best;
}

// captured counts the cells of colour that playing it takes: those joined to your
// territory through cells of that colour.
function captured(obs, colour) {
  const n = obs.board.length;
  const seen = new Uint8Array(n * n);
  const todo = [];
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      if (obs.board[y][x] === obs.you) {
        seen[y * n + x] = 1;
        todo.push([x, y]);
      }
    }
  }
  let taken = 0;
  while (todo.length > 0) {
    const [cx, cy] = todo.pop();
    for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      const x = cx + dx;
      const y = cy + dy;
      if (x < 0 || y < 0 || x >= n || y >= n || seen[y * n + x] || obs.board[y][x] !== colour) {
        continue;
      }
      seen[y * n + x] = 1;
      todo.push([x, y]);
      taken++;
    }
  }
  return taken;
}

if (require.main === module) {
  arena.run({ sevencolors: choose }, 'mybot');
}

module.exports = { choose };

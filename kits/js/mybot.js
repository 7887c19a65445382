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
// ---------------------------------------------------------------------------------------
function choose(obs, legal, time) {
  return legal[0];
}

if (require.main === module) {
  arena.run({ sevencolors: choose }, 'mybot');
}

module.exports = { choose };

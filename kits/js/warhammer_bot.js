#!/usr/bin/env node
'use strict';
/*
 * A War Hammer bot for the arena, speaking the bot protocol (version 1) in JSON lines.
 *
 * Run it by the arena, which speaks on its stdin and stdout:
 *     arena match --game warhammer --seats exec:"node warhammer_bot.js",hunter,random --games 100
 * or let it connect itself over SSH (its arguments are the command to run):
 *     node warhammer_bot.js ssh -T -p 2222 arena.host bot --game warhammer --practice --vs hunter
 *
 * stdout carries protocol only: print your debugging to stderr (log() below does; never
 * console.log). The protocol loop is arena.js, shared by every bot of this kit: keep it
 * beside this file.
 */
const arena = require('./arena.js');

const log = arena.log;

// The eight directions in the assignment's order: right, up-right, up, up-left, left,
// down-left, down, down-right, as [row, column] steps; row 0 is the top.
const DIRECTIONS = [[0, 1], [-1, 1], [-1, 0], [-1, -1], [0, -1], [1, -1], [1, 0], [1, 1]];

// ---------------------------------------------------------------------------------------
// YOUR STRATEGY GOES HERE: the assignment's function, myAiPlay(map, height, width).
//
// map has height rows of width ints; height is the board's size T and width is T + N for
// N players:
//   map[r][c], c < T      the HP of cell (r, c): 4 at the start, 0 a hole or outside the
//                         octagon
//   map[0][T + k]         1 if player k is alive, 0 if dead
//   map[1][T + k]         its row;  map[2][T + k] its column (the dead keep theirs)
// Player 0 (column T) is YOU; the others follow in turn order, the next to play first.
//
// Return a code 0..95 = 8 * first + hammer:
//   first   0..3 a grenade right, up, left, down; 4..11 a step in the eight directions
//   hammer  0..7 the eight directions, from where you stand after the first choice
// A code outside 0..95 (or no answer in time) is a death, as the assignment says.
//
// This one steps to the soundest free cell around it, then brings the hammer down on an
// opponent standing next to it if there is one, else on the weakest standing cell around.
// ---------------------------------------------------------------------------------------
function myAiPlay(map, height, width) {
  const size = height;
  const players = width - height;
  const row = map[1][size];
  const col = map[2][size];

  const standing = (r, c) => r >= 0 && r < size && c >= 0 && c < size && map[r][c] > 0;
  const occupied = (r, c) => {
    for (let k = 0; k < players; k++) {
      if (map[0][size + k] && map[1][size + k] === r && map[2][size + k] === c) return true;
    }
    return false;
  };

  let bestCode = 0;
  let bestScore = -1;
  DIRECTIONS.forEach(([dr, dc], step) => {
    const r = row + dr;
    const c = col + dc;
    if (!standing(r, c) || occupied(r, c)) return;
    DIRECTIONS.forEach(([hdr, hdc], hammer) => {
      const hr = r + hdr;
      const hc = c + hdc;
      if (!standing(hr, hc)) return; // the void or a hole: the hammer would kill us
      const score = 10 * map[r][c] + (occupied(hr, hc) ? 100 : 5 - map[hr][hc]);
      if (score > bestScore) {
        bestCode = 8 * (4 + step) + hammer;
        bestScore = score;
      }
    });
  });
  return bestCode;
}

// choose hands the turn's matrix to myAiPlay. time is {move_ms, bank_ms}.
function choose(obs, legal, time) {
  return myAiPlay(obs.matrix, obs.size, obs.size + obs.players);
}

if (require.main === module) {
  arena.run({ warhammer: choose }, 'warhammer_bot');
}

module.exports = { choose, myAiPlay };

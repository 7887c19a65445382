#!/usr/bin/env node
'use strict';
/*
 * A DiceWars bot for the arena, speaking the bot protocol (version 1) in JSON lines.
 *
 * Run it by the arena, which speaks on its stdin and stdout:
 *     arena match --game dicewars --seats exec:"node dicewars_bot.js",seed,classic,odds --games 100
 * or let it connect itself over SSH (its arguments are the command to run):
 *     node dicewars_bot.js ssh -T -p 2222 arena.host bot --game dicewars --practice --vs seed,classic
 *
 * stdout carries protocol only: print your debugging to stderr (log() below does; never
 * console.log). The protocol loop is arena.js, shared by every bot of this kit: keep it
 * beside this file.
 */
const arena = require('./arena.js');

const log = arena.log;

// ---------------------------------------------------------------------------------------
// YOUR STRATEGY GOES HERE: choose(obs, legal) is asked once per attack, until it answers
// "end".
//
// obs.areas[i] is area i+1: {id, owner (a seat), dice (1..8)};
// obs.adjacency[i] lists the neighbours of area i+1; obs.you is your seat;
// obs.points[seat] is a seat's largest group of areas (the dice it gains at the end of
// its turn) and obs.stock[seat] the dice it keeps.
// legal lists every attack you may make, {attack: [from, to]}, then "end".
// time is {move_ms, bank_ms}; arena.timeLeft() is what is left of both, in ms.
//
// This one attacks where it has more dice than the defender, the biggest difference first,
// and ends its turn when there is no such attack.
// ---------------------------------------------------------------------------------------
function choose(obs, legal, time) {
  const dice = new Map(obs.areas.map((a) => [a.id, a.dice]));
  let best = 'end';
  let bestGap = 0;
  for (const action of legal) {
    if (action === 'end') continue;
    const [src, dst] = action.attack;
    const gap = dice.get(src) - dice.get(dst);
    if (gap > bestGap) {
      best = action;
      bestGap = gap;
    }
  }
  return best;
}

if (require.main === module) {
  arena.run({ dicewars: choose }, 'dicewars_bot');
}

module.exports = { choose };

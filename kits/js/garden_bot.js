#!/usr/bin/env node
'use strict';
/*
 * A Garden Tensions bot for the arena, speaking the bot protocol (version 1) in JSON lines.
 *
 * Run it by the arena, which speaks on its stdin and stdout:
 *     arena match --game garden --seats exec:"node garden_bot.js",heuristic --games 100
 * or let it connect itself over SSH (its arguments are the command to run):
 *     node garden_bot.js ssh -T -p 2222 arena.host bot --game garden --practice --vs heuristic
 *
 * stdout carries protocol only: print your debugging to stderr (log() below does; never
 * console.log). The protocol loop is arena.js, shared by every bot of this kit: keep it
 * beside this file.
 */
const arena = require('./arena.js');

const log = arena.log;

/** The observation's cell at (r, q), or undefined. */
function cellOf(obs, r, q) {
  return obs.cells.find((c) => c.r === r && c.q === q);
}

// ---------------------------------------------------------------------------------------
// YOUR STRATEGY GOES HERE: choose(obs, legal) is asked for every decision: the clan first,
// then each conquest action until you answer "end" (5 at most a turn), then each creature
// of your reinforcement ("place r q") until none is left or you answer "end".
//
// obs.phase is "clan", "conquest" or "reinforcement"; obs.you your seat.
// obs.cells are the 29 cells: {id, r, q, adj (the neighbours' ids), kind (simple, sky,
// candy, bbq, pool), terrain, resource, yield, owner (a seat, -1 for empty), creatures,
// status, timer, forged, immobile}; obs.cells[i].id === i.
// obs.players[seat] is {clan, food, metal, stone, wood, points, pending}.
// legal lists every command you may send now, as strings: "clan miners", "move 2 0 2 1",
// "sky 2 0 4 3", "bbq 3 3", "pool 3 3", "pillage 3 3", "zone 3 3" ("zone 2 2 2 3" for the
// Lumberjacks), "place 2 1", and "end" (last). time is {move_ms, bank_ms}.
//
// This one takes the first clan offered. In conquest it fires the first BBQ, Pool, pillage
// or zone attack offered (they cost resources or points it would not use otherwise); else
// attacks where its creatures outnumber the defender's most (the first such on ties); else
// moves into the first empty cell it may; else ends. Sky is yours to add. It places each
// creature on its weakest cell next to the enemy, else its weakest cell.
// ---------------------------------------------------------------------------------------
function choose(obs, legal, time) {
  if (obs.phase === 'clan') return legal[0];
  const me = obs.you;
  if (obs.phase === 'reinforcement') {
    let best = 'end';
    let bestKey = null;
    for (const action of legal) {
      if (!action.startsWith('place ')) continue;
      const [, r, q] = action.split(' ');
      const c = cellOf(obs, Number(r), Number(q));
      const front = c.adj.some((n) => obs.cells[n].owner === 1 - me);
      const key = [front ? 0 : 1, c.creatures]; // the front first, then the weakest
      if (bestKey === null || key[0] < bestKey[0] || (key[0] === bestKey[0] && key[1] < bestKey[1])) {
        best = action;
        bestKey = key;
      }
    }
    return best;
  }
  let attack = null;
  let bestGap = 0;
  let expand = null;
  for (const action of legal) {
    const words = action.split(' ');
    if (['bbq', 'pool', 'pillage', 'zone'].includes(words[0])) return action;
    if (words[0] !== 'move') continue;
    const src = cellOf(obs, Number(words[1]), Number(words[2]));
    const dst = cellOf(obs, Number(words[3]), Number(words[4]));
    if (dst.owner === -1) {
      if (expand === null) expand = action;
    } else if (src.creatures - dst.creatures > bestGap) {
      attack = action;
      bestGap = src.creatures - dst.creatures;
    }
  }
  return attack || expand || 'end';
}

if (require.main === module) {
  arena.run({ garden: choose }, 'garden_bot');
}

module.exports = { choose, cellOf };

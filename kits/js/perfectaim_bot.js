#!/usr/bin/env node
'use strict';
/*
 * A Perfect Aim bot for the arena, speaking the bot protocol (version 1) in JSON lines.
 *
 * Run it by the arena, which speaks on its stdin and stdout:
 *     arena match --game perfectaim --seats exec:"node perfectaim_bot.js",zidane --games 12
 * or let it connect itself over SSH (its arguments are the command to run):
 *     node perfectaim_bot.js ssh -T -p 2222 arena.host bot --game perfectaim --practice --vs zidane
 *
 * stdout carries protocol only: print your debugging to stderr (log() below does; never
 * console.log). The protocol loop is arena.js, shared by every bot of this kit: keep it
 * beside this file.
 */
const arena = require('./arena.js');

const log = arena.log;

// The four directions, in scan order, and what each does to (x, y).
const STEPS = [['UP', 0, -1], ['DOWN', 0, 1], ['LEFT', -1, 0], ['RIGHT', 1, 0]];

const key = (x, y) => x + ',' + y;

/** Cells to keep out of ("x,y" keys): lava, fireballs, and the cell each fireball enters next. */
function dangerousCells(obs) {
  const bad = new Set();
  obs.background.forEach((row, y) => {
    row.forEach((tile, x) => {
      if (tile === 'LAVA') bad.add(key(x, y));
    });
  });
  for (const f of obs.fireballs || []) {
    bad.add(key(f.x, f.y));
    for (const [name, dx, dy] of STEPS) {
      if (f.action === 'MOVE_' + name) bad.add(key(f.x + dx, f.y + dy));
    }
  }
  return bad;
}

/**
 * Breadth-first search from you to the nearest cell where wanted(x, y) holds, through cells
 * that are not walls, players or bad. Returns the first move ("MOVE_UP", …) or null.
 */
function firstStepTo(obs, wanted, bad) {
  const me = obs.you;
  const grid = obs.tile_grid;
  const size = obs.size;
  const inside = (x, y) => x >= 0 && x < size && y >= 0 && y < size;
  const seen = new Set([key(me.x, me.y)]);
  const queue = [];
  for (const [name, dx, dy] of STEPS) {
    const x = me.x + dx;
    const y = me.y + dy;
    if (inside(x, y) && !bad.has(key(x, y)) && grid[y][x] !== 'WALL' && !grid[y][x].startsWith('PLAYER_')) {
      seen.add(key(x, y));
      queue.push([x, y, 'MOVE_' + name]);
    }
  }
  for (let head = 0; head < queue.length; head++) {
    const [x, y, first] = queue[head];
    if (wanted(x, y)) return first;
    for (const [, dx, dy] of STEPS) {
      const nx = x + dx;
      const ny = y + dy;
      if (seen.has(key(nx, ny)) || !inside(nx, ny)) continue;
      if (bad.has(key(nx, ny)) || grid[ny][nx] === 'WALL') continue;
      seen.add(key(nx, ny));
      queue.push([nx, ny, first]);
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------
// YOUR STRATEGY GOES HERE.
//
// obs.tile_grid[y][x] is what a cell shows ("FLOOR", "WALL", "COIN", "PLAYER_BLUE",
// "FIREBALL", …); obs.background[y][x] is FLOOR, WALL, LAVA or DAMAGED_FLOOR (lava next:
// ring after ring closes in from t = 35 s). obs.you is your player (x, y, speed, coins,
// super_fireballs, shield), obs.players every living player, obs.fireballs every fireball
// with its direction ("MOVE_LEFT", …) and its thrower. obs.t is the time, "num/den" seconds.
// (No legal list: actions are checked at the instant.) time is {move_ms, bank_ms}.
// Return "WAIT", "MOVE_UP", "MOVE_DOWN", "MOVE_LEFT", "MOVE_RIGHT", "ATTACK_UP", … .
// An invalid action (into a wall or a player, or an attack while your fireball still
// flies) is played as WAIT, with a warning.
//
// This one walks to the nearest coin, avoiding lava and fireballs; on damaged floor it
// first gets back to sound floor; otherwise it waits.
// ---------------------------------------------------------------------------------------
function choose(obs, legal, time) {
  const me = obs.you;
  const bg = obs.background;
  const grid = obs.tile_grid;
  const bad = dangerousCells(obs);
  if (bg[me.y][me.x] === 'DAMAGED_FLOOR') {
    const step = firstStepTo(obs, (x, y) => bg[y][x] === 'FLOOR', bad);
    if (step) return step;
  }
  const step = firstStepTo(obs, (x, y) => grid[y][x] === 'COIN' && bg[y][x] === 'FLOOR', bad);
  return step || 'WAIT';
}

if (require.main === module) {
  arena.run({ perfectaim: choose }, 'perfectaim_bot');
}

module.exports = { choose, dangerousCells, firstStepTo };

'use strict';
/*
 * arena.js — the arena's bot protocol (version 1) for JavaScript bots (node, CommonJS, no
 * npm package): the loop every bot of this kit shares.
 *
 * A bot is a strategy per game, a function choose(obs, legal, time) returning an action,
 * handed to run():
 *
 *     const arena = require('./arena.js');
 *
 *     function choose(obs, legal) {
 *       return legal[0];
 *     }
 *
 *     arena.run({ sevencolors: choose }, 'mybot');
 *
 * run() reads the server's lines (JSON, one a line) on stdin and answers on stdout, or, when
 * the bot is started with arguments, runs them as a command (ssh -T … bot --game …) and talks
 * to it on its pipes. It answers every "turn" with the strategy of the game named in "hello",
 * logs warnings and results to stderr, skips lines that are not JSON, and ends when the server
 * closes the connection. stdout carries protocol only: print your debugging with arena.log
 * (stderr), never console.log (stdout).
 *
 * Time: choose gets the turn's "time" as its third argument ({move_ms, bank_ms}: the time
 * for this move, then the bank it draws on), and arena.timeLeft() says how many milliseconds
 * are left of both since the turn arrived.
 *
 * In a tournament (the command's words include --tournament) a lost connection (ssh's status
 * 255) or a server restarting (status 75) is not the end: run() waits (1 s, 2 s, 4 s … up to
 * 30 s, a little jitter) and runs the command again, until 30 minutes pass without a
 * connection. ARENA_RECONNECT_BASE (milliseconds, default 1000) scales every one of these
 * times; it is there for tests.
 *
 * A new game is a new strategy file next to this one; this file stays as it is.
 */
const { spawn } = require('child_process');
const readline = require('readline');

let botName = 'bot';

/**
 * Prints a line for people on stderr, prefixed with the bot's name. The line is made whole
 * first and written at once (stderr is synchronous for files and pipes on Linux): the ssh
 * child shares stderr, and a line written in pieces can have the server's sentence land in
 * its middle.
 */
function log(...args) {
  const words = args.map((a) => {
    if (a instanceof Error) return a.stack || String(a);
    if (a !== null && typeof a === 'object') {
      try {
        return JSON.stringify(a);
      } catch (err) {
        return String(a); // a cycle
      }
    }
    return String(a);
  });
  process.stderr.write([botName + ':', ...words].join(' ') + '\n');
}

// The current turn's time fields and the instant its line was read.
let turnTime = null;
let turnRead = 0;

/**
 * The milliseconds left to answer the current turn before the default action is played:
 * its move_ms plus its bank_ms, less the time since the turn arrived. Infinity before the
 * first turn or when the turn has no time fields.
 */
function timeLeft() {
  if (!turnTime) return Infinity;
  const total = (Number(turnTime.move_ms) || 0) + (Number(turnTime.bank_ms) || 0);
  return total - (Date.now() - turnRead);
}

/** Writes one protocol line on out; false when the connection is gone. */
function send(out, msg) {
  if (out.destroyed || out.writableEnded) return false;
  try {
    out.write(JSON.stringify(msg) + '\n');
  } catch (err) {
    return false; // the connection went away as we answered: its end says why
  }
  return true;
}

/**
 * Answers turns read on inp (a readable stream) on out (a writable stream) until the server
 * closes the connection. Resolves to an exit status. seen, a Set, collects the types of the
 * messages received ("hello", "start", …).
 */
async function play(inp, out, strategies, seen) {
  const lines = readline.createInterface({ input: inp, crlfDelay: Infinity, terminal: false });
  let choose = null;
  let seat = -1;
  let games = 0;
  let wins = 0;
  try {
    for await (const line of lines) {
      const read = Date.now();
      let msg;
      try {
        msg = JSON.parse(line);
      } catch (err) {
        if (line.trim() !== '') log('not JSON, skipped: ' + line.trim().slice(0, 80));
        continue;
      }
      if (msg === null || typeof msg !== 'object' || Array.isArray(msg)) continue;
      const kind = msg.type;
      if (seen) seen.add(kind);
      if (kind === 'hello') {
        choose = Object.prototype.hasOwnProperty.call(strategies, msg.game) ? strategies[msg.game] : null;
        if (typeof choose !== 'function') {
          log(`error: this bot has no strategy for ${msg.game} (it plays ${Object.keys(strategies).sort().join(', ')})`);
          return 1;
        }
      } else if (kind === 'turn') {
        if (!choose) continue;
        turnTime = msg.time || null;
        turnRead = read;
        let action;
        try {
          action = choose(msg.obs, msg.legal, turnTime || {});
        } catch (err) {
          // Better no answer than a crash: the server plays the default action.
          log('your strategy failed, no answer to turn ' + msg.id + ': ' + (err && err.stack ? err.stack : err));
          continue;
        }
        if (action === undefined) {
          log('your strategy returned nothing (undefined) for turn ' + msg.id + ': did it forget a return?');
          action = null;
        }
        if (!send(out, { type: 'action', match: msg.match, id: msg.id, action })) return 0;
      } else if (kind === 'start') {
        seat = typeof msg.seat === 'number' ? msg.seat : -1;
      } else if (kind === 'end') {
        games++;
        const outcome = msg.outcome;
        const ranks = outcome && Array.isArray(outcome.ranks) ? outcome.ranks : null;
        if (ranks && seat >= 0 && seat < ranks.length) {
          const rank = ranks[seat];
          if (rank === 1 && ranks.filter((r) => r === 1).length === 1) wins++;
          const scores = Array.isArray(outcome.scores) ? outcome.scores.join(' ') : '';
          log(`game ${games}: rank ${rank} of ${ranks.length}, scores ${scores} (${wins} won so far)`);
        } else {
          log(`game ${games} ended without you: ${msg.note || ''}`);
        }
      } else if (kind === 'warn') {
        log(`warning ${msg.code}: ${msg.msg}`);
      } else if (kind === 'error') {
        log('error: ' + msg.msg);
        return 1;
      }
      // pong needs no answer; unknown types are ignored (forward compatible).
    }
  } finally {
    lines.close();
  }
  return 0;
}

/**
 * Runs the command (ssh …) and plays through its stdin and stdout; resolves to the bot's
 * status and the command's ([status, commandStatus]; commandStatus -1 when it did not exit).
 */
function connect(command, strategies, seen) {
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(command[0], command.slice(1), { stdio: ['pipe', 'pipe', 'inherit'] });
    } catch (err) {
      log(`cannot run ${command[0]}: ${err.message}`);
      resolve([127, -1]);
      return;
    }
    const exited = new Promise((done) => {
      child.on('error', (err) => {
        log(`cannot run ${command[0]}: ${err.message}`);
        done(127);
      });
      child.on('exit', (code, signal) => done(code === null ? 128 + (require('os').constants.signals[signal] || 0) : code));
    });
    child.stdin.on('error', () => {}); // a closed pipe: the command's end says why
    child.stdout.on('error', () => {});
    play(child.stdout, child.stdin, strategies, seen).then(async (status) => {
      child.stdin.end();
      child.stdout.destroy();
      resolve([status, await exited]);
    });
  });
}

// The statuses after which a tournament bot connects again: ssh's "connection lost", and
// EX_TEMPFAIL, the server's "I am shutting down, come back".
const AGAIN = { 255: 'connection lost', 75: 'the server is restarting' };

const sleep = (s) => new Promise((done) => setTimeout(done, s * 1000));
const now = () => Number(process.hrtime.bigint()) / 1e9;

/**
 * Connects with the command again and again while it ends with a status of AGAIN; resolves to
 * the exit status once it ends otherwise, or after 30 minutes without a connection. The wait
 * doubles from 1 s to 30 s (plus up to a fifth, so that a class does not come back in step)
 * and starts again from 1 s after a connection that lasted a minute or played a game.
 */
async function reconnecting(command, strategies) {
  let base = parseInt(process.env.ARENA_RECONNECT_BASE || '', 10) / 1000;
  if (!(base > 0)) base = 1;
  let failures = 0;
  let connected = now(); // the end of the last connection that got its hello
  for (;;) {
    const began = now();
    const seen = new Set();
    const [status, commandStatus] = await connect(command, strategies, seen);
    const t = now();
    if (!(commandStatus in AGAIN)) return status || commandStatus;
    if (seen.has('hello')) connected = t;
    if (seen.has('start') || t - began >= 60 * base) failures = 0;
    if (t - connected >= 1800 * base) {
      log(`no connection to the tournament for ${(1800 * base) / 60} min: giving up (run the same command again to rejoin)`);
      return commandStatus;
    }
    let delay = Math.min(base * 2 ** failures, 30 * base);
    delay += Math.random() * (delay / 5);
    failures++;
    log(`${AGAIN[commandStatus]} (status ${commandStatus}); reconnecting in ${delay.toFixed(1)} s…`);
    await sleep(delay);
  }
}

/**
 * Plays with strategies ({game id: choose}) until the server is done, then exits the process
 * with the status. name prefixes the log lines.
 */
function run(strategies, name = 'bot') {
  botName = name;
  const command = process.argv.slice(2);
  let done;
  if (command.some((word) => word.includes('--tournament'))) {
    process.on('SIGINT', () => process.exit(130));
    done = reconnecting(command, strategies);
  } else if (command.length > 0) {
    // Connect mode: run the command (ssh …) and talk to it through its stdin and stdout.
    done = connect(command, strategies, null).then(([status, commandStatus]) => status || commandStatus);
  } else {
    process.stdout.on('error', () => process.exit(0)); // the arena went away
    done = play(process.stdin, process.stdout, strategies, null);
  }
  done.then(
    (status) => process.exit(status),
    (err) => {
      log('error: ' + (err && err.stack ? err.stack : err));
      process.exit(1);
    },
  );
}

module.exports = { run, play, log, timeLeft };

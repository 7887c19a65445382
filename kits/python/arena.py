"""The arena's bot protocol (version 1) for Python bots: the loop every bot shares.

A bot is a strategy per game, a function choose(obs, legal) returning an action, handed to
run():

    import arena

    def choose(obs, legal):
        return legal[0]

    arena.run({"sevencolors": choose}, name="mybot")

run() reads the server's lines (JSON, one a line) on stdin and answers on stdout, or, when
the bot is started with arguments, runs them as a command (ssh -T … bot --game …) and talks
to it. It answers every "turn" with your strategy for the game named in "hello", logs warnings
and results to stderr, skips lines that are not JSON, and returns when the server closes the
connection. stdout carries protocol only: print your debugging with arena.log (stderr).

In a tournament (the command's words include --tournament) a lost connection (ssh's status
255) or a server restarting (status 75) is not the end: run() waits (1 s, 2 s, 4 s … up to
30 s, a little jitter) and runs the command again, until 30 minutes pass without a
connection. ARENA_RECONNECT_BASE (milliseconds, default 1000) scales every one of these
times; it is there for tests.

A new game is a new strategy file next to this one; this loop stays as it is.
"""
import json
import os
import random
import subprocess
import sys
import time

_name = "bot"


def log(*args):
    """Prints a line for people, on stderr, prefixed with the bot's name. The line is
    made whole first and written at once: the ssh child shares stderr, and a line written
    in pieces can have the server's sentence land in its middle."""
    line = " ".join([_name + ":"] + [str(a) for a in args]) + "\n"
    data = line.encode("utf-8", "replace")
    sys.stderr.flush()
    while data:
        data = data[os.write(sys.stderr.fileno(), data):]


def _send(out, msg):
    out.write(json.dumps(msg, separators=(",", ":")) + "\n")
    out.flush()


def play(inp, out, strategies, seen=None):
    """Answers turns until the server closes the connection. Returns an exit status. seen, a
    set, collects the types of the messages received ("hello", "start", …)."""
    wins = games = 0
    me = None
    choose = None
    while True:
        line = inp.readline()
        if not line:
            return 0
        try:
            msg = json.loads(line)
        except ValueError:
            log("not JSON, skipped: " + line.strip()[:80])
            continue
        if not isinstance(msg, dict):
            continue
        kind = msg.get("type")
        if seen is not None:
            seen.add(kind)
        if kind == "hello":
            game = msg.get("game")
            choose = strategies.get(game)
            if choose is None:
                log("error: this bot has no strategy for %s (it plays %s)" % (game, ", ".join(sorted(strategies))))
                return 1
        elif kind == "turn":
            action = choose(msg["obs"], msg.get("legal"))
            try:
                _send(out, {"type": "action", "match": msg["match"], "id": msg["id"], "action": action})
            except (BrokenPipeError, ConnectionError):
                return 0  # the connection went away as we answered: its end says why
        elif kind == "start":
            me = msg["seat"]
        elif kind == "end":
            games += 1
            outcome = msg.get("outcome")
            if outcome and me is not None:
                if outcome["ranks"][me] == 1 and outcome["ranks"].count(1) == 1:
                    wins += 1
                log("game %d: ranks %s, scores %s (%d won so far)" % (games, outcome["ranks"], outcome["scores"], wins))
            else:
                log("game %d ended without you: %s" % (games, msg.get("note", "")))
        elif kind == "warn":
            log("warning:", msg.get("code"), "-", msg.get("msg"))
        elif kind == "error":
            log("error:", msg.get("msg"))
            return 1
        # pong needs no answer; unknown types are ignored (forward compatible).


def _connect(command, strategies, seen):
    """Runs the command (ssh …) and plays through its stdin and stdout; returns the bot's
    status and the command's."""
    proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    status = play(proc.stdout, proc.stdin, strategies, seen)
    try:
        proc.stdin.close()
    except (BrokenPipeError, ConnectionError):
        pass  # ssh is gone already
    return status, proc.wait()


# The statuses after which a tournament bot connects again: ssh's "connection lost", and
# EX_TEMPFAIL, the server's "I am shutting down, come back".
_AGAIN = {255: "connection lost", 75: "the server is restarting"}


def _reconnecting(command, strategies):
    """Connects with the command again and again while it ends with a status of _AGAIN;
    returns the exit status once it ends otherwise, or after 30 minutes without a connection.
    The wait doubles from 1 s to 30 s (plus up to a fifth, so that a class does not come back
    in step) and starts again from 1 s after a connection that lasted a minute or played a
    game."""
    try:
        base = int(os.environ.get("ARENA_RECONNECT_BASE", "")) / 1000.0
    except ValueError:
        base = 0
    if base <= 0:
        base = 1.0
    failures = 0
    connected = time.monotonic()  # the end of the last connection that got its hello
    while True:
        began = time.monotonic()
        seen = set()
        status, command_status = _connect(command, strategies, seen)
        now = time.monotonic()
        if command_status not in _AGAIN:
            return status or command_status
        if "hello" in seen:
            connected = now
        if "start" in seen or now - began >= 60 * base:
            failures = 0
        if now - connected >= 1800 * base:
            log("no connection to the tournament for %g min: giving up (run the same command again to rejoin)"
                % (1800 * base / 60))
            return command_status
        delay = min(base * 2 ** failures, 30 * base)
        delay += random.uniform(0, delay / 5)
        failures += 1
        log("%s (status %d); reconnecting in %.1f s…" % (_AGAIN[command_status], command_status, delay))
        time.sleep(delay)


def run(strategies, name="bot"):
    """Plays with strategies ({game id: choose}) until the server is done; exits the process
    with the status."""
    global _name
    _name = name
    command = sys.argv[1:]
    if any("--tournament" in word for word in command):
        try:
            sys.exit(_reconnecting(command, strategies))
        except KeyboardInterrupt:
            sys.exit(130)
    if command:
        # Connect mode: run the command (ssh …) and talk to it through its stdin and stdout.
        status, command_status = _connect(command, strategies, None)
        sys.exit(status or command_status)
    sys.exit(play(sys.stdin, sys.stdout, strategies))

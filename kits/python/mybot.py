#!/usr/bin/env python3
"""A 7 Colors bot for the arena, speaking the bot protocol (version 1) in JSON lines.

Run it by the arena, which speaks on its stdin and stdout:
    arena match --game sevencolors --seats exec:"python3 mybot.py",greedy --games 100
or let it connect itself over SSH (its arguments are the command to run):
    python3 mybot.py ssh -T -p 2222 arena.host bot --game sevencolors --practice --vs greedy

stdout carries protocol only: print your debugging to stderr (log() below does).
"""
import json
import subprocess
import sys


def log(*args):
    print("mybot:", *args, file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------------------
# YOUR STRATEGY GOES HERE.
#
# obs["board"][y][x] is a cell, rows top to bottom: 0 empty, 1 player 1 ('^', starts
# bottom-left), 2 player 2 ('v', starts top-right), 3..9 the colours A..G.
# obs["you"] is your code (1 or 2), obs["size"] the width N.
# legal lists the colours that capture something (all of 3..9 when none does).
# Return one colour, 3..9. A colour that touches nothing loses your turn.
# ---------------------------------------------------------------------------------------
def choose(obs, legal):
    return legal[0]


def send(out, msg):
    out.write(json.dumps(msg, separators=(",", ":")) + "\n")
    out.flush()


def play(inp, out):
    """Answers turns until the server closes the connection. Returns an exit status."""
    wins = games = 0
    me = None
    while True:
        line = inp.readline()
        if not line:
            return 0
        try:
            msg = json.loads(line)
        except ValueError:
            print("not JSON, skipped: " + line.strip()[:80], file=sys.stderr)
            continue
        if not isinstance(msg, dict):
            continue
        kind = msg.get("type")
        if kind == "turn":
            action = choose(msg["obs"], msg["legal"])
            send(out, {"type": "action", "match": msg["match"], "id": msg["id"], "action": action})
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
        # hello and pong need no answer; unknown types are ignored (forward compatible).


def main():
    if len(sys.argv) > 1:
        # Connect mode: run the command (ssh …) and talk to it through its stdin and stdout.
        proc = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        status = play(proc.stdout, proc.stdin)
        proc.stdin.close()
        return status or proc.wait()
    return play(sys.stdin, sys.stdout)


if __name__ == "__main__":
    sys.exit(main())

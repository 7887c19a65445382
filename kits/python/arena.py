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

A new game is a new strategy file next to this one; this loop stays as it is.
"""
import json
import subprocess
import sys

_name = "bot"


def log(*args):
    """Prints a line for people, on stderr, prefixed with the bot's name."""
    print(_name + ":", *args, file=sys.stderr, flush=True)


def _send(out, msg):
    out.write(json.dumps(msg, separators=(",", ":")) + "\n")
    out.flush()


def play(inp, out, strategies):
    """Answers turns until the server closes the connection. Returns an exit status."""
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
        if kind == "hello":
            game = msg.get("game")
            choose = strategies.get(game)
            if choose is None:
                log("error: this bot has no strategy for %s (it plays %s)" % (game, ", ".join(sorted(strategies))))
                return 1
        elif kind == "turn":
            action = choose(msg["obs"], msg.get("legal"))
            _send(out, {"type": "action", "match": msg["match"], "id": msg["id"], "action": action})
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


def run(strategies, name="bot"):
    """Plays with strategies ({game id: choose}) until the server is done; exits the process
    with the status."""
    global _name
    _name = name
    if len(sys.argv) > 1:
        # Connect mode: run the command (ssh …) and talk to it through its stdin and stdout.
        proc = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        status = play(proc.stdout, proc.stdin, strategies)
        proc.stdin.close()
        sys.exit(status or proc.wait())
    sys.exit(play(sys.stdin, sys.stdout, strategies))

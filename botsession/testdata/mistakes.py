"""A 7 Colors bot that makes one of the mistakes students make, to test that the arena
explains each in one sentence (locally, over SSH and in arena check).

    python3 mistakes.py MODE [ssh command …]

MODE: ok, debug (prints debugging on stdout), badjson (a broken JSON line), illegal (a
colour that is not legal), slow (sleeps past the deadline of its first two turns: two
strikes, not three, so the game goes on and its late answers are seen), crash (raises at
its 3rd turn), noflush (never flushes stdout), wrongmatch (answers with another match),
nomatch (answers without "match"), oneshot (exits after its first game), chatty (answers
every line it reads), smallbuf (reads lines into a 1 KB buffer, as fgets(buf, 1024,
stdin) does, and skips what does not parse: a turn line longer than that is never
answered). With a command after MODE, the bot runs it and plays on its pipes, as the
starter kits do; otherwise it plays on its own stdin and stdout.
"""
import json
import subprocess
import sys
import time


def play(inp, out, mode):
    turns = 0
    def send(msg, flush=True):
        out.write(json.dumps(msg) + "\n")
        if flush and mode != "noflush":
            out.flush()
    lines = inp
    if mode == "smallbuf":
        lines = iter(lambda: inp.readline(1023), "")
    for line in lines:
        try:
            msg = json.loads(line)
        except ValueError:
            if mode == "smallbuf":
                continue  # half a line: "not my message", the bug
            raise
        kind = msg.get("type")
        if mode == "chatty" and kind != "turn":
            send({"type": "action", "match": msg.get("match", "m"), "id": msg.get("id", 1), "action": 3})
            continue
        if kind == "end" and mode == "oneshot":
            return 0
        if kind == "error":
            return 0
        if kind != "turn":
            continue
        turns += 1
        legal = msg["legal"]
        act = {"type": "action", "match": msg["match"], "id": msg["id"], "action": legal[0]}
        if mode == "debug":
            out.write("debug: I play colour %d\n" % legal[0])
        elif mode == "badjson":
            out.write('{"type":"action","id":%d,"action":%d\n' % (msg["id"], legal[0]))
            out.flush()
            continue
        elif mode == "illegal":
            act["action"] = [c for c in range(3, 10) if c not in legal][0]
        elif mode == "slow" and turns <= 2:
            time.sleep((msg["time"]["move_ms"] + msg["time"]["bank_ms"]) / 1000 + 0.3)
        elif mode == "crash" and turns == 3:
            raise RuntimeError("a bug at turn 3")
        elif mode == "wrongmatch":
            act["match"] = "r4k2"
        elif mode == "nomatch":
            del act["match"]
        send(act)
    return 0


def main():
    mode = sys.argv[1]
    if len(sys.argv) > 2:
        # Line-buffered, as the kits are, but for noflush: buffered as a pipe is by default.
        bufsize = -1 if mode == "noflush" else 1
        child = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=bufsize)
        status = play(child.stdout, child.stdin, mode)
        child.stdin.close()
        child.wait()
        return status
    out = sys.stdout
    if mode == "noflush":
        # Buffered as a pipe is by default, even under PYTHONUNBUFFERED or python3 -u.
        out = open(sys.stdout.fileno(), "w", buffering=8192, closefd=False)
    return play(sys.stdin, out, mode)


if __name__ == "__main__":
    sys.exit(main())

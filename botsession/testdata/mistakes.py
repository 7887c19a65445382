"""A 7 Colors bot that makes one of the mistakes students make, to test that the arena
explains each in one sentence (locally, over SSH and in arena check).

    python3 mistakes.py MODE [ssh command …]

MODE: ok, debug (prints debugging on stdout), badjson (a broken JSON line), illegal (a
colour that is not legal), slow (sleeps past every deadline), crash (raises at its 3rd
turn), noflush (never flushes stdout), wrongmatch (answers with another match), nomatch
(answers without "match"), oneshot (exits after its first game), chatty (answers every
line it reads). With a command after MODE, the bot runs it and plays on its pipes, as the
starter kits do; otherwise it plays on its own stdin and stdout.
"""
import io
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
    for line in inp:
        msg = json.loads(line)
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
        elif mode == "slow":
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
        child = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        status = play(child.stdout, child.stdin, mode)
        child.stdin.close()
        child.wait()
        return status
    out = sys.stdout
    if mode == "noflush":
        # A buffer of its own: PYTHONUNBUFFERED, where set, must not flush it for us.
        out = io.TextIOWrapper(io.BufferedWriter(io.FileIO(1, "w", closefd=False), 1 << 16))
    return play(sys.stdin, out, mode)


if __name__ == "__main__":
    sys.exit(main())

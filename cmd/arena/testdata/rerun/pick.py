"""A bot for arena rerun's tests: it answers turn ID with legal[ID % len(legal)], in any
game that lists its legal actions.

    python3 pick.py [CHANGED [REFUSED [LOG]]]

With CHANGED (a turn id, 0 for none), the bot is "a changed kit": from that turn on, where
a turn has three legal actions or more, it answers legal[(ID + 1) % len(legal)] instead.
With REFUSED (a turn id), in 7 Colors, at the first turn from REFUSED on whose legal
colours miss one of 3..9, it answers the smallest colour missing, which is refused. With
LOG (a file), it writes there every line it reads."""
import json
import sys

changed = int(sys.argv[1]) if len(sys.argv) > 1 else 0
refused = int(sys.argv[2]) if len(sys.argv) > 2 else 0
log = open(sys.argv[3], "w") if len(sys.argv) > 3 else None
for line in sys.stdin:
    if log:
        log.write(line)
        log.flush()
    msg = json.loads(line)
    kind = msg.get("type")
    if kind == "turn":
        legal, turn = msg["legal"], msg["id"]
        pick = turn % len(legal)
        if changed and turn >= changed and len(legal) >= 3:
            pick = (turn + 1) % len(legal)
        action = legal[pick]
        missing = [c for c in range(3, 10) if c not in legal]
        if refused and turn >= refused and missing:
            action, refused = missing[0], 0
        print(json.dumps({"type": "action", "match": msg["match"], "id": turn, "action": action}), flush=True)
    elif kind == "error":
        print("told:", msg["msg"], file=sys.stderr)
        break

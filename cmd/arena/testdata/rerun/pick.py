"""A bot for arena rerun's tests: it answers turn ID with legal[ID % len(legal)], in any
game that lists its legal actions.

    python3 pick.py [CHANGED]

With CHANGED (a turn id), the bot is "a changed kit": from that turn on, where a turn has
three legal actions or more, it answers legal[(ID + 1) % len(legal)] instead."""
import json
import sys

changed = int(sys.argv[1]) if len(sys.argv) > 1 else 0
for line in sys.stdin:
    msg = json.loads(line)
    kind = msg.get("type")
    if kind == "turn":
        legal, turn = msg["legal"], msg["id"]
        pick = turn % len(legal)
        if changed and turn >= changed and len(legal) >= 3:
            pick = (turn + 1) % len(legal)
        print(json.dumps({"type": "action", "match": msg["match"], "id": turn, "action": legal[pick]}), flush=True)
    elif kind == "error":
        print("told:", msg["msg"], file=sys.stderr)
        break

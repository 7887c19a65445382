#!/usr/bin/env python3
"""A Garden Tensions bot for the arena, speaking the bot protocol (version 1) in JSON lines.

Run it by the arena, which speaks on its stdin and stdout:
    arena match --game garden --seats exec:"python3 garden_bot.py",heuristic --games 100
or let it connect itself over SSH (its arguments are the command to run):
    python3 garden_bot.py ssh -T -p 2222 arena.host bot --game garden --practice --vs heuristic

stdout carries protocol only: print your debugging to stderr (log() below does).
The protocol loop is arena.py, shared by every bot of this kit: keep it beside this file.
"""
import arena

log = arena.log


def cell_of(obs, r, q):
    """The observation's cell at (r, q)."""
    for c in obs["cells"]:
        if c["r"] == r and c["q"] == q:
            return c
    return None


# ---------------------------------------------------------------------------------------
# YOUR STRATEGY GOES HERE: choose(obs, legal) is asked for every decision: the clan first,
# then each conquest action until you answer "end" (5 at most a turn), then each creature
# of your reinforcement ("place r q") until none is left or you answer "end".
#
# obs["phase"] is "clan", "conquest" or "reinforcement"; obs["you"] your seat.
# obs["cells"] are the 29 cells: {"id", "r", "q", "adj" (the neighbours' ids), "kind"
# (simple, sky, candy, bbq, pool), "terrain", "resource", "yield", "owner" (a seat, -1 for
# empty), "creatures", "status", "timer", "forged", "immobile"}; cells[i]["id"] == i.
# obs["players"][seat] is {"clan", "food", "metal", "stone", "wood", "points", "pending"}.
# legal lists every command you may send now, as strings: "clan miners", "move 2 0 2 1",
# "sky 2 0 4 3", "bbq 3 3", "pool 3 3", "pillage 3 3", "zone 3 3" ("zone 2 2 2 3" for the
# Lumberjacks), "place 2 1", and "end" (last).
#
# This one takes the first clan offered. In conquest it fires the first BBQ, Pool, pillage
# or zone attack offered (they cost resources or points it would not use otherwise); else
# attacks where its creatures outnumber the defender's most (the first such on ties); else
# moves into the first empty cell it may; else ends. Sky is yours to add. It places each
# creature on its weakest cell next to the enemy, else its weakest cell.
# ---------------------------------------------------------------------------------------
def choose(obs, legal):
    if obs["phase"] == "clan":
        return legal[0]
    me = obs["you"]
    if obs["phase"] == "reinforcement":
        best, best_key = "end", None
        for action in legal:
            if action.startswith("place "):
                _, r, q = action.split()
                c = cell_of(obs, int(r), int(q))
                front = any(obs["cells"][n]["owner"] == 1 - me for n in c["adj"])
                key = (0 if front else 1, c["creatures"])  # the front first, then the weakest
                if best_key is None or key < best_key:
                    best, best_key = action, key
        return best
    attack, best_gap, expand = None, 0, None
    for action in legal:
        words = action.split()
        if words[0] in ("bbq", "pool", "pillage", "zone"):
            return action
        if words[0] != "move":
            continue
        src = cell_of(obs, int(words[1]), int(words[2]))
        dst = cell_of(obs, int(words[3]), int(words[4]))
        if dst["owner"] == -1:
            if expand is None:
                expand = action
        elif src["creatures"] - dst["creatures"] > best_gap:
            attack, best_gap = action, src["creatures"] - dst["creatures"]
    return attack or expand or "end"


if __name__ == "__main__":
    arena.run({"garden": choose}, name="garden_bot")

#!/usr/bin/env python3
"""A DiceWars bot for the arena, speaking the bot protocol (version 1) in JSON lines.

Run it by the arena, which speaks on its stdin and stdout:
    arena match --game dicewars --seats exec:"python3 dicewars_bot.py",seed,classic,odds --games 100
or let it connect itself over SSH (its arguments are the command to run):
    python3 dicewars_bot.py ssh -T -p 2222 arena.host bot --game dicewars --practice --vs seed,classic

stdout carries protocol only: print your debugging to stderr (log() below does).
The protocol loop is arena.py, shared by every bot of this kit: keep it beside this file.
"""
import arena

log = arena.log


# ---------------------------------------------------------------------------------------
# YOUR STRATEGY GOES HERE: choose(obs, legal) is asked once per attack, until it answers
# "end".
#
# obs["areas"][i] is area i+1: {"id", "owner" (a seat), "dice" (1..8)};
# obs["adjacency"][i] lists the neighbours of area i+1; obs["you"] is your seat;
# obs["points"][seat] is a seat's largest group of areas (the dice it gains at the end of
# its turn) and obs["stock"][seat] the dice it keeps.
# legal lists every attack you may make, {"attack": [from, to]}, then "end".
#
# This one attacks where it has more dice than the defender, the biggest difference first,
# and ends its turn when there is no such attack.
# ---------------------------------------------------------------------------------------
def choose(obs, legal):
    dice = {a["id"]: a["dice"] for a in obs["areas"]}
    best, best_gap = "end", 0
    for action in legal:
        if action == "end":
            continue
        src, dst = action["attack"]
        gap = dice[src] - dice[dst]
        if gap > best_gap:
            best, best_gap = action, gap
    return best


if __name__ == "__main__":
    arena.run({"dicewars": choose}, name="dicewars_bot")

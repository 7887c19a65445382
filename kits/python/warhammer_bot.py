#!/usr/bin/env python3
"""A War Hammer bot for the arena, speaking the bot protocol (version 1) in JSON lines.

Run it by the arena, which speaks on its stdin and stdout:
    arena match --game warhammer --seats exec:"python3 warhammer_bot.py",hunter,random --games 100
or let it connect itself over SSH (its arguments are the command to run):
    python3 warhammer_bot.py ssh -T -p 2222 arena.host bot --game warhammer --practice --vs hunter

stdout carries protocol only: print your debugging to stderr (log() below does).
The protocol loop is arena.py, shared by every bot of this kit: keep it beside this file.
"""
import arena

log = arena.log

# The eight directions in the assignment's order: right, up-right, up, up-left, left,
# down-left, down, down-right, as (row, column) steps; row 0 is the top.
DIRECTIONS = [(0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1), (1, 0), (1, 1)]


# ---------------------------------------------------------------------------------------
# YOUR STRATEGY GOES HERE: the assignment's function, my_ai_play(map, height, width).
#
# map has height rows of width ints; height is the board's size T and width is T + N for
# N players:
#   map[r][c], c < T      the HP of cell (r, c): 4 at the start, 0 a hole or outside the
#                         octagon
#   map[0][T + k]         1 if player k is alive, 0 if dead
#   map[1][T + k]         its row;  map[2][T + k] its column (the dead keep theirs)
# Player 0 (column T) is YOU; the others follow in turn order, the next to play first.
#
# Return a code 0..95 = 8 * first + hammer:
#   first   0..3 a grenade right, up, left, down; 4..11 a step in the eight directions
#   hammer  0..7 the eight directions, from where you stand after the first choice
# A code outside 0..95 (or no answer in time) is a death, as the assignment says.
#
# This one steps to the soundest free cell around it, then brings the hammer down on an
# opponent standing next to it if there is one, else on the weakest standing cell around.
# ---------------------------------------------------------------------------------------
def my_ai_play(map, height, width):
    size, players = height, width - height
    row, col = map[1][size], map[2][size]

    def standing(r, c):
        return 0 <= r < size and 0 <= c < size and map[r][c] > 0

    def occupied(r, c):
        return any(map[0][size + k] and map[1][size + k] == r and map[2][size + k] == c
                   for k in range(players))

    best_code, best_score = 0, -1
    for step, (dr, dc) in enumerate(DIRECTIONS):
        r, c = row + dr, col + dc
        if not standing(r, c) or occupied(r, c):
            continue
        for hammer, (hr, hc) in enumerate(DIRECTIONS):
            hr, hc = r + hr, c + hc
            if not standing(hr, hc):
                continue  # the void or a hole: the hammer would kill us
            score = 10 * map[r][c] + (100 if occupied(hr, hc) else 5 - map[hr][hc])
            if score > best_score:
                best_code, best_score = 8 * (4 + step) + hammer, score
    return best_code


def choose(obs, legal=None):
    matrix = obs["matrix"]
    return my_ai_play(matrix, obs["size"], obs["size"] + obs["players"])


if __name__ == "__main__":
    arena.run({"warhammer": choose}, name="warhammer_bot")

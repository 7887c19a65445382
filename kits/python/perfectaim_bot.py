#!/usr/bin/env python3
"""A Perfect Aim bot for the arena, speaking the bot protocol (version 1) in JSON lines.

Run it by the arena, which speaks on its stdin and stdout:
    arena match --game perfectaim --seats exec:"python3 perfectaim_bot.py",zidane --games 12
or let it connect itself over SSH (its arguments are the command to run):
    python3 perfectaim_bot.py ssh -T -p 2222 arena.host bot --game perfectaim --practice --vs zidane

stdout carries protocol only: print your debugging to stderr (log() below does).
The protocol loop is arena.py, shared by every bot of this kit: keep it beside this file.
"""
from collections import deque

import arena

# The four directions, in scan order, and what each does to (x, y).
STEPS = [("UP", 0, -1), ("DOWN", 0, 1), ("LEFT", -1, 0), ("RIGHT", 1, 0)]


log = arena.log


def dangerous_cells(obs):
    """Cells to keep out of: lava, fireballs, and the cell each fireball enters next."""
    bad = set()
    for y, row in enumerate(obs["background"]):
        for x, tile in enumerate(row):
            if tile == "LAVA":
                bad.add((x, y))
    for f in obs["fireballs"]:
        bad.add((f["x"], f["y"]))
        for name, dx, dy in STEPS:
            if f["action"] == "MOVE_" + name:
                bad.add((f["x"] + dx, f["y"] + dy))
    return bad


def first_step_to(obs, wanted, bad):
    """Breadth-first search from you to the nearest cell where wanted(x, y) holds, through
    cells that are not walls, players or bad. Returns the first move ("MOVE_UP", …) or None."""
    me = obs["you"]
    grid = obs["tile_grid"]
    size = obs["size"]
    start = (me["x"], me["y"])
    seen = {start}
    queue = deque()
    for name, dx, dy in STEPS:
        x, y = start[0] + dx, start[1] + dy
        if 0 <= x < size and 0 <= y < size and (x, y) not in bad and grid[y][x] != "WALL" \
                and not grid[y][x].startswith("PLAYER_"):
            seen.add((x, y))
            queue.append((x, y, "MOVE_" + name))
    while queue:
        x, y, first = queue.popleft()
        if wanted(x, y):
            return first
        for _, dx, dy in STEPS:
            nx, ny = x + dx, y + dy
            if (nx, ny) in seen or not (0 <= nx < size and 0 <= ny < size):
                continue
            if (nx, ny) in bad or grid[ny][nx] == "WALL":
                continue
            seen.add((nx, ny))
            queue.append((nx, ny, first))
    return None


# ---------------------------------------------------------------------------------------
# YOUR STRATEGY GOES HERE.
#
# obs["tile_grid"][y][x] is what a cell shows ("FLOOR", "WALL", "COIN", "PLAYER_BLUE",
# "FIREBALL", …); obs["background"][y][x] is FLOOR, WALL, LAVA or DAMAGED_FLOOR (lava
# next: ring after ring closes in from t = 35 s). obs["you"] is your player (x, y,
# speed, coins, super_fireballs, shield), obs["players"] every living player,
# obs["fireballs"] every fireball with its direction ("MOVE_LEFT", …) and its thrower.
# obs["t"] is the time, "num/den" seconds.
# (No legal list: actions are checked at the instant.) Return "WAIT", "MOVE_UP", "MOVE_DOWN", "MOVE_LEFT", "MOVE_RIGHT", "ATTACK_UP", … .
# An invalid action (into a wall or a player, or an attack while your fireball still
# flies) is played as WAIT, with a warning.
#
# This one walks to the nearest coin, avoiding lava and fireballs; on damaged floor it
# first gets back to sound floor; otherwise it waits.
# ---------------------------------------------------------------------------------------
def choose(obs, legal=None):
    me = obs["you"]
    bg = obs["background"]
    grid = obs["tile_grid"]
    bad = dangerous_cells(obs)
    if bg[me["y"]][me["x"]] == "DAMAGED_FLOOR":
        step = first_step_to(obs, lambda x, y: bg[y][x] == "FLOOR", bad)
        if step:
            return step
    step = first_step_to(obs, lambda x, y: grid[y][x] == "COIN" and bg[y][x] == "FLOOR", bad)
    return step or "WAIT"


if __name__ == "__main__":
    arena.run({"perfectaim": choose}, name="perfectaim_bot")

#!/usr/bin/env python3
"""A 7 Colors bot for the arena, speaking the bot protocol (version 1) in JSON lines.

Run it by the arena, which speaks on its stdin and stdout:
    arena match --game sevencolors --seats exec:"python3 mybot.py",greedy --games 100
or let it connect itself over SSH (its arguments are the command to run):
    python3 mybot.py ssh -T -p 2222 arena.host bot --game sevencolors --practice --vs greedy

stdout carries protocol only: print your debugging to stderr (log() below does).
The protocol loop is arena.py, shared by every bot of this kit: keep it beside this file.
"""
import arena

log = arena.log


# ---------------------------------------------------------------------------------------
# YOUR STRATEGY GOES HERE.
#
# obs["board"][y][x] is a cell, rows top to bottom: 0 empty, 1 player 1 ('^', starts
# bottom-left), 2 player 2 ('v', starts top-right), 3..9 the colours A..G.
# obs["you"] is your code (1 or 2), obs["size"] the width N.
# legal lists the colours that capture something (all of 3..9 when none does).
# Return one colour, 3..9. A colour that touches nothing loses your turn.
#
# This one is greedy: it plays the colour that captures the most cells now. Beat it.
# ---------------------------------------------------------------------------------------
def choose(obs, legal):
    return max(legal, key=lambda colour: captured(obs["board"], obs["you"], colour))


def captured(board, me, colour):
    """How many cells of colour playing it would take: those joined to my territory
    through cells of that colour."""
    n = len(board)
    todo = [(x, y) for y in range(n) for x in range(n) if board[y][x] == me]
    seen = set(todo)
    taken = 0
    while todo:
        x, y = todo.pop()
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if 0 <= nx < n and 0 <= ny < n and (nx, ny) not in seen and board[ny][nx] == colour:
                seen.add((nx, ny))
                todo.append((nx, ny))
                taken += 1
    return taken


if __name__ == "__main__":
    arena.run({"sevencolors": choose}, name="mybot")

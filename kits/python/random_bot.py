#!/usr/bin/env python3
"""A 7 Colors bot that plays a random legal colour: the weakest opponent worth having, to
measure your own bot against (and the most of a class in cmd/arenaload's class scenario).

    arena match --game sevencolors --seats exec:"python3 random_bot.py",greedy --games 100
    python3 random_bot.py ssh -T -p 2222 arena.host bot --game sevencolors --practice --vs greedy

The protocol loop is arena.py, shared by every bot of this kit: keep it beside this file.
"""
import random

import arena


def choose(obs, legal):
    return random.choice(legal)


if __name__ == "__main__":
    arena.run({"sevencolors": choose}, name="random_bot")

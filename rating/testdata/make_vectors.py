#!/usr/bin/env python3
"""Write vectors.json: Plackett-Luce outputs of the openskill reference.

Run from the repository root with openskill 6.2.0, the release the vectors
come from (docs/ratings.md, "How the test vectors were made"):

    python3 -m venv /tmp/openskill-venv
    /tmp/openskill-venv/bin/pip install openskill==6.2.0
    /tmp/openskill-venv/bin/python rating/testdata/make_vectors.py \
        --commit 65a675d21d9a0d5405731385e83be9aa781537ec

or with PYTHONPATH at a clone of vivekjoshy/openskill.py checked out at that
commit (its openskill/ directory is the release's). --commit is only recorded
in the file, beside the package's version and a SHA-256 of the model's source.

Every case is a roster of players with prior (mu, sigma) and a sequence of
games; after each game the whole roster's ratings are recorded, and the Go
test replays the games feeding its own outputs forward. Single games are
sequences of length one. The random priors and outcomes come from a fixed
seed, so rerunning gives the same file.
"""

import argparse
import hashlib
import json
import os
import random
import sys

import openskill
from openskill.models import PlackettLuce

SEED = 20260212

# Model variants. "default" is the reference's own defaults (tau applied
# every game); the others exercise tau off and limit_sigma on.
MODELS = {
    "default": {},
    "tau0": {"tau": 0.0},
    "limit_sigma": {"limit_sigma": True},
}


def model_params(name):
    m = PlackettLuce(**MODELS[name])
    return {
        "name": name,
        "mu": m.mu,
        "sigma": m.sigma,
        "beta": m.beta,
        "kappa": m.kappa,
        "tau": m.tau,
        "limit_sigma": m.limit_sigma,
    }


def play(model_name, players, games):
    """players: [(mu, sigma)]; games: [(teams as index lists, ranks|None)]."""
    model = PlackettLuce(**MODELS[model_name])
    roster = [model.rating(mu=mu, sigma=sigma) for mu, sigma in players]
    out = []
    for teams, ranks in games:
        arg = [[roster[p] for p in t] for t in teams]
        if ranks is None:
            rated = model.rate(arg)
        else:
            rated = model.rate(arg, ranks=list(ranks))
        for t, team in zip(teams, rated):
            for p, r in zip(t, team):
                roster[p] = model.rating(mu=r.mu, sigma=r.sigma)
        out.append(
            {
                "teams": teams,
                "ranks": ranks,
                "expect": [[r.mu, r.sigma] for r in roster],
            }
        )
    return {
        "model": model_name,
        "players": [[mu, sigma] for mu, sigma in players],
        "games": out,
    }


def prior(rng):
    return (rng.uniform(5.0, 45.0), rng.uniform(0.8, 25.0 / 3.0))


def random_ranks(rng, n, ties):
    if not ties:
        ranks = list(range(1, n + 1))
        rng.shuffle(ranks)
        return ranks
    # Draw from fewer values than teams so ties are likely, and spread them
    # out so ranks are not dense (only order matters).
    return [rng.randint(1, max(1, n - 1)) * 3 for _ in range(n)]


def cases(rng):
    d = (25.0, 25.0 / 3.0)
    for model in MODELS:
        yield f"{model}/2p win, default priors", play(model, [d, d], [([[0], [1]], [1, 2])])
        yield f"{model}/2p loss, default priors", play(model, [d, d], [([[0], [1]], [2, 1])])
        yield f"{model}/2p draw, default priors", play(model, [d, d], [([[0], [1]], [1, 1])])
        yield f"{model}/2p no ranks", play(model, [d, d], [([[0], [1]], None)])
    for model in MODELS:
        for k in range(12):
            ps = [prior(rng), prior(rng)]
            ranks = rng.choice([[1, 2], [2, 1], [1, 1], [0, 5]])
            yield f"{model}/2p random priors {k}", play(model, ps, [([[0], [1]], ranks)])
    for model in MODELS:
        for n in range(3, 9):
            for k in range(3):
                for ties in (False, True):
                    fresh = k == 0
                    ps = [d] * n if fresh else [prior(rng) for _ in range(n)]
                    teams = [[i] for i in range(n)]
                    ranks = random_ranks(rng, n, ties)
                    label = "ties" if ties else "no ties"
                    who = "default" if fresh else "random"
                    yield (
                        f"{model}/ffa {n}p {label} {who} priors {k}",
                        play(model, ps, [(teams, ranks)]),
                    )
        for n in (3, 5, 8):
            ps = [prior(rng) for _ in range(n)]
            yield f"{model}/ffa {n}p all tied", play(model, ps, [([[i] for i in range(n)], [1] * n)])
            yield f"{model}/ffa {n}p no ranks", play(model, ps, [([[i] for i in range(n)], None)])
    # Sequences: a roster plays many free-for-all games among subsets.
    for model in MODELS:
        for k in range(4):
            size = 6 + k
            ps = [d] * size if k == 0 else [prior(rng) for _ in range(size)]
            games = []
            for _ in range(15):
                n = rng.randint(2, min(8, size))
                who = rng.sample(range(size), n)
                ranks = random_ranks(rng, n, rng.random() < 0.3)
                games.append(([[p] for p in who], ranks))
            yield f"{model}/sequence {k} ({size} players, 15 games)", play(model, ps, games)
    # Teams of unequal sizes.
    for model in MODELS:
        for k in range(8):
            nteams = rng.randint(2, 4)
            sizes = [rng.randint(1, 3) for _ in range(nteams)]
            ps, teams = [], []
            for s in sizes:
                teams.append(list(range(len(ps), len(ps) + s)))
                ps.extend(prior(rng) for _ in range(s))
            ranks = random_ranks(rng, nteams, k % 3 == 2)
            yield f"{model}/teams {sizes} {k}", play(model, ps, [(teams, ranks)])


def source_digest():
    root = os.path.dirname(openskill.__file__)
    h = hashlib.sha256()
    for rel in ("models/common.py", "models/weng_lin/common.py", "models/weng_lin/plackett_luce.py"):
        with open(os.path.join(root, rel), "rb") as f:
            h.update(f.read())
    return h.hexdigest()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--commit", default="", help="openskill.py git commit of the source")
    ap.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "vectors.json"))
    a = ap.parse_args()
    rng = random.Random(SEED)
    doc = {
        "generator": "rating/testdata/make_vectors.py",
        "seed": SEED,
        "openskill": {
            "version": openskill.__version__,
            "commit": a.commit,
            "sha256_of_common_and_plackett_luce": source_digest(),
            "python": sys.version.split()[0],
        },
        "models": {name: model_params(name) for name in MODELS},
        "cases": [dict(name=name, **case) for name, case in cases(rng)],
    }
    with open(a.out, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    print(f"wrote {len(doc['cases'])} cases to {a.out}")


if __name__ == "__main__":
    main()

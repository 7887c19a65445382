// Package garden is Garden Tensions: two clans fight over a garden of 29 hex cells with
// creatures, dice, four special cells and clan abilities (rules in docs/rules/garden.md).
package garden

import (
	"encoding/json"
	"strconv"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

type game struct{}

// Game is Garden Tensions.
var Game games.Game = game{}

func (game) ID() string                    { return "garden" }
func (game) Name() string                  { return "Garden Tensions" } // lang:keep the game's name: who shows it says it in the reader's language (core catalog)
func (game) Seats() (minimum, maximum int) { return Players, Players }

// Normalize fills in the round cap, the only setting.
func (game) Normalize(cfg games.Config) (games.Config, error) {
	out := games.Config{"rounds": DefaultRounds}
	for _, k := range cfg.Keys() {
		if k != "rounds" {
			return nil, lang.Errorf("Garden Tensions has no setting %q (its only setting is rounds)", k)
		}
		out[k] = cfg[k]
	}
	if n := out["rounds"]; n < MinRounds || n > MaxRounds {
		return nil, lang.Errorf("Garden Tensions: rounds %s is out of range: %d..%d", strconv.Itoa(n), MinRounds, MaxRounds)
	}
	return out, nil
}

func (g game) New(cfg games.Config, seats int, seed uint64) (games.State, error) {
	if seats != Players {
		return nil, lang.Errorf("Garden Tensions is played by %d, not %d", Players, seats)
	}
	cfg, err := g.Normalize(cfg)
	if err != nil {
		return nil, err
	}
	return NewState(cfg["rounds"], seed), nil
}

// NewLegacy starts a game as New did before ChaCha8 (games.LegacyChance): replays of format 1.
func (g game) NewLegacy(cfg games.Config, seats int, seed uint64) (games.State, error) {
	if seats != Players {
		return nil, lang.Errorf("Garden Tensions is played by %d, not %d", Players, seats)
	}
	cfg, err := g.Normalize(cfg)
	if err != nil {
		return nil, err
	}
	return NewLegacyState(cfg["rounds"], seed), nil
}

// DecodeAction reads a command string; one that is not a command is refused by Validate.
func (game) DecodeAction(raw json.RawMessage) (games.Action, error) { return decodeAction(raw) }

func (game) Describe() games.Description {
	return games.Description{
		Settings: []games.Setting{{Key: "rounds", Doc: lang.N("the game stops after this many rounds (a turn each)"),
			Min: MinRounds, Max: MaxRounds, Default: DefaultRounds}},
		Protocol: &protocol,
		Players:  Players,
	}
}

var protocol = games.Protocol{
	SeedPublic: false, // the seed would tell every roll to come
	// lang:keep the bot protocol's reference, in English like the kits
	Obs: `{"you": SEAT, "to_move": SEAT, "first": SEAT, "phase": "clan"|"conquest"|"reinforcement",
 "actions_left": N, "turn": T, "round": R, "rounds": CAP,
 "cells": [29 × {"id","r","q","adj","kind","terrain","resource","yield","owner","creatures",
                 "status","timer","forged","immobile"}],
 "players": [per seat {"clan","food","metal","stone","wood","points","pending"}]}
  cells      row-major: id 0..28, (r, q) axial, adj the neighbours' ids; kind simple, sky,
             candy, bbq or pool (specials have null terrain, resource and yield); terrain
             grass|sand|dirt, resource food|metal|stone|wood, yield 0..2; owner a seat or
             -1 (empty), creatures 0..5; status normal|poisoned|protected with timer the
             poison ticks left; forged the turn ends left of d9 dice, immobile the owner's
             turns left without moving
  players    clan ("" until chosen), the four stocks, conquest points, creatures to place
  turn       players' turns begun (0 while clans are chosen); the game stops after
             2·rounds turns
`,
	// lang:keep the bot protocol's reference, in English like the kits
	Legal: `every legal command now, as strings: the free clans first; in conquest every
move, sky, bbq, pool, pillage and zone you may play, then "end"; in reinforcement
every "place r q", then "end"
`,
	// lang:keep the bot protocol's reference, in English like the kits
	Action: `a command string: "clan cooks|blacksmiths|miners|lumberjacks|random" (first);
  "move r1 q1 r2 q2" (into an empty or enemy neighbour; 2+ creatures, n-1 go),
  "sky r1 q1 r2 q2" (own Sky, 5 metal: attack any enemy cell), "bbq r q" / "pool r q"
  (own the cell, 3 stone / 3 wood: kill up to 3 on an enemy cell next to yours),
  "pillage r q", "zone r q" ("zone r1 q1 r2 q2" for Lumberjacks) for 8 points,
  "place r q" (one creature, in reinforcement), "end" (ends conquest, then
  reinforcement). Up to 5 conquest actions a turn. Combat: the attacker rolls a die
  for every creature on its source cell, the defender for each of its own (below).
`,
	// lang:keep the bot protocol's reference, in English like the kits
	Default: `"end" (a refused command ends the phase; creatures not placed are lost);
"clan random" while clans are chosen
`,
	// lang:keep the bot protocol's reference, in English like the kits
	Rules: `combat (a move or Sky into an enemy cell): the attacker rolls one die for every
creature on its source cell, the one that stays included (4 creatures: 4 dice, and
3 move in if they win); the defender one for each of its creatures. Dice are d6,
d9 on a forged cell. A strictly higher sum takes the cell with the creatures that
moved and scores a conquest point; a tie or less leaves the defender as it was.
Either way the source keeps one creature. Entering a special cell costs its price
(Sky 5 metal, Candy 3 food, Barbecue 3 stone, Pool 3 wood), paid only if taken.
a turn: poison ticks, income (each simple cell's yield to its resource), up to 5
conquest actions, reinforcement: 3 creatures + 2 per terrain held whole + 3 for
Candy (paying 3 food) + the deported, placed one at a time, at most 5 a cell.
the end: a player without a cell loses at once (both: a draw); after the last
round more cells win, then more creatures, else a draw. The dice come from the
hidden seed. The whole rules: rules garden.
`,
	// lang:keep the bot protocol's reference, in English like the kits
	Pitfalls: `"you", "to_move", "first", "owner" and the index of "players" are seats, 0 or
1 ("owner" -1: empty). Cells have ids 0..28 (row-major) in "cells" and "adj",
but commands name cells by row and column, "r q" (r 0..4, q 0..6, the axial
coordinates of each cell's "r" and "q"), never by id: the cell of id 9 has r 1
and q 5, so a move from it is "move 1 5 …", not "move 9 …".
`,
	ExampleConfig:  games.Config{"rounds": 5},
	ExampleSeed:    3,
	ExampleIllegal: Action{Verb: Place, From: NoHex, To: HexAt(0, 2)},
}

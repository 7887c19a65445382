// Package dicewars is DiceWars: 2 to 8 players conquer the areas of a map with dice battles
// (rules in docs/rules/dicewars.md).
package dicewars

import (
	"bytes"
	"encoding/json"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

type game struct{}

// Game is DiceWars.
var Game games.Game = game{}

func (game) ID() string                    { return "dicewars" }
func (game) Name() string                  { return "DiceWars" }
func (game) Seats() (minimum, maximum int) { return MinPlayers, MaxPlayers }

// Normalize fills in the number of areas (the number of players comes from the seats; New
// checks there are two areas a player).
func (game) Normalize(cfg games.Config) (games.Config, error) {
	out := games.Config{"areas": DefaultAreas}
	for _, k := range cfg.Keys() {
		if k != "areas" {
			return nil, lang.Errorf("DiceWars has no setting %q (its only setting is areas)", k)
		}
		out[k] = cfg[k]
	}
	if n := out["areas"]; n < MinAreas || n > MaxAreas {
		return nil, lang.Errorf("DiceWars: areas %d is out of range: %d..%d", games.Digits(n), games.Digits(MinAreas), games.Digits(MaxAreas))
	}
	return out, nil
}

func (g game) New(cfg games.Config, seats int, seed uint64) (games.State, error) {
	cfg, err := g.Normalize(cfg)
	if err != nil {
		return nil, err
	}
	return NewState(cfg["areas"], seats, seed)
}

// NewLegacy starts a game as New did before ChaCha8 (games.LegacyChance): replays of format 1.
func (g game) NewLegacy(cfg games.Config, seats int, seed uint64) (games.State, error) {
	cfg, err := g.Normalize(cfg)
	if err != nil {
		return nil, err
	}
	return NewLegacyState(cfg["areas"], seats, seed)
}

// DecodeAction reads "end" or {"attack":[from,to]}.
func (game) DecodeAction(raw json.RawMessage) (games.Action, error) {
	raw = bytes.TrimSpace(raw)
	var word string
	if json.Unmarshal(raw, &word) == nil {
		if word == "end" {
			return End, nil
		}
		return nil, lang.Errorf(`DiceWars: an action is {"attack":[from,to]} or "end", not %q`, word)
	}
	var at struct {
		Attack []int `json:"attack"`
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&at); err != nil || len(at.Attack) != 2 {
		return nil, lang.Errorf(`DiceWars: an action is {"attack":[from,to]} or "end", not %s`, raw)
	}
	return Action{From: at.Attack[0], To: at.Attack[1]}, nil
}

// MarshalJSON writes an action as the protocol does.
func (a Action) MarshalJSON() ([]byte, error) {
	if a == End {
		return []byte(`"end"`), nil
	}
	return json.Marshal(map[string][2]int{"attack": {a.From, a.To}})
}

func (game) Describe() games.Description {
	return games.Description{
		Settings: []games.Setting{{Key: "areas", Doc: lang.N("the areas the map is cut into (two a player at least)"),
			Min: MinAreas, Max: MaxAreas, Default: DefaultAreas}},
		Protocol: &protocol,
		Players:  4,
	}
}

var protocol = games.Protocol{
	SeedPublic: false, // the seed would tell every roll to come
	Obs: lang.N(`{"you": SEAT, "order": [seats in turn order], "areas": [{"id","owner","dice"}…],
 "adjacency": [[ids]…], "points": [per seat], "stock": [per seat], "round": R}
  areas      id 1..N, owner a seat, dice 1..8
  adjacency  adjacency[id-1] lists the areas next to area id
  points     each seat's largest group of connected areas (its supply)
  stock      each seat's dice kept for later (at most 64)
`),
	Legal: lang.N(`every attack you may make now, {"attack":[from,to]}, then "end"
`),
	Action: lang.N(`{"attack":[from,to]}: attack area to (an enemy neighbour) from area from (yours,
  2 dice or more); each side rolls a d6 a die, the higher sum wins, ties go to the
  defender; a won area takes your dice but one. You get one turn request per attack,
  until you send "end": then your largest group's size in dice is added at random.
`),
	Default: lang.N(`"end": a refused attack ends your turn
`),
	Rules: lang.N(`turn order: "order" (drawn from the seed); a player with no area is out. A battle:
the attacker rolls a d6 for every die on its area, the defender for every die on
its own; a strictly higher sum takes the area, which gets the attacker's dice but
one; a tie or less takes nothing. Either way the attacking area keeps one die.
"end": your largest group of connected areas, in dice, goes to your stock (at most
64), then dice are placed one at a time on random areas of yours with fewer than 8,
what cannot be placed staying in the stock. The end: the last player left wins,
the others rank in the reverse order of their elimination; after 200 rounds the
players left rank by areas, then dice. The rolls come from the hidden seed.
`),
	Pitfalls: lang.N(`"you", "owner", "order", and the indexes of "points" and "stock" are seats,
from 0; area ids run from 1, so area id's neighbours are adjacency[id-1].
Attacks name areas by id, not by position: the map has no coordinates.
`),
	ExampleConfig:  games.Config{"areas": 8},
	ExampleSeed:    3,
	ExampleIllegal: Action{From: 1, To: 1},
}

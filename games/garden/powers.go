package garden

import (
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// PowerData details a "power" event: a special cell's power or a clan ability, where it
// struck and what it did.
type PowerData struct {
	Power  string `json:"power"` // bbq, pool, pillage, zone
	Cell   [2]int `json:"cell"`
	Killed int    `json:"killed,omitempty"`
	Stolen int    `json:"stolen,omitempty"`
	Effect string `json:"effect,omitempty"` // a zone attack's: poisoned, forged, immobile, deported
}

// PowerKind is the special cell whose power a verb uses (bbq, pool).
func PowerKind(v Verb) Kind {
	if v == PoolPower {
		return Pool
	}
	return BBQ
}

// power plays "bbq T" or "pool T" (rule 11): kill up to 3 creatures on T.
func (s *State) power(seat int, v Verb, to Hex) []games.Event {
	k := PowerKind(v)
	cost := CostOf(k)
	s.players[seat].Stock[cost.Resource] -= cost.Amount
	if ev, cancelled := s.protection(seat, to); cancelled {
		return ev
	}
	n := min(PowerKills, int(s.cells[to].Creatures))
	s.kill(to, n)
	return []games.Event{event("power", seat, lang.T(powerTexts[k], to, n),
		PowerData{Power: verbNames[v], Cell: [2]int{to.R(), to.Q()}, Killed: n})}
}

// powerTexts say what a power did, by the special cell that fired it.
var powerTexts = [...]string{BBQ: lang.N("fires the Barbecue on %s: %d creatures dead"), Pool: lang.N("fires the Pool on %s: %d creatures dead")}

// pillage plays "pillage T" (rule 13): kill 1 on T and steal up to 2 of the clan's resource.
func (s *State) pillage(seat int, to Hex) []games.Event {
	s.players[seat].Points -= AbilityCost
	if ev, cancelled := s.protection(seat, to); cancelled {
		return ev
	}
	victim := int(s.cells[to].Owner)
	r := s.players[seat].Clan.Resource()
	stolen := min(PillageSteal, s.players[victim].Stock[r])
	s.players[victim].Stock[r] -= stolen
	s.players[seat].Stock[r] += stolen
	s.kill(to, 1)
	return []games.Event{event("power", seat, lang.T("pillages %s: 1 creature dead, %s stolen", to, Amount(r, stolen)),
		PowerData{Power: "pillage", Cell: [2]int{to.R(), to.Q()}, Killed: 1, Stolen: stolen})}
}

// zone plays the clan's zone attack (rule 13).
func (s *State) zone(seat int, from, to Hex) []games.Event {
	s.players[seat].Points -= AbilityCost
	clan := s.players[seat].Clan
	c := &s.cells[to]
	if int(c.Owner) != seat && !c.Empty() { // hostile: a protection cancels it
		if ev, cancelled := s.protection(seat, to); cancelled {
			return ev
		}
	}
	data := PowerData{Power: "zone", Cell: [2]int{to.R(), to.Q()}}
	var text lang.Text
	switch clan {
	case Cooks:
		c.Status, c.Timer = Poisoned, PoisonTicks
		data.Effect, text = "poisoned", lang.T("poisons %s for %d turns", to, PoisonTicks)
	case Blacksmiths:
		c.Forged = ForgedTurnEnds
		data.Effect, text = "forged", lang.T("forges %s: d9 in its combats until the end of the next turn", to)
	case Miners:
		c.Immobile = ImmobileTurns
		data.Effect, text = "immobile", lang.T("pins %s down for its owner's next %d turns", to, ImmobileTurns)
	case Lumberjacks:
		victim, n := int(c.Owner), int(c.Creatures)
		s.players[victim].Pending += n
		s.payEntry(seat, to)
		a := &s.cells[from]
		c.Owner, c.Creatures, c.Immobile = a.Owner, a.Creatures-1, 0
		c.Status, c.Timer = Protected, 0
		a.Creatures = 1
		data.Effect = "deported"
		text = lang.T("deports %d creatures from %s (back to their next reinforcement) and settles it, protected", n, to)
	}
	return []games.Event{event("power", seat, text, data)}
}

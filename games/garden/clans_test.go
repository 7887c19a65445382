package garden

import "testing"

// Rule 13: abilities cost 8 conquest points.
func TestAbilitiesCostEightPoints(t *testing.T) {
	s := handMade().put(at(2, 2), 0, 2).put(at(2, 3), 1, 3)
	s.players[0].Points = 7
	refused(t, s, "pillage 2 3", "no_points")
	refused(t, s, "zone 2 3", "no_points")
	s.players[0].Points = 8
	play(t, s, "pillage 2 3")
	if s.players[0].Points != 0 {
		t.Fatalf("points %d after a pillage", s.players[0].Points)
	}
}

// Rule 13, pillage: every clan kills 1 on an enemy neighbour and steals up to 2 of its own
// resource.
func TestEachClanPillagesItsResource(t *testing.T) {
	for _, clan := range Clans {
		for _, stock := range []int{5, 1} {
			s := handMade().put(at(2, 2), 0, 1).put(at(2, 3), 1, 3).put(at(2, 5), 1, 1)
			s.players[0].Clan, s.players[1].Clan = clan, Clans[(int(clan))%NumClans]
			s.players[0].Points = AbilityCost
			r := clan.Resource()
			s.players[1].Stock[r] = stock
			refused(t, s, "pillage 2 5", "not_adjacent")
			refused(t, s, "pillage 2 2", "not_enemy")
			play(t, s, "pillage 2 3")
			stolen := min(2, stock)
			if s.Cell(at(2, 3)).Creatures != 2 || s.players[0].Stock[r] != stolen || s.players[1].Stock[r] != stock-stolen {
				t.Fatalf("%s pillaging %d %s: cell %+v, stocks %v %v", clan, stock, r, s.Cell(at(2, 3)), s.players[0].Stock, s.players[1].Stock)
			}
		}
	}
}

// Rules 13 and 14, Cooks: a poisoned cell ticks at the start of each of the next 3 turns,
// whoever's; a creature dies when its d6 is below the system's.
func TestCooksPoisonTicksThreeTurns(t *testing.T) {
	s := handMade().put(at(2, 2), 0, 2).put(at(2, 3), 1, 5).put(at(4, 3), 1, 1).put(at(0, 4), 0, 1)
	s.players[0].Points = AbilityCost
	refused(t, s, "zone 2 5", "not_adjacent")
	play(t, s, "zone 2 3")
	if c := s.Cell(at(2, 3)); c.Status != Poisoned || c.Timer != PoisonTicks {
		t.Fatalf("after the zone attack: %+v", c)
	}
	for turn, want := range []int8{2, 1, 0, 0} { // ticks at turns 2, 3 and 4, none at 5
		ev := endTurn(t, s)
		c := s.Cell(at(2, 3))
		_, ticked := eventOf(ev, "poison")
		if c.Timer != want || !c.Empty() && ticked != (turn < PoisonTicks) {
			t.Fatalf("turn %d: timer %d (want %d), ticked %v: %v", s.TurnNumber(), c.Timer, want, ticked, ev)
		}
	}
	if c := s.Cell(at(2, 3)); c.Status != Normal {
		t.Fatalf("after three ticks: %+v", c)
	}
}

// Rule 14: a tick rolls the system's d6 and one per creature; those below the system die.
func TestPoisonKillsTheCreaturesRollingBelowTheSystem(t *testing.T) {
	kills := map[int]int{}
	for seed := uint64(0); seed < 200; seed++ {
		s := handMade().put(at(2, 3), 1, 5).put(at(2, 2), 0, 1)
		s.cells[at(2, 3)].Status, s.cells[at(2, 3)].Timer = Poisoned, 2
		s.rng = testChance(seed)
		ev := s.startTurn(0)
		e, ok := eventOf(ev, "poison")
		if !ok {
			t.Fatalf("no tick: %v", ev)
		}
		d := e.Data.(PoisonData)
		killed := 0
		for _, r := range d.Rolls {
			if r < d.System {
				killed++
			}
		}
		if len(d.Rolls) != 5 || d.Killed != killed || int(s.Cell(at(2, 3)).Creatures) != 5-killed {
			t.Fatalf("seed %d: %+v, %d left", seed, d, s.Cell(at(2, 3)).Creatures)
		}
		kills[killed]++
	}
	if kills[0] == 0 || kills[5] == 0 || len(kills) < 4 {
		t.Fatalf("kills over 200 seeds: %v", kills)
	}
}

// Rule 13, Blacksmiths: a forged own cell rolls d9 in its combats until the end of the
// caster's next turn.
func TestBlacksmithsForgeD9Dice(t *testing.T) {
	s := handMade().put(at(2, 2), 0, 5).put(at(2, 3), 1, 5).put(at(4, 3), 1, 1)
	s.players[0].Clan, s.players[1].Clan = Blacksmiths, Cooks
	s.players[0].Points = AbilityCost
	refused(t, s, "zone 2 3", "not_yours")
	play(t, s, "zone 2 2")
	high := 0
	for seed := uint64(0); seed < 50; seed++ {
		c := s.Copy()
		c.rng = testChance(seed)
		ev := play(t, c, "move 2 2 2 3")
		e, _ := eventOf(ev, "combat")
		d := e.Data.(CombatData)
		high = max(high, slicesMax(d.Attack))
		if slicesMax(d.Attack) > 9 || slicesMax(d.Defend) > 6 {
			t.Fatalf("dice %v against %v", d.Attack, d.Defend)
		}
	}
	if high <= 6 {
		t.Fatalf("the forged cell never rolled above 6 in 250 dice")
	}
	for turn, want := range []int8{2, 1, 0} { // ends of turns 1 (the caster's), 2, 3 (its next)
		endTurn(t, s)
		if got := s.Cell(at(2, 2)).Forged; got != want {
			t.Fatalf("after %d turn ends forged is %d, want %d", turn+1, got, want)
		}
	}
}

func slicesMax(xs []int) int {
	m := 0
	for _, x := range xs {
		m = max(m, x)
	}
	return m
}

// Rule 13, Miners: an enemy cell next to theirs cannot be a source for its owner's next 2
// turns.
func TestMinersPinACellForItsOwnersNextTwoTurns(t *testing.T) {
	s := handMade().put(at(2, 2), 0, 1).put(at(2, 3), 1, 3).put(at(0, 6), 0, 1)
	s.players[0].Clan, s.players[1].Clan = Miners, Cooks
	s.players[0].Points = AbilityCost
	refused(t, s, "zone 2 2", "not_enemy")
	play(t, s, "zone 2 3")
	for k := range ImmobileTurns {
		endTurn(t, s) // to seat 1
		refused(t, s, "move 2 3 2 4", "immobile")
		if got := s.Cell(at(2, 3)).Immobile; int(got) != ImmobileTurns-k {
			t.Fatalf("seat 1's turn %d: immobile %d", k+1, got)
		}
		endTurn(t, s)
	}
	endTurn(t, s)
	play(t, s, "move 2 3 2 4")
}

// Rules 13 and 14, Lumberjacks: the enemy's creatures are deported to its next
// reinforcement, all but one of the source's move in, and the cell is PROTECTED: the next
// hostile action against it is cancelled (its cost still paid; an attack counts as lost).
func TestLumberjacksDeportAndProtect(t *testing.T) {
	s := handMade().put(at(2, 2), 0, 4).put(at(2, 3), 1, 2).put(at(2, 5), 1, 1)
	s.players[0].Clan, s.players[1].Clan = Lumberjacks, Cooks
	s.players[0].Points = AbilityCost
	refused(t, s, "zone 2 3", "field_count")
	refused(t, s, "zone 2 2 2 5", "not_adjacent")
	play(t, s, "zone 2 2 2 3")
	c := s.Cell(at(2, 3))
	if c.Owner != 0 || c.Creatures != 3 || c.Status != Protected || s.Cell(at(2, 2)).Creatures != 1 || s.players[1].Pending != 2 {
		t.Fatalf("after the zone attack: %+v, source %d, seat 1 pending %d", c, s.Cell(at(2, 2)).Creatures, s.players[1].Pending)
	}
	// Seat 1's turn: its attack on the protected cell is cancelled and counts as lost; the
	// next one is a combat again.
	endTurn(t, s)
	s.put(at(2, 4), 1, 5)
	ev := forced(t, s, "move 2 4 2 3", true)
	if _, fought := eventOf(ev, "combat"); fought || s.Cell(at(2, 4)).Creatures != 1 || s.Cell(at(2, 3)).Owner != 0 || s.Cell(at(2, 3)).Status != Normal {
		t.Fatalf("the protected cell: %v, %+v", ev, s.Cell(at(2, 3)))
	}
	s.put(at(2, 4), 1, 5)
	if ev := forced(t, s, "move 2 4 2 3", true); s.Cell(at(2, 3)).Owner != 1 {
		t.Fatalf("the second attack: %v", ev)
	}
	// Its reinforcement brings back the 2 deported.
	ev = play(t, s, "end")
	if e, _ := eventOf(ev, "reinforce"); e.Data.(ReinforceData).Deported != 2 || s.players[1].Pending != 5 {
		t.Fatalf("seat 1's reinforcement: %v", ev)
	}
}

// Rule 14: a special cell's power or a clan ability on a protected cell is paid and
// cancelled.
func TestACookZoneOnAProtectedCellIsCancelledButPaid(t *testing.T) {
	s := handMade().put(at(2, 2), 0, 2).put(at(2, 3), 1, 3).put(bbqAt, 0, 1)
	s.cells[at(2, 3)].Status = Protected
	s.players[0].Points, s.players[0].Stock[Stone] = 2*AbilityCost, 3
	ev := play(t, s, "bbq 2 3")
	if _, ok := eventOf(ev, "protected"); !ok || s.Cell(at(2, 3)).Creatures != 3 || s.players[0].Stock[Stone] != 0 {
		t.Fatalf("a BBQ on a protected cell: %v, %+v, stone %d", ev, s.Cell(at(2, 3)), s.players[0].Stock[Stone])
	}
	s.cells[at(2, 3)].Status = Protected
	play(t, s, "zone 2 3")
	if c := s.Cell(at(2, 3)); c.Status != Normal || s.players[0].Points != AbilityCost {
		t.Fatalf("a poison on a protected cell: %+v, points %d", c, s.players[0].Points)
	}
}

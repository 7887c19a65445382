package garden

import "testing"

// Rule 8: entering a special cell, empty or enemy, needs its cost in hand; it is paid only
// when the cell is taken.
func TestSpecialCellsCostTheirPriceWhenTaken(t *testing.T) {
	s := handMade().put(at(1, 6), 0, 3).put(at(3, 0), 0, 4).put(candyAt, 1, 1)
	s.players[0].Stock[Metal] = 4
	refused(t, s, "move 1 6 0 6", "special_cost")
	s.players[0].Stock[Metal] = 5
	play(t, s, "move 1 6 0 6")
	if c := s.Cell(skyAt); c.Owner != 0 || c.Creatures != 2 || s.players[0].Stock[Metal] != 0 {
		t.Fatalf("Sky taken: %+v, metal %d", c, s.players[0].Stock[Metal])
	}
	s.players[0].Stock[Food] = 2
	refused(t, s, "move 3 0 4 0", "special_cost")
	s.players[0].Stock[Food] = 3
	forced(t, s, "move 3 0 4 0", false)
	if s.players[0].Stock[Food] != 3 || s.Cell(candyAt).Owner != 1 {
		t.Fatalf("a failed attack on Candy paid: food %d", s.players[0].Stock[Food])
	}
	s.put(at(3, 0), 0, 4)
	forced(t, s, "move 3 0 4 0", true)
	if s.players[0].Stock[Food] != 0 || s.Cell(candyAt).Owner != 0 {
		t.Fatalf("Candy taken: food %d, owner %d", s.players[0].Stock[Food], s.Cell(candyAt).Owner)
	}
}

// Rule 10: Sky's owner pays 5 metal to attack any enemy cell from any cell of 2 or more.
func TestSkyAttacksAnywhere(t *testing.T) {
	s := handMade().put(at(2, 1), 0, 4).put(at(4, 3), 1, 2).put(at(2, 5), 1, 1)
	s.players[0].Stock[Metal] = 5
	refused(t, s, "sky 2 1 4 3", "no_special")
	s.put(skyAt, 0, 1)
	s.players[0].Stock[Metal] = 4
	refused(t, s, "sky 2 1 4 3", "no_resource")
	s.players[0].Stock[Metal] = 5
	refused(t, s, "sky 2 1 2 2", "not_enemy")
	refused(t, s, "sky 0 6 4 3", "one_creature")
	ev := forced(t, s, "sky 2 1 4 3", true)
	if e, ok := eventOf(ev, "combat"); !ok || !e.Data.(CombatData).Sky {
		t.Fatalf("no Sky combat: %v", ev)
	}
	if c := s.Cell(at(4, 3)); c.Owner != 0 || c.Creatures != 3 || s.players[0].Stock[Metal] != 0 || s.players[0].Points != 1 {
		t.Fatalf("after Sky: %+v, metal %d, points %d", c, s.players[0].Stock[Metal], s.players[0].Points)
	}
}

// Rule 11: BBQ (3 stone) and Pool (3 wood) kill up to 3 on an enemy cell next to one of the
// owner's; a cell left with none is empty.
func TestBarbecueAndPoolKillUpToThree(t *testing.T) {
	s := handMade().put(bbqAt, 0, 1).put(at(2, 2), 0, 2).put(at(2, 3), 1, 5).put(at(3, 2), 1, 2).put(at(2, 5), 1, 1)
	refused(t, s, "bbq 2 3", "no_resource")
	s.players[0].Stock[Stone] = 3
	refused(t, s, "bbq 2 5", "not_adjacent")
	refused(t, s, "bbq 2 2", "not_enemy")
	play(t, s, "bbq 2 3")
	if c := s.Cell(at(2, 3)); c.Creatures != 2 || c.Owner != 1 || s.players[0].Stock[Stone] != 0 {
		t.Fatalf("after the BBQ: %+v, stone %d", c, s.players[0].Stock[Stone])
	}
	s.players[0].Stock[Wood] = 3
	refused(t, s, "pool 3 2", "no_special")
	s.put(poolAt, 0, 1)
	play(t, s, "pool 3 2")
	if c := s.Cell(at(3, 2)); !c.Empty() || c.Owner != -1 || s.players[0].Stock[Wood] != 0 {
		t.Fatalf("after the Pool: %+v", c)
	}
}

// Rules 12 and 15: R = 3 + 2 a controlled zone + 3 from Candy (for 3 food) + the deported,
// placed one by one on own cells below 5; the turn ends when all are placed.
func TestReinforcementWithZonesAndCandy(t *testing.T) {
	s := handMade().put(at(2, 1), 0, 1).put(at(2, 2), 0, 1).put(candyAt, 0, 1).put(at(2, 4), 1, 1)
	for h := range s.cells { // grass is (2,1) and (2,2) only, both seat 0's; no dirt at all
		if s.cells[h].Kind == Simple {
			s.cells[h].Terrain = Sand
		}
	}
	s.cells[at(2, 1)].Terrain, s.cells[at(2, 2)].Terrain = Grass, Grass
	s.players[0].Stock[Food] = 4
	s.players[0].Pending = 2 // deported earlier
	refused(t, s, "place 2 2", "not_reinforcement")
	ev := play(t, s, "end")
	e, _ := eventOf(ev, "reinforce")
	if d := e.Data.(ReinforceData); d != (ReinforceData{Base: 3, Zones: 1, Candy: 3, Deported: 2, Pending: 10}) {
		t.Fatalf("reinforcement %+v", d)
	}
	if s.Phase() != Reinforcement || s.players[0].Pending != 10 || s.players[0].Stock[Food] != 1 {
		t.Fatalf("phase %v, pending %d, food %d", s.Phase(), s.players[0].Pending, s.players[0].Stock[Food])
	}
	refused(t, s, "move 2 2 2 3", "not_conquest")
	refused(t, s, "place 2 4", "not_yours")
	refused(t, s, "place 2 3", "not_yours")
	for range 4 {
		play(t, s, "place 2 2")
	}
	refused(t, s, "place 2 2", "full_cell")
	for range 4 {
		play(t, s, "place 2 1")
	}
	play(t, s, "place 4 0")
	if s.Turn() != 0 || s.players[0].Pending != 1 {
		t.Fatalf("the turn ended with %d to place", s.players[0].Pending)
	}
	play(t, s, "place 4 0")
	if s.Turn() != 1 || s.TurnNumber() != 2 || s.Phase() != Conquest || s.Cell(candyAt).Creatures != 3 {
		t.Fatalf("after the last placement: seat %d, turn %d, %v", s.Turn(), s.TurnNumber(), s.Phase())
	}
}

// Rule 15: "end" in reinforcement loses what is left to place; so does having no room.
func TestCreaturesNotPlacedAreLost(t *testing.T) {
	s := handMade().put(at(2, 2), 0, 1).put(at(2, 4), 1, 1)
	play(t, s, "end")
	ev := play(t, s, "end")
	if e, ok := eventOf(ev, "lost"); !ok || e.Data.(map[string]int)["lost"] != 3 || s.players[0].Pending != 0 || s.Turn() != 1 {
		t.Fatalf("ending early: %v, pending %d", ev, s.players[0].Pending)
	}
	s = handMade().put(at(2, 2), 0, 4).put(at(2, 4), 1, 1)
	play(t, s, "end")
	ev = play(t, s, "place 2 2")
	if e, ok := eventOf(ev, "lost"); !ok || e.Data.(map[string]int)["lost"] != 2 || s.Turn() != 1 {
		t.Fatalf("a full garden: %v", ev)
	}
}

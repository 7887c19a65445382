package garden

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
)

// A new game does not draw from the PCG of its seed (whose state a few dice give away):
// NewLegacyState deals the PCG garden, and NewState another, the same for one seed.
func TestNewGamesDoNotDrawFromPCG(t *testing.T) {
	same := 0
	for seed := range uint64(20) {
		s, old := NewState(DefaultRounds, seed), NewLegacyState(DefaultRounds, seed)
		if s.rng.IsLegacy() || !old.rng.IsLegacy() {
			t.Fatalf("seed %d: NewState is legacy %v, NewLegacyState %v", seed, s.rng.IsLegacy(), old.rng.IsLegacy())
		}
		if s.cells == old.cells {
			same++
		}
		if again := NewState(DefaultRounds, seed); *again != *s {
			t.Fatalf("seed %d: two deals of one seed differ", seed)
		}
	}
	if same > 0 {
		t.Fatalf("%d gardens of 20 are PCG's", same)
	}
}

// A clone (Copy) rolls the same dice as its original, and drawing from one leaves the other.
func TestACloneDrawsTheSameFuture(t *testing.T) {
	s := handMade().put(at(2, 2), 0, 5).put(at(2, 3), 1, 5)
	s.rng = testChance(7)
	c, d := s.Copy(), s.Copy()
	want := play(t, s, "move 2 2 2 3")
	got := play(t, c, "move 2 2 2 3")
	x, _ := json.Marshal(want)
	y, _ := json.Marshal(got)
	if string(x) != string(y) {
		t.Fatalf("the original\n%s\nthe clone\n%s", x, y)
	}
	if *d == *s {
		t.Fatal("playing the original changed its clone")
	}
}

// Positions written before ChaCha8 roll their old dice with "chance":"pcg": the combats below
// are what `arena position step --seed S '"move 2 0 2 1"'` printed at commit 001d161 (seat 0,
// 5 creatures, attacks seat 1's 2).
func TestOldPositionsRollTheirOldDice(t *testing.T) {
	raw, err := os.ReadFile("testdata/position-pcg.json")
	if err != nil {
		t.Fatal(err)
	}
	pcg := strings.Replace(string(raw), `"rounds":50`, `"rounds":50,"chance":"pcg"`, 1)
	for _, tc := range []struct {
		seed           uint64
		attack, defend []int
	}{
		{1, []int{5, 3, 6, 6, 1}, []int{5, 4}},
		{2, []int{2, 5, 2, 6, 5}, []int{2, 3}},
		{3, []int{3, 6, 6, 6, 5}, []int{3, 1}},
	} {
		combat := func(position string) CombatData {
			st, err := positions.DecodePosition(json.RawMessage(position), tc.seed)
			if err != nil {
				t.Fatal(err)
			}
			ev := play(t, st.(*State), "move 2 0 2 1")
			return ev[0].Data.(CombatData)
		}
		old := combat(pcg)
		if !slices.Equal(old.Attack, tc.attack) || !slices.Equal(old.Defend, tc.defend) {
			t.Fatalf("seed %d: %v against %v, 001d161 rolled %v against %v", tc.seed, old.Attack, old.Defend, tc.attack, tc.defend)
		}
		if now := combat(string(raw)); slices.Equal(now.Attack, tc.attack) && slices.Equal(now.Defend, tc.defend) {
			t.Fatalf("seed %d: without \"chance\" the position still rolls PCG's dice", tc.seed)
		}
	}
	st, _ := positions.DecodePosition(json.RawMessage(pcg), 1)
	back, _ := positions.EncodePosition(st)
	if !strings.Contains(string(back), `"chance":"pcg"`) {
		t.Fatalf("a PCG position written back loses its generator: %s", back)
	}
	if _, err := positions.DecodePosition(json.RawMessage(strings.Replace(pcg, `"pcg"`, `"mt"`, 1)), 1); err == nil {
		t.Fatal(`"chance":"mt" accepted`)
	}
}

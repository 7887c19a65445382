package dicewars

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/arena-classroom/arena/games"
)

// A new game does not draw from the PCG of its seed (whose state a few dice give away): its
// map is not the one that PCG cuts. NewLegacyState still deals the PCG game.
func TestNewGamesDoNotDrawFromPCG(t *testing.T) {
	for seed := range uint64(20) {
		s, err := NewState(30, 4, seed)
		if err != nil {
			t.Fatal(err)
		}
		pcgMap, err := Generate(30, rand.New(rand.NewPCG(seed, 0xd1ce)))
		if err != nil {
			t.Fatal(err)
		}
		if slices.Equal(s.Map().Cells, pcgMap.Cells) {
			t.Fatalf("seed %d: the map is PCG's", seed)
		}
		old, err := NewLegacyState(30, 4, seed)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(old.Map().Cells, pcgMap.Cells) {
			t.Fatalf("seed %d: the legacy game's map is not PCG's", seed)
		}
		again, _ := NewState(30, 4, seed)
		if !slices.Equal(again.Map().Cells, s.Map().Cells) || !slices.Equal(again.dice, s.dice) || !slices.Equal(again.owner, s.owner) {
			t.Fatalf("seed %d: two deals of one seed differ", seed)
		}
	}
}

// A clone rolls the same dice as its original, attack after attack, turn end after turn end.
func TestACloneDrawsTheSameFuture(t *testing.T) {
	for seed := range uint64(10) {
		s, _ := NewState(20, 3, seed)
		c := s.Clone().(*State)
		for step := 0; !s.Over() && step < 200; step++ {
			seat := s.Turn()
			legal := s.Legal(seat)
			a := legal[step%len(legal)]
			es, err1 := s.Apply(seat, a)
			ec, err2 := c.Apply(seat, a)
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			x, _ := json.Marshal(es)
			y, _ := json.Marshal(ec)
			if string(x) != string(y) {
				t.Fatalf("seed %d, step %d: the original\n%s\nthe clone\n%s", seed, step, x, y)
			}
		}
	}
}

// Positions written before ChaCha8 roll their old dice with "chance":"pcg": the battles below
// are what `arena position step --seed S '{"attack":[1,2]}'` printed at commit 001d161.
func TestOldPositionsRollTheirOldDice(t *testing.T) {
	raw, err := os.ReadFile("testdata/position-pcg.json")
	if err != nil {
		t.Fatal(err)
	}
	pcg := strings.Replace(string(raw), `"round":1`, `"round":1,"chance":"pcg"`, 1)
	for _, tc := range []struct {
		seed         uint64
		rolls, again []int
	}{
		{1, []int{5, 5, 4, 6, 2, 3, 6, 1}, []int{4, 4, 6, 3, 2, 4, 5, 6}},
		{2, []int{6, 1, 5, 5, 3, 3, 3, 1}, []int{2, 4, 5, 2, 5, 3, 5, 5}},
		{3, []int{3, 3, 4, 6, 5, 4, 1, 6}, []int{5, 1, 5, 1, 3, 3, 3, 1}},
	} {
		battle := func(position string) BattleData {
			st, err := Game.(games.Positions).DecodePosition(json.RawMessage(position), tc.seed)
			if err != nil {
				t.Fatal(err)
			}
			ev, err := st.Apply(0, Action{1, 2})
			if err != nil {
				t.Fatal(err)
			}
			return ev[0].Data.(BattleData)
		}
		old := battle(pcg)
		if !slices.Equal(old.Attack, tc.rolls) || !slices.Equal(old.Defend, tc.again) {
			t.Fatalf("seed %d: %v against %v, 001d161 rolled %v against %v", tc.seed, old.Attack, old.Defend, tc.rolls, tc.again)
		}
		if now := battle(string(raw)); slices.Equal(now.Attack, tc.rolls) && slices.Equal(now.Defend, tc.again) {
			t.Fatalf("seed %d: without \"chance\" the position still rolls PCG's dice", tc.seed)
		}
	}
	st, _ := Game.(games.Positions).DecodePosition(json.RawMessage(pcg), 1)
	back, _ := Game.(games.Positions).EncodePosition(st)
	if !strings.Contains(string(back), `"chance":"pcg"`) {
		t.Fatalf("a PCG position written back loses its generator: %s", back)
	}
	if _, err := Game.(games.Positions).DecodePosition(json.RawMessage(strings.Replace(pcg, `"pcg"`, `"mt"`, 1)), 1); err == nil {
		t.Fatal(`"chance":"mt" accepted`)
	}
}

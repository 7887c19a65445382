package warhammer_test

import (
	"encoding/json"
	"testing"

	"github.com/arena-classroom/arena/bots"
	whbots "github.com/arena-classroom/arena/bots/warhammer"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/gametest"
	wh "github.com/arena-classroom/arena/games/warhammer"
)

// The engine contract's checks, with the house bots: random play ends, clones are
// independent, actions survive JSON, replays resimulate, positions round-trip.
func TestConformance(t *testing.T) {
	gametest.Run(t, gametest.Subject{Game: wh.Game, View: wh.View, Bots: whbots.All, Strongest: whbots.Strongest})
}

func position(t *testing.T, raw string) *wh.State {
	t.Helper()
	st, err := wh.Game.(games.Positions).DecodePosition(json.RawMessage(raw), 1)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*wh.State)
}

func choose(name string, st *wh.State) int {
	info, _ := bots.Find(whbots.All, name)
	return info.New(1).Choose(st, st.Turn()).(int)
}

// A board where the four bots differ: seat 0 at (2,2) can kill seat 1 at (2,3) by
// hammering its cell; seat 1 stands on a weakened cell.
const duel = `{"game":"warhammer","size":7,"hp":[
[4,4,4,4,4,4,4],[4,4,4,4,4,4,4],[4,4,4,1,4,4,4],[4,4,4,4,4,4,4],[4,4,4,4,4,4,4],[4,4,4,4,4,4,4],[4,4,4,4,4,4,4]],
"players":[{"alive":true,"row":2,"col":2},{"alive":true,"row":2,"col":3},{"alive":true,"row":6,"col":6}],"to_move":0}`

func TestHunterKillsWhenItCan(t *testing.T) {
	st := position(t, duel)
	a := choose("hunter", st)
	next := st.Clone().(*wh.State)
	if _, err := next.Apply(0, a); err != nil {
		t.Fatal(err)
	}
	if !next.Alive(0) || next.Alive(1) {
		t.Fatalf("hunter played %d: it should kill seat 1 and live", a)
	}
}

func TestSurvivorAndHunterNeverChooseDeathWhenLifeIsPossible(t *testing.T) {
	for _, name := range []string{"survivor", "hunter"} {
		for seed := range uint64(20) {
			s, _ := wh.NewState(11, 3, seed)
			a := choose(name, s)
			next := s.Clone().(*wh.State)
			if _, err := next.Apply(s.Turn(), a); err != nil {
				t.Fatal(err)
			}
			if !next.Alive(s.Turn()) {
				t.Fatalf("%s chose %d, a death, on a fresh board", name, a)
			}
		}
	}
}

func TestCautiousStepsOnlyOntoStandingFreeCells(t *testing.T) {
	info, _ := bots.Find(whbots.All, "cautious")
	for seed := range uint64(200) {
		st := position(t, duel)
		a := info.New(seed).Choose(st, 0).(int)
		if first := a / 8; first >= 4 {
			d := wh.Directions[first-4]
			r, c := 2+d[0], 2+d[1]
			if !st.Inside(r, c) || st.Occupied(r, c) || st.HP(r, c) == 0 {
				t.Fatalf("seed %d: cautious stepped to (%d,%d)", seed, r, c)
			}
		}
	}
}

func TestTheBotsDifferAndAreDeterministic(t *testing.T) {
	st := position(t, duel)
	codes := map[string]int{}
	for _, info := range whbots.All {
		a, b := info.New(3).Choose(st, 0), info.New(3).Choose(st.Clone(), 0)
		if a != b {
			t.Fatalf("%s: %v then %v from the same state and seed", info.Name, a, b)
		}
		codes[info.Name] = a.(int)
	}
	if codes["survivor"] == codes["hunter"] {
		t.Fatalf("survivor and hunter agree on %d: the board should tell them apart", codes["hunter"])
	}
}

// go test -run x -bench . -cpu 1 ./bots/warhammer
func BenchmarkHunterVsRandom19(b *testing.B) { benchGame(b, []string{"hunter", "random"}) }

func BenchmarkFourBots19(b *testing.B) {
	benchGame(b, []string{"hunter", "survivor", "cautious", "random"})
}

func benchGame(b *testing.B, names []string) {
	for i := range b.N {
		seed := uint64(i)
		st, _ := wh.NewState(19, len(names), seed)
		players := make([]bots.Bot, len(names))
		for k, n := range names {
			info, _ := bots.Find(whbots.All, n)
			players[k] = info.New(seed + uint64(k))
		}
		for !st.Over() {
			seat := st.Turn()
			if _, err := st.Apply(seat, players[seat].Choose(st, seat)); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

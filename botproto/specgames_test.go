package botproto_test

import (
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/botproto"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/garden"
	pa "github.com/arena-classroom/arena/games/perfectaim"
)

// exchange is the example of a spec: the server's lines and the program's, as written.
type exchange struct{ server, program []string }

func exampleOf(text string) exchange {
	var x exchange
	for _, l := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(l, "< {"):
			x.server = append(x.server, strings.TrimPrefix(l, "< "))
		case strings.HasPrefix(l, "> {"):
			x.program = append(x.program, strings.TrimPrefix(l, "> "))
		}
	}
	return x
}

// Every spec's example holds one real line of each kind, which decodes: the server's as
// the protocol's messages (hello with its start-up allowance, start with the config a game
// is really sent), the program's with the server's own decoder and the game's, the first
// answer legal and the refused one refused with the warn's code.
func TestSpecExamplesDecode(t *testing.T) {
	for _, e := range catalog.All() {
		g := e.Game
		text, err := botproto.Spec(g, 500*time.Millisecond, 5*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		x := exampleOf(text)
		kinds := map[string][]string{}
		for _, l := range x.server {
			var m struct{ Type string }
			if err := json.Unmarshal([]byte(l), &m); err != nil {
				t.Fatalf("%s: %q: %v", g.ID(), l, err)
			}
			kinds[m.Type] = append(kinds[m.Type], l)
		}
		for _, k := range []string{"hello", "start", "turn", "warn", "end"} {
			if len(kinds[k]) == 0 {
				t.Errorf("%s: the example has no %s line", g.ID(), k)
			}
		}
		var hello botproto.Hello
		if err := json.Unmarshal([]byte(kinds["hello"][0]), &hello); err != nil || hello.Limits.StartupMS != 2000 || hello.Game != g.ID() {
			t.Errorf("%s: hello %+v (%v), want startup_ms 2000", g.ID(), hello, err)
		}
		var start botproto.Start
		if err := json.Unmarshal([]byte(kinds["start"][0]), &start); err != nil {
			t.Fatal(err)
		}
		min, _ := g.Seats()
		want, err := g.Normalize(g.Describe().Protocol.ExampleConfig.Clone())
		if err != nil {
			t.Fatal(err)
		}
		if s, ok := g.(games.Seater); ok {
			cfgs, _ := s.BatchConfigs(g.Describe().Protocol.ExampleConfig.Clone(), min)
			want = cfgs[0]
		}
		if fmt.Sprint(start.Config) != fmt.Sprint(want) || len(start.Players) != min {
			t.Errorf("%s: start config %v, players %d; a game of %d is sent %v", g.ID(), start.Config, len(start.Players), min, want)
		}
		if len(x.program) != 2 {
			t.Fatalf("%s: %d program lines, want an answer and a refused one", g.ID(), len(x.program))
		}
		st, err := g.New(start.Config, min, g.Describe().Protocol.ExampleSeed)
		if err != nil {
			t.Fatal(err)
		}
		var w botproto.Warn
		if err := json.Unmarshal([]byte(kinds["warn"][0]), &w); err != nil {
			t.Fatal(err)
		}
		for i, l := range x.program {
			m, err := botproto.Decode([]byte(l))
			if err != nil || m.Type != botproto.TypeAction || m.ID != 1 || m.Match != start.Match {
				t.Fatalf("%s: %q decodes to %+v, %v", g.ID(), l, m, err)
			}
			a, err := g.DecodeAction(m.Action)
			if err != nil {
				t.Fatalf("%s: %q: %v", g.ID(), l, err)
			}
			err = st.Validate(start.Seat, a)
			switch {
			case i == 0 && err != nil:
				t.Errorf("%s: the example's answer %s is refused: %v", g.ID(), m.Action, err)
			case i == 1 && (err == nil || games.IllegalCode(err) != w.Code || err.Error() != w.Msg):
				t.Errorf("%s: the refused %s gives %v, the example's warn %+v", g.ID(), m.Action, err, w)
			}
		}
		for _, want := range []string{botproto.RulesPage(g.ID()), "rules " + g.ID(), "flush stdout", "stderr", "whole lines of any length"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: spec does not say %q", g.ID(), want)
			}
		}
	}
}

var lineSizes = regexp.MustCompile(`Turn lines reach about ([0-9.]+) KB with (\d+)\nplayers at the default settings, ([0-9.]+) KB at the largest`)

// The line sizes a spec states are those of typical games: five other games at the default
// settings have their longest turn line within a third of the size stated.
func TestSpecLineSizesAreTypical(t *testing.T) {
	for _, e := range catalog.All() {
		g := e.Game
		text, err := botproto.Spec(g, 500*time.Millisecond, 5*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		m := lineSizes.FindStringSubmatch(text)
		if m == nil {
			t.Fatalf("%s: no line sizes in the spec", g.ID())
		}
		typical, _ := strconv.ParseFloat(m[1], 64)
		players, _ := strconv.Atoi(m[2])
		largest, _ := strconv.ParseFloat(m[3], 64)
		if largest < typical || typical < 1 {
			t.Errorf("%s: %v KB typical, %v KB at the largest", g.ID(), typical, largest)
		}
		for seed := uint64(2); seed <= 6; seed++ {
			n, err := botproto.LongestTurn(g, nil, players, seed)
			if err != nil {
				t.Fatal(err)
			}
			if kb := float64(n) / 1000; kb < typical*2/3 || kb > typical*4/3 {
				t.Errorf("%s seed %d: longest turn line %.1f KB, the spec says about %v KB", g.ID(), seed, kb, typical)
			}
		}
	}
}

// spec perfectaim's lava timetable is the engine's: its rows follow the engine's constants
// to the end of the game, and a game whose players wait in their corners (ring 1) sees the
// ring damaged and then turned to lava at the instants the table gives.
func TestPerfectAimSpecTimetable(t *testing.T) {
	text, err := botproto.Spec(pa.Game, 500*time.Millisecond, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	row := func(name string) []int {
		re := regexp.MustCompile(`(?m)^    ` + name + `((?: +\d+)+)`)
		m := re.FindStringSubmatch(text)
		if m == nil {
			t.Fatalf("no %s row in:\n%s", name, text)
		}
		var out []int
		for _, f := range strings.Fields(m[1]) {
			n, _ := strconv.Atoi(f)
			out = append(out, n)
		}
		return out
	}
	rings, damaged, lava := row("ring"), row("damaged"), row("lava")
	if len(rings) != pa.Size/2-1 || len(damaged) != len(rings) || len(lava) != len(rings) {
		t.Fatalf("rings %v damaged %v lava %v", rings, damaged, lava)
	}
	for i, r := range rings {
		if r != i+1 || damaged[i] != pa.LavaStart+2*pa.LavaStep*i || lava[i] != damaged[i]+pa.LavaStep {
			t.Errorf("ring %d: damaged %d, lava %d", r, damaged[i], lava[i])
		}
	}
	if lava[len(lava)-1] != pa.MaxDuration || !strings.Contains(text, fmt.Sprintf("at t = %d every floor cell is lava", pa.MaxDuration)) {
		t.Errorf("the last ring turns to lava at %d, the game ends at %d", lava[len(lava)-1], pa.MaxDuration)
	}
	if !strings.Contains(text, fmt.Sprintf("fireballs: %d cells a second", pa.FireballSpeed)) {
		t.Error("no fireball speed")
	}
	for _, w := range []string{"deaths:", "the end:", "draw", "shield"} {
		if !strings.Contains(text, w) {
			t.Errorf("spec perfectaim does not say %q", w)
		}
	}
	// The engine: players waiting in their corners (ring 1).
	st, err := pa.New(1, 0, 0, 2)
	if err != nil {
		t.Fatal(err)
	}
	at := func(sec int) bool { return st.Clock().Cmp(big.NewRat(int64(sec), 1)) == 0 }
	sawDamaged := false
	for !st.Over() {
		seat := st.ToMove()[0]
		if at(damaged[0]) {
			sawDamaged = st.Background(1, 1) == pa.DamagedFloor
		}
		if st.Clock().Cmp(big.NewRat(int64(damaged[0]), 1)) < 0 && st.Background(1, 1) != pa.Floor {
			t.Fatalf("ring 1 is %s at %s, before %d s", st.Background(1, 1), st.Clock(), damaged[0])
		}
		if _, err := st.Apply(seat, pa.Wait); err != nil {
			t.Fatal(err)
		}
	}
	if !sawDamaged || st.Background(1, 1) != pa.Lava {
		t.Fatalf("ring 1: damaged at %d s %v, lava at the end %s", damaged[0], sawDamaged, st.Background(1, 1))
	}
	if o := st.Outcome(); o.Ranks[0] != 1 || o.Ranks[1] != 1 {
		t.Fatalf("both players caught by the lava at %d s: ranks %v, want a draw", lava[0], o.Ranks)
	}
	// The example shows a fireball in flight, in a later turn that decodes as one.
	var later struct {
		Type string
		Obs  pa.Obs
	}
	if _, line, ok := strings.Cut(text, "\n  < "); !ok {
		t.Error("no later turn")
	} else if err := json.Unmarshal([]byte(strings.SplitN(line, "\n", 2)[0]), &later); err != nil || later.Type != "turn" || len(later.Obs.Fireballs) == 0 {
		t.Errorf("the later turn (%v) shows no fireball: %+v", err, later.Obs.Fireballs)
	}
	if !strings.Contains(text, `"config":{"colors":3,"permutation":0}`) {
		t.Error(`the example start does not carry the colours a game of two is sent ("colors":3)`)
	}
}

// spec garden says how many dice the attacker rolls: one for every creature on the source
// cell, the one that stays included; the engine rolls that many.
func TestGardenSpecDice(t *testing.T) {
	text, err := botproto.Spec(garden.Game, 500*time.Millisecond, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(strings.Fields(text), " "), "the attacker rolls one die for every creature on its source cell, the one that stays included") {
		t.Fatalf("spec garden does not say the attacker's dice:\n%s", text)
	}
	combats := 0
	for seed := uint64(1); seed <= 20 && combats < 20; seed++ {
		st, err := garden.Game.New(nil, 2, seed)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*garden.State)
		rng := rand.New(rand.NewPCG(seed, 1))
		for !s.Over() {
			seat := s.ToMove()[0]
			legal := s.Legal(seat)
			a := legal[rng.IntN(len(legal))].(garden.Action)
			var attackers, defenders int
			if s.IsCombat(a) {
				attackers, defenders = int(s.Cell(a.From).Creatures), int(s.Cell(a.To).Creatures)
			}
			ev, err := s.Apply(seat, a)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range ev {
				if c, ok := e.Data.(garden.CombatData); ok && e.Type == "combat" {
					combats++
					if len(c.Attack) != attackers || len(c.Defend) != defenders {
						t.Fatalf("%v: %d and %d dice, with %d creatures on the source and %d on the target", a, len(c.Attack), len(c.Defend), attackers, defenders)
					}
				}
			}
		}
	}
	if combats == 0 {
		t.Fatal("no combat in 20 games")
	}
}

// spec warhammer carries rules §10 and §12, which a simulator needs, as the rules page words
// them: a death on a destroyed cell before the hammer, and the end-of-turn check in seat order
// that always leaves one survivor.
func TestWarHammerSpecRules(t *testing.T) {
	e, _ := catalog.Get("warhammer")
	text, err := botproto.Spec(e.Game, 500*time.Millisecond, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	flat := strings.Join(strings.Fields(text), " ")
	for _, w := range []string{
		"§10 after the first choice: standing on a cell with 0 HP, the player dies at once, without its hammer",
		"§12 end of turn: the players are checked in seat order and whoever stands on a 0-HP cell dies, but the check stops as soon as one player is left alive",
		"YOU FIRST", "(row, col)", "-1 kills you",
	} {
		if !strings.Contains(flat, w) {
			t.Errorf("spec warhammer does not say %q", w)
		}
	}
}

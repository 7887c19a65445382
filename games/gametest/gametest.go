// Package gametest is the conformance test every game of the arena passes: the engine
// contract checked from outside, with nothing known of the game. catalog's test runs it for
// every game in the catalog, so a new game gets it by being listed there; a game's own tests
// may run it before that.
package gametest

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/replay"
)

// Subject is one game as the catalog lists it.
type Subject struct {
	Game      games.Game
	View      games.View // nil: no terminal view to check
	Bots      []bots.Info
	Strongest string
}

// Seeds are the seeds every check plays.
var Seeds = []uint64{1, 2, 3}

// MaxMoves bounds every game played here: a game that has not ended by then fails.
const MaxMoves = 200_000

// Run runs every check on s, each as a subtest.
func Run(t *testing.T, s Subject) {
	t.Run("RandomPlayEnds", func(t *testing.T) { RandomPlayEnds(t, s) })
	t.Run("HouseBotsFinishGames", func(t *testing.T) { HouseBotsFinishGames(t, s) })
	t.Run("CloneIsIndependent", func(t *testing.T) { CloneIsIndependent(t, s) })
	t.Run("ActionsSurviveJSON", func(t *testing.T) { ActionsSurviveJSON(t, s) })
	t.Run("ReplayResimulates", func(t *testing.T) { ReplayResimulates(t, s) })
	t.Run("BoardLinesHaveOneWidth", func(t *testing.T) { BoardLinesHaveOneWidth(t, s) })
	t.Run("PositionsRoundTrip", func(t *testing.T) { PositionsRoundTrip(t, s) })
	t.Run("StrongestIsAHouseBot", func(t *testing.T) { StrongestIsAHouseBot(t, s) })
}

// seatCounts lists the seat counts to try: every one the game takes, up to three of them.
func seatCounts(g games.Game) []int {
	lo, hi := g.Seats()
	var out []int
	for n := lo; n <= hi && len(out) < 3; n++ {
		out = append(out, n)
	}
	return out
}

// start begins a game with the default settings.
func start(t *testing.T, g games.Game, seats int, seed uint64) games.State {
	t.Helper()
	cfg, err := g.Normalize(nil)
	if err != nil {
		t.Fatalf("%s: the default settings are refused: %v", g.ID(), err)
	}
	st, err := g.New(cfg, seats, seed)
	if err != nil {
		t.Fatalf("%s: New with %d seats, seed %d: %v", g.ID(), seats, seed, err)
	}
	return st
}

// chooser picks an action for seat in st.
type chooser func(st games.State, seat int) games.Action

// randomLegal picks uniformly among the listed legal actions, or plays the default where the
// game does not list them (real-time games).
func randomLegal(r *rand.Rand) chooser {
	return func(st games.State, seat int) games.Action {
		if legal := st.Legal(seat); len(legal) > 0 {
			return legal[r.IntN(len(legal))]
		}
		return st.DefaultAction(seat)
	}
}

// playOut plays st to its end with choose, checking on the way that every chosen action is
// accepted, and calls visit (when not nil) before each move. It returns the moves played.
func playOut(t *testing.T, g games.Game, st games.State, choose chooser, visit func(st games.State, seat int, a games.Action)) int {
	t.Helper()
	for moves := 0; ; moves++ {
		if st.Over() {
			if tm := st.ToMove(); len(tm) != 0 {
				t.Fatalf("%s: the game is over but seats %v are to move", g.ID(), tm)
			}
			checkFinished(t, g, st)
			return moves
		}
		if moves >= MaxMoves {
			t.Fatalf("%s: no end after %d moves", g.ID(), moves)
		}
		tm := st.ToMove()
		if len(tm) == 0 {
			t.Fatalf("%s: the game is not over and nobody is to move", g.ID())
		}
		seat := tm[0]
		a := choose(st, seat)
		if visit != nil {
			visit(st, seat, a)
		}
		if err := st.Validate(seat, a); err != nil {
			if slices.ContainsFunc(st.Legal(seat), func(l games.Action) bool { return reflect.DeepEqual(l, a) }) {
				t.Fatalf("%s: move %d: seat %d's listed legal action %v refused: %v", g.ID(), moves, seat, a, err)
			}
			a = st.DefaultAction(seat) // a house bot's slip, as the referee would treat it
		}
		if _, err := st.Apply(seat, a); err != nil {
			t.Fatalf("%s: move %d: seat %d's accepted action %v fails to apply: %v", g.ID(), moves, seat, a, err)
		}
	}
}

// checkFinished: once over, a game refuses every move and lists nothing legal.
func checkFinished(t *testing.T, g games.Game, st games.State) {
	t.Helper()
	seats := len(st.Outcome().Ranks)
	for seat := range seats {
		a := st.DefaultAction(seat)
		if st.Validate(seat, a) == nil {
			t.Fatalf("%s: the game is over but seat %d may still play %v", g.ID(), seat, a)
		}
		if _, err := st.Apply(seat, a); err == nil {
			t.Fatalf("%s: the game is over but seat %d's %v was applied", g.ID(), seat, a)
		}
		if len(st.Legal(seat)) != 0 {
			t.Fatalf("%s: the game is over but seat %d has legal actions %v", g.ID(), seat, st.Legal(seat))
		}
	}
}

// RandomPlayEnds: random legal play ends within MaxMoves, for every seat count, with a
// well-formed outcome.
func RandomPlayEnds(t *testing.T, s Subject) {
	for _, seats := range seatCounts(s.Game) {
		for _, seed := range Seeds {
			st := start(t, s.Game, seats, seed)
			playOut(t, s.Game, st, randomLegal(rand.New(rand.NewPCG(seed, 7))), nil)
			o := st.Outcome()
			if len(o.Ranks) != seats || len(o.Scores) != seats {
				t.Fatalf("%s, %d seats: outcome %+v has not one rank and score per seat", s.Game.ID(), seats, o)
			}
			for _, r := range o.Ranks {
				if r < 1 || r > seats {
					t.Fatalf("%s: rank %d out of 1..%d in %+v", s.Game.ID(), r, seats, o)
				}
			}
		}
	}
}

// HouseBotsFinishGames: every house bot, in every seat, plays a game to its end.
func HouseBotsFinishGames(t *testing.T, s Subject) {
	lo, _ := s.Game.Seats()
	for i, b := range s.Bots {
		seed := Seeds[i%len(Seeds)]
		players := make([]bots.Bot, lo)
		for seat := range players {
			players[seat] = b.New(seed + uint64(seat))
		}
		st := start(t, s.Game, lo, seed)
		playOut(t, s.Game, st, func(st games.State, seat int) games.Action { return players[seat].Choose(st, seat) }, nil)
	}
}

// observations is every seat's observation (and a spectator's) as JSON.
func observations(t *testing.T, st games.State, seats int) string {
	t.Helper()
	var b strings.Builder
	for seat := -1; seat < seats; seat++ {
		raw, err := json.Marshal(st.Observation(seat))
		if err != nil {
			t.Fatalf("observation of seat %d does not encode: %v", seat, err)
		}
		b.Write(raw)
		b.WriteByte('\n')
	}
	return b.String()
}

// CloneIsIndependent: a clone sees what its original sees, and playing either one on leaves
// the other's observations and position unchanged.
func CloneIsIndependent(t *testing.T, s Subject) {
	lo, _ := s.Game.Seats()
	for _, seed := range Seeds {
		r := rand.New(rand.NewPCG(seed, 8))
		st := start(t, s.Game, lo, seed)
		choose := randomLegal(r)
		// A few moves in, so that the clone copies a game under way.
		for k := 0; k < 5 && !st.Over(); k++ {
			seat := st.ToMove()[0]
			if _, err := st.Apply(seat, accepted(st, seat, choose(st, seat))); err != nil {
				t.Fatal(err)
			}
		}
		if st.Over() {
			continue
		}
		for _, mutateClone := range []bool{true, false} {
			orig := st.Clone()
			clone := orig.Clone()
			before, beforePos := observations(t, orig, lo), position(t, s.Game, orig)
			if got := observations(t, clone, lo); got != before {
				t.Fatalf("%s: a fresh clone sees\n%s\nits original\n%s", s.Game.ID(), got, before)
			}
			moved, still := clone, orig
			if !mutateClone {
				moved, still = orig, clone
			}
			playOut(t, s.Game, moved, choose, nil)
			if after := observations(t, still, lo); after != before {
				t.Fatalf("%s (seed %d): playing the %s on changed the other's observations:\nbefore\n%s\nafter\n%s",
					s.Game.ID(), seed, map[bool]string{true: "clone", false: "original"}[mutateClone], before, after)
			}
			if p := position(t, s.Game, still); p != beforePos {
				t.Fatalf("%s: playing a copy on changed the other's position:\n%s\n%s", s.Game.ID(), beforePos, p)
			}
			if still.Over() {
				t.Fatalf("%s: the untouched copy is over", s.Game.ID())
			}
		}
	}
}

// accepted is a, or the seat's default where Validate refuses a.
func accepted(st games.State, seat int, a games.Action) games.Action {
	if st.Validate(seat, a) != nil {
		return st.DefaultAction(seat)
	}
	return a
}

// position encodes st where the game has positions, "" otherwise.
func position(t *testing.T, g games.Game, st games.State) string {
	t.Helper()
	p, ok := g.(games.Positions)
	if !ok {
		return ""
	}
	raw, err := p.EncodePosition(st)
	if err != nil {
		t.Fatalf("%s: EncodePosition: %v", g.ID(), err)
	}
	return string(raw)
}

// ActionsSurviveJSON: every listed legal action, every default action and every house bot's
// choice encodes to JSON that DecodeAction reads back to the same action, still accepted.
func ActionsSurviveJSON(t *testing.T, s Subject) {
	lo, _ := s.Game.Seats()
	check := func(st games.State, seat int, a games.Action, what string) {
		raw, err := json.Marshal(a)
		if err != nil {
			t.Fatalf("%s: %s %v does not encode: %v", s.Game.ID(), what, a, err)
		}
		back, err := s.Game.DecodeAction(raw)
		if err != nil {
			t.Fatalf("%s: %s %s does not decode: %v", s.Game.ID(), what, raw, err)
		}
		if !reflect.DeepEqual(back, a) {
			t.Fatalf("%s: %s %#v comes back from %s as %#v", s.Game.ID(), what, a, raw, back)
		}
		if (st.Validate(seat, a) == nil) != (st.Validate(seat, back) == nil) {
			t.Fatalf("%s: %s %s is judged differently once decoded", s.Game.ID(), what, raw)
		}
	}
	for _, seed := range Seeds {
		st := start(t, s.Game, lo, seed)
		playOut(t, s.Game, st, randomLegal(rand.New(rand.NewPCG(seed, 9))), func(st games.State, seat int, _ games.Action) {
			for _, a := range st.Legal(seat) {
				check(st, seat, a, "legal action")
			}
			check(st, seat, st.DefaultAction(seat), "default action")
		})
	}
	for _, b := range s.Bots {
		players := make([]bots.Bot, lo)
		for seat := range players {
			players[seat] = b.New(uint64(seat))
		}
		st := start(t, s.Game, lo, 1)
		playOut(t, s.Game, st, func(st games.State, seat int) games.Action { return players[seat].Choose(st, seat) },
			func(st games.State, seat int, a games.Action) { check(st, seat, a, b.Name+"'s action") })
	}
}

// ReplayResimulates: a game refereed with random legal play (and now and then a timeout,
// for which the referee plays the default) resimulates from its replay, also after the
// replay's JSON round trip, to the same outcome.
func ReplayResimulates(t *testing.T, s Subject) {
	for _, seats := range seatCounts(s.Game) {
		for _, seed := range Seeds {
			names := make([]string, seats)
			for i := range names {
				names[i] = fmt.Sprintf("p%d", i)
			}
			ref, err := replay.NewReferee(s.Game, nil, seed, names)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(seed, 10))
			choose := randomLegal(r)
			for moves := 0; !ref.State().Over(); moves++ {
				if moves >= MaxMoves {
					t.Fatalf("%s: the refereed game does not end", s.Game.ID())
				}
				st := ref.State()
				seat := st.ToMove()[0]
				if r.IntN(10) == 0 {
					ref.Timeout(seat) // the default, as for a program too slow
					continue
				}
				before := ref.Moves()
				if _, err := ref.Play(seat, choose(st, seat)); ref.Moves() != before+1 {
					t.Fatalf("%s: seat %d to move, nothing applied: %v", s.Game.ID(), seat, err)
				}
			}
			rp := ref.Replay()
			if _, err := replay.Resimulate(s.Game, rp); err != nil {
				t.Fatalf("%s, %d seats, seed %d: %v", s.Game.ID(), seats, seed, err)
			}
			raw, err := json.Marshal(rp)
			if err != nil {
				t.Fatal(err)
			}
			back, err := replay.Decode(raw, func(id string) (games.Game, bool) { return s.Game, id == s.Game.ID() })
			if err != nil {
				t.Fatalf("%s: the replay's JSON does not read back: %v", s.Game.ID(), err)
			}
			if _, err := replay.Resimulate(s.Game, back); err != nil {
				t.Fatalf("%s: after JSON: %v", s.Game.ID(), err)
			}
		}
	}
}

// BoardLinesHaveOneWidth: in every palette, for every viewer, every line of the board has
// the same display width, at the start, during and at the end of a game.
func BoardLinesHaveOneWidth(t *testing.T, s Subject) {
	if s.View == nil {
		t.Skip("no view")
	}
	for _, seats := range seatCounts(s.Game) {
		st := start(t, s.Game, seats, Seeds[0])
		check := func(st games.State, when string) {
			for viewer := -1; viewer < seats; viewer++ {
				for _, p := range games.Palettes {
					board := s.View.Board(st, viewer, p)
					lines := strings.Split(board, "\n")
					w := ansi.StringWidth(lines[0])
					if w == 0 {
						t.Fatalf("%s: %s: palette %d: the board's first line is empty", s.Game.ID(), when, p)
					}
					for i, l := range lines {
						if lw := ansi.StringWidth(l); lw != w {
							t.Fatalf("%s, %d seats: %s: palette %d, viewer %d: line %d is %d wide, line 0 %d:\n%s",
								s.Game.ID(), seats, when, p, viewer, i, lw, w, board)
						}
					}
				}
			}
		}
		check(st, "start")
		moves := 0
		playOut(t, s.Game, st, randomLegal(rand.New(rand.NewPCG(Seeds[0], 11))), func(st games.State, _ int, _ games.Action) {
			if moves++; moves%50 == 1 {
				check(st, fmt.Sprintf("move %d", moves))
			}
		})
		check(st, "end")
	}
}

// PositionsRoundTrip: a turn-based game has positions; each position written during a game
// carries the common fields, reads back to a state that writes the same position, lists the
// same legal actions and shows every seat the same observation.
func PositionsRoundTrip(t *testing.T, s Subject) {
	p, ok := s.Game.(games.Positions)
	if !ok {
		lo, _ := s.Game.Seats()
		if _, realTime := start(t, s.Game, lo, 1).(games.RealTime); realTime {
			t.Skip("a real-time game has no positions")
		}
		t.Fatalf("%s is turn-based but has no positions: implement games.Positions", s.Game.ID())
	}
	if strings.TrimSpace(p.PositionFormat()) == "" {
		t.Fatalf("%s: PositionFormat is empty", s.Game.ID())
	}
	for _, seats := range seatCounts(s.Game) {
		for _, seed := range Seeds {
			st := start(t, s.Game, seats, seed)
			moves := 0
			playOut(t, s.Game, st, randomLegal(rand.New(rand.NewPCG(seed, 12))), func(st games.State, seat int, _ games.Action) {
				if moves++; moves%7 != 1 {
					return // every 7th position is plenty
				}
				raw := position(t, s.Game, st)
				h, err := games.ReadPositionHeader(json.RawMessage(raw))
				if err != nil {
					t.Fatalf("%s: %s: %v", s.Game.ID(), raw, err)
				}
				if h.Game != s.Game.ID() || h.ToMove != seat || h.Players != seats {
					t.Fatalf("%s: common fields %+v, want game %s, to_move %d, %d players", s.Game.ID(), h, s.Game.ID(), seat, seats)
				}
				back, err := p.DecodePosition(json.RawMessage(raw), seed)
				if err != nil {
					t.Fatalf("%s: its own position is refused: %v\n%s", s.Game.ID(), err, raw)
				}
				if again := position(t, s.Game, back); again != raw {
					t.Fatalf("%s: position\n%s\nreads back as\n%s", s.Game.ID(), raw, again)
				}
				if !slices.Equal(back.ToMove(), st.ToMove()) {
					t.Fatalf("%s: to move %v, read back %v", s.Game.ID(), st.ToMove(), back.ToMove())
				}
				gl, _ := json.Marshal(st.Legal(seat))
				bl, _ := json.Marshal(back.Legal(seat))
				if string(gl) != string(bl) {
					t.Fatalf("%s: legal %s, read back %s", s.Game.ID(), gl, bl)
				}
				if a, b := observations(t, st, seats), observations(t, back, seats); a != b {
					t.Fatalf("%s: observations\n%s\nread back\n%s", s.Game.ID(), a, b)
				}
			})
		}
	}
}

// StrongestIsAHouseBot: the bot used when none is named is one of the game's, and names are
// unique.
func StrongestIsAHouseBot(t *testing.T, s Subject) {
	if len(s.Bots) == 0 {
		t.Fatalf("%s has no house bots", s.Game.ID())
	}
	if _, ok := bots.Find(s.Bots, s.Strongest); !ok {
		t.Fatalf("%s: the strongest bot %q is not one of its house bots", s.Game.ID(), s.Strongest)
	}
	seen := map[string]bool{}
	for _, b := range s.Bots {
		for _, n := range append([]string{b.Name}, b.Aliases...) {
			if seen[n] {
				t.Fatalf("%s: two house bots are called %q", s.Game.ID(), n)
			}
			seen[n] = true
		}
	}
}

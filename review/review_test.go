package review_test

import (
	"context"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	sc "github.com/arena-classroom/arena/games/sevencolors"
	"github.com/arena-classroom/arena/match"
	"github.com/arena-classroom/arena/replay"
	"github.com/arena-classroom/arena/review"
)

// plantedGame is a 7 Colors game of size×size where both seats play greedy except seat 0 at
// move blunder (an index, a move of seat 0's), where it plays the legal colour that gains
// least, and at move slip (another, or -1), where it plays the colour that gains the most
// after greedy's. It returns the replay and the colour played at blunder.
func plantedGame(t testing.TB, size int, seed uint64, blunder, slip int) (replay.Replay, int) {
	t.Helper()
	e, _ := catalog.Get("sevencolors")
	ref, err := replay.NewReferee(e.Game, games.Config{"size": size}, seed, []string{"ada", "greedy"})
	if err != nil {
		t.Fatal(err)
	}
	bad := -1
	for !ref.State().Over() {
		st := ref.State()
		seat := st.ToMove()[0]
		b, _ := e.Bot(e.Strongest, match.AgentSeed(seed, seat))
		a := b.Choose(st, seat)
		if n := ref.Moves(); n == blunder || n == slip {
			if seat != 0 {
				t.Fatalf("move %d is seat %d's", n, seat)
			}
			s, other := st.(*sc.State), -1
			gain := func(c int) int { return s.Gain(sc.Player(seat), c) }
			for _, l := range st.Legal(seat) {
				c := l.(int)
				if c != a && (other < 0 || n == blunder && gain(c) < gain(other) || n == slip && gain(c) > gain(other)) {
					other = c
				}
			}
			if other < 0 {
				t.Fatalf("move %d has one legal colour", n)
			}
			a = other
			if n == blunder {
				bad = other
			}
		}
		if _, refused := ref.Play(seat, a); refused != nil {
			t.Fatalf("move %d: %v", ref.Moves(), refused)
		}
	}
	return ref.Replay(), bad
}

func seats() []review.Seat {
	return []review.Seat{{Name: "ada"}, {Name: "greedy", Bot: "greedy"}}
}

// A game played by greedy but for one poor colour and one nearly as good as greedy's: the
// review lists the poor one first, with
// greedy's own move ahead, and says how it judged.
func TestReviewFindsAPlantedBlunder(t *testing.T) {
	e, _ := catalog.Get("sevencolors")
	const blunder = 2
	rp, bad := plantedGame(t, 10, 6, blunder, 10)
	thought, told := 0, []int{}
	rep, err := review.Review(context.Background(), e.Entry, rp, review.Options{Seat: 0, Seats: seats(),
		Think:    func(f func()) { thought++; f() },
		Progress: func(i, n, move int) { told = append(told, i, n) }})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Stopped != "" || rep.Differs != 2 || rep.Reviewed != rep.Differs || len(rep.Findings) == 0 {
		t.Fatalf("report %+v", rep)
	}
	f := rep.Findings[0]
	if f.Move != blunder+1 || f.Played != sc.Letter(bad) || f.Gain <= 0 || f.BotScore-f.Score != f.Gain || f.Bot != "greedy" {
		t.Fatalf("first finding %+v, want move %d (%s) with greedy ahead; all %+v", f, blunder+1, sc.Letter(bad), rep.Findings)
	}
	if thought < rep.Decisions+2*rep.Reviewed {
		t.Errorf("%d runs through Think for %d decisions and %d reviewed", thought, rep.Decisions, rep.Reviewed)
	}
	if !reflect.DeepEqual(told, []int{1, 2, 2, 2}) {
		t.Errorf("progress told %v, want decisions 1 and 2 of 2", told)
	}
	if !strings.Contains(rep.Method, "with greedy in your seat") || !strings.Contains(rep.Opponents, "seat 1 greedy by greedy (as in the game)") {
		t.Errorf("method %q, opponents %q", rep.Method, rep.Opponents)
	}
}

// Two reviews of one game find the same, to the letter; so do two of a game with dice,
// whose play-outs draw their own. (Garden Tensions is left out: its minimax takes seconds a
// play-out.)
func TestReviewIsDeterministic(t *testing.T) {
	e, _ := catalog.Get("sevencolors")
	rp, _ := plantedGame(t, 10, 5, 4, -1)
	for _, game := range []string{"sevencolors", "dicewars", "warhammer"} {
		t.Run(game, func(t *testing.T) {
			e, rp := e, rp
			if game != "sevencolors" {
				e, rp = houseGame(t, game, 9)
			}
			opts := review.Options{Seat: 0, Decisions: 6}
			a, err := review.Review(context.Background(), e.Entry, rp, opts)
			if err != nil {
				t.Fatal(err)
			}
			b, err := review.Review(context.Background(), e.Entry, rp, opts)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("two reviews differ:\n%+v\n%+v", a, b)
			}
			if a.Decisions == 0 || a.Stopped != "" || a.Reviewed != a.Chosen || a.Chosen > 6 {
				t.Fatalf("report %+v", a)
			}
			t.Logf("%s: %d decisions, %d differ, %d reviewed; first %+v", game, a.Decisions, a.Differs, a.Reviewed, a.Findings[:min(1, len(a.Findings))])
		})
	}
}

// houseGame is a headless game (7 Colors: 10×10) of game's weakest house bot in seat 0 against its strongest.
func houseGame(t testing.TB, game string, seed uint64) (catalog.Entry, replay.Replay) {
	t.Helper()
	e, _ := catalog.Get(game)
	return houseGameOf(t, game, e.Bots[0].Name, seed)
}

// houseGameOf is houseGame with bot in seat 0.
func houseGameOf(t testing.TB, game, bot string, seed uint64) (catalog.Entry, replay.Replay) {
	t.Helper()
	e, _ := catalog.Get(game)
	p := match.Plan{Game: e.Game}
	for _, name := range []string{bot, e.Strongest} {
		ent, err := match.Resolve(e.Game, e.Bots, match.SeatSpec{Bot: name}, nil)
		if err != nil {
			t.Fatal(err)
		}
		p.Entrants = append(p.Entrants, ent)
	}
	var cfg games.Config
	if game == "sevencolors" {
		cfg = games.Config{"size": 10}
	}
	var err error
	if p.Jobs, err = match.Series(e.Game, cfg, 2, 1, seed); err != nil {
		t.Fatal(err)
	}
	var res match.Result
	if err := match.Run(context.Background(), p, match.Options{Parallel: 1, Replays: true}, func(r match.Result) error {
		res = r
		return nil
	}); err != nil || res.Replay == nil {
		t.Fatalf("%s: %v %+v", game, err, res)
	}
	return e, *res.Replay
}

// expiring is a context whose deadline passes after it was asked n times.
type expiring struct {
	context.Context
	left atomic.Int64
}

func (c *expiring) Err() error {
	if c.left.Add(-1) < 0 {
		return context.DeadlineExceeded
	}
	return nil
}

// A review out of time returns what it found so far, and says it stopped; one whose
// deadline has passed already finds nothing, and says so too.
func TestReviewStopsWhenTimeIsUp(t *testing.T) {
	e, _ := catalog.Get("sevencolors")
	_, rp := houseGame(t, "sevencolors", 3) // random in seat 0: greedy differs often
	full, err := review.Review(context.Background(), e.Entry, rp, review.Options{Seat: 0})
	if err != nil || full.Chosen < 3 || full.Reviewed != full.Chosen {
		t.Fatalf("the whole review: %+v %v", full, err)
	}
	// Enough checks for the decisions and two play-outs, not for all.
	ctx := &expiring{Context: context.Background()}
	ctx.left.Store(int64(full.Decisions + 1 + 2*4))
	part, err := review.Review(ctx, e.Entry, rp, review.Options{Seat: 0})
	if err != nil || part.Stopped != "time's up" || part.Reviewed == 0 || part.Reviewed >= full.Reviewed || len(part.Findings) != part.Reviewed {
		t.Fatalf("out of time: %+v %v (the whole review: %d of %d)", part, err, full.Reviewed, full.Chosen)
	}
	past, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	none, err := review.Review(past, e.Entry, rp, review.Options{Seat: 0})
	if err != nil || none.Stopped != "time's up" || none.Reviewed != 0 || none.Findings == nil {
		t.Fatalf("past its deadline: %+v %v", none, err)
	}
}

// A game played in real time is not reviewed.
func TestReviewRefusesARealTimeGame(t *testing.T) {
	e, _ := catalog.Get("perfectaim")
	if _, err := review.Review(context.Background(), e.Entry, replay.Replay{Game: "perfectaim", Seats: []string{"a", "b"}}, review.Options{}); err != review.ErrRealTime {
		t.Fatalf("perfect aim: %v", err)
	}
}

// BenchmarkReview reviews seat 0 of a game of each turn-based game against its strongest
// house bot (7 Colors on 10×10), up to DefaultDecisions decisions played out, with no
// deadline: -benchtime 1x for Garden Tensions, whose minimax takes its time.
func BenchmarkReview(b *testing.B) {
	for _, c := range []struct{ game, bot string }{
		{"sevencolors", "random"}, {"sevencolors", "random_improving"}, {"sevencolors", "mixed"},
		{"warhammer", "survivor"}, {"dicewars", "classic"}, {"garden", "heuristic"},
	} {
		b.Run(c.game+"/"+c.bot, func(b *testing.B) {
			e, rp := houseGameOf(b, c.game, c.bot, 3)
			var rep review.Report
			for b.Loop() {
				var err error
				if rep, err = review.Review(context.Background(), e.Entry, rp, review.Options{Seat: 0}); err != nil || rep.Stopped != "" {
					b.Fatal(rep, err)
				}
			}
			b.ReportMetric(float64(len(rp.Moves)), "moves")
			b.ReportMetric(float64(rep.Differs), "differ")
			b.ReportMetric(float64(rep.Reviewed), "reviewed")
		})
	}
}

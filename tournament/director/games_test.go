package director_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/arena-classroom/arena/tournament/director"
)

// reportOnly is a leading director as a node that stands by reaches it, for Report alone.
type reportOnly struct {
	director.Remote
	d *director.Director
}

func (r reportOnly) Report(ctx context.Context, code string) (director.Report, error) {
	return r.d.Report(ctx, code)
}

// A Swiss tournament lists its rounds as they are paired: the game being played with its
// room (on the leading node, and on one that stands by, from the leader), the others due;
// once over, every game with its result and points.
func TestGamesAreListedAsTheyArePaired(t *testing.T) {
	ctx := context.Background()
	r := newRig(t, filepath.Join(t.TempDir(), "a.db"), &clock{t: time.Unix(1e9, 0)})
	create(t, r.st, "T1", "swiss:3", 1, eight[:4]...)
	follower := director.New(r.st, nil)
	follower.Follow()
	follower.SetRemote(reportOnly{d: r.d})
	if list, err := r.d.Games(ctx, "T1"); err != nil || len(list.Games) != 0 || list.Paired || list.State != "open" {
		t.Fatalf("before the start: %+v, %v", list, err)
	}
	if err := r.d.Start(ctx, "T1"); err != nil {
		t.Fatal(err)
	}
	r.step()
	for name, d := range map[string]*director.Director{"leader": r.d, "follower": follower} {
		list, err := d.Games(ctx, "T1")
		if err != nil {
			t.Fatal(err)
		}
		if list.Round != 1 || list.Rounds != 3 || list.Paired || len(list.Games) != 4 {
			t.Fatalf("%s: round %d of %d (paired: %v), %d games; want round 1 of 3, its 4 games (2 a pairing)", name,
				list.Round, list.Rounds, list.Paired, len(list.Games))
		}
		playing := 0
		for _, g := range list.Games {
			switch g.How {
			case director.HowPlaying:
				playing++
				if g.Room == "" {
					t.Fatalf("%s: a game being played without its room: %+v", name, g)
				}
			case director.HowPending:
			default:
				t.Fatalf("%s: a game of round 1 over at its start: %+v", name, g)
			}
		}
		if playing != 1 {
			t.Fatalf("%s: %d games being played, want 1 (parallel 1): %+v", name, playing, list.Games)
		}
	}
	r.runUntil(t, finished, "T1")
	list, err := r.d.Games(ctx, "T1")
	if err != nil {
		t.Fatal(err)
	}
	if !list.Paired || len(list.Games) != 12 || list.Round != 3 {
		t.Fatalf("once over: round %d, paired %v, %d games; want 12", list.Round, list.Paired, len(list.Games))
	}
	for _, g := range list.Games {
		sum := 0.0
		for _, p := range g.Points {
			sum += p
		}
		if g.How != director.HowPlayed || g.Match == "" || sum != 1 || len(g.Players) != 2 || g.Result == "" || g.At == "" {
			t.Fatalf("a game of the finished tournament: %+v", g)
		}
	}
}

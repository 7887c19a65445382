package program_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/arena-classroom/arena/match"
)

// hellos counts the processes a bot log saw started (each says hello once).
func hellos(msgs []map[string]any) int { return len(ofType(msgs, "hello")) }

// A stateless program plays the same games on one process as on a process per game, at any
// parallelism: one hello, then start … end for every game.
func TestPooledProcessesPlayTheSameGamesAsFreshOnes(t *testing.T) {
	const n = 6
	fresh, _, _ := batch(t, "legal", quick, n)
	for _, parallel := range []int{1, 2} {
		got, msgs, notes := runBatch(t, "legal", n, parallel, match.ExecPooled, quick)
		for i := range fresh {
			if got[i].Defaults[progSeat(i)] != 0 || !reflect.DeepEqual(got[i].Outcome, fresh[i].Outcome) || got[i].Moves != fresh[i].Moves {
				t.Fatalf("parallel %d, game %d: %+v, fresh %+v (notes %q)", parallel, i, got[i], fresh[i], notes)
			}
		}
		if h := hellos(msgs); h < 1 || h > parallel {
			t.Fatalf("parallel %d: %d processes started, want at most one a worker", parallel, h)
		}
		if s, e := len(ofType(msgs, "start")), len(ofType(msgs, "end")); s != n || e != n {
			t.Fatalf("parallel %d: %d starts and %d ends for %d games", parallel, s, e, n)
		}
	}
}

// A process that crashed is not given another game: the next game starts a new one, and the
// results are those of a process per game.
func TestPooledCrashedProcessIsReplaced(t *testing.T) {
	const n = 3
	fresh, _, _ := batch(t, "crash:2", quick, n)
	got, msgs, notes := runBatch(t, "crash:2", n, 1, match.ExecPooled, quick)
	for i := range fresh {
		if !reflect.DeepEqual(got[i].Outcome, fresh[i].Outcome) || got[i].Defaults[progSeat(i)] == 0 {
			t.Fatalf("game %d: %+v, fresh %+v", i, got[i], fresh[i])
		}
	}
	if h := hellos(msgs); h != n {
		t.Fatalf("%d processes for %d games in which each crashed", h, n)
	}
	if strings.Count(notes, "crashed") != n {
		t.Fatalf("notes %q", notes)
	}
}

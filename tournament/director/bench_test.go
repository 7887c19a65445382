package director_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/arena-classroom/arena/store"
)

// BenchmarkDoubleRoundRobin32 runs a 32-entrant double round robin of house bots on 7 Colors
// 20×20 (992 games) through the whole stack — director, hub, rooms, bots, SQLite — on a fake
// clock ticked as fast as the machine goes, for each parallel limit. games/s is what the
// machine sustains; s@20Hz is the wall time the same ticks take on a live server's 20 Hz loop.
//
//	go test -run '^$' -bench DoubleRoundRobin32 -benchtime 1x ./tournament/director/
func BenchmarkDoubleRoundRobin32(b *testing.B) {
	names := []string{"greedy", "mixed", "hegemonic", "random_improving", "random"}
	for _, parallel := range []int{1, 4, 16, 32} {
		b.Run(fmt.Sprintf("parallel=%d", parallel), func(b *testing.B) {
			for range b.N {
				r := newRig(b, filepath.Join(b.TempDir(), "a.db"), &clock{t: time.Unix(1e9, 0)})
				ctx := context.Background()
				err := r.st.CreateTournament(ctx, store.Tournament{Code: "B", Name: "bench", Game: "sevencolors",
					Format: "double-round-robin", Options: []byte(`{}`), Config: []byte(`{"size":20}`), Seed: 7,
					Parallel: parallel, Grace: time.Minute, CreatedAt: time.Unix(0, 0)})
				if err != nil {
					b.Fatal(err)
				}
				for i := range 32 {
					bot := names[i%len(names)]
					if err := r.st.AddEntrant(ctx, "B", store.Entrant{ID: fmt.Sprint("house:", i), Name: fmt.Sprint(bot, "-", i),
						Kind: store.EntrantHouse, Bot: bot}); err != nil {
						b.Fatal(err)
					}
				}
				if err := r.d.Start(ctx, "B"); err != nil {
					b.Fatal(err)
				}
				start, ticks := time.Now(), 0
				for {
					rep, err := r.d.Report(ctx, "B")
					if err != nil {
						b.Fatal(err)
					}
					if rep.State == store.TournamentFinished {
						if rep.GamesPlayed != 992 {
							b.Fatalf("%d games played", rep.GamesPlayed)
						}
						break
					}
					r.step()
					ticks++
				}
				elapsed := time.Since(start)
				b.ReportMetric(992/elapsed.Seconds(), "games/s")
				b.ReportMetric(float64(ticks)/20, "s@20Hz")
			}
		})
	}
}

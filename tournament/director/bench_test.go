package director_test

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/arena-classroom/arena/internal/storetest"
	"github.com/arena-classroom/arena/internal/until"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/store"
	"github.com/arena-classroom/arena/tournament/director"
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

// BenchmarkGamesInSeries measures a game's fixed costs in a fast tournament: two house bots
// play 100 games of 7 Colors 8×8 in series (one pairing, 100 games), on the hub's and the
// director's real loops. save-ms is the durable commit of a game with its tournament
// result; gap-ms the time from a game's last move to the next game's first (the commit,
// waking the director, the next room); game-ms a whole game.
//
//	go test -run '^$' -bench GamesInSeries -benchtime 1x ./tournament/director/
func BenchmarkGamesInSeries(b *testing.B) {
	for range b.N {
		ctx, cancel := context.WithCancel(context.Background())
		st, err := store.Open(ctx, storetest.Where(b, filepath.Join(b.TempDir(), "a.db")))
		if err != nil {
			b.Fatal(err)
		}
		var mu sync.Mutex
		var saves []time.Duration
		save := func(ctx context.Context, m store.MatchRecord) error {
			start := time.Now()
			err := st.SaveMatch(ctx, m)
			mu.Lock()
			saves = append(saves, time.Since(start))
			mu.Unlock()
			return err
		}
		d := director.New(st, nil)
		hub := rooms.NewHub(rooms.Config{OnFinish: d.OnFinish(save), Secret: secret, MaxRooms: 1000})
		d.SetHub(hub)
		go hub.Run(ctx)
		go d.Run(ctx)
		err = st.CreateTournament(ctx, store.Tournament{Code: "B", Name: "bench", Game: "sevencolors",
			Format: "round-robin", Options: []byte(`{"games_per_pairing":100}`), Config: []byte(`{"size":8}`), Seed: 7,
			Parallel: 256, Grace: time.Minute, CreatedAt: time.Unix(0, 0)})
		if err != nil {
			b.Fatal(err)
		}
		for i, bot := range []string{"greedy", "random"} {
			if err := st.AddEntrant(ctx, "B", store.Entrant{ID: fmt.Sprint("house:", i), Name: bot, Kind: store.EntrantHouse, Bot: bot}); err != nil {
				b.Fatal(err)
			}
		}
		start := time.Now()
		if err := d.Start(ctx, "B"); err != nil {
			b.Fatal(err)
		}
		until.Seen(b, 10*time.Minute, "the tournament's end", func() (string, bool) {
			rep, err := d.Report(ctx, "B")
			if err != nil {
				b.Fatal(err)
			}
			return string(rep.State), rep.State == store.TournamentFinished
		})
		elapsed := time.Since(start)
		cancel()
		hub.WaitSaves()
		games, err := st.TournamentGames(context.Background(), "B")
		if err != nil || len(games) != 100 {
			b.Fatalf("%d games (%v)", len(games), err)
		}
		var gaps []time.Duration
		var last time.Time
		for _, g := range games {
			m, err := st.Match(context.Background(), g.MatchID)
			if err != nil {
				b.Fatal(err)
			}
			if !last.IsZero() {
				gaps = append(gaps, m.StartedAt.Sub(last))
			}
			last = m.EndedAt
		}
		st.Close()
		slices.Sort(gaps)
		slices.Sort(saves)
		b.ReportMetric(float64(elapsed.Milliseconds())/100, "game-ms")
		b.ReportMetric(float64(gaps[len(gaps)/2].Microseconds())/1000, "gap-ms-p50")
		b.ReportMetric(float64(saves[len(saves)/2].Microseconds())/1000, "save-ms-p50")
		b.ReportMetric(float64(saves[len(saves)*9/10].Microseconds())/1000, "save-ms-p90")
	}
}

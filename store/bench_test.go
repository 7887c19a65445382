package store

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arena-classroom/arena/internal/pgtest"
)

// BenchmarkTenThousandResults records 10,000 finished games, each with its replay (2 KB of
// moves) and the ratings of its two players (a rated game: two ratings read and written,
// two history rows), on each back end, from one goroutine, then from 8 as a busy server's
// rooms do (they take turns: the latency then includes the wait for the writer's turn).
// results/s is the throughput; p50-ms and p99-ms one SaveMatch's latency, commit included:
//
//	go test -run '^$' -bench TenThousandResults -benchtime 1x ./store/
//	PG_DURABLE=1 scripts/with-postgres go test -run '^$' -bench TenThousandResults -benchtime 1x ./store/
func BenchmarkTenThousandResults(b *testing.B) {
	for _, writers := range []int{1, 8} {
		b.Run(fmt.Sprintf("sqlite/writers=%d", writers), func(b *testing.B) {
			benchResults(b, writers, func() string { return filepath.Join(b.TempDir(), FileName) })
		})
		b.Run(fmt.Sprintf("postgres/writers=%d", writers), func(b *testing.B) {
			benchResults(b, writers, func() string { return pgtest.Database(b) })
		})
	}
}

func benchResults(b *testing.B, writers int, fresh func() string) {
	const results = 10000
	replay := json.RawMessage(`{"version":2,"actions":[` + strings.TrimSuffix(strings.Repeat(`{"seat":0,"action":3},`, 100), ",") + `]}`)
	for range b.N {
		s, err := Open(context.Background(), fresh())
		if err != nil {
			b.Fatal(err)
		}
		lat := make([]time.Duration, results)
		var wg sync.WaitGroup
		start := time.Now()
		for w := range writers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := w; i < results; i += writers {
					m := sampleMatch(fmt.Sprintf("m_%05d", i), time.Unix(1e9+int64(i), 0))
					m.Seats = []SeatRecord{{Name: fmt.Sprintf("p%d", i%30), ID: fmt.Sprintf("SHA256:p%d", i%30)},
						{Name: fmt.Sprintf("p%d", (i+7)%30), ID: fmt.Sprintf("SHA256:p%d", (i+7)%30)}}
					m.Replay, m.Rated = replay, true
					t0 := time.Now()
					if err := s.SaveMatch(context.Background(), m); err != nil {
						b.Error(err)
						return
					}
					lat[i] = time.Since(t0)
				}
			}()
		}
		wg.Wait()
		took := time.Since(start)
		s.Close()
		slices.Sort(lat)
		b.ReportMetric(results/took.Seconds(), "results/s")
		b.ReportMetric(float64(lat[results/2].Microseconds())/1000, "p50-ms")
		b.ReportMetric(float64(lat[results*99/100].Microseconds())/1000, "p99-ms")
	}
}

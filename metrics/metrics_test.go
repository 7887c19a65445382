package metrics_test

import (
	"context"
	"errors"
	"io"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/health"
	"github.com/arena-classroom/arena/lobby"
	"github.com/arena-classroom/arena/metrics"
	"github.com/arena-classroom/arena/server"
	"github.com/arena-classroom/arena/tournament/director"
	"github.com/arena-classroom/arena/version"
)

// The lobby's figures read at a scrape are exported under their documented names.
func TestTheLobbysFiguresAreScraped(t *testing.T) {
	m := metrics.New(metrics.Sources{Lobby: func() lobby.Stats {
		return lobby.Stats{FramesSent: 12, Renders: 34, Announcements: 5,
			Places: map[string]int{"lobby": 3}, Waiting: map[string]int{"sevencolors": 1}}
	}})
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	body, _ := io.ReadAll(rec.Result().Body)
	for _, want := range []string{
		"arena_frames_sent_total 12",
		"arena_screens_drawn_total 34",
		"arena_lobby_announcements_total 5",
		`arena_online{place="lobby"} 3`,
		`arena_matchmaker_waiting{game="sevencolors"} 1`,
	} {
		if !strings.Contains(string(body), want) {
			t.Errorf("no %q in the scrape", want)
		}
	}
}

// A scrape says the node's version, and which of its parts answer: an administrator's
// alert on a store or bus that is down reads arena_part_up.
func TestTheVersionAndThePartsAreScraped(t *testing.T) {
	m := metrics.New(metrics.Sources{Parts: func(context.Context) []health.Result {
		return []health.Result{{Name: "store"}, {Name: "bus", Err: errors.New("no connection")}}
	}, Server: func() server.Stats { return server.Stats{Refused: map[string]uint64{server.RefusedStore: 3}} },
		Tournaments: func() director.Stats {
			return director.Stats{Leading: true, Waiting: 2, LongestWait: 90 * time.Second, Forfeits: map[string]uint64{director.ForfeitAway: 4}}
		}})
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	body, _ := io.ReadAll(rec.Result().Body)
	for _, want := range []string{
		`arena_part_up{part="store"} 1`,
		`arena_part_up{part="bus"} 0`,
		`arena_logins_refused_total{reason="store"} 3`,
		"arena_tournament_leader 1",
		"arena_tournament_entrants_waiting 2",
		"arena_tournament_longest_wait_seconds 90",
		`arena_tournament_forfeits_total{reason="away"} 4`,
		`arena_build_info{commit="` + version.Commit() + `",goversion="` + runtime.Version() + `",version="` + version.Version() + `"} 1`,
	} {
		if !strings.Contains(string(body), want) {
			t.Errorf("no %q in the scrape", want)
		}
	}
}

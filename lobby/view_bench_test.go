package lobby

import (
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/termtext"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/rooms"
)

// BenchmarkGameView is the cost of one frame of a game screen for one viewer: what every
// session pays for each snapshot it is shown, in English and in French (the catalogs'
// lookups).
// go test -run x -bench GameView -benchmem ./lobby
func BenchmarkGameView(b *testing.B) {
	for _, l := range []lang.Lang{lang.English, lang.French} {
		b.Run(string(l), func(b *testing.B) { benchmarkGameView(b, l) })
	}
}

func benchmarkGameView(b *testing.B, l lang.Lang) {
	for _, tc := range []struct {
		game  string
		seats []string
		cfg   games.Config
	}{
		{"sevencolors", []string{"greedy", "mixed"}, games.Config{"size": 20}},
		{"perfectaim", []string{"zidane", "bobmorane", "anouslefouz", "indianajones"}, nil},
	} {
		b.Run(tc.game, func(b *testing.B) {
			now := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
			hub := rooms.NewHub(rooms.Config{Now: func() time.Time { return now }, BotPace: -1})
			app := onHub(hub, 0, Options{})
			e, _ := catalog.Get(tc.game)
			seats := make([]rooms.Seat, len(tc.seats))
			for i, name := range tc.seats {
				seats[i] = rooms.Seat{Kind: rooms.HouseBot, BotName: name}
			}
			r, err := hub.Create(rooms.Spec{Game: e.Entry, Config: tc.cfg, Seed: 3, Seats: seats})
			if err != nil {
				b.Fatal(err)
			}
			for range 40 {
				now = now.Add(50 * time.Millisecond)
				hub.Tick(now)
			}
			srv := terminal("k", "viewer", 100, 30, games.ANSI256)
			s := newSession(app, srv)
			s.lang = l
			m := &model{s: s, now: now}
			g := newGameScreen(roomdir.LocalRoom(r))
			g.snap = r.Snapshot()
			m.screen = g
			b.ResetTimer()
			for range b.N {
				_ = m.View()
			}
		})
	}
}

func TestFitPadsAndCutsToTheCell(t *testing.T) {
	for _, tc := range []struct {
		in   string
		w    int
		want string
	}{
		{"abc", 5, "abc  "},
		{"abcdef", 4, "abc…"},
		{"élève", 5, "élève"},
		{"日本語テキスト", 5, "日本…"},
		{"x", 0, ""},
	} {
		if got := termtext.Fit(tc.in, tc.w); got != tc.want || (tc.w > 0 && lipgloss.Width(got) != tc.w) {
			t.Errorf("fit(%q, %d) = %q (width %d), want %q", tc.in, tc.w, got, lipgloss.Width(got), tc.want)
		}
	}
}

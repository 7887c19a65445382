package tournaments

import (
	"fmt"
	"io"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lobby/widget"
	"github.com/arena-classroom/arena/rooms"
)

// liveWall is the wall of every game (code "") with n live 7 Colors games of size×size,
// their pictures loaded; fresh draws each game's snapshot again (as a new move would), so
// that its tiles are drawn anew rather than read from the snapshot's frames.
func liveWall(tb testing.TB, n, size int) (w *wallScreen, fresh func()) {
	tb.Helper()
	e, ok := catalog.Get("sevencolors")
	if !ok {
		tb.Fatal("no 7 Colors")
	}
	cfg, err := e.Game.Normalize(games.Config{"size": size})
	if err != nil {
		tb.Fatal(err)
	}
	w = &wallScreen{seen: map[string]bool{}, speed: defaultReplaySpeed, snaps: map[string]*rooms.Snapshot{}}
	states := make([]games.State, n)
	for i := range n {
		st, err := e.Game.New(cfg, 2, uint64(i+1))
		if err != nil {
			tb.Fatal(err)
		}
		states[i] = st
		w.shown = append(w.shown, rooms.Info{ID: fmt.Sprintf("r%02d", i), Game: "sevencolors", GameName: "7 Colors", Status: rooms.Playing,
			Seats: []rooms.SeatInfo{{Name: "ada", Kind: rooms.HouseBot}, {Name: "dee", Kind: rooms.HouseBot}}})
	}
	fresh = func() {
		for i, info := range w.shown {
			w.snaps[info.ID] = rooms.Scene{Info: info, ToMove: -1}.Snapshot(e.View, states[i])
		}
	}
	fresh()
	return w, fresh
}

// wallModel is the session a wall is drawn for, in a window of width × height.
func wallModel(width, height int) projector {
	return projector{width: width, height: height, st: widget.NewStyles(lipgloss.NewRenderer(io.Discard)),
		now: time.Date(2026, 3, 6, 10, 0, 0, 0, time.UTC)}
}

// BenchmarkWall is the cost of one frame of the wall of every game after every game moved
// (each tile drawn anew): one or two games on a projector, a class's twelve games.
// go test -run x -bench Wall -benchmem ./lobby/tournaments
func BenchmarkWall(b *testing.B) {
	for _, c := range []struct{ games, size, width, height int }{
		{1, 10, 160, 50}, {2, 20, 160, 50}, {12, 10, 120, 40}, {12, 20, 160, 50}, {12, 20, 80, 24},
	} {
		b.Run(fmt.Sprintf("%d games %d×%d at %d×%d", c.games, c.size, c.size, c.width, c.height), func(b *testing.B) {
			w, fresh := liveWall(b, c.games, c.size)
			m := wallModel(c.width, c.height)
			b.ReportAllocs()
			for b.Loop() {
				fresh()
				w.draw(m)
			}
		})
	}
}

package lobby

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/garden"
	"github.com/arena-classroom/arena/lobby/roomview"
	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/rooms"
)

// gardenScreen is the game screen of two people's Garden Tensions a few decisions in, in a
// width × height window: at seat 0's conquest with a move to make, seen by seat 0 (with
// its draft) or by a spectator. The moves are submitted and ticked: no bot, no wait.
func gardenScreen(t *testing.T, width, height int, p games.Palette, seated bool) (*model, *rooms.Room) {
	t.Helper()
	now := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	hub := rooms.NewHub(rooms.Config{Now: func() time.Time { return now }})
	e, _ := catalog.Get("garden")
	users := []string{"ann", "bob"}
	r, err := hub.Create(rooms.Spec{Game: e.Entry, Seed: 5, Seats: []rooms.Seat{
		{Kind: rooms.Human, Name: "ann", UserID: users[0]}, {Kind: rooms.Human, Name: "bob", UserID: users[1]}}})
	if err != nil {
		t.Fatal(err)
	}
	tick := func() { now = now.Add(time.Millisecond); hub.Tick(now) }
	tick()
	for moves := 0; ; moves++ {
		st := r.Snapshot().State.(*garden.State)
		seat := st.Turn()
		if moves > 40 {
			t.Fatal("no conquest for seat 0 after 40 decisions")
		}
		a := gardenGrowth(st, seat)
		if seat == 0 && moves >= 8 && st.Phase() == garden.Conquest && a.Verb == garden.Move {
			break
		}
		if err := r.Submit(users[seat], seat, a); err != nil {
			t.Fatal(err)
		}
		tick()
	}
	who := "carol"
	if seated {
		who = users[0]
	}
	srv := terminal(who, who, width, height, p)
	m := &model{s: newSession(onHub(hub, 0, Options{}), srv), now: now}
	g := newGameScreen(roomdir.LocalRoom(r))
	g.Init(m)
	m.screen = g
	return m, r
}

// gardenGrowth is a decision that spreads creatures: the first clan, a creature placed, a
// move into the garden while actions are left, else the end of the phase.
func gardenGrowth(s *garden.State, seat int) garden.Action {
	legal := s.Legal(seat)
	for _, a := range legal {
		if g := a.(garden.Action); g.Verb == garden.ClanChoice || g.Verb == garden.Place || g.Verb == garden.Move {
			return g
		}
	}
	return garden.EndAction
}

// The Garden screen fits the window, small or large, for a spectator and for the player
// composing a move: 80×24 draws the compact board, larger windows a larger one, the draft's
// with its cursor.
func TestGardenScreenFitsTheWindow(t *testing.T) {
	for _, c := range []struct {
		width, height, scale int
	}{{80, 24, 0}, {120, 40, 1}, {160, 50, 2}} {
		for _, p := range []games.Palette{games.Plain, games.ANSI256} {
			for _, seated := range []bool{false, true} {
				m, r := gardenScreen(t, c.width, c.height, p, seated)
				snap := r.Snapshot()
				screen := m.View()
				lines := strings.Split(screen, "\n")
				if len(lines) > c.height || strings.Contains(screen, "Enlarge the window") {
					t.Fatalf("%d×%d: %d lines\n%s", c.width, c.height, len(lines), screen)
				}
				for _, l := range lines {
					if w := ansi.StringWidth(l); w > c.width {
						t.Fatalf("%d×%d: a line of %d cells: %q", c.width, c.height, w, ansi.Strip(l))
					}
				}
				rw, rh := roomview.BoardRoom(c.width, c.height)
				if k := games.ScaleFor(snap.View(), snap.State, rw, rh); k != c.scale {
					t.Fatalf("%d×%d draws the garden at scale %d, want %d", c.width, c.height, k, c.scale)
				}
				// The board of that scale is on the screen, under the header, beside the panel.
				board, _ := snap.BoardLinesAt(p, c.scale)
				if seated {
					d := m.screen.(*gameScreen).turn.draft
					if d == nil {
						t.Fatal("seat 0 has no draft")
					}
					board = strings.Split(d.(games.ScaledDraft).ScaledBoard(p, c.scale), "\n")
					if p == games.Plain && !strings.Contains(strings.Join(board, "\n"), ">") {
						t.Fatalf("%d×%d: no cursor on the draft's board:\n%s", c.width, c.height, screen)
					}
				}
				if len(board) != snap.View().(games.Scaler).Scales(snap.State)[c.scale][1] {
					t.Fatalf("%d×%d: %d lines of board at scale %d", c.width, c.height, len(board), c.scale)
				}
				for i, l := range board {
					if !strings.HasPrefix(lines[1+i], l) {
						t.Fatalf("%d×%d, seated %v: line %d is not the board's:\n%s", c.width, c.height, seated, 1+i, screen)
					}
				}
			}
		}
	}
}

// A Garden replay is drawn as large as the window allows too, and fits.
func TestGardenReplayScalesWithTheWindow(t *testing.T) {
	for _, c := range []struct{ width, height, boardWidth int }{{80, 24, 41}, {160, 50, 111}} {
		m, r := gardenScreen(t, c.width, c.height, games.Plain, false)
		rs, _ := showReplay(t, m, r, c.width, c.height)
		if rs.BoardWidth() != c.boardWidth {
			t.Fatalf("%d×%d draws the replay's garden %d wide, want %d", c.width, c.height, rs.BoardWidth(), c.boardWidth)
		}
	}
}

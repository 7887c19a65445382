package lobby

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/arena-classroom/arena/archive"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/lobby/replays"
	"github.com/arena-classroom/arena/record"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/store"
)

// guardedGames is a store with the histories' query (store.HistoryGames), guarded as the
// screen cases' archives are: a history read while its screen draws fails the test.
type guardedGames struct {
	guardedArchive
	st *store.Store
}

func (g guardedGames) HistoryGames(ctx context.Context, q store.GameQuery) ([]store.GameRecord, error) {
	drawGuard.called("the store's HistoryGames")
	return g.st.HistoryGames(ctx, q)
}

// storedHistory is an archive in which ann (key k1) played four games of r's replay (a
// finished game of 7 Colors), each an hour after the one before, the last at last: against
// bob (rated), cleo (unrated), dan (practice), fay (rated), and one game she did not play
// (gus against hal). With r nil, no game is stored.
func storedHistory(t *testing.T, r *rooms.Room, last time.Time) *archive.Archive {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), store.FileName))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if r == nil {
		return archive.New(guardedGames{guardedArchive{st}, st}, nil)
	}
	base, err := record.Match(r.Info(), *r.Replay(), last)
	if err != nil {
		t.Fatal(err)
	}
	for i, g := range []struct {
		id       string
		seats    []string
		rated    bool
		practice bool
	}{
		{"hist0001", []string{"ann", "fay"}, true, false}, // the oldest
		{"hist0002", []string{"dan", "ann"}, false, true},
		{"hist0003", []string{"ann", "cleo"}, false, false},
		{"hist0004", []string{"bob", "ann"}, true, false}, // the last
		{"hist0005", []string{"gus", "hal"}, true, false},
	} {
		rec := base
		rec.ID, rec.Rated = g.id, g.rated
		rec.EndedAt = last.Add(time.Duration(i-3) * time.Hour)
		rec.StartedAt = rec.EndedAt.Add(-10 * time.Minute)
		rec.Seats = nil
		for _, name := range g.seats {
			id := "key:" + name
			if name == "ann" {
				id = "k1"
			}
			rec.Seats = append(rec.Seats, store.SeatRecord{Name: name, ID: id})
		}
		if g.practice {
			err = st.SavePractice(ctx, rec, "k1", 10)
		} else {
			err = st.SaveMatch(ctx, rec)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return archive.New(guardedGames{guardedArchive{st}, st}, nil)
}

// historyOf is ann's history screen in a width × height window, her games read from a (as
// Bubble Tea runs the screen's load), in language l.
func historyOf(t *testing.T, a *archive.Archive, width, height int, l lang.Lang) *model {
	t.Helper()
	app := onHub(rooms.NewHub(rooms.Config{}), 0, Options{Archive: a})
	srv := terminal("k1", "ann", width, height, games.ANSI256)
	srv.Lang = l
	m := &model{s: newSession(app, srv), now: screenClock}
	m.screen = &homeScreen{}
	m.Init()
	keyCmd(m, itemKey(itemHistory))
	if _, ok := m.screen.(*historyScreen); !ok {
		t.Fatalf("%s on the lobby shows %T", itemKey(itemHistory), m.screen)
	}
	return m
}

// runCmd runs cmd and what its messages start (a screen's read), as Bubble Tea would.
func runCmd(m *model, cmd tea.Cmd) {
	for cmd != nil {
		msg := cmd()
		if batch, ok := msg.(tea.BatchMsg); ok {
			for _, c := range batch {
				runCmd(m, c)
			}
			return
		}
		_, cmd = m.Update(msg)
	}
}

// keyCmd presses k and runs what it starts.
func keyCmd(m *model, k string) {
	_, cmd := m.Update(keyMsg(k))
	runCmd(m, cmd)
}

func keyMsg(k string) tea.KeyMsg {
	switch k {
	case "enter":
		return tea.KeyMsg{Type: tea.KeyEnter}
	case "esc":
		return tea.KeyMsg{Type: tea.KeyEsc}
	case "down":
		return tea.KeyMsg{Type: tea.KeyDown}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
}

// The lobby's History lists the person's games, the last first, with their kind and
// opponents, and not the games of others; enter replays the game chosen, esc comes back.
func TestTheHistoryListsYourGamesLastFirstAndReplaysOne(t *testing.T) {
	_, r := finishedGame(t, catalogEntry(t, "sevencolors"), 80, 24, games.ANSI256)
	a := storedHistory(t, r, screenClock)
	m := historyOf(t, a, 80, 24, lang.English)
	fits(t, "history", m.View(), 80, 24)
	view := drawn(m.View())
	var order []int
	for _, opponent := range []string{"bob", "cleo", "dan", "fay"} {
		i := strings.Index(view, opponent)
		if i < 0 {
			t.Fatalf("ann's game against %s is not listed:\n%s", opponent, view)
		}
		order = append(order, i)
	}
	for i := 1; i < len(order); i++ {
		if order[i] < order[i-1] {
			t.Fatalf("the games are not listed last first (bob, cleo, dan, fay):\n%s", view)
		}
	}
	if strings.Contains(view, "gus") || strings.Contains(view, "hal") {
		t.Errorf("a game ann did not play is listed:\n%s", view)
	}
	for _, want := range []string{"rated", "unrated", "practice", "won", "lost", "› "} {
		if !strings.Contains(view, want) {
			t.Errorf("the history does not say %q:\n%s", want, view)
		}
	}

	// f: practice only, then live games only.
	keyCmd(m, "f") // tournaments: none
	if view := drawn(m.View()); !strings.Contains(view, "None of your games is of this kind") {
		t.Errorf("ann played no tournament game, and the screen says:\n%s", view)
	}
	keyCmd(m, "f") // live games
	if view := drawn(m.View()); strings.Contains(view, "dan") || !strings.Contains(view, "bob") {
		t.Errorf("the live games show practice, or not the live games:\n%s", view)
	}
	keyCmd(m, "f") // practice
	keyCmd(m, "f") // every kind again

	// The second game listed (against cleo): enter replays it; esc comes back to the list.
	keyCmd(m, "down")
	keyCmd(m, "enter")
	if _, ok := m.screen.(*replays.Screen); !ok {
		t.Fatalf("enter on a game shows %T, not its replay; notice %q", m.screen, m.notice)
	}
	if view := drawn(m.View()); !strings.Contains(view, "replay hist0003") {
		t.Errorf("enter on the game against cleo replays another:\n%s", view)
	}
	keyCmd(m, "esc")
	if _, ok := m.screen.(*historyScreen); !ok {
		t.Fatalf("esc from the replay shows %T, not the history", m.screen)
	}
	if view := drawn(m.View()); !strings.Contains(view, "bob") {
		t.Errorf("back from the replay, the history shows:\n%s", view)
	}
	keyCmd(m, "esc")
	if _, ok := m.screen.(*homeScreen); !ok {
		t.Fatalf("esc from the history shows %T, not the lobby", m.screen)
	}
}

// A person who played no game is told how to have one; in French too.
func TestAnEmptyHistorySaysHowToHaveOne(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), store.FileName))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	a := archive.New(guardedGames{guardedArchive{st}, st}, nil)
	for _, c := range []struct {
		l    lang.Lang
		want string
	}{{lang.English, "No games yet. Play one"}, {lang.French, "Aucune partie encore"}} {
		m := historyOf(t, a, 80, 24, c.l)
		fits(t, "history", m.View(), 80, 24)
		view := drawn(m.View())
		if !strings.Contains(strings.Join(strings.Fields(view), " "), c.want) {
			t.Errorf("%s: the empty history does not say %q:\n%s", c.l, c.want, view)
		}
	}
}

// catalogEntry is game id's entry.
func catalogEntry(t *testing.T, id string) catalog.Entry {
	t.Helper()
	e, ok := catalog.Get(id)
	if !ok {
		t.Fatalf("no game %s", id)
	}
	return e
}

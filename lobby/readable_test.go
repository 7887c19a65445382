package lobby

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/arena-classroom/arena/archive"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/termtext"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/store"
)

// What a new student and a new teacher meet first, at 80×24 and larger, in colour and in
// TERM=dumb: every screen readable, help that scrolls, ids shown whole.

var readableSizes = [][2]int{{80, 24}, {120, 40}}
var readablePalettes = []games.Palette{games.Plain, games.ANSI256}

// noArchive is an archive that keeps nothing: result screens then offer the replay.
type noArchive struct{}

var errNothingKept = errors.New("nothing kept")

func (noArchive) Match(context.Context, string) (store.MatchRecord, error) {
	return store.MatchRecord{}, errNothingKept
}
func (noArchive) History(context.Context, string, string, string, int) ([]store.MatchRecord, error) {
	return nil, errNothingKept
}
func (noArchive) NameOwner(context.Context, string) (string, error) { return "", errNothingKept }
func (noArchive) Leaderboard(context.Context, string, int) ([]store.Standing, error) {
	return nil, errNothingKept
}
func (noArchive) RatingHistory(context.Context, string, string) ([]float64, error) {
	return nil, errNothingKept
}

// fits fails unless view is at most width × height cells.
func fits(t *testing.T, what string, view string, width, height int) {
	t.Helper()
	lines := strings.Split(view, "\n")
	if len(lines) > height {
		t.Fatalf("%s %d×%d: %d lines\n%s", what, width, height, len(lines), ansi.Strip(view))
	}
	for _, l := range lines {
		if w := ansi.StringWidth(l); w > width {
			t.Fatalf("%s %d×%d: a line of %d cells: %q", what, width, height, w, ansi.Strip(l))
		}
	}
}

// press sends one key to the model, as the terminal would.
func press(m *model, k string) {
	var msg tea.KeyMsg
	switch k {
	case "esc":
		msg = tea.KeyMsg{Type: tea.KeyEsc}
	case "enter":
		msg = tea.KeyMsg{Type: tea.KeyEnter}
	case "up":
		msg = tea.KeyMsg{Type: tea.KeyUp}
	case "down":
		msg = tea.KeyMsg{Type: tea.KeyDown}
	case "pgup":
		msg = tea.KeyMsg{Type: tea.KeyPgUp}
	case "pgdown":
		msg = tea.KeyMsg{Type: tea.KeyPgDown}
	case "home":
		msg = tea.KeyMsg{Type: tea.KeyHome}
	case "end":
		msg = tea.KeyMsg{Type: tea.KeyEnd}
	default:
		msg = tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
	}
	m.Update(msg)
}

// finishedGame plays a whole game of house bots of e in a live room on a fake clock, and
// returns a spectator's model of it, width × height, at its result. The game is the same
// run after run: its seed, its bots' (the secret's), its room's id are pinned, and the
// search bots' safety stop, which reads the wall clock (bots.SafetyStopper, half of
// BotThink), is out of reach.
func finishedGame(t *testing.T, e catalog.Entry, width, height int, p games.Palette) (*model, *rooms.Room) {
	t.Helper()
	now := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	hub := rooms.NewHub(rooms.Config{Now: func() time.Time { return now }, BotPace: -1,
		Secret: pinnedSecret, Codes: newPinnedCodes(), BotThink: time.Hour})
	cfg, err := humanConfig(e, 0, width, height) // the board a person gets in this window
	if err != nil {
		t.Fatal(err)
	}
	r, err := hub.Create(rooms.Spec{Game: e.Entry, Config: cfg, Seed: 3, Unpaced: true, Seats: []rooms.Seat{
		{Kind: rooms.HouseBot, BotName: e.Strongest}, {Kind: rooms.HouseBot, BotName: "random"}}})
	if err != nil {
		t.Fatal(err)
	}
	app := onHub(hub, 0, Options{Archive: archive.New(noArchive{}, nil)})
	m := &model{s: newSession(app, terminal("carol", "carol", width, height, p)), now: now}
	g := newGameScreen(roomdir.LocalRoom(r))
	g.Init(m)
	m.screen = g
	for i := 0; r.Snapshot().Status != rooms.Finished || !r.Snapshot().Saved; i++ {
		if i > 200000 {
			t.Fatalf("%s: no end after %d ticks", e.Game.ID(), i)
		}
		now = now.Add(100 * time.Millisecond)
		hub.Tick(now)
		hub.WaitThinking()
	}
	m.now = now
	m.Update(snapMsg{r.Snapshot()})
	return m, r
}

// Item 1: the result screen shows the replay's id whole, in every game, at 80×24 and
// larger; item 7: l (or esc, for a spectator) then opens the lobby on that game.
func TestTheResultShowsTheReplayIdWholeAndEscReturnsToThatGame(t *testing.T) {
	for _, e := range catalog.All() {
		for _, size := range readableSizes {
			for _, p := range readablePalettes {
				m, r := finishedGame(t, e, size[0], size[1], p)
				id := r.Snapshot().MatchID
				view := m.View()
				fits(t, e.Game.ID(), view, size[0], size[1])
				if !strings.Contains(ansi.Strip(view), id) {
					t.Fatalf("%s %v: the replay id %s is not shown whole\n%s", e.Game.ID(), size, id, ansi.Strip(view))
				}
				press(m, "esc")
				home, ok := m.screen.(*homeScreen)
				if !ok || home.entry().Game.ID() != e.Game.ID() {
					t.Fatalf("%s: esc went to %T on %s", e.Game.ID(), m.screen, home.entry().Game.ID())
				}
			}
		}
	}
}

// pageThrough reads a paged screen from top to bottom with the pager's keys: what it showed,
// line by line, with each frame checked against the window.
func pageThrough(t *testing.T, what string, m *model, width, height int) []string {
	t.Helper()
	var seen []string
	for range 50 {
		view := m.View()
		fits(t, what, view, width, height)
		seen = append(seen, strings.Split(ansi.Strip(view), "\n")...)
		if !strings.Contains(ansi.Strip(view), "lines ") || strings.Contains(ansi.Strip(view), pagerEnd(ansi.Strip(view))) {
			return seen
		}
		press(m, "pgdown")
	}
	t.Fatalf("%s: never reached the end", what)
	return nil
}

// pagerEnd is "of N" when the pager shows its last line ("lines 45–64 of 64"), else a string
// no view holds.
func pagerEnd(view string) string {
	var from, to, of int
	i := strings.LastIndex(view, "lines ")
	if i < 0 {
		return "\x00"
	}
	if _, err := fmt.Sscanf(view[i:], "lines %d–%d of %d", &from, &to, &of); err != nil || to != of {
		return "\x00"
	}
	return fmt.Sprintf("of %d", of)
}

// Item 2: "Rules and keys" keeps its top, scrolls with the usual keys, says where it is and
// folds its text between words, key lists whole, for every game.
func TestRulesAndKeysScrollAndFoldForEveryGame(t *testing.T) {
	for i, e := range catalog.All() {
		for _, size := range readableSizes {
			for _, p := range readablePalettes {
				width, height := size[0], size[1]
				m := &model{s: newSession(onHub(rooms.NewHub(rooms.Config{}), 0, Options{}), terminal("k", "ann", width, height, p)), now: time.Now()}
				m.screen = &homeScreen{game: i, cursor: int(itemRules)}
				press(m, "enter")
				first := ansi.Strip(m.View())
				if lines := strings.Split(first, "\n"); !strings.Contains(lines[2], e.Game.Name()) {
					t.Fatalf("%s %v: the top is lost:\n%s", e.Game.ID(), size, first)
				}
				seen := strings.Join(pageThrough(t, e.Game.ID(), m, width, height), "\n")
				// Everything was shown: every word of the rules, and every key.
				for _, word := range strings.Fields(e.View.Rules()) {
					if !strings.Contains(seen, word) {
						t.Fatalf("%s %v: %q never shown", e.Game.ID(), size, word)
					}
				}
				for _, k := range e.View.Keys() {
					if !strings.Contains(seen, k.Keys) {
						t.Fatalf("%s %v: key %q never shown", e.Game.ID(), size, k.Keys)
					}
				}
				if e.Game.ID() == "warhammer" && !strings.Contains(seen, "(7 8 9 / 4 6 / 1 2 3)") {
					t.Fatalf("the keypad's key list is broken across lines:\n%s", seen)
				}
				// Home, k, ↑ and PgUp go back up.
				if strings.Contains(first, "lines 1–") {
					for _, k := range []string{"home", "k", "up", "pgup", "g"} {
						press(m, "end")
						press(m, k)
						if ansi.Strip(m.View()) == ansi.Strip(func() string { press(m, "end"); return m.View() }()) {
							t.Fatalf("%s %v: %s does not scroll up", e.Game.ID(), size, k)
						}
					}
					press(m, "home")
					if ansi.Strip(m.View()) != first {
						t.Fatalf("%s %v: home does not go back to the top", e.Game.ID(), size)
					}
				}
			}
		}
	}
}

// reflow folds between words: lines fit, a list item's continuation is indented under its
// text, and a table row's under its second column.
func TestReflowFoldsParagraphsListsAndTables(t *testing.T) {
	text := "A paragraph written for\nseventy-eight columns that goes on.\n\n" +
		"  1. The action: the letters around s (q w e / a d / z x c) or the keypad digits\n" +
		"     (7 8 9 / 4 6 / 1 2 3) step.\n" +
		"  space      play / pause (at the end: play again from the start)"
	got := termtext.Reflow(text, 40)
	want := "A paragraph written for seventy-eight\ncolumns that goes on.\n\n" +
		"  1. The action: the letters around s\n     (q w e / a d / z x c) or the keypad\n     digits (7 8 9 / 4 6 / 1 2 3) step.\n" +
		"  space      play / pause (at the end:\n             play again from the start)"
	if got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

// Item 9: the lobby's help lists every item of the home menu.
func TestHomeHelpListsEveryMenuItem(t *testing.T) {
	for _, size := range readableSizes {
		for _, p := range readablePalettes {
			m := &model{s: newSession(onHub(rooms.NewHub(rooms.Config{}), 0, Options{}), terminal("k", "ann", size[0], size[1], p)), now: time.Now(), screen: &homeScreen{}}
			press(m, "?")
			seen := strings.Join(pageThrough(t, "home help", m, size[0], size[1]), "\n")
			for i, it := range homeItems {
				if !strings.Contains(seen, itemKey(homeItem(i))+" "+it.label) {
					t.Fatalf("%v: the help has no %q\n%s", size, it.label, seen)
				}
			}
			press(m, "esc")
			if m.showHelp {
				t.Fatal("esc left the help open")
			}
		}
	}
}

// Item 6: no description of the home menu is cut at 80 columns, and a command to type
// ("ssh … bot --game garden") is shown whole.
func TestHomeDescriptionsAreWholeAt80Columns(t *testing.T) {
	for i, e := range catalog.All() {
		for _, p := range readablePalettes {
			m := &model{s: newSession(onHub(rooms.NewHub(rooms.Config{}), 0, Options{}), terminal("k", "ann", 80, 24, p)), now: time.Now(), screen: &homeScreen{game: i}}
			view := ansi.Strip(m.View())
			fits(t, "home", m.View(), 80, 24)
			for _, line := range strings.Split(view, "\n") {
				if strings.HasSuffix(strings.TrimRight(line, " "), "…") {
					t.Fatalf("%s: a cut description: %q", e.Game.ID(), line)
				}
			}
			if !strings.Contains(view, "bot --game "+e.Game.ID()+")") {
				t.Fatalf("%s: the program's command is cut\n%s", e.Game.ID(), view)
			}
		}
	}
}

// Item 6: a status of several parts folds between its parts, never "1 sup…".
func TestStatusFoldsBetweenItsParts(t *testing.T) {
	got := termtext.WrapParts("RED · speed 1.25 · 3 coins · shield · 1 super fireball", 33)
	want := []string{"RED · speed 1.25 · 3 coins", "shield · 1 super fireball"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("%q", got)
	}
}

// Item 3: in a person's own game against a house bot, the clock stops while the help is
// open, and the help says so; against another person it runs, and the help shows it.
func TestHelpStopsTheClockOnlyAgainstHouseBots(t *testing.T) {
	e, _ := catalog.Get("sevencolors")
	for _, p := range readablePalettes {
		now := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
		hub := rooms.NewHub(rooms.Config{Now: func() time.Time { return now }, BotPace: -1, HumanMove: 60 * time.Second})
		app := onHub(hub, 0, Options{})
		tick := func(d time.Duration) { now = now.Add(d); hub.Tick(now); hub.WaitThinking() }
		open := func(name string, r roomdir.Room) *model {
			m := &model{s: newSession(app, terminal(name, name, 80, 24, p)), now: now}
			g := newGameScreen(r)
			g.Init(m)
			m.screen = g
			return m
		}
		// Against greedy, as "Play house bots" opens it.
		ann := &model{s: newSession(app, terminal("ann", "ann", 80, 24, p)), now: now}
		r, err := ann.s.vsBot(e, map[string]int{"size": 10}, "greedy")
		if err != nil {
			t.Fatal(err)
		}
		ann = open("ann", r)
		tick(time.Millisecond)
		tick(19 * time.Second) // 41 s left
		ann.Update(snapMsg{snapshotOf(r)})
		press(ann, "?")
		tick(5 * time.Minute)
		ann.Update(snapMsg{snapshotOf(r)})
		view := ansi.Strip(ann.View())
		fits(t, "help", ann.View(), 80, 24)
		if !strings.Contains(view, "your move: 0:41 (stopped) · lines") || snapshotOf(r).Moves != 0 {
			t.Fatalf("the clock ran while ann read the rules (moves %d):\n%s", snapshotOf(r).Moves, view)
		}
		press(ann, "esc")
		tick(40 * time.Second)
		if s := snapshotOf(r); s.Moves != 0 || s.Deadline.Sub(now) != time.Second {
			t.Fatalf("after the help: moves %d, %v left, want 1s", s.Moves, s.Deadline.Sub(now))
		}

		// Against a person: the clock runs, and the help shows it.
		two, err := hub.Create(rooms.Spec{Game: e.Entry, Config: map[string]int{"size": 10}, Seats: []rooms.Seat{
			{Kind: rooms.Human, Name: "bob", UserID: "bob"}, {Kind: rooms.Human, Name: "cy", UserID: "cy"}}})
		if err != nil {
			t.Fatal(err)
		}
		bob, cy := open("bob", roomdir.LocalRoom(two)), open("cy", roomdir.LocalRoom(two))
		_ = cy
		tick(time.Millisecond)
		tick(19 * time.Second)
		bob.Update(snapMsg{two.Snapshot()})
		press(bob, "?")
		bob.now = now
		if view := ansi.Strip(bob.View()); !strings.Contains(view, "your move: 0:41 · lines") {
			t.Fatalf("the help hides a running clock:\n%s", view)
		}
		tick(41 * time.Second)
		if two.Snapshot().Moves != 1 {
			t.Fatal("the clock stopped in a game between people")
		}
	}
}

// Item 9: Perfect Aim's setup explains its start corners in words a student reads, folded
// between words ("RED starts at (1,1)", not "RED / starts / at (1,1)"), and says what they
// do, not where they come from (issue 35, item 6).
func TestPerfectAimSetupExplainsItsCorners(t *testing.T) {
	e, _ := catalog.Get("perfectaim")
	for _, size := range readableSizes {
		for _, p := range readablePalettes {
			m := &model{s: newSession(onHub(rooms.NewHub(rooms.Config{}), 0, Options{}), terminal("k", "ann", size[0], size[1], p)), now: time.Now()}
			cfg, _ := humanConfig(e, 0, size[0], size[1])
			s := newSetupScreen(e, cfg, true, &homeScreen{})
			s.row = len(s.rows(lang.English)) - 1 // the permutation
			m.screen = s
			view := ansi.Strip(m.View())
			fits(t, "setup", m.View(), size[0], size[1])
			if strings.Contains(view, "upstream") || strings.Contains(view, "original") ||
				!strings.Contains(view, "deals them to the colours") || !strings.Contains(view, "RED starts at (1,1)") {
				t.Fatalf("%v:\n%s", size, view)
			}
		}
	}
}

// A game's headline folds between its parts in the side panel: Perfect Aim's says when the
// next ring turns to lava, which is wider than the panel at 80×24 once a ring is damaged.
func TestTheHeadlineFoldsInThePanel(t *testing.T) {
	e, _ := catalog.Get("perfectaim")
	for _, p := range readablePalettes {
		now := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
		hub := rooms.NewHub(rooms.Config{Now: func() time.Time { return now }, BotPace: -1})
		app := onHub(hub, 0, Options{})
		r, err := hub.Create(rooms.Spec{Game: e.Entry, Seed: 3, Seats: []rooms.Seat{
			{Kind: rooms.HouseBot, BotName: "zidane"}, {Kind: rooms.HouseBot, BotName: "bobmorane"}}})
		if err != nil {
			t.Fatal(err)
		}
		m := &model{s: newSession(app, terminal("ann", "ann", 80, 24, p)), now: now}
		g := newGameScreen(roomdir.LocalRoom(r))
		g.Init(m)
		m.screen = g
		var view string
		for range 20 * 60 { // up to a minute of game time, 50 ms a tick
			now = now.Add(50 * time.Millisecond)
			hub.Tick(now)
			g.snap = r.Snapshot()
			m.now = now
			view = m.View()
			if strings.Contains(ansi.Strip(view), "turns to lava at") || g.snap.Status != rooms.Playing {
				break
			}
		}
		plain := ansi.Strip(view)
		if !regexp.MustCompile(`turns to lava at \d+ s`).MatchString(plain) {
			t.Fatalf("palette %v: the headline is not whole:\n%s", p, plain)
		}
		for _, line := range strings.Split(plain, "\n") {
			if w := ansi.StringWidth(line); w > 80 {
				t.Fatalf("palette %v: a line of %d cells:\n%s", p, w, plain)
			}
		}
	}
}

// A compact seat's status (DiceWars with five players or more, at 80×24) leaves out its last
// parts rather than cut a word.
func TestACompactStatusDropsItsLastParts(t *testing.T) {
	for _, tc := range []struct {
		status string
		width  int
		want   string
	}{
		{"10 areas · 45 dice · group 10", 27, "10 areas · 45 dice"},
		{"10 areas · 45 dice · group 10", 29, "10 areas · 45 dice · group 10"},
		{"out · 4th place", 5, "out"},
	} {
		if got := termtext.DropParts(tc.status, tc.width); got != tc.want {
			t.Errorf("dropParts(%q, %d) = %q, want %q", tc.status, tc.width, got, tc.want)
		}
	}
}

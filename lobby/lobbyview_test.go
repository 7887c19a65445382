package lobby

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/store"
	"github.com/arena-classroom/arena/tournament/director"
)

// Enter watches the room drawn under the cursor, by identity: a room that closed after the
// list was drawn is said to have closed, never swapped for the one that moved into its line.
func TestWatchingOpensTheRoomDrawnNotTheOneNowInItsLine(t *testing.T) {
	now := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	hub := rooms.NewHub(rooms.Config{Now: func() time.Time { return now }, BotPace: -1})
	app := onHub(hub, 0, Options{})
	e, _ := catalog.Get("sevencolors")
	var made []*rooms.Room
	for i := range 3 {
		r, err := hub.Create(rooms.Spec{Game: e.Entry, Seed: uint64(i + 1), Config: games.Config{"size": 10}, Seats: []rooms.Seat{
			{Kind: rooms.HouseBot, BotName: "greedy"}, {Kind: rooms.HouseBot, BotName: "random"}}})
		if err != nil {
			t.Fatal(err)
		}
		made = append(made, r)
	}
	hub.Tick(now)
	m := &model{s: newSession(app, terminal("k1", "ann", 100, 40, games.ANSI256)), now: now}
	m.screen = &watchScreen{home: &homeScreen{}, cursor: 1}
	m.Init()
	m.View() // the person sees three rooms, the second chosen
	chosen := m.screen.(*watchScreen).drawn[1].ID
	for _, r := range made {
		if r.ID() == chosen {
			r.Close("its players left")
		}
	}
	hub.Tick(now.Add(time.Second))
	press(m, "enter")
	if g, ok := m.screen.(*gameScreen); ok {
		t.Fatalf("enter opened room %s, not the one chosen (%s), which closed", g.room.ID(), chosen)
	}
	if m.notice != "that room has just closed" {
		t.Fatalf("notice %q", m.notice)
	}
}

// A screen that loads what it shows starts loading when it is opened, whatever opened it
// (here the home menu's key): the tournaments being played are listed, not "loading…" until
// something in the lobby changes.
func TestAScreenOpenedFromTheMenuLoadsWhatItShows(t *testing.T) {
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), store.FileName))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	now := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	hub := rooms.NewHub(rooms.Config{Now: func() time.Time { return now }, BotPace: -1})
	app := onHub(hub, 0, Options{Director: director.New(st, nil)})
	m := &model{s: newSession(app, terminal("k1", "ann", 100, 40, games.ANSI256)), now: now, screen: &homeScreen{}}
	m.Init()
	_, cmd := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(itemKey(itemTournaments))})
	for _, msg := range runAll(cmd) {
		m.Update(msg)
	}
	if v := m.View(); !strings.Contains(v, "Being played") || strings.Contains(v, "loading") || !strings.Contains(v, "none right now") {
		t.Fatalf("the tournaments screen, opened and its commands run:\n%s", v)
	}
}

// runAll runs cmd and a batch's commands, as Bubble Tea does, and returns their messages.
func runAll(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	msg := cmd()
	if batch, ok := msg.(tea.BatchMsg); ok {
		var out []tea.Msg
		for _, c := range batch {
			out = append(out, runAll(c)...)
		}
		return out
	}
	return []tea.Msg{msg}
}

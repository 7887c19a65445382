package lobby

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/arena-classroom/arena/archive"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/codes"
	"github.com/arena-classroom/arena/lobby/reading"
	"github.com/arena-classroom/arena/lobby/screen"
	"github.com/arena-classroom/arena/lobby/tournaments"
	"github.com/arena-classroom/arena/matchmaker"
	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/seed"
	"github.com/arena-classroom/arena/store"
	"github.com/arena-classroom/arena/tournament/director"
)

// probeKeys are every key a person may press: each printable character, and the special
// keys of a keyboard.
var probeKeys = func() []tea.KeyMsg {
	var out []tea.KeyMsg
	for r := rune(0x21); r < 0x7f; r++ {
		out = append(out, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
	for _, t := range []tea.KeyType{tea.KeySpace, tea.KeyUp, tea.KeyDown, tea.KeyLeft, tea.KeyRight, tea.KeyEnter,
		tea.KeyEsc, tea.KeyTab, tea.KeyShiftTab, tea.KeyPgUp, tea.KeyPgDown, tea.KeyHome, tea.KeyEnd, tea.KeyBackspace,
		tea.KeyDelete, tea.KeyShiftUp, tea.KeyShiftDown, tea.KeyShiftLeft, tea.KeyShiftRight, tea.KeyCtrlA,
		tea.KeyCtrlD, tea.KeyCtrlE, tea.KeyCtrlK, tea.KeyCtrlU, tea.KeyCtrlW, tea.KeyCtrlV, tea.KeyF1} {
		out = append(out, tea.KeyMsg{Type: t})
	}
	return out
}()

// screenCase makes a model showing one screen in one state, afresh for each key.
type screenCase struct {
	name string
	make func(t *testing.T) *model
	// clocked: the view moves with the wall clock (a countdown), so a changed view is no
	// sign of a key's effect there.
	clocked bool
	// unlisted are keys the game takes that its key list leaves out (see unlisted).
	unlisted string
}

// screenClock is the fake clock of the screen cases, far behind the wall clock: a
// countdown read against the wall clock (the model's own, after a message) shows 0:00.
var screenClock = time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)

// screenCases are every screen of the lobby in its states, each made for a person whose
// window is width × height (the boards they are given fit it). Everything they show is
// pinned (the rooms' seeds and codes, the seeds' secret, the hub's clock), so that a screen
// is drawn alike run after run (TestGoldenScreens); the model's own clock is the wall
// clock's after Init and each message, which a test pins again (m.now) where it matters.
func screenCases(width, height int) []screenCase {
	now := screenClock
	hubs := map[*App]*rooms.Hub{} // each app's hub, to tick
	newApp := func(opts Options) *App {
		hub := rooms.NewHub(rooms.Config{Now: func() time.Time { return now }, BotPace: -1, MaxRoomsPerOwner: 100, MaxRoomsPerAddr: 100,
			Secret: pinnedSecret, Codes: newPinnedCodes()})
		if opts.Archive == nil {
			opts.Archive = archive.New(guardedArchive{noArchive{}}, nil)
		}
		// onHub, with the rooms the lobby opens itself seeded too.
		opts.Rooms = guardedRooms{seededRooms{roomdir.Local(hub)}} // (guarded: TestNoScreenReadsWhileItDraws)
		opts.Queue = matchmaker.New(opts.Rooms, time.Hour, hub.Config().Now)
		app := New(opts)
		hubs[app] = hub
		return app
	}
	sevencolors, _ := catalog.Lookup("sevencolors")
	// withRooms is an app with two live rooms of house bots, to watch.
	withRooms := func(t *testing.T) *App {
		app := newApp(Options{})
		for i := range 2 {
			if _, err := app.hub.Create(rooms.Spec{Game: sevencolors.Entry, Seed: uint64(11 + i), Seats: []rooms.Seat{
				{Kind: rooms.HouseBot, BotName: "greedy"}, {Kind: rooms.HouseBot, BotName: "random"}}}); err != nil {
				t.Fatal(err)
			}
		}
		hubs[app].Tick(now)
		return app
	}
	// showIn is app's screen scr for ann in a terminal of palette p; show in colour.
	showIn := func(app *App, admin bool, p games.Palette, scr func(m *model) screen.Screen) *model {
		srv := terminal("k1", "ann", width, height, p)
		srv.Who.Admin = admin
		m := &model{s: newSession(app, srv), now: now}
		m.screen = scr(m)
		if l, ok := m.screen.(screen.Loader); ok {
			if load := l.Load(m); load != nil {
				m.Update(load()) // what Bubble Tea does with Init's load, at once
			}
		}
		m.Init()
		return m
	}
	show := func(app *App, admin bool, scr func(m *model) screen.Screen) *model {
		return showIn(app, admin, games.ANSI256, scr)
	}
	home := &homeScreen{}
	// finished is a game of e played to its end, once.
	type game struct {
		m *model
		r *rooms.Room
	}
	played := map[string]game{}
	finished := func(t *testing.T, e catalog.Entry) (*model, *rooms.Room) {
		g, ok := played[e.Game.ID()]
		if !ok {
			g.m, g.r = finishedGame(t, e, width, height, games.ANSI256)
			played[e.Game.ID()] = g
		}
		return g.m, g.r
	}
	// playing is ann's game of e against a house bot, at its first decision, in palette p.
	playing := func(t *testing.T, e catalog.Entry, p games.Palette) *model {
		app := newApp(Options{})
		m := showIn(app, false, p, func(m *model) screen.Screen { return &homeScreen{} })
		cfg, _ := humanConfig(e, 0, width, height)
		r, err := m.s.vsBot(e, cfg, "")
		if err != nil {
			t.Fatal(err)
		}
		hubs[app].Tick(now)
		g := newGameScreen(r)
		g.Init(m)
		m.screen = g
		m.Update(snapMsg{snapshotOf(r)})
		return m
	}
	cases := []screenCase{
		{name: "home", make: func(t *testing.T) *model {
			return show(withRooms(t), false, func(*model) screen.Screen { return &homeScreen{} })
		}},
		{name: "queue", clocked: true, make: func(t *testing.T) *model {
			return show(newApp(Options{}), false, func(*model) screen.Screen { return &queueScreen{entry: sevencolors} })
		}},
		{name: "join", make: func(t *testing.T) *model {
			return show(newApp(Options{}), false, func(m *model) screen.Screen { return newJoinScreen(m, home) })
		}},
		{name: "watch", make: func(t *testing.T) *model {
			return show(withRooms(t), false, func(*model) screen.Screen { return &watchScreen{home: home, cursor: 1} })
		}},
		{name: "programs", make: func(t *testing.T) *model {
			return show(newApp(Options{}), false, func(*model) screen.Screen { return &programScreen{entry: sevencolors, home: home} })
		}},
		{name: "leaderboard", make: func(t *testing.T) *model {
			return show(newApp(Options{}), false, func(m *model) screen.Screen {
				return reading.NewLeaderboard(m.s.app.archive, sevencolors, home)
			})
		}},
		{name: "tournaments", make: func(t *testing.T) *model {
			return show(newApp(Options{}), false, func(m *model) screen.Screen {
				return tournaments.New(m, m.s.app.services, home)
			})
		}},
		{name: "wall", clocked: true, make: func(t *testing.T) *model {
			m := show(withRooms(t), false, func(*model) screen.Screen { return tournaments.NewWall("", nil) })
			m.command = "wall" // the wall is opened by ssh -t HOST wall (or from the standings)
			return m
		}},
	}
	for _, e := range catalog.All() {
		id := e.Game.ID()
		cases = append(cases,
			screenCase{name: "rules " + id, make: func(t *testing.T) *model {
				return show(newApp(Options{}), false, func(*model) screen.Screen { return reading.NewRules(e, home) })
			}},
			screenCase{name: "house bots " + id, make: func(t *testing.T) *model {
				cfg, _ := humanConfig(e, 0, width, height)
				return show(newApp(Options{}), false, func(*model) screen.Screen { return newSetupScreen(e, cfg, true, home) })
			}},
			screenCase{name: "private room " + id, make: func(t *testing.T) *model {
				cfg, _ := humanConfig(e, 0, width, height)
				return show(newApp(Options{}), false, func(*model) screen.Screen { return newSetupScreen(e, cfg, false, home) })
			}},
			screenCase{name: "waiting " + id, make: func(t *testing.T) *model {
				app := newApp(Options{})
				seats := []rooms.Seat{{Kind: rooms.Human, Name: "ann", UserID: "k1"}, {Kind: rooms.Open}}
				for min, _ := e.Game.Seats(); len(seats) < min; {
					seats = append(seats, rooms.Seat{Kind: rooms.Open})
				}
				r, err := app.hub.Create(rooms.Spec{Game: e.Entry, Seed: 5, Private: true, Owner: "k1", Seats: seats})
				if err != nil {
					t.Fatal(err)
				}
				return show(app, false, func(m *model) screen.Screen { g := newGameScreen(r); g.Init(m); return g })
			}},
			screenCase{name: "playing " + id, unlisted: unlisted[id], make: func(t *testing.T) *model {
				return playing(t, e, games.ANSI256)
			}},
			screenCase{name: "watching " + id, make: func(t *testing.T) *model {
				app := newApp(Options{})
				r, err := app.hub.Create(rooms.Spec{Game: e.Entry, Seed: 9, Seats: []rooms.Seat{
					{Kind: rooms.HouseBot, BotName: e.Strongest}, {Kind: rooms.HouseBot, BotName: "random"}}})
				if err != nil {
					t.Fatal(err)
				}
				hubs[app].Tick(now)
				return show(app, false, func(m *model) screen.Screen {
					g := newGameScreen(r)
					g.Init(m)
					return g
				})
			}},
			screenCase{name: "result " + id, make: func(t *testing.T) *model {
				fm, r := finished(t, e)
				return show(fm.s.app, false, func(m *model) screen.Screen { g := newGameScreen(roomdir.LocalRoom(r)); g.Init(m); return g })
			}},
			screenCase{name: "replay " + id, make: func(t *testing.T) *model {
				fm, r := finished(t, e)
				m := show(fm.s.app, false, func(*model) screen.Screen { return &homeScreen{} })
				g := storedGame(r)
				pinClocks(&g)
				showStored(t, m, g, width, height)
				m.command = "replay" // a replay is opened by ssh -t HOST replay ID
				m.Init()
				return m
			}},
		)
	}
	// A replay whose moves have clocks (programs' games), at a refused move of bob's that
	// has his note: the seats' think times, the move's, its warning and the note.
	cases = append(cases, screenCase{name: "replay clocked sevencolors", make: func(t *testing.T) *model {
		fm, r := finished(t, sevencolors)
		m := show(fm.s.app, false, func(*model) screen.Screen { return &homeScreen{} })
		g, shown := clockedGame(storedGame(r))
		showStored(t, m, g, width, height)
		m.command = "replay"
		m.Init()
		for range shown {
			press(m, "l") // a move forward, paused
		}
		return m
	}})
	// The boards that name their cells or areas (issue 35, item 5), also as TERM=dumb draws
	// them: Plain, letters for colours (the colour cases' files have their escapes stripped,
	// which leaves DiceWars' areas blank).
	for _, id := range []string{"dicewars", "garden", "warhammer"} {
		e, ok := catalog.Get(id)
		if !ok {
			panic("no game " + id)
		}
		cases = append(cases, screenCase{name: "playing dumb " + id, unlisted: unlisted[id], make: func(t *testing.T) *model {
			return playing(t, e, games.Plain)
		}})
	}
	// The tournaments a student may join (open) and follow (running), listed.
	cases = append(cases, screenCase{name: "tournaments listed", make: func(t *testing.T) *model {
		ctx := context.Background()
		st, err := store.Open(ctx, filepath.Join(t.TempDir(), store.FileName))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		for i, tr := range []struct{ code, name, state string }{
			{"TOPEN1", "Friday's class", store.TournamentOpen}, {"TRUNS1", "Thursday's class", store.TournamentRunning}} {
			if err := st.CreateTournament(ctx, store.Tournament{Code: tr.code, Name: tr.name, Game: "sevencolors", Format: "round-robin",
				Options: []byte(`{}`), Config: []byte(`{}`), Seed: uint64(i + 1), Parallel: 4, Grace: time.Minute,
				CreatedBy: "SHA256:teacher", CreatedAt: screenClock}); err != nil {
				t.Fatal(err)
			}
			if tr.state != store.TournamentOpen {
				if err := st.SetTournamentState(ctx, tr.code, tr.state); err != nil {
					t.Fatal(err)
				}
			}
		}
		app := newApp(Options{Director: director.New(guardedTournaments{st}, nil)})
		return show(app, false, func(m *model) screen.Screen { return tournaments.New(m, m.s.app.services, home) })
	}})
	// The projector's wall of a running tournament: its panel, and a finished game of it
	// played again.
	cases = append(cases, screenCase{name: "wall of a tournament", make: func(t *testing.T) *model {
		st := tournamentOfFour(t, "TWALL1")
		clock := screenClock
		hub := rooms.NewHub(rooms.Config{Now: func() time.Time { return clock }, BotPace: -1, Secret: pinnedSecret, Codes: newPinnedCodes()})
		app := onHub(hub, 0, Options{Archive: archive.New(guardedArchive{noArchive{}}, nil), Director: director.New(guardedTournaments{st}, nil)})
		app.hub = guardedRooms{app.hub}
		r, err := hub.Create(rooms.Spec{Game: sevencolors.Entry, Config: games.Config{"size": 10}, Seed: 3, Unpaced: true, Fast: true,
			Tag: "tournament TWALL1 1 0 0 house:ada house:dee", Seats: []rooms.Seat{
				{Kind: rooms.HouseBot, BotName: "greedy", Name: "ada"}, {Kind: rooms.HouseBot, BotName: "random", Name: "dee"}}})
		if err != nil {
			t.Fatal(err)
		}
		playOut(t, hub, r, &clock, nil)
		m := &model{s: newSession(app, terminal("k1", "ann", width, height, games.ANSI256)), now: now, command: "wall"}
		m.screen = tournaments.NewWall("TWALL1", nil)
		for range 2 { // the second load reads the finished game the first found, to play it again
			if load := m.screen.(screen.Loader).Load(m); load != nil {
				m.Update(load())
			}
		}
		return m
	}})
	// The person's games (History on the lobby), and a history with none.
	cases = append(cases, screenCase{name: "history", make: func(t *testing.T) *model {
		_, r := finished(t, sevencolors)
		app := newApp(Options{Archive: storedHistory(t, r, now)})
		return show(app, false, func(*model) screen.Screen { return newHistoryScreen(home) })
	}}, screenCase{name: "history empty", make: func(t *testing.T) *model {
		return show(newApp(Options{Archive: storedHistory(t, nil, now)}), false, func(*model) screen.Screen { return newHistoryScreen(home) })
	}})
	// A running tournament's list of games (g on the standings).
	cases = append(cases, screenCase{name: "tournament games", make: func(t *testing.T) *model {
		st := tournamentOfFour(t, "TGAMES")
		app := newApp(Options{Director: director.New(guardedTournaments{st}, nil)})
		return show(app, false, func(m *model) screen.Screen { return tournaments.NewGames(m.s.app.services, "TGAMES", home) })
	}})
	for _, admin := range []bool{false, true} {
		for _, state := range []string{store.TournamentOpen, store.TournamentRunning, store.TournamentPaused} {
			name := "standings " + state
			if admin {
				name += " (teacher)"
			}
			cases = append(cases, screenCase{name: name, make: func(t *testing.T) *model {
				st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), store.FileName))
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { st.Close() })
				app := newApp(Options{Director: director.New(guardedTournaments{st}, nil)})
				return show(app, admin, func(*model) screen.Screen {
					return tournaments.Standings(app.services, "TABCDE", director.Report{State: state}, home)
				})
			}})
		}
	}
	return cases
}

// playOut ticks hub, its clock at *now moving on 50 ms a tick, until room r's game is over;
// move, when set, plays a person's turn first at each tick.
func playOut(t *testing.T, hub *rooms.Hub, r *rooms.Room, now *time.Time, move func()) {
	t.Helper()
	for i := 0; r.Snapshot().Status != rooms.Finished; i++ {
		if i > 100000 {
			t.Fatal("the game never ended")
		}
		if move != nil {
			move()
		}
		*now = now.Add(50 * time.Millisecond)
		hub.Tick(*now)
		hub.WaitThinking()
	}
}

// tournamentOfFour is a store with tournament code running: a round robin of 7 Colors of
// four house bots, ada, bob, cy and dee, nothing played yet.
func tournamentOfFour(t *testing.T, code string) *store.Store {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), store.FileName))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if err := st.CreateTournament(ctx, store.Tournament{Code: code, Name: "Friday's class", Game: "sevencolors", Format: "round-robin",
		Options: []byte(`{}`), Config: []byte(`{"size":10}`), Seed: 1, Parallel: 4, Grace: time.Minute,
		CreatedBy: "SHA256:teacher", CreatedAt: screenClock}); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"ada", "bob", "cy", "dee"} {
		if err := st.AddEntrant(ctx, code, store.Entrant{ID: "house:" + name, Name: name, Kind: store.EntrantHouse, Bot: "greedy", EnteredAt: screenClock}); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.SetTournamentState(ctx, code, store.TournamentRunning); err != nil {
		t.Fatal(err)
	}
	return st
}

// pinnedSecret is the screen cases' rooms' secret (rooms.Config.Secret): their house bots
// play alike run after run.
var pinnedSecret = seed.Secret(strings.Repeat("s", seed.SecretSize))

// pinnedCodes draws a hub's room ids and join codes (rooms.Config.Codes) as codes.Local
// does, from a generator of a fixed seed: the same rooms get the same codes run after run.
type pinnedCodes struct {
	mu  sync.Mutex
	rng *rand.Rand
}

func newPinnedCodes() *pinnedCodes { return &pinnedCodes{rng: rand.New(rand.NewPCG(1, 2))} }

func (c *pinnedCodes) draw(n int) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	b := make([]byte, n)
	for i := range b {
		b[i] = codes.Alphabet[c.rng.IntN(len(codes.Alphabet))]
	}
	return string(b)
}

func (c *pinnedCodes) RoomID(taken func(string) bool) string {
	return codes.Fresh(func() string { return strings.ToLower(c.draw(4)) }, taken)
}

func (c *pinnedCodes) JoinCode(taken func(string) bool) string {
	return codes.Fresh(func() string { return c.draw(5) }, taken)
}

// seededRooms is a hub's rooms whose rooms opened without a seed (those the lobby opens
// itself: a game against house bots, a private room, a quick match's table) get seed 7.
type seededRooms struct{ roomdir.Directory }

func (d seededRooms) Create(spec rooms.Spec) (roomdir.Room, error) {
	if spec.Seed == 0 {
		spec.Seed = 7
	}
	return d.Directory.Create(spec)
}

// helpPage is the whole ? page of m's screen, read through to its end.
func helpPage(t *testing.T, m *model) string {
	t.Helper()
	m.setHelp(true)
	defer m.setHelp(false)
	var seen []string
	for range 100 {
		view := ansi.Strip(m.View())
		seen = append(seen, view)
		if !strings.Contains(view, "lines ") || strings.Contains(view, pagerEnd(view)) {
			return strings.Join(seen, "\n")
		}
		m.helpPage.Key(tea.KeyMsg{Type: tea.KeyPgDown})
	}
	t.Fatal("the help never ends")
	return ""
}

// Every key a screen reacts to is one of its bindings (or a global one), and every binding
// is in its ? page, on every screen in each of its states: a key added to a screen without
// its binding, or a binding left out of the help, fails here.
func TestEveryKeyIsInTheHelp(t *testing.T) {
	for _, c := range screenCases(100, 40) {
		t.Run(c.name, func(t *testing.T) {
			m := c.make(t)
			km := m.screen.Keys(m)
			bindings := []key.Binding{globalKeys.quit, globalKeys.help}
			for _, g := range km.Full {
				bindings = append(bindings, g...)
			}
			// Every binding is in the help, and the footer shows only bindings of the screen.
			page := helpPage(t, m)
			for _, b := range bindings {
				if b.Enabled() && !strings.Contains(page, b.Help().Key+" ") {
					t.Errorf("%q (%s) is not in the help:\n%s", b.Help().Key, b.Help().Desc, page)
				}
			}
			for _, s := range km.Short {
				for _, k := range s.Keys() {
					if s.Enabled() && !key.Matches(keyString(k), bindings...) {
						t.Errorf("the footer's %q is no binding of the screen", k)
					}
				}
			}
			// Every key the screen reacts to is a binding.
			for _, k := range probeKeys {
				m := c.make(t)
				scr, before := m.screen, ansi.Strip(m.View())
				_, cmd := m.Update(k)
				after := ansi.Strip(m.View())
				reacted := m.screen != scr || cmd != nil || m.notice != "" || m.showHelp || !c.clocked && after != before
				if reacted && !key.Matches(k, bindings...) && !strings.Contains(c.unlisted, k.String()) {
					t.Errorf("%q does something (%T → %T, command %v, notice %q) but is no binding:\nbefore\n%s\nafter\n%s",
						k.String(), scr, m.screen, cmd != nil, m.notice, before, after)
				}
			}
		})
	}
}

// unlisted are the keys a game takes that its key list leaves out, and why.
var unlisted = map[string]string{
	// Garden Tensions' list is its footer, which fits 80 columns (games/garden
	// TestHelpFitsEightyColumns): the clan keys of its first phase and space for enter are
	// in its rules and in the prompt of the move being composed, the footer at that time.
	"garden": "1234r ",
}

// Every key a game's view takes, at the first decision of a game, is a binding of its key
// list (gameBindings), so that the game screen's footer and help list it.
func TestEveryGameKeyIsInItsKeyList(t *testing.T) {
	for _, e := range catalog.All() {
		bindings := gameBindings(e.View)
		cfg, _ := e.Game.Normalize(nil)
		min, _ := e.Game.Seats()
		st, err := e.Game.New(cfg, min, 1)
		if err != nil {
			t.Fatal(err)
		}
		seat := st.ToMove()[0]
		for _, k := range probeKeys {
			taken := false
			if _, ok := e.View.Key(st, seat, k.String()); ok {
				taken = true
			}
			if c, ok := e.View.(games.Composer); ok {
				if _, _, used := c.Compose(st, seat).Key(k.String()); used {
					taken = true
				}
			}
			if taken && !key.Matches(k, bindings...) && !strings.Contains(unlisted[e.Game.ID()], k.String()) {
				t.Errorf("%s takes %q, which its key list does not name: %v", e.Game.ID(), k.String(), e.View.Keys())
			}
		}
		for _, b := range bindings {
			if !slices.ContainsFunc(e.View.Keys(), func(h games.KeyHelp) bool { return h.Keys == b.Help().Key }) {
				t.Errorf("%s: binding %q is not its key list's", e.Game.ID(), b.Help().Key)
			}
		}
	}
}

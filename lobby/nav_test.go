package lobby

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/arena-classroom/arena/archive"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/lobby/screen"
	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/rooms"
)

// where names what a key led to, for the navigation tests: "quit" (the session ends),
// "home" (the lobby), "confirm" (a running game asks before it lets go), "stay" (the
// screen shown before the key), or the screen's type.
func where(m *model, before screen.Screen) string {
	switch s := m.screen.(type) {
	case *gameScreen:
		if m.ending {
			return "quit"
		}
		if s.confirmLeave {
			return "confirm"
		}
	case *homeScreen:
		if m.ending {
			return "quit"
		}
		if s != before {
			return "home"
		}
	}
	switch {
	case m.ending:
		return "quit"
	case m.screen == before:
		return "stay"
	}
	return fmt.Sprintf("%T", m.screen)
}

// navRule is where esc and q lead from a screen of the screen cases (opened from the lobby,
// except the wall and the replay, which sessions are opened into).
type navRule struct{ esc, q string }

// navRules are item 6 of the screens' one rule: esc goes back one screen, q does the same
// where the screen's keys leave it free; the lobby quits with q; a running game asks first;
// the screen a session was opened into ends the session.
func navRuleOf(name string, composer bool) navRule {
	switch first := strings.Fields(name)[0]; {
	case first == "home":
		return navRule{esc: "stay", q: "quit"}
	case name == "join", first == "tournaments":
		return navRule{esc: "home", q: "stay"} // q is typed in the code
	case first == "wall", first == "replay":
		return navRule{esc: "quit", q: "quit"}
	case first == "playing":
		if composer {
			return navRule{esc: "confirm", q: "stay"} // q is one of the game's keys (or nothing)
		}
		return navRule{esc: "confirm", q: "confirm"}
	}
	return navRule{esc: "home", q: "home"}
}

func composes(name string) bool {
	for _, e := range catalog.All() {
		if strings.HasSuffix(name, " "+e.Game.ID()) {
			_, ok := e.View.(games.Composer)
			return ok
		}
	}
	return false
}

func TestEveryScreenLeavesTheSameWay(t *testing.T) {
	for _, c := range screenCases(80, 24) {
		rule := navRuleOf(c.name, composes(c.name))
		for _, k := range []struct{ key, want string }{{"esc", rule.esc}, {"q", rule.q}} {
			m := c.make(t)
			before := m.screen
			press(m, k.key)
			if got := where(m, before); got != k.want {
				t.Errorf("%s: %s led to %s, want %s", c.name, k.key, got, k.want)
			}
			if m.ending && m.command != "" && !strings.Contains(m.Farewell(), "ssh -t HOST opens the lobby") {
				t.Errorf("%s: the session ended without saying so: %q", c.name, m.Farewell())
			}
			// The footer says where esc goes (the game screens name it in their own words).
			if k.key == "esc" && k.want != "stay" && k.want != "confirm" {
				footer := lastLine(ansi.Strip(c.make(t).View()))
				if !strings.Contains(footer, "esc") {
					t.Errorf("%s: the footer %q does not name esc", c.name, footer)
				}
			}
		}
	}
}

func lastLine(view string) string {
	lines := strings.Split(strings.TrimRight(view, "\n"), "\n")
	return lines[len(lines)-1]
}

// A running game asks once: y leaves it for the lobby (a house bot takes the seat), any
// other key stays.
func TestLeavingARunningGameAsksOnce(t *testing.T) {
	for _, c := range screenCases(80, 24) {
		if !strings.HasPrefix(c.name, "playing ") {
			continue
		}
		m := c.make(t)
		g := m.screen
		press(m, "esc")
		press(m, "n")
		if m.screen != g || g.(*gameScreen).confirmLeave {
			t.Fatalf("%s: n did not stay in the game", c.name)
		}
		press(m, "esc")
		press(m, "y")
		if _, home := m.screen.(*homeScreen); !home || !strings.Contains(m.notice, "house bot") {
			t.Fatalf("%s: y led to %T, notice %q", c.name, m.screen, m.notice)
		}
	}
}

// A session opened into a game (ssh -t HOST play GAME, watch ROOM) ends when the person
// leaves it, saying so; one opened into the lobby goes back to the lobby.
func TestASessionOpenedIntoAScreenEndsWhenItIsLeft(t *testing.T) {
	byName := map[string]screenCase{}
	for _, c := range screenCases(80, 24) {
		byName[c.name] = c
	}
	for _, tc := range []struct{ name, command, keys, say, footer string }{
		{"playing sevencolors", "play", "esc y", "house bot", "esc/q leave"},
		{"result sevencolors", "play", "esc", "The game is closed for you.", "esc/q quit"},
		{"watching perfectaim", "watch", "q", "You stopped watching.", "esc/q quit"},
		{"waiting sevencolors", "play", "esc", "The game is closed for you.", "esc/q close the room"},
		{"queue", "play", "esc", "The game is closed for you.", "esc/q cancel"},
	} {
		m := byName[tc.name].make(t)
		m.command = tc.command
		footer := lastLine(ansi.Strip(m.View()))
		for _, k := range strings.Fields(tc.keys) {
			press(m, k)
		}
		if !m.ending || !strings.Contains(m.Farewell(), tc.say) {
			t.Errorf("%s (%s): ending %v, farewell %q", tc.name, tc.command, m.ending, m.Farewell())
		}
		// A result or a game watched says "quit"; a game being played says "leave", the
		// waiting room "close the room", the queue "cancel".
		if tc.footer != "" && !strings.Contains(footer, tc.footer) {
			t.Errorf("%s (%s): the footer %q does not say %q", tc.name, tc.command, footer, tc.footer)
		}
	}
}

// A game watched from the wall goes back to the wall, and its footer says so; the wall
// opened from the standings goes back to them; a room watched from the list goes back to it.
func TestBackGoesWhereYouCameFrom(t *testing.T) {
	byName := map[string]screenCase{}
	for _, c := range screenCases(80, 24) {
		byName[c.name] = c
	}
	m := byName["wall"].make(t)
	wall := m.screen
	press(m, "enter")
	g, ok := m.screen.(*gameScreen)
	if !ok {
		t.Fatalf("enter on the wall showed %T", m.screen)
	}
	if footer := lastLine(ansi.Strip(m.View())); !strings.Contains(footer, "esc/q wall") {
		t.Errorf("a game watched from the wall says %q", footer)
	}
	press(m, "esc")
	m.s.mu.Lock()
	still := m.s.room
	m.s.mu.Unlock()
	if m.screen != wall || m.ending || still != nil || !g.attached {
		t.Errorf("esc from a game watched from the wall led to %T (ending %v)", m.screen, m.ending)
	}

	m = byName["watch"].make(t)
	list := m.screen
	m.View() // enter watches the room drawn
	press(m, "enter")
	if _, ok := m.screen.(*gameScreen); !ok {
		t.Fatalf("enter on the live rooms showed %T", m.screen)
	}
	press(m, "q")
	if m.screen != list {
		t.Errorf("q from a room watched from the list led to %T", m.screen)
	}

	m = byName["standings running"].make(t)
	standings := m.screen
	press(m, "w")
	if _, ok := m.screen.(screen.Named); !ok || m.screen.(screen.Named).Name() != "wall" {
		t.Fatalf("w on the standings showed %T", m.screen)
	}
	if footer := lastLine(ansi.Strip(m.View())); !strings.Contains(footer, "esc/q standings") {
		t.Errorf("the wall opened from the standings says %q", footer)
	}
	press(m, "esc")
	if m.screen != standings {
		t.Errorf("esc on the wall opened from the standings led to %T", m.screen)
	}
}

// The help box says what its keys do, keeps its width as it scrolls, and closes with esc.
func TestTheHelpBoxKeepsItsWidthAndSaysItsKeys(t *testing.T) {
	m := screenCases(80, 12)[0].make(t) // home: its help is longer than 12 rows
	press(m, "?")
	widths := map[int]bool{}
	for range 6 {
		view := ansi.Strip(m.View())
		first := strings.Split(view, "\n")[0]
		widths[ansi.StringWidth(first)] = true
		if footer := lastLine(view); !strings.Contains(footer, "scroll") || !strings.Contains(footer, "any other key closes") {
			t.Fatalf("the footer of a long help says %q", footer)
		}
		press(m, "down")
	}
	if len(widths) != 1 {
		t.Errorf("the help box changed its width while scrolling: %v", widths)
	}
	press(m, "esc")
	if m.showHelp {
		t.Error("esc did not close the help")
	}
}

// Every screen fits a window of 20×5 or more, in English and in French: the header stays
// on the first row, and a board too large says so in words that fit.
func TestEveryScreenFitsATinyWindowWithItsHeader(t *testing.T) {
	for _, l := range lang.All {
		// The words of the message that a board does not fit (roomview.TooSmall), in l.
		says := []string{"needs", "Needs", "enlarge"}
		if l == lang.French {
			says = []string{"demande", "Il faut", "agrandissez"}
		}
		for _, size := range [][2]int{{20, 5}, {30, 8}, {80, 24}} {
			for _, c := range screenCases(80, 24) {
				m := c.make(t)
				m.s.lang = l
				m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
				view := ansi.Strip(m.View())
				lines := strings.Split(view, "\n")
				if len(lines) > size[1] {
					t.Errorf("%s (%s) at %v: %d rows", c.name, l, size, len(lines))
				}
				if !strings.HasPrefix(lines[0], "arena") {
					t.Errorf("%s (%s) at %v: the first row is %q, not the header", c.name, l, size, lines[0])
				}
				if strings.Contains(view, says[0]) || strings.Contains(view, says[1]) {
					for _, line := range lines[1 : len(lines)-1] {
						if ansi.StringWidth(line) > size[0] && (strings.Contains(line, says[0]) || strings.Contains(line, says[2])) {
							t.Errorf("%s (%s) at %v: %q is cut at the window's width", c.name, l, size, line)
						}
					}
				}
			}
		}
	}
}

// "Live rooms" lists the rooms being played first and those just finished apart, and never
// chooses a finished room for the person.
func TestLiveRoomsPutFinishedRoomsApart(t *testing.T) {
	now := screenClock
	hub := rooms.NewHub(rooms.Config{Now: func() time.Time { return now }, BotPace: -1, Secret: pinnedSecret, Codes: newPinnedCodes()})
	app := onHub(hub, 0, Options{Archive: archive.New(noArchive{}, nil)})
	e, _ := catalog.Lookup("sevencolors")
	bots := []rooms.Seat{{Kind: rooms.HouseBot, BotName: "greedy"}, {Kind: rooms.HouseBot, BotName: "random"}}
	done, err := hub.Create(rooms.Spec{Game: e.Entry, Config: map[string]int{"size": 6}, Seed: 3, Unpaced: true, Seats: bots})
	if err != nil {
		t.Fatal(err)
	}
	playOut(t, hub, done, &now, nil)
	m := &model{s: newSession(app, terminal("k9", "zoe", 80, 24, games.ANSI256)), now: now}
	m.screen = &watchScreen{home: &homeScreen{}}
	m.Init()
	view := ansi.Strip(m.View())
	if !strings.Contains(view, "Just finished") || !strings.Contains(view, done.ID()) {
		t.Fatalf("the finished room is not listed apart:\n%s", view)
	}
	if strings.Contains(view, "›") {
		t.Fatalf("a finished room is chosen for the person:\n%s", view)
	}
	press(m, "enter")
	if _, ok := m.screen.(*watchScreen); !ok {
		t.Fatalf("enter with nothing chosen opened %T", m.screen)
	}
	// A room being played comes first, chosen.
	r, err := hub.Create(rooms.Spec{Game: e.Entry, Seed: 4, Seats: bots})
	if err != nil {
		t.Fatal(err)
	}
	hub.Tick(now)
	m.lobby = app.lobbyNow()
	lines := strings.Split(ansi.Strip(m.View()), "\n")
	for i, l := range lines {
		if strings.Contains(l, "›") {
			if !strings.Contains(l, r.ID()) {
				t.Fatalf("chosen: %q, want the room being played %s", l, r.ID())
			}
			for _, after := range lines[i:] {
				if strings.Contains(after, "Just finished") {
					return
				}
			}
			t.Fatalf("the room being played is not above the finished one:\n%s", strings.Join(lines, "\n"))
		}
	}
	t.Fatalf("nothing chosen:\n%s", strings.Join(lines, "\n"))
}

// A tournament game's result offers the tournament's standings, not a rematch (the next
// game calls the player by itself); s opens them, and they load when shown.
func TestATournamentGamesResultOffersItsStandings(t *testing.T) {
	now := screenClock
	hub := rooms.NewHub(rooms.Config{Now: func() time.Time { return now }, BotPace: -1, Secret: pinnedSecret, Codes: newPinnedCodes()})
	app := onHub(hub, 0, Options{Archive: archive.New(noArchive{}, nil)})
	e, _ := catalog.Lookup("sevencolors")
	for _, tag := range []string{"", "tournament TABCDE 1 0 0 k1 bot"} {
		r, err := hub.Create(rooms.Spec{Game: e.Entry, Config: map[string]int{"size": 6}, Seed: 3, Unpaced: true, Tag: tag, Seats: []rooms.Seat{
			{Kind: rooms.Human, Name: "ann", UserID: "k1"}, {Kind: rooms.HouseBot, BotName: "greedy"}}})
		if err != nil {
			t.Fatal(err)
		}
		m := &model{s: newSession(app, terminal("k1", "ann", 80, 24, games.ANSI256)), now: now}
		g := newGameScreen(roomdir.LocalRoom(r))
		m.screen = g
		m.Init()
		playOut(t, hub, r, &now, func() {
			if s := r.Snapshot(); s.ToMove == 0 {
				if err := r.Submit("k1", 0, s.State.Legal(0)[0]); err != nil {
					t.Fatal(err)
				}
			}
		})
		m.Update(snapMsg{r.Snapshot()})
		footer := lastLine(ansi.Strip(m.View()))
		if tag == "" {
			if !strings.Contains(footer, "r rematch") || strings.Contains(footer, "standings") {
				t.Fatalf("a game's result says %q", footer)
			}
			continue
		}
		if strings.Contains(footer, "rematch") || !strings.Contains(footer, "s standings") {
			t.Fatalf("a tournament game's result says %q", footer)
		}
		press(m, "r")
		if m.screen != g {
			t.Fatalf("r on a tournament game's result led to %T", m.screen)
		}
		press(m, "s")
		if n, ok := m.screen.(screen.Named); !ok || n.Name() != "standings" {
			t.Fatalf("s on a tournament game's result led to %T", m.screen)
		}
	}
}

// The standings open the tournament's games (g); a game not played yet says so at enter,
// and esc comes back to the standings.
func TestTheStandingsOpenTheTournamentsGames(t *testing.T) {
	var c screenCase
	for _, sc := range screenCases(80, 24) {
		if sc.name == "tournament games" {
			c = sc
		}
	}
	m := c.make(t)
	m.View()
	press(m, "enter")
	if !strings.Contains(m.notice, "not played yet") {
		t.Fatalf("enter on a game not played yet: notice %q", m.notice)
	}
	m = screenCases(80, 24)[len(screenCases(80, 24))-1].make(t) // a teacher's standings
	standings := m.screen
	press(m, "g")
	if n, ok := m.screen.(screen.Named); !ok || n.Name() != "games" {
		t.Fatalf("g on the standings showed %T", m.screen)
	}
	press(m, "esc")
	if m.screen != standings {
		t.Fatalf("esc on the games led to %T", m.screen)
	}
}

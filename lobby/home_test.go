package lobby

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/matchmaker"
	"github.com/arena-classroom/arena/rooms"
)

// The home screen keeps its menu, its room list and its keys inside an 80×24 window however
// many people are online and however many rooms are live.
func TestHomeScreenFitsItsWindowWhateverTheCrowd(t *testing.T) {
	for _, crowd := range []int{1, 50, 250, 1000} {
		hub := rooms.NewHub(rooms.Config{BotPace: -1})
		app := onHub(hub, 0, Options{})
		for i := range crowd {
			app.presence.Set(i, fmt.Sprintf("student%04d", i), "lobby")
		}
		e, _ := catalog.Get("sevencolors")
		for range 30 {
			if _, err := hub.Create(rooms.Spec{Game: e.Entry, Seats: []rooms.Seat{{Kind: rooms.HouseBot, BotName: "greedy"}, {Kind: rooms.HouseBot, BotName: "mixed"}}}); err != nil {
				t.Fatal(err)
			}
		}
		for _, size := range [][2]int{{80, 24}, {120, 40}} {
			srv := terminal("k", "viewer", size[0], size[1], games.ANSI256)
			m := &model{s: newSession(app, srv), now: time.Now(), screen: &homeScreen{}}
			view := m.View()
			lines := strings.Split(view, "\n")
			if len(lines) > size[1] {
				t.Fatalf("%d online, %v: %d lines", crowd, size, len(lines))
			}
			for _, l := range lines {
				if w := ansi.StringWidth(l); w > size[0] {
					t.Fatalf("%d online, %v: a line of %d cells: %q", crowd, size, w, ansi.Strip(l))
				}
			}
			for _, want := range []string{"1  Quick match", "q  Quit", "8  Join a tournament", "Live rooms", "Online", "q quit"} {
				if !strings.Contains(ansi.Strip(view), want) {
					t.Fatalf("%d online, %v: %q missing\n%s", crowd, size, want, ansi.Strip(view))
				}
			}
		}
	}
}

// Quick match's line counts only those the person can be paired with: the same game on the
// board their window gets. A program waiting on another board size is not "waiting now".
func TestQuickMatchCountsOnlyWhoCanBePairedWithYou(t *testing.T) {
	hub := rooms.NewHub(rooms.Config{BotPace: -1})
	app := onHub(hub, 0, Options{})
	e, _ := catalog.Get("sevencolors")
	quickLine := func() string {
		m := &model{s: newSession(app, terminal("k", "viewer", 80, 24, games.ANSI256)), now: time.Now(), screen: &homeScreen{}}
		m.Init()
		for _, l := range strings.Split(ansi.Strip(m.View()), "\n") {
			if strings.Contains(l, "Quick match") {
				return l
			}
		}
		t.Fatal("no quick match line")
		return ""
	}
	mine, _ := humanConfig(e, 0, 80, 24)
	other := games.Config(mine).Clone()
	other["size"] = 30
	if mine["size"] == 30 {
		t.Fatal("an 80×24 window gets a 30×30 board")
	}
	if _, err := app.mm.Enqueue(&matchmaker.Ticket{UserID: "p1", Name: "prog30", Kind: rooms.Remote, Game: e.Entry, Config: other}); err != nil {
		t.Fatal(err)
	}
	if l := quickLine(); strings.Contains(l, "waiting now") {
		t.Fatalf("a program on another board counts: %q", l)
	}
	if _, err := app.mm.Enqueue(&matchmaker.Ticket{UserID: "p2", Name: "prog20", Kind: rooms.Remote, Game: e.Entry, Config: mine}); err != nil {
		t.Fatal(err)
	}
	if l := quickLine(); !strings.Contains(l, "1 waiting now") {
		t.Fatalf("the program on this board is not counted: %q", l)
	}
}

// A person whose window is too small for a program's board is told before the game starts,
// not once the clock runs.
func TestAProgramsBoardTooLargeIsToldBeforeTheGame(t *testing.T) {
	hub := rooms.NewHub(rooms.Config{BotPace: -1})
	app := onHub(hub, 0, Options{})
	e, _ := catalog.Get("sevencolors")
	if _, err := app.mm.Enqueue(&matchmaker.Ticket{UserID: "p1", Name: "prog30", Kind: rooms.Remote, Game: e.Entry, Config: games.Config{"size": 30}}); err != nil {
		t.Fatal(err)
	}
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		m := &model{s: newSession(app, terminal("k", "ann", size[0], size[1], games.ANSI256)), now: time.Now(), screen: &programScreen{entry: e, home: &homeScreen{}}}
		m.Init()
		m.View()
		press(m, "enter")
		// (The program here has no connection: a challenge that goes ahead fails after.)
		told := strings.Contains(m.notice, "needs a window of 98×33")
		if fits := size[0] >= 98 && size[1] >= 33; told == fits {
			t.Fatalf("%v: notice %q", size, m.notice)
		}
	}
}

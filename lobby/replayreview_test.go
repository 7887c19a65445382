package lobby

import (
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
)

// The replay screen reviews the viewer's own seat (w): the moves where the strongest house
// bot plays otherwise, played out; n steps to each one's position. A viewer who holds no
// seat of the game is offered no review.
func TestTheReplayScreenShowsWhereItTurned(t *testing.T) {
	e, _ := catalog.Get("sevencolors")
	const width, height = 80, 24
	fm, r := finishedGame(t, e, width, height, games.Plain)
	g := storedGame(r)
	g.Rec.Seats[1].ID = "k1" // random's seat is ann's: greedy would have played otherwise, often

	stranger := &model{s: newSession(fm.s.app, terminal("k2", "bob", width, height, games.Plain)), now: screenClock}
	rs, _ := showStored(t, stranger, g, width, height)
	if _, cmd := rs.Update(stranger, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("w")}); cmd != nil {
		t.Fatal("w reviews a seat that is not the viewer's")
	}

	m := &model{s: newSession(fm.s.app, terminal("k1", "ann", width, height, games.Plain)), now: screenClock}
	rs, _ = showStored(t, m, g, width, height)
	if !strings.Contains(ansi.Strip(m.View()), "where it turned") {
		t.Fatalf("the footer does not offer the review:\n%s", ansi.Strip(m.View()))
	}
	_, cmd := rs.Update(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("w")})
	if cmd == nil {
		t.Fatal("w started no review")
	}
	if view := ansi.Strip(m.View()); !strings.Contains(view, "Where it turned for random") || !strings.Contains(view, "Playing the game out") {
		t.Fatalf("while the review runs:\n%s", view)
	}
	rs.Update(m, cmd()) // the review, run as Bubble Tea runs a command
	view := ansi.Strip(m.View())
	fits(t, "replay's review", m.View(), width, height)
	if !strings.Contains(view, "move ") || !strings.Contains(view, e.Strongest+" plays ") {
		t.Fatalf("the review lists no move:\n%s", view)
	}
	press(m, "n")
	at := rs.At()
	if !strings.Contains(ansi.Strip(m.View()), "▶ move ") || at < 0 {
		t.Fatalf("n shows no finding:\n%s", ansi.Strip(m.View()))
	}
	if want := fmt.Sprintf("move %d:", at+1); !strings.Contains(ansi.Strip(m.View()), "▶ "+want) {
		t.Fatalf("n went to the position before move %d, the finding marked is another:\n%s", at+1, ansi.Strip(m.View()))
	}
	// The last finding (N from the first) is on the screen too, marked.
	press(m, "N")
	if want := fmt.Sprintf("▶ move %d:", rs.At()+1); !strings.Contains(ansi.Strip(m.View()), want) {
		t.Fatalf("N went to the position before move %d, which the panel does not show marked:\n%s", rs.At()+1, ansi.Strip(m.View()))
	}
	press(m, "w")
	if strings.Contains(ansi.Strip(m.View()), "Where it turned") {
		t.Fatal("w again does not close the review")
	}
}

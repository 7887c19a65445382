package lobby

import (
	"fmt"
	"io"
	"math/rand/v2"
	"runtime/debug"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/keys"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/server"
)

// keyPool is what a person (or a cat on the keyboard) may type.
var keyPool = func() []tea.KeyMsg {
	var out []tea.KeyMsg
	for _, t := range []tea.KeyType{tea.KeyUp, tea.KeyDown, tea.KeyLeft, tea.KeyRight, tea.KeyEnter, tea.KeyEsc,
		tea.KeyBackspace, tea.KeyTab, tea.KeyShiftTab, tea.KeySpace, tea.KeyHome, tea.KeyEnd, tea.KeyPgUp, tea.KeyPgDown,
		tea.KeyShiftLeft, tea.KeyShiftRight} {
		out = append(out, tea.KeyMsg{Type: t})
	}
	for _, r := range "abcdefgqwezxcsijklhHLgGpy0123456789?+-=.,rb" {
		out = append(out, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
	out = append(out, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("qqdd")}, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("é日")})
	return out
}()

// Random keys into every screen, with the hub running its games and the window changing
// size, never panic: 100,000 keys, each followed by a frame.
func TestRandomKeysNeverPanic(t *testing.T) {
	now := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	hub := rooms.NewHub(rooms.Config{Now: func() time.Time { return now }, BotPace: -1, MaxRoomsPerOwner: 1000, MaxRoomsPerAddr: 1000, MaxRooms: 100000})
	app := onHub(hub, time.Second, Options{})
	rng := rand.New(rand.NewPCG(1, 2))
	newModel := func(i int) *model {
		srv := &server.Session{Who: keys.Identity{ID: fmt.Sprintf("k%d", i), Name: fmt.Sprintf("p%d", i)},
			Width: 40 + rng.IntN(160), Height: 10 + rng.IntN(50), Palette: games.Palette(rng.IntN(3)),
			Renderer: lipgloss.NewRenderer(io.Discard, termenv.WithProfile(termenv.ANSI256))}
		m := &model{s: newSession(app, srv), screen: &homeScreen{}, now: now}
		m.Init()
		return m
	}
	keysTyped := 100_000
	if testing.Short() {
		keysTyped = 10_000
	}
	m := newModel(0)
	for i := range keysTyped {
		func() {
			defer func() {
				if p := recover(); p != nil {
					t.Fatalf("key %d on %T panicked: %v\n%s", i, m.screen, p, debug.Stack())
				}
			}()
			switch r := rng.IntN(1000); {
			case r < 3:
				m = newModel(i) // someone else connects and types
			case r < 10:
				m.Update(tea.WindowSizeMsg{Width: 20 + rng.IntN(200), Height: 5 + rng.IntN(60)})
			case r < 60:
				now = now.Add(time.Duration(rng.IntN(3000)) * time.Millisecond)
				hub.Tick(now)
				hub.WaitThinking()
				m.Update(clockMsg(now))
				if g, ok := m.screen.(*gameScreen); ok && g.room != nil {
					m.Update(snapMsg{snapshotOf(g.room)})
				}
			default:
				m.Update(keyPool[rng.IntN(len(keyPool))])
			}
			_ = m.View()
		}()
	}
}

package lobby

import (
	"testing"
	"time"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/garden"
	"github.com/arena-classroom/arena/keyboard"
	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/rooms"
)

// A French player chooses Garden's clans with AZERTY's top row without Shift: & is 1, é is
// 2, as the row's digits. The same keys on QWERTY are not digits.
func TestAnAZERTYPlayerTypesDigitsWithoutShift(t *testing.T) {
	for _, c := range []struct {
		layout keyboard.Layout
		key    string
		clan   bool // the key chooses the first clan
	}{{keyboard.AZERTY, "&", true}, {keyboard.AZERTY, "1", true}, {keyboard.QWERTY, "&", false}} {
		now := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
		hub := rooms.NewHub(rooms.Config{Now: func() time.Time { return now }})
		e, _ := catalog.Get("garden")
		r, err := hub.Create(rooms.Spec{Game: e.Entry, Seed: 5, Seats: []rooms.Seat{
			{Kind: rooms.Human, Name: "ann", UserID: "ann"}, {Kind: rooms.Human, Name: "bob", UserID: "bob"}}})
		if err != nil {
			t.Fatal(err)
		}
		now = now.Add(time.Millisecond)
		hub.Tick(now)
		st := r.Snapshot().State.(*garden.State)
		seat := st.Turn()
		who := []string{"ann", "bob"}[seat]
		m := &model{s: newSession(onHub(hub, 0, Options{}), terminal(who, who, 100, 30, games.Plain)), now: now}
		m.s.keyboard = c.layout
		g := newGameScreen(roomdir.LocalRoom(r))
		g.Init(m)
		m.screen = g
		m.Update(snapMsg{r.Snapshot()})
		press(m, c.key)
		now = now.Add(time.Millisecond)
		hub.Tick(now)
		moves := r.Replay().Moves
		chose := len(moves) == 1 && moves[0].Seat == seat && moves[0].Action.(garden.Action).Verb == garden.ClanChoice
		if chose != c.clan {
			t.Errorf("%s %q: moves %+v, want a clan chosen: %v", c.layout, c.key, moves, c.clan)
		}
	}
}

// The lobby's menu takes AZERTY's top row without Shift as its digits: à is 0 (History),
// & is 1; on QWERTY, à chooses nothing.
func TestAnAZERTYPersonChoosesFromTheMenuWithoutShift(t *testing.T) {
	for _, c := range []struct {
		layout keyboard.Layout
		key    string
		opens  bool // the key opens the history
	}{{keyboard.AZERTY, "à", true}, {keyboard.AZERTY, "0", true}, {keyboard.QWERTY, "à", false}} {
		app := onHub(rooms.NewHub(rooms.Config{}), 0, Options{})
		m := &model{s: newSession(app, terminal("k1", "ann", 80, 24, games.Plain)), now: screenClock}
		m.s.keyboard = c.layout
		m.screen = &homeScreen{}
		m.Init()
		keyCmd(m, c.key)
		if _, ok := m.screen.(*historyScreen); ok != c.opens {
			t.Errorf("%s %q on the lobby's menu shows %T", c.layout, c.key, m.screen)
		}
	}
}

package lobby

import (
	"context"
	"encoding/json"
	"sync"
	"testing"

	"github.com/arena-classroom/arena/archive"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/replay"
	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/store"
	"github.com/arena-classroom/arena/tournament/director"
)

// drawGuard watches the rooms' directory, the archive's store and the director's store of
// every screen case (screenCases wraps them in guarded*): while a test says a screen is
// drawing, a call to any of them fails the test. Elsewhere the wrappers only pass calls on.
var drawGuard viewGuard

type viewGuard struct {
	mu      sync.Mutex
	t       errorf
	drawing string // the screen case being drawn; "" when none is
}

// errorf is the test a guard fails.
type errorf interface {
	Errorf(format string, args ...any)
}

// failed is a test that only records that it failed, to test the guard itself.
type failed struct{ yes bool }

func (f *failed) Errorf(string, ...any) { f.yes = true }

// draw runs view as the drawing of screen case name.
func (g *viewGuard) draw(t errorf, name string, view func() string) string {
	g.mu.Lock()
	g.t, g.drawing = t, name
	g.mu.Unlock()
	defer func() {
		g.mu.Lock()
		g.t, g.drawing = nil, ""
		g.mu.Unlock()
	}()
	return view()
}

// called fails the test drawing, if one is, because what was called from View.
func (g *viewGuard) called(what string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.drawing != "" {
		g.t.Errorf("%s: View called %s: a screen's View only draws what Update and its commands took", g.drawing, what)
	}
}

// guardedRooms is a directory whose lookups and rooms are guarded.
type guardedRooms struct{ roomdir.Directory }

func (d guardedRooms) Create(spec rooms.Spec) (roomdir.Room, error) {
	drawGuard.called("Rooms().Create")
	r, err := d.Directory.Create(spec)
	if err != nil {
		return nil, err
	}
	return guardedRoom{r}, nil
}

func (d guardedRooms) Find(key string) (roomdir.Room, bool) {
	drawGuard.called("Rooms().Find")
	r, ok := d.Directory.Find(key)
	if !ok {
		return nil, false
	}
	return guardedRoom{r}, true
}

func (d guardedRooms) SeatOf(userID string) (roomdir.Room, bool) {
	drawGuard.called("Rooms().SeatOf")
	r, ok := d.Directory.SeatOf(userID)
	if !ok {
		return nil, false
	}
	return guardedRoom{r}, true
}

func (d guardedRooms) List() []rooms.Info {
	drawGuard.called("Rooms().List")
	return d.Directory.List()
}

// guardedRoom is a room whose reads and changes are guarded (its id, codes, game and info
// are cached by every directory: reading them never waits).
type guardedRoom struct{ roomdir.Room }

func (r guardedRoom) Snapshot(ctx context.Context) (*rooms.Snapshot, error) {
	drawGuard.called("Room.Snapshot")
	return r.Room.Snapshot(ctx)
}

func (r guardedRoom) Replay(ctx context.Context) (*replay.Replay, error) {
	drawGuard.called("Room.Replay")
	return r.Room.Replay(ctx)
}

func (r guardedRoom) Attach(ctx context.Context, userID string, mb *rooms.Mailbox) (int, *rooms.Snapshot, error) {
	drawGuard.called("Room.Attach")
	return r.Room.Attach(ctx, userID, mb)
}

func (r guardedRoom) Detach(ctx context.Context, mb *rooms.Mailbox) error {
	drawGuard.called("Room.Detach")
	return r.Room.Detach(ctx, mb)
}

func (r guardedRoom) Drop(ctx context.Context, mb *rooms.Mailbox) error {
	drawGuard.called("Room.Drop")
	return r.Room.Drop(ctx, mb)
}

func (r guardedRoom) Join(ctx context.Context, userID, name string) (int, error) {
	drawGuard.called("Room.Join")
	return r.Room.Join(ctx, userID, name)
}

func (r guardedRoom) Leave(ctx context.Context, userID string) error {
	drawGuard.called("Room.Leave")
	return r.Room.Leave(ctx, userID)
}

func (r guardedRoom) FillWithBot(ctx context.Context, name string) error {
	drawGuard.called("Room.FillWithBot")
	return r.Room.FillWithBot(ctx, name)
}

func (r guardedRoom) Submit(ctx context.Context, userID string, seat int, a games.Action) error {
	drawGuard.called("Room.Submit")
	return r.Room.Submit(ctx, userID, seat, a)
}

func (r guardedRoom) VoteRematch(ctx context.Context, userID string, seat int) error {
	drawGuard.called("Room.VoteRematch")
	return r.Room.VoteRematch(ctx, userID, seat)
}

func (r guardedRoom) HoldClock(ctx context.Context, seat int, on bool) error {
	drawGuard.called("Room.HoldClock")
	return r.Room.HoldClock(ctx, seat, on)
}

func (r guardedRoom) Close(ctx context.Context, why string) error {
	drawGuard.called("Room.Close")
	return r.Room.Close(ctx, why)
}

// guardedArchive is the archive's store, guarded.
type guardedArchive struct{ archive.Store }

func (a guardedArchive) Match(ctx context.Context, id string) (store.MatchRecord, error) {
	drawGuard.called("the store's Match")
	return a.Store.Match(ctx, id)
}

func (a guardedArchive) History(ctx context.Context, identity, bot, game string, limit int) ([]store.MatchRecord, error) {
	drawGuard.called("the store's History")
	return a.Store.History(ctx, identity, bot, game, limit)
}

func (a guardedArchive) NameOwner(ctx context.Context, name string) (string, error) {
	drawGuard.called("the store's NameOwner")
	return a.Store.NameOwner(ctx, name)
}

func (a guardedArchive) Leaderboard(ctx context.Context, game string, limit int) ([]store.Standing, error) {
	drawGuard.called("the store's Leaderboard")
	return a.Store.Leaderboard(ctx, game, limit)
}

func (a guardedArchive) RatingHistory(ctx context.Context, game, player string) ([]float64, error) {
	drawGuard.called("the store's RatingHistory")
	return a.Store.RatingHistory(ctx, game, player)
}

// guardedTournaments is the director's store, guarded: the director reads it for the
// reports of tournaments not running, and every change goes through it.
type guardedTournaments struct{ director.Store }

func (s guardedTournaments) Tournament(ctx context.Context, code string) (store.Tournament, error) {
	drawGuard.called("the director's Tournament")
	return s.Store.Tournament(ctx, code)
}

func (s guardedTournaments) Tournaments(ctx context.Context) ([]store.Tournament, error) {
	drawGuard.called("the director's Tournaments")
	return s.Store.Tournaments(ctx)
}

func (s guardedTournaments) SetTournamentState(ctx context.Context, code, state string) error {
	drawGuard.called("the director's SetTournamentState")
	return s.Store.SetTournamentState(ctx, code, state)
}

func (s guardedTournaments) Entrants(ctx context.Context, code string) ([]store.Entrant, error) {
	drawGuard.called("the director's Entrants")
	return s.Store.Entrants(ctx, code)
}

func (s guardedTournaments) TournamentGames(ctx context.Context, code string) ([]store.TournamentGame, error) {
	drawGuard.called("the director's TournamentGames")
	return s.Store.TournamentGames(ctx, code)
}

func (s guardedTournaments) RecordForfeit(ctx context.Context, code string, g store.TournamentGame) error {
	drawGuard.called("the director's RecordForfeit")
	return s.Store.RecordForfeit(ctx, code, g)
}

func (s guardedTournaments) AddEntrant(ctx context.Context, code string, e store.Entrant) error {
	drawGuard.called("the director's AddEntrant")
	return s.Store.AddEntrant(ctx, code, e)
}

func (s guardedTournaments) StartTournamentGame(ctx context.Context, code string, round, pairing, leg int) (int, error) {
	drawGuard.called("the director's StartTournamentGame")
	return s.Store.StartTournamentGame(ctx, code, round, pairing, leg)
}

func (s guardedTournaments) UnstartTournamentGame(ctx context.Context, code string, round, pairing, leg int) error {
	drawGuard.called("the director's UnstartTournamentGame")
	return s.Store.UnstartTournamentGame(ctx, code, round, pairing, leg)
}

func (s guardedTournaments) RemoveEntrant(ctx context.Context, code, id string) error {
	drawGuard.called("the director's RemoveEntrant")
	return s.Store.RemoveEntrant(ctx, code, id)
}

func (s guardedTournaments) SetTournamentOptions(ctx context.Context, code string, options json.RawMessage) error {
	drawGuard.called("the director's SetTournamentOptions")
	return s.Store.SetTournamentOptions(ctx, code, options)
}

func (s guardedTournaments) Account(ctx context.Context, id string) (store.Account, error) {
	drawGuard.called("the director's Account")
	return s.Store.Account(ctx, id)
}

func (s guardedTournaments) CorrectTournamentGame(ctx context.Context, code string, round, pairing, leg int, action, by, byName string) (store.Correction, error) {
	drawGuard.called("the director's CorrectTournamentGame")
	return s.Store.CorrectTournamentGame(ctx, code, round, pairing, leg, action, by, byName)
}

func (s guardedTournaments) TournamentCorrections(ctx context.Context, code string) ([]store.Correction, error) {
	drawGuard.called("the director's TournamentCorrections")
	return s.Store.TournamentCorrections(ctx, code)
}

func (s guardedTournaments) TournamentRecords(ctx context.Context, codes []string) (map[string]store.TournamentRecord, error) {
	drawGuard.called("the director's TournamentRecords")
	return s.Store.TournamentRecords(ctx, codes)
}

// guarded makes m's room handles guarded ones, for a model made on a directory that is not
// (a finished game's).
func guarded(m *model) {
	if _, ok := m.s.app.hub.(guardedRooms); !ok {
		m.s.app.hub = guardedRooms{m.s.app.hub}
	}
	if g, ok := m.screen.(*gameScreen); ok {
		if _, ok := g.room.(guardedRoom); !ok {
			g.room = guardedRoom{g.room}
		}
	}
}

// The guard of item 5: every screen case, at both sizes of the golden screens, drawn with
// its help closed and open, calls neither the rooms' directory nor a room, the archive's
// store or the director's store from View; and the guard sees such a call.
func TestNoScreenReadsWhileItDraws(t *testing.T) {
	for _, size := range goldenSizes {
		for _, c := range screenCases(size[0], size[1]) {
			m := c.make(t)
			guarded(m)
			drawGuard.draw(t, c.name, m.View)
			m.setHelp(true) // (opening the help may stop a player's clock: an Update's work)
			drawGuard.draw(t, c.name+" (help)", m.View)
			m.setHelp(false)
		}
	}
	// The guard itself: a read while drawing is seen.
	m := screenCases(80, 24)[0].make(t)
	inner := &failed{}
	drawGuard.draw(inner, "a View that reads", func() string {
		m.s.app.hub.List()
		return ""
	})
	if !inner.yes {
		t.Fatal("the guard did not see Rooms().List called while drawing")
	}
}

package lobby

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/plaintext"
	"github.com/arena-classroom/arena/keyboard"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/lobby/roomview"
	"github.com/arena-classroom/arena/lobby/screen"
	"github.com/arena-classroom/arena/lobby/tournaments"
	"github.com/arena-classroom/arena/lobby/widget"
	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/tournament/director"
)

// gameScreen shows one room to a player or a spectator: waiting, playing, finished.
type gameScreen struct {
	room         roomdir.Room
	seat         int // -1 for a spectator
	snap         *rooms.Snapshot
	confirmLeave bool
	attached     bool
	turn         turnDraft
	back         screen.Screen // where leaving goes (the wall); nil: the lobby, or the session's end (Model.Back)
	clockHeld    bool          // the room stopped this player's clock while they read the help
	called       bool          // a tournament calls this player to another game: y leaves this one for it
	toldWait     bool          // the notice says "not your turn yet" (notYourTurn): the turn clears it
	tournament   string        // the code of the tournament whose game this is ("" for none)
	// viewKeys are the game's keys as bindings (gameBindings), made once: a room's view never
	// changes, and the footer is drawn with every snapshot.
	viewKeys []key.Binding
}

func newGameScreen(r roomdir.Room) *gameScreen { return &gameScreen{room: r, seat: -1} }

func (g *gameScreen) Init(m screen.Model) tea.Cmd {
	m.Played(g.room.Game().Game.ID())
	g.tournament = director.TournamentOf(g.room.Info())
	if !g.attached {
		var err error
		g.seat, g.snap, err = m.Attach(g.room)
		g.attached = true
		if err != nil {
			m.Notify(lang.Say(err, m.Lang()))
		}
		if g.snap != nil {
			g.turn.follow(g.snap, g.seat, m.Lang())
		}
	}
	return nil
}

func (g *gameScreen) Update(m screen.Model, msg tea.Msg) (screen.Screen, tea.Cmd) {
	if !g.attached {
		g.Init(m)
	}
	switch msg := msg.(type) {
	case snapMsg:
		if msg.snap.ID != g.room.ID() || (g.snap != nil && msg.snap.Version < g.snap.Version) {
			return g, nil // a stale frame from a room we left
		}
		g.snap = msg.snap
		g.turn.follow(g.snap, g.seat, m.Lang())
		if g.seat >= 0 && g.snap.ToMove == g.seat && g.toldWait {
			m.Notify("") // "not your turn yet": it is now
			g.toldWait = false
		}
		for _, key := range g.turn.typedAhead(g.snap) {
			g.key(m, key) // a key may send the decision: the rest wait for the next draft
		}
		return g.follow(m)
	case tea.KeyMsg:
		// Keys typed fast (or pasted) arrive as one message of several runes: each is a key.
		if msg.Type == tea.KeyRunes && len(msg.Runes) > 1 && !msg.Alt {
			var next screen.Screen = g
			var cmd tea.Cmd
			for _, r := range msg.Runes {
				if next != screen.Screen(g) {
					break // a key left the game screen: the rest belonged to it
				}
				next, cmd = g.key(m, string(r))
			}
			return next, cmd
		}
		return g.key(m, msg.String())
	}
	return g, nil
}

// follow reacts to what the room became: a rematch takes everyone along, and so does a game
// a restarting node moved to another (its people to their seats there, without connecting
// again); other closed rooms send everyone back to the lobby.
func (g *gameScreen) follow(m screen.Model) (screen.Screen, tea.Cmd) {
	s := g.snap
	if s.Next != "" {
		if next, ok := m.Rooms().Find(s.Next); ok {
			ng := newGameScreen(next)
			ng.back = g.back
			return ng, ng.Init(m)
		}
	}
	if s.Status == rooms.Closed {
		why := s.ErrorIn(m.Lang())
		if why == "" {
			why = m.Lang().Sprintf("the room has closed")
		}
		return m.Back(g.back, why)
	}
	return g, nil
}

// gameKeys are the game screen's own keys; the game's keys come from its view (gameBindings).
// Which apply depends on the room's state and on the viewer (keys); the way out is backKey.
var gameKeys = struct{ fill, rematch, standings, yes key.Binding }{
	fill:    widget.Bind("b", lang.N("house bots take the free seats"), "b"),
	rematch: widget.Bind("r", lang.N("rematch: a new game, seats turned by one, when everyone asks"), "r"),
	// A tournament's game has no rematch: its standings instead (the next game calls the
	// player by itself).
	standings: widget.Bind("s", lang.N("the tournament's standings"), "s"),
	yes:       widget.Bind("y", lang.N("leave the game (any other key: stay)"), "y", "Y"),
}

// backKey leaves the room, the one way out of every screen (widget.Back): esc, and q too
// unless the game's moves take letters (a Composer may use q) and this person plays them.
// A player of a running game is asked once to confirm; anyone else just goes back.
func (g *gameScreen) backKey(m screen.Model) key.Binding {
	_, composed := g.snap.View().(games.Composer)
	player := g.seat >= 0
	// On AZERTY, q is a place of a cluster (Perfect Aim's z q s d): esc alone leaves.
	composed = composed || m.Keyboard() == keyboard.AZERTY && hasCluster(g.snap.View())
	switch g.snap.Status {
	case rooms.Waiting:
		if player {
			return widget.Back(lang.N("close the room"), true)
		}
	case rooms.Playing:
		if player {
			return widget.Back(lang.N("leave the game (a house bot plays on for you)"), !composed)
		}
	}
	return widget.Back(m.BackTo(g.back), true)
}

// keys are what the screen reacts to now: in the footer the game's keys (or the move being
// composed, see footer), on the ? page every key of the game and of the screen.
func (g *gameScreen) Keys(m screen.Model) widget.KeyMap {
	s := g.snap
	if s == nil {
		return widget.KeyMap{}
	}
	k := gameKeys
	player := g.seat >= 0
	back := g.backKey(m)
	var short, own []key.Binding
	var game []key.Binding
	switch {
	case g.confirmLeave:
		return widget.KeyMap{Short: []key.Binding{k.yes}, Full: [][]key.Binding{{k.yes}}}
	case s.Status == rooms.Waiting:
		own = []key.Binding{widget.Enabled(k.fill, player), back}
		short = []key.Binding{widget.Enabled(k.fill, player), back, widget.HelpKey}
	case s.Status == rooms.Finished:
		rematch := widget.Enabled(k.rematch, player && g.tournament == "")
		standings := widget.Enabled(k.standings, g.tournament != "")
		own = []key.Binding{rematch, standings, back}
		short = []key.Binding{widget.Pair(lang.N("rematch"), rematch), widget.Pair(lang.N("standings"), standings), back, widget.HelpKey}
	default: // playing
		leave := back
		own = []key.Binding{leave}
		if !player {
			short = []key.Binding{leave, widget.HelpKey}
			break
		}
		if g.viewKeys == nil {
			g.viewKeys = gameBindingsFor(games.ViewIn(s.View(), m.Lang()), m.Keyboard())
		}
		game = g.viewKeys
		first, _, _ := strings.Cut(leave.Help().Key, "/")
		for _, b := range game {
			if b.Help().Key != first { // what esc does within a choice; with none under way it leaves
				short = append(short, b)
			}
		}
		short = append(short, widget.HelpKey, widget.Short(leave, lang.N("leave")))
	}
	full := [][]key.Binding{own}
	if game != nil {
		full = [][]key.Binding{game, own}
	}
	return widget.KeyMap{Short: short, Full: full}
}

// keyString is a key as the game screen passes it on (a rune of a paste, a key typed ahead),
// for key.Matches.
type keyString string

func (k keyString) String() string { return string(k) }

func (g *gameScreen) key(m screen.Model, k string) (screen.Screen, tea.Cmd) {
	s := g.snap
	if s == nil {
		return g, nil
	}
	km := keyString(k)
	if g.confirmLeave {
		g.confirmLeave = false
		if key.Matches(km, gameKeys.yes) {
			return m.Back(g.back, m.Lang().Sprintf("you left the game; %s's seat went to a house bot", plaintext.Clean(s.Seats[g.seat].Name)))
		}
		return g, nil
	}
	player := g.seat >= 0
	if g.called && player && s.Status == rooms.Playing && key.Matches(km, gameKeys.yes) {
		// Called to a tournament game: this one goes on with a house bot.
		return m.TakeCall(m.Lang().Sprintf("you left %s for your tournament game; your seat there went to a house bot", m.Lang().Say(s.GameName)))
	}
	switch s.Status {
	case rooms.Waiting:
		switch {
		case player && key.Matches(km, gameKeys.fill):
			if err := g.room.FillWithBot(m.Context(), g.room.Game().Strongest); err != nil {
				m.Notify(lang.Say(err, m.Lang()))
			}
		case key.Matches(km, g.backKey(m)):
			return m.Back(g.back, "")
		}
	case rooms.Playing:
		leave := g.backKey(m)
		if player && hasCluster(s.View()) {
			k = m.Keyboard().ToQWERTY(k) // the game's keys are QWERTY places
			km = keyString(k)
		}
		if player && k != m.Keyboard().Digit(k) {
			k = m.Keyboard().Digit(k) // AZERTY's top row without Shift: its digits
			km = keyString(k)
		}
		if k != "esc" && g.turn.typeAhead(s, k) {
			return g, nil
		}
		if g.turn.draft != nil {
			if a, done, used := g.turn.key(k); used {
				if done {
					g.submit(m, a)
				}
				return g, nil
			}
		}
		if key.Matches(km, leave) {
			if !player {
				return m.Back(g.back, "")
			}
			g.confirmLeave = true
			return g, nil
		}
		if player {
			g.play(m, k) // the game's own keys (gameBindings list them)
		}
	case rooms.Finished:
		switch {
		case g.tournament != "" && key.Matches(km, gameKeys.standings):
			return m.Back(tournaments.OpenStandings(m.Services(), g.tournament, nil), "")
		case player && g.tournament == "" && key.Matches(km, gameKeys.rematch):
			if err := g.room.VoteRematch(m.Context(), m.Who().ID, g.seat); err != nil {
				m.Notify(lang.Say(err, m.Lang()))
			}
		case key.Matches(km, g.backKey(m)):
			return m.Back(g.back, "")
		}
	}
	return g, nil
}

// play turns a key into an action, explaining why an action cannot be played now.
func (g *gameScreen) play(m screen.Model, key string) {
	s := g.snap
	view := s.View()
	a, ok := view.Key(s.State, g.seat, key)
	if !ok {
		return
	}
	if _, realTime := s.State.(games.RealTime); realTime {
		// The last key before the seat's decision instant is its action; the rules judge it then.
		if err := g.room.Submit(m.Context(), m.Who().ID, g.seat, a); err != nil {
			m.Notify(lang.Say(err, m.Lang()))
		}
		return
	}
	g.submit(m, a)
}

// submit sends a turn-based action, explaining why it cannot be played now.
func (g *gameScreen) submit(m screen.Model, a games.Action) {
	s := g.snap
	if s.ToMove != g.seat {
		if s.ToMove >= 0 {
			m.Notify(m.Lang().Sprintf("not your turn yet: %s is playing", plaintext.Clean(s.Seats[s.ToMove].Name)))
		} else {
			m.Notify(m.Lang().Sprintf("not your turn yet: the other player is playing"))
		}
		g.toldWait = true
		return
	}
	g.turn.sent(s)
	if err := s.State.Validate(g.seat, a); err != nil {
		m.Notify(lang.Say(err, m.Lang()))
		return
	}
	if err := g.room.Submit(m.Context(), m.Who().ID, g.seat, a); err != nil {
		m.Notify(lang.Say(err, m.Lang()))
	}
}

// help is the game's rules (its keys are listed after, from the screen's bindings), what
// time a move has, and whether the clock is stopped.
func (g *gameScreen) Help(m screen.Model) string {
	l := m.Lang()
	if g.snap == nil {
		return l.Sprintf("connecting…")
	}
	e := g.room.Game()
	text := m.Styles().Heading.Render(l.Say(e.Game.Name())) + "\n\n" + games.ViewIn(e.View, l).Rules()
	if _, realTime := g.snap.State.(games.RealTime); !realTime {
		cfg := m.Rooms().Config()
		text += "\n\n" + l.Sprintf("Time: %g s per move for people, %g s for programs; the rules above say what running out costs.",
			cfg.HumanMove.Seconds(), cfg.BotMove.Seconds())
	}
	if g.clockHeld {
		text += "\n\n" + l.Sprintf("Your clock is stopped while you read this: your own game against house bots waits for you (it is then not rated).")
	}
	return text
}

// helpShown stops the player's clock while they read the help, where the room allows it
// (their own game against house bots); elsewhere it runs, and the help shows it.
func (g *gameScreen) helpShown(m screen.Model, open bool) {
	if g.seat < 0 || g.snap == nil || g.snap.Status != rooms.Playing {
		return
	}
	if !open {
		if g.clockHeld {
			if err := g.room.HoldClock(m.Context(), g.seat, false); err != nil {
				m.Notify(m.Lang().Sprintf("your clock could not be started again: %s", lang.Say(err, m.Lang())))
			}
		}
		g.clockHeld = false
		return
	}
	// A clock the room does not stop runs on, and the help says so (helpClock): no notice.
	g.clockHeld = g.room.HoldClock(m.Context(), g.seat, true) == nil
}

// helpClock is how the player's clock stands, under the help: "your move: 0:41".
func (g *gameScreen) helpClock(m screen.Model) string {
	s := g.snap
	if g.seat < 0 || s == nil || s.Status != rooms.Playing {
		return ""
	}
	l := m.Lang()
	switch {
	case s.ToMove == g.seat && s.HeldLeft > 0:
		return l.Sprintf("your move: %s (stopped)", roomview.Clock(s.HeldLeft))
	case g.clockHeld:
		return l.Sprintf("your clock is stopped")
	case s.ToMove == g.seat && !s.Deadline.IsZero():
		return l.Sprintf("your move: %s", roomview.Clock(s.Deadline.Sub(m.Now())))
	case s.ToMove == g.seat:
		return l.Sprintf("your move")
	}
	return ""
}

// ticks: the clock runs while a turn's time is counting down on screen.
func (g *gameScreen) Ticks() bool {
	return g.snap != nil && g.snap.Status == rooms.Playing && !g.snap.Deadline.IsZero()
}

// The game screen stops a player's clock while the help is open, and says how it stands.
var (
	_ helpHolder = (*gameScreen)(nil)
	_ helpClock  = (*gameScreen)(nil)
)

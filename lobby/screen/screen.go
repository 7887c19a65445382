// Package screen is the contract between the lobby's model and every screen it shows, its
// own and those kept in packages of their own (lobby/tournaments, lobby/replays,
// lobby/reading): what a screen does, and what it may ask of the session showing it. A
// screen of another package never imports the lobby: it goes back to the home screen, or
// into a game, through its Model, and is given the screen to go back to.
package screen

import (
	"cmp"
	"context"
	"log/slog"
	"slices"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/arena-classroom/arena/archive"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/keyboard"
	"github.com/arena-classroom/arena/keys"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/lobby/widget"
	"github.com/arena-classroom/arena/matchmaker"
	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/tournament/director"
)

// Screen is one page of the UI. Update returns the next screen (itself to stay).
type Screen interface {
	Update(m Model, msg tea.Msg) (Screen, tea.Cmd)
	View(m Model) string
	// Help is the prose of the ? overlay on this screen; the overlay lists the keys after it.
	Help(m Model) string
	// Keys are the screen's key bindings in its present state: Update dispatches on them,
	// the footer and the ? overlay are drawn from them.
	Keys(m Model) widget.KeyMap
}

// What a screen may do besides, found by type assertion.
type (
	// Initer is a screen with something to do (or start) when it is first shown.
	Initer interface{ Init(m Model) tea.Cmd }
	// Ticker is a screen showing something that moves with time: the clock runs while it
	// is shown and Ticks. Other screens are drawn again only when something changes.
	Ticker interface{ Ticks() bool }
	// LobbyViewer is a screen showing the lobby's shared state (rooms, people, tournaments):
	// it hears LobbyChanged in Update, and is drawn again, when that changes.
	LobbyViewer interface{ ShowsLobby() }
	// Named is a screen with a name a footer gives it: "esc wall" rather than "esc back".
	Named interface{ Name() string }
	// Loader is a screen that shows what it reads from elsewhere (the store, the director,
	// the rooms of a cluster): Load returns the command that reads it (nil while a read is
	// on its way), whose message the screen takes in Update. Its View only draws what was
	// loaded. Init loads it first.
	Loader interface{ Load(m Model) tea.Cmd }
)

// LobbyChanged tells a LobbyViewer that the lobby's shared state changed: a screen that
// reads something of it (a tournament's standings) loads it again, in a tea.Cmd.
type LobbyChanged struct{}

// Model is what a screen may ask of the session showing it.
type Model interface {
	// Width and Height are the window's, in cells.
	Width() int
	Height() int
	Styles() *widget.Styles
	Palette() games.Palette
	// Keyboard is the layout of the person's keyboard: the games' letter clusters follow it.
	Keyboard() keyboard.Layout
	// Lang is the language the person reads: screens say their sentences through
	// Lang().Sprintf, from the catalogs (package lang).
	Lang() lang.Lang
	// ChooseLang and ChooseKeyboard change the person's language or keyboard now and keep
	// the choice with their key; they return what to tell the person.
	ChooseLang(l lang.Lang) string
	ChooseKeyboard(k keyboard.Layout) string
	Who() keys.Identity
	// Addr is the person's network host, against which rooms and entries are counted.
	Addr() string
	// Context ends with the person's connection.
	Context() context.Context
	// Now is the time of the message being handled: what the screen shows is as of then.
	Now() time.Time
	Rooms() roomdir.Directory

	// Header is the top line of every screen: the arena, who is connected, then right.
	Header(right string) string
	// Footer is the screen's short help, on one line of the window.
	Footer(km widget.KeyMap) string
	// Notify shows a notice below the screen until the next key.
	Notify(notice string)
	// Played says that the person played, watched or replayed game id: the lobby opens on it.
	Played(id string)

	// Back leaves the screen shown for back, the one it was opened from, with a notice (""
	// for none), leaving any room. With back nil it goes to the lobby, or, on the screen
	// the session was opened into (ssh -t HOST wall), ends the session after saying so.
	Back(back Screen, notice string) (Screen, tea.Cmd)
	// BackTo says where Back(back, …) goes, in a word for a footer: "lobby", "quit", or
	// back's own name (Named), else "back".
	BackTo(back Screen) string
	// Watch shows room r; leaving it as a spectator comes back to back.
	Watch(r roomdir.Room, back Screen) (Screen, tea.Cmd)

	// What the screens that play, queue and watch ask of the session:

	// Lobby is the lobby's shared state as the session last took it (made once per change
	// for every session): screens draw it and choose from it.
	Lobby() *Lobby
	// Services are what the screens use of the server besides the session.
	Services() *Services
	// Attach makes room r the session's: its snapshots come to the screen shown, in
	// Update. seat is the person's, -1 for a spectator; snap is the room as it stands (one
	// a screen can show, even with an error). Back (or another Attach) leaves it.
	Attach(r roomdir.Room) (seat int, snap *rooms.Snapshot, err error)
	// Queue puts the person in quick match.
	Queue(t *matchmaker.Ticket) (Queued, error)
	// Challenge seats the person against program p, which waits for an opponent, on a
	// board of that size (0: the program's) if the program chose none (p.AnySize).
	Challenge(p matchmaker.WaitingProgram, size int) (roomdir.Room, error)
	// TakeCall leaves the game shown for the tournament game the person is called to,
	// with a notice: the seat left goes to a house bot.
	TakeCall(notice string) (Screen, tea.Cmd)
	// Quit ends the session (the lobby's q).
	Quit() tea.Cmd
}

// Services are what the screens use of the server besides the session: the director runs
// the tournaments (nil: this server keeps none), the archive reads stored games and ratings
// (nil: none are kept).
type Services struct {
	Director *director.Director
	Archive  *archive.Archive
	Log      *slog.Logger
}

// Queued is a person's place in quick match.
type Queued struct {
	Ticket *matchmaker.Ticket // as the matchmaker holds it
	// Wait returns the seat's message (or why none came), which the lobby's model hands to
	// the screen shown.
	Wait tea.Cmd
	// FillAfter is how long until house bots take the empty seats.
	FillAfter time.Duration
}

// Lobby is the lobby's shared state at one moment: the live rooms, who is online, the
// quick-match queues, the programs waiting for an opponent. Made once per change for every
// session; never changed once made.
type Lobby struct {
	Rooms    []rooms.Info                           // every live room, oldest first; a person sees Visible of them
	Online   []string                               // who is connected, here and on a cluster's other nodes
	Queued   map[string]int                         // quick match's waiting, by game id and by queue (matchmaker.QueueKey)
	Programs map[string][]matchmaker.WaitingProgram // by game
}

// Visible are the live rooms person may see listed (a private room only to its players
// and teachers), the rooms being played or waiting first, then those just finished.
func (l *Lobby) Visible(person string, admin bool) []rooms.Info {
	list := rooms.Visible(l.Rooms, person, admin)
	slices.SortStableFunc(list, func(a, b rooms.Info) int {
		return cmp.Compare(finishedLast(a), finishedLast(b))
	})
	return list
}

// finishedLast orders rooms just finished after the others.
func finishedLast(r rooms.Info) int {
	if r.Status == rooms.Finished {
		return 1
	}
	return 0
}

// Unfinished counts the rooms of list (as Visible orders them) not finished.
func Unfinished(list []rooms.Info) int {
	n := 0
	for n < len(list) && list[n].Status != rooms.Finished {
		n++
	}
	return n
}

package rooms

import (
	"strings"
	"sync"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// Status is where a room is in its life.
type Status string

const (
	Waiting  Status = "waiting"  // seats still open
	Playing  Status = "playing"  // the game runs
	Finished Status = "finished" // over; the final board stays up for a while
	Closed   Status = "closed"   // gone (left empty, expired or crashed)
)

// SeatKind says who decides for a seat.
type SeatKind int

const (
	Open     SeatKind = iota // nobody yet
	Human                    // keys from a session
	HouseBot                 // a bot from bots/, asked synchronously
	Remote                   // a program speaking the bot protocol
)

func (k SeatKind) String() string {
	switch k {
	case Human:
		return "human"
	case HouseBot:
		return "bot"
	case Remote:
		return "program"
	default:
		return "open"
	}
}

// SeatInfo is what everyone may see of a seat.
type SeatInfo struct {
	Name      string
	Kind      SeatKind
	UserID    string // identity of a human or remote seat; "" for house bots
	Bot       string // the house bot playing the seat ("hunter"), "" for others
	Connected bool
	Note      string // "left: greedy plays", "timed out", …, in English
	NoteSaid  Said   `json:",omitempty"` // Note in every language (NoteIn)
	// Takeover says when a house bot took this seat over from the person or program who
	// left (nil if nobody did): the game counts as lost for them.
	Takeover *Takeover
	// Think is how long a program took a move on average in this game (0 for other seats,
	// or before its first answer).
	Think time.Duration
}

// Takeover is a house bot playing on for a player who left.
type Takeover struct {
	FromMove int    // the first move the bot made for them (index in the replay)
	By       string // the house bot
}

// Info describes a room for listings.
type Info struct {
	ID         string
	Code       string // join code of a private room ("" for public rooms)
	MatchID    string // id of the stored match, once the game has started
	Game       string // game id
	GameName   string
	Config     games.Config
	Private    bool
	Status     Status
	Seats      []SeatInfo
	Spectators int
	Created    time.Time
	// Result is the recorded result once the game is over: the rules' outcome, with every
	// player who left ranked below those who stayed. nil before the end.
	Result *games.Outcome
	// Tag is the room's Spec.Tag.
	Tag string
	// Fast: a game of programs and house bots played as fast as they answer; viewers see
	// its latest state at the hub's frame rate.
	Fast bool
	// MoveGap is Spec.MoveGap: a tournament's live pace (a room handed over keeps it).
	MoveGap time.Duration `json:",omitempty"`
	// Unrated: a person held their clock (Room.HoldClock): the result rates nobody.
	Unrated bool
	// Owner and Addr are Spec.Owner and Spec.Addr: a cluster counts a person's games, and
	// an address's, on every node (never shown to anyone).
	Owner, Addr string `json:"-"`
	// Was is the id the room had on another node before a drain moved it there (Spec.Was).
	Was string `json:",omitempty"`
}

// PlayersIn is Players said in l: "ann vs (libre)".
func (i Info) PlayersIn(l lang.Lang) string { return i.playersT().In(l) }

// playersT is Players to be said in a reader's language.
func (i Info) playersT() lang.Text {
	var out lang.Text
	for n, seat := range i.Seats {
		one := lang.T("%s", seat.Name)
		if seat.Kind == Open {
			one = lang.T("(open)")
		}
		if n == 0 {
			out = one
		} else {
			out = lang.T("%s vs %s", out, one)
		}
	}
	return out
}

// Players returns the seat names joined with " vs ".
func (i Info) Players() string {
	s := ""
	for n, seat := range i.Seats {
		if n > 0 {
			s += " vs "
		}
		if seat.Kind == Open {
			s += "(open)"
		} else {
			s += seat.Name
		}
	}
	return s
}

// Scene is a snapshot without its game state and drawings: what a viewer on another node
// of a cluster is sent of the room, the state being played again there from the moves.
type Scene struct {
	Info
	Version  uint64
	ToMove   int       // seat to move, -1 for none
	Deadline time.Time // when the seat to move runs out of time; zero for none
	// HeldLeft, when positive, is the time left to the seat to move, whose clock is held
	// (Room.HoldClock): Deadline does not run meanwhile.
	HeldLeft time.Duration
	Moves    int // the decisions applied so far
	// Published is when the hub made the snapshot (its clock), to time its way to the
	// screens.
	Published time.Time
	Log       []string // recent events, oldest first, in English
	LogSaid   []Said   `json:",omitempty"` // Log in every language, line for line (LogIn)
	Outcome   *games.Outcome
	Saved     bool   // the outcome is durable in the store (or the room has no store)
	Next      string // id of the rematch room, once there is one
	Votes     []bool // rematch votes per seat
	Error     string // why a room closed abnormally, in English
	ErrorSaid Said   `json:",omitempty"` // Error in every language (ErrorIn)
	// Notice is a passing condition of the viewer's node rather than of the room, shown
	// over the board: "reconnecting…" while the room's node is out of the bus's reach.
	Notice string
	// Played is how long a live real-time game has run by the wall clock; -1 otherwise.
	Played time.Duration
}

// Snapshot is one immutable picture of a room, published after every tick that changed it
// and shared by every viewer. Never modify one.
type Snapshot struct {
	Scene
	State games.State // a clone owned by the snapshot; nil while waiting

	view   games.View
	boards [3]renderOnce

	scaledMu sync.Mutex
	scaled   map[[2]int]*renderOnce // a games.Scaler's boards by palette and scale, see BoardLinesAt

	framesMu sync.Mutex
	frames   map[string]*frame // see Frame
}

// frame is one of a snapshot's frames, drawn once.
type frame struct {
	once sync.Once
	s    string
}

// Frame is a part of a screen drawn from this snapshot, made once by draw for key and then
// shared by every viewer who asks with the same key (spectators with the same palette and
// window): a thousand spectators of one room cost one drawing per change, not a thousand.
// draw may itself ask for another of the snapshot's frames (a wall's tile holds the board
// drawn in its viewers' language): the lock is not held while a frame is drawn.
func (s *Snapshot) Frame(key string, draw func() string) string {
	s.framesMu.Lock()
	f, ok := s.frames[key]
	if !ok {
		if s.frames == nil {
			s.frames = make(map[string]*frame, 2)
		}
		f = &frame{}
		s.frames[key] = f
	}
	s.framesMu.Unlock()
	f.once.Do(func() { f.s = draw() })
	return f.s
}

type renderOnce struct {
	once  sync.Once
	s     string
	lines []string
	width int
}

func (s *Snapshot) render(p games.Palette) *renderOnce {
	if s.State == nil || s.view == nil || int(p) < 0 || int(p) >= len(s.boards) {
		return &renderOnce{}
	}
	b := &s.boards[p]
	b.once.Do(func() {
		b.s = s.view.Board(s.State, -1, p)
		b.lines = strings.Split(b.s, "\n")
		b.width = ansi.StringWidth(b.lines[0]) // a view draws every line the same width
	})
	return b
}

// Board is the board drawn for palette p, rendered at most once per snapshot and shared.
func (s *Snapshot) Board(p games.Palette) string { return s.render(p).s }

// BoardLines is Board split into lines, with their width in cells: what a screen needs to
// lay the board out without measuring it again every frame.
func (s *Snapshot) BoardLines(p games.Palette) (lines []string, width int) {
	b := s.render(p)
	return b.lines, b.width
}

// BoardLinesAt is BoardLines at scale k of a games.Scaler's board (k = 0 is BoardLines),
// also rendered at most once per snapshot and shared.
func (s *Snapshot) BoardLinesAt(p games.Palette, k int) (lines []string, width int) {
	sc, ok := s.view.(games.Scaler)
	if k == 0 || !ok || s.State == nil {
		return s.BoardLines(p)
	}
	s.scaledMu.Lock()
	if s.scaled == nil {
		s.scaled = map[[2]int]*renderOnce{}
	}
	b := s.scaled[[2]int{int(p), k}]
	if b == nil {
		b = &renderOnce{}
		s.scaled[[2]int{int(p), k}] = b
	}
	s.scaledMu.Unlock()
	b.once.Do(func() {
		b.s = sc.ScaledBoard(s.State, -1, p, k)
		b.lines = strings.Split(b.s, "\n")
		b.width = ansi.StringWidth(b.lines[0])
	})
	return b.lines, b.width
}

// Snapshot makes the snapshot of f with its game state st (nil while waiting), drawn by
// view: how a node shows a room another node plays.
func (f Scene) Snapshot(view games.View, st games.State) *Snapshot {
	return &Snapshot{Scene: f, State: st, view: view}
}

// View is the game's terminal view.
func (s *Snapshot) View() games.View { return s.view }

// SeatOf returns the seat of user in this room, or -1.
func (s *Snapshot) SeatOf(userID string) int {
	for i, seat := range s.Seats {
		if userID != "" && seat.UserID == userID && (seat.Kind == Human || seat.Kind == Remote) {
			return i
		}
	}
	return -1
}

// VisibleTo reports whether the room is shown to person (a key's fingerprint; "" for a
// guest): a private room only to its players, and to teachers; anyone with its code may
// still join or watch it by the code.
func (i Info) VisibleTo(person string, teacher bool) bool {
	if !i.Private || teacher {
		return true
	}
	for _, s := range i.Seats {
		if person != "" && s.UserID == person {
			return true
		}
	}
	return false
}

// Visible keeps the rooms of list that person may see (VisibleTo).
func Visible(list []Info, person string, teacher bool) []Info {
	out := list[:0:0]
	for _, i := range list {
		if i.VisibleTo(person, teacher) {
			out = append(out, i)
		}
	}
	return out
}

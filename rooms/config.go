package rooms

import (
	"log/slog"
	"runtime"
	"time"

	"github.com/arena-classroom/arena/internal/codes"
	"github.com/arena-classroom/arena/replay"
	seedpkg "github.com/arena-classroom/arena/seed"
	"github.com/arena-classroom/arena/timebank"
)

// Config tunes the hub. Zero fields take the defaults of DefaultConfig.
type Config struct {
	TickHz     int           // ticks per second (default 20)
	HumanMove  time.Duration // a human's time for one decision (default 60 s)
	BotMove    time.Duration // a program's time for one decision (default 500 ms)
	BotBank    time.Duration // a program's time bank for the whole game (default 5 s)
	MaxStrikes int           // missed deadlines before a house bot replaces a program (default 3)
	// RemoteBudget is how long before a real-time decision a program is sent it (default
	// 100 ms); its answer applies at the instant, WAIT (the default) if none came.
	RemoteBudget time.Duration
	BotPace      time.Duration // a house bot waits this long before it plays, so people can follow (default 500 ms)
	// BotThink is a turn-based house bot's budget for one decision, beyond the pace (default
	// 5 s); past it the seat plays the default. Thinkers bounds the house bots thinking at
	// once across the server (default 2 × GOMAXPROCS); the others wait their turn, those of
	// rooms with people first. LowThinkers bounds, among them, those of practice and of
	// rooms without a person (default GOMAXPROCS / 2, at least 1): a core stays free.
	BotThink    time.Duration
	Thinkers    int
	LowThinkers int
	Linger      time.Duration // a finished room stays this long once nobody watches (default 30 s)
	WaitingTTL  time.Duration // a waiting room closes after this long (default 15 min)
	// AbsentGrace is how long a seated human may have no session before a bot takes over
	// (default 20 s).
	AbsentGrace time.Duration
	MaxRooms    int // live rooms at once (default 500)
	// MaxRoomsPerOwner and MaxRoomsPerAddr bound the live rooms (waiting or playing) created
	// by one identity and from one address (defaults 3 and 50), so that nobody can fill
	// MaxRooms alone. Rooms the matchmaker makes have no owner.
	MaxRoomsPerOwner int
	MaxRoomsPerAddr  int
	Logger           *slog.Logger
	// OnFinish records a finished game (the store); the result is announced as saved once it
	// returns. Called on its own goroutine.
	OnFinish func(info Info, rp replay.Replay) error
	// Now is the clock (tests drive the hub with Tick and a fake time).
	Now func() time.Time
	// Observer hears how the hub does, for an operator's metrics (nil: nobody listens).
	Observer Observer
	// Secret keys the seeds nobody may predict (seed.Keyed): every house bot's, and those
	// the lobby and the tournament director derive for games of hidden chance. The store
	// keeps it (store.SeedSecret), so that a tournament re-run on the same store plays the
	// same games; nil draws one for the hub's lifetime.
	Secret seedpkg.Secret
	// Codes draws room ids and join codes (default codes.Local: unique on this hub).
	Codes codes.Drawer
}

// Observer hears the hub's own figures. Its methods are called from the hub's loop and the
// house bots' goroutines: they must be quick and safe for concurrent use.
type Observer interface {
	// Tick: one tick took took, and started late behind its schedule.
	Tick(took, late time.Duration)
	// Decision: house bot bot of game took took to choose.
	Decision(game, bot string, took time.Duration)
}

type noObserver struct{}

func (noObserver) Tick(_, _ time.Duration)               {}
func (noObserver) Decision(_, _ string, _ time.Duration) {}

// DefaultConfig returns the defaults.
func DefaultConfig() Config {
	return Config{
		TickHz:           20,
		HumanMove:        60 * time.Second,
		BotMove:          500 * time.Millisecond,
		BotBank:          5 * time.Second,
		MaxStrikes:       3,
		RemoteBudget:     100 * time.Millisecond,
		BotPace:          500 * time.Millisecond,
		BotThink:         5 * time.Second,
		Thinkers:         2 * runtime.GOMAXPROCS(0),
		LowThinkers:      max(1, runtime.GOMAXPROCS(0)/2),
		Linger:           30 * time.Second,
		WaitingTTL:       15 * time.Minute,
		AbsentGrace:      20 * time.Second,
		MaxRooms:         500,
		MaxRoomsPerOwner: 3,
		MaxRoomsPerAddr:  50,
	}
}

func (c Config) withDefaults() Config {
	d := DefaultConfig()
	if c.Observer == nil {
		c.Observer = noObserver{}
	}
	if c.Codes == nil {
		c.Codes = codes.Local{}
	}
	if c.TickHz <= 0 {
		c.TickHz = d.TickHz
	}
	if c.HumanMove <= 0 {
		c.HumanMove = d.HumanMove
	}
	if c.BotMove <= 0 {
		c.BotMove = d.BotMove
	}
	if c.BotBank < 0 {
		c.BotBank = 0
	} else if c.BotBank == 0 {
		c.BotBank = d.BotBank
	}
	if c.RemoteBudget <= 0 {
		c.RemoteBudget = d.RemoteBudget
	}
	if c.MaxStrikes <= 0 {
		c.MaxStrikes = d.MaxStrikes
	}
	if c.BotPace < 0 {
		c.BotPace = 0
	} else if c.BotPace == 0 {
		c.BotPace = d.BotPace
	}
	if c.BotThink <= 0 {
		c.BotThink = d.BotThink
	}
	if c.Thinkers <= 0 {
		c.Thinkers = d.Thinkers
	}
	if c.LowThinkers <= 0 {
		c.LowThinkers = d.LowThinkers
	}
	if c.Linger <= 0 {
		c.Linger = d.Linger
	}
	if c.WaitingTTL == 0 {
		c.WaitingTTL = d.WaitingTTL
	}
	if c.AbsentGrace <= 0 {
		c.AbsentGrace = d.AbsentGrace
	}
	if c.MaxRooms <= 0 {
		c.MaxRooms = d.MaxRooms
	}
	if c.MaxRoomsPerOwner <= 0 {
		c.MaxRoomsPerOwner = d.MaxRoomsPerOwner
	}
	if c.MaxRoomsPerAddr <= 0 {
		c.MaxRoomsPerAddr = d.MaxRoomsPerAddr
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if len(c.Secret) == 0 {
		c.Secret = seedpkg.NewSecret()
	}
	return c
}

// programTime is a program seat's time rules in live rooms (timebank, as headless).
func (c Config) programTime() timebank.Rules {
	return timebank.Rules{Move: c.BotMove, Bank: c.BotBank, MaxStrikes: c.MaxStrikes}
}

// ProgramClock is the programs' clock of the hub's rooms (Hub.Config's), where a room sets
// none of its own.
func (c Config) ProgramClock() timebank.Rules { return c.programTime() }

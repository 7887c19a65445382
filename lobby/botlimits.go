package lobby

import (
	"fmt"
	"sync"
	"time"

	"github.com/arena-classroom/arena/bots/program"
)

// BotLimits bound the bot sessions of one key. Zero fields take the defaults.
type BotLimits struct {
	Sessions int     // concurrent bot sessions per key (default 4)
	Rate     float64 // lines per second per key beyond answers to turns (default 20)
	Burst    int     // of those, at once (default 60)
	Queue    int     // lines waiting for a bot that does not read before it is cut off (default 256)
	// WriteTimeout cuts off a bot that has not taken one line for this long (default 10 s).
	WriteTimeout time.Duration
}

// DefaultBotLimits returns the defaults.
func DefaultBotLimits() BotLimits {
	d := program.DefaultLimits()
	return BotLimits{Sessions: 4, Rate: d.Rate, Burst: d.Burst, Queue: d.Queue, WriteTimeout: d.WriteTimeout}
}

func (l BotLimits) withDefaults() BotLimits {
	d := DefaultBotLimits()
	if l.Sessions <= 0 {
		l.Sessions = d.Sessions
	}
	if l.Rate <= 0 {
		l.Rate = d.Rate
	}
	if l.Burst <= 0 {
		l.Burst = d.Burst
	}
	if l.Queue <= 0 {
		l.Queue = d.Queue
	}
	if l.WriteTimeout <= 0 {
		l.WriteTimeout = d.WriteTimeout
	}
	return l
}

// botKeys counts each key's bot sessions and holds the message bucket they share.
type botKeys struct {
	mu       sync.Mutex
	limits   BotLimits
	sessions map[string]int
	buckets  map[string]*program.Bucket
}

func newBotKeys() *botKeys {
	return &botKeys{limits: DefaultBotLimits(), sessions: make(map[string]int), buckets: make(map[string]*program.Bucket)}
}

func (a *App) botRegistry() *botKeys { return a.bots }

// SetBotLimits changes the limits of bot sessions opened from now on.
func (a *App) SetBotLimits(l BotLimits) {
	k := a.botRegistry()
	k.mu.Lock()
	defer k.mu.Unlock()
	k.limits = l.withDefaults()
}

// acquire counts a new bot session of key id, or refuses it with a sentence.
func (k *botKeys) acquire(id string) (BotLimits, func(), error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	lim := k.limits
	if k.sessions[id] >= lim.Sessions {
		return lim, nil, fmt.Errorf("too many bot sessions for your key (limit %d): end one and try again", lim.Sessions)
	}
	k.sessions[id]++
	if k.buckets[id] == nil {
		k.buckets[id] = program.NewBucket(lim.Rate, lim.Burst, nil)
	}
	var once sync.Once
	return lim, func() {
		once.Do(func() {
			k.mu.Lock()
			defer k.mu.Unlock()
			if k.sessions[id]--; k.sessions[id] <= 0 {
				delete(k.sessions, id)
				delete(k.buckets, id)
			}
		})
	}, nil
}

// bucket is the message bucket key id's sessions share.
func (k *botKeys) bucket(id string) *program.Bucket {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.buckets[id]
}

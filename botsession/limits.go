package botsession

import (
	"sync"

	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/program"
)

// Limits bound the bot sessions of one key: how many at once, and each connection's
// limits (messages, queue, writes). Zero fields take the defaults.
type Limits struct {
	Sessions int // concurrent bot sessions per key (default 4)
	program.Limits
}

// DefaultLimits returns the defaults.
func DefaultLimits() Limits { return Limits{Sessions: 4, Limits: program.DefaultLimits()} }

func (l Limits) withDefaults() Limits {
	if l.Sessions <= 0 {
		l.Sessions = DefaultLimits().Sessions
	}
	l.Limits = l.Limits.WithDefaults()
	return l
}

// botKeys counts each key's bot sessions and holds the message bucket they share.
type botKeys struct {
	mu       sync.Mutex
	limits   Limits
	sessions map[string]int
	buckets  map[string]*program.Bucket
}

func newBotKeys() *botKeys {
	return &botKeys{limits: DefaultLimits(), sessions: make(map[string]int), buckets: make(map[string]*program.Bucket)}
}

// SetLimits changes the limits of bot sessions opened from now on.
func (a *Sessions) SetLimits(l Limits) {
	k := a.bots
	k.mu.Lock()
	defer k.mu.Unlock()
	k.limits = l.withDefaults()
}

// acquire counts a new bot session of key id, or refuses it with a sentence.
func (k *botKeys) acquire(id string) (Limits, func(), error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	lim := k.limits
	if k.sessions[id] >= lim.Sessions {
		return lim, nil, lang.Errorf("too many bot sessions for your key (limit %d): end one and try again", lim.Sessions)
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

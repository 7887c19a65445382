package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/internal/until"
)

// pupil is the person of the class: connected with a terminal, entered in the tournament
// from the lobby (its code, then j), playing each game it is called to with the keys of its
// colours, and, when its connection drops, connecting again a moment later, as a person
// does. It stops once its screen tells it its place.
type pupil struct {
	name  string
	key   gossh.Signer
	entry func() string // where it connects

	mu       sync.Mutex
	said     []string // what happened to it, for a failure's post-mortem
	entered  bool
	place    string // the sentence of the tournament's end, once read
	sessions int
	keys     int // colour keys pressed
	done     chan struct{}
}

const pupilName = "pupil"

// pupilReconnect is how long the person takes to connect again after losing the
// connection: the time to notice and type the command again.
const pupilReconnect = time.Second

func newPupil(t *testing.T, entry func() string) *pupil {
	p := &pupil{name: pupilName, key: sshtest.NewKey(t), entry: entry, done: make(chan struct{})}
	t.Cleanup(func() {
		if t.Failed() {
			p.mu.Lock()
			t.Logf("the person's sessions:\n%s", strings.Join(p.said, "\n"))
			p.mu.Unlock()
		}
	})
	return p
}

func (p *pupil) note(format string, args ...any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.said = append(p.said, time.Now().Format("15:04:05.000 ")+fmt.Sprintf(format, args...))
}

// enter enters the tournament from the lobby, connecting again until it is done.
func (p *pupil) enter(t *testing.T, code string) {
	until.Seen(t, time.Minute, "the person entered in the tournament from the lobby", func() (string, bool) {
		c, err := sshtest.DialErr(p.entry(), p.name, p.key)
		if err != nil {
			return err.Error(), false
		}
		defer c.Close()
		tm, err := sshtest.OpenTerm(c)
		if err != nil {
			return err.Error(), false
		}
		defer tm.Close()
		steps := []struct{ keys, want string }{
			{"", "Join a tournament"},
			{"8", "Tournament code"},
			{code + sshtest.Enter, "enter it"},
			{"j", "you are entered"},
		}
		for _, s := range steps {
			if s.keys != "" {
				if err := tm.Write(s.keys); err != nil {
					return err.Error(), false
				}
			}
			if !waitScreen(tm, func(sc string) bool { return strings.Contains(sc, s.want) }, 20*time.Second) {
				return fmt.Sprintf("after %q, no %q on the screen:\n%s", s.keys, s.want, tm.Screen()), false
			}
		}
		p.mu.Lock()
		p.entered = true
		p.mu.Unlock()
		return "entered", true
	})
}

// waitScreen waits until the screen satisfies ok, the session ends, or timeout passes.
func waitScreen(tm *sshtest.Term, ok func(string) bool, timeout time.Duration) bool {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for !ok(tm.Screen()) {
		select {
		case <-tm.Changed():
		case <-tm.Done():
			return ok(tm.Screen())
		case <-deadline.C:
			return false
		}
	}
	return true
}

var (
	atMoveRe = regexp.MustCompile(`· move (\d+)\b`)
	placeRe  = regexp.MustCompile(`is finished: you are [^\n]*`)
)

// play plays until the tournament tells the person its place or ctx ends: a session in the
// lobby, which the tournament calls to each game; again after a lost connection.
func (p *pupil) play(ctx context.Context) {
	defer close(p.done)
	rng := rand.New(rand.NewPCG(7, 7))
	for ctx.Err() == nil {
		err := p.session(ctx, rng)
		if err == nil {
			return
		}
		p.note("session %d ended: %v", p.sessions, err)
		select {
		case <-ctx.Done():
			return
		case <-time.After(pupilReconnect):
		}
	}
}

// session is one connection of the person, until its place is read (nil) or the
// connection is lost.
func (p *pupil) session(ctx context.Context, rng *rand.Rand) error {
	c, err := sshtest.DialErr(p.entry(), p.name, p.key)
	if err != nil {
		return err
	}
	defer c.Close()
	tm, err := sshtest.OpenTerm(c)
	if err != nil {
		return err
	}
	defer tm.Close()
	p.mu.Lock()
	p.sessions++
	p.mu.Unlock()
	p.note("session %d: connected", p.sessions)
	pressed := ""
	for {
		screen := tm.Screen()
		if m := placeRe.FindString(screen); m != "" {
			p.mu.Lock()
			p.place = m
			p.mu.Unlock()
			p.note("told: %s", m)
			return nil
		}
		if m := atMoveRe.FindStringSubmatch(screen); m != nil && strings.Contains(screen, "Your turn!") {
			// A key for this move, and another now and then while it is not played (a
			// colour the rules refuse: one the person or the opponent holds).
			if m[1] != pressed || rng.IntN(10) == 0 {
				if m[1] != pressed {
					time.Sleep(time.Duration(rng.IntN(300)) * time.Millisecond) // the person thinks
				}
				pressed = m[1]
				if err := tm.Write(string(rune('a' + rng.IntN(7)))); err != nil {
					return err
				}
				p.mu.Lock()
				p.keys++
				p.mu.Unlock()
			}
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-tm.Done():
			return errors.New("the connection was lost")
		case <-tm.Changed():
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// finished reports the sentence of the person's place, once read.
func (p *pupil) finished() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.place
}

package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"sync"
	"time"
)

// The play scenario with --rooms-addr: each session plays 7 Colors against a partner, a
// session of its own connected to --rooms-addr, which opens a private room there ("Create a
// private room" in the lobby); the session joins it with its code ("Join with a code"), as a
// friend would. On a cluster whose --addr and --rooms-addr are two nodes, the player's room
// runs on the other node: its keys go over the bus to the room, and the room's frames come
// back through this node's mirror. Both press a colour key on their turn (the next letter
// when the screen refuses one); the session times each of its accepted keys until its
// screen says that the partner is playing (key echo). It presses one 0.5 to 1.5 s after the
// last, at random: keys a whole second apart would all fall at the same point of the hub's
// tick, which a person's move waits for.

// screen is the text a session's terminal received (escape sequences left out), kept until
// a phrase awaited in it is found: the harness reads what a person would see.
type screen struct {
	mu     sync.Mutex
	text   []byte
	chunks []chunk // where each read's text ends in text, and when it came
	more   chan struct{}
	esc    escState
}

type chunk struct {
	end int
	at  time.Time
}

// maxScreenText bounds what a screen keeps while no phrase is awaited.
const maxScreenText = 64 << 10

func newScreen() *screen { return &screen{more: make(chan struct{})} }

// escState is where the text of a terminal stands in an escape sequence.
type escState uint8

const (
	escNone    escState = iota
	escStart            // after ESC
	escCSI              // ESC [ …, up to a final byte
	escOSC              // ESC ] …, up to BEL or ESC \
	escOSCEnd           // ESC within an OSC
	escCharset          // ESC ( or ESC ), one more byte
)

// write takes what one read received at at.
func (s *screen) write(p []byte, at time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, b := range p {
		switch s.esc {
		case escNone:
			switch {
			case b == 0x1b:
				s.esc = escStart
			case b == '\r' || b == '\n':
				s.text = append(s.text, '\n')
			case b >= 0x20 && b != 0x7f:
				s.text = append(s.text, b)
			}
		case escStart:
			switch b {
			case '[':
				s.esc = escCSI
			case ']':
				s.esc = escOSC
			case '(', ')':
				s.esc = escCharset
			default:
				s.esc = escNone
			}
		case escCSI:
			if b >= 0x40 && b <= 0x7e {
				s.esc = escNone
				if b != 'm' { // the cursor moved: what follows is elsewhere on the screen
					s.text = append(s.text, '\n')
				}
			}
		case escOSC:
			switch b {
			case 0x07:
				s.esc = escNone
			case 0x1b:
				s.esc = escOSCEnd
			}
		case escOSCEnd:
			s.esc = escNone
		case escCharset:
			s.esc = escNone
		}
	}
	s.chunks = append(s.chunks, chunk{len(s.text), at})
	if cut := len(s.text) - maxScreenText; cut > 0 {
		s.dropLocked(cut)
	}
	close(s.more)
	s.more = make(chan struct{})
}

// dropLocked forgets the first n bytes of text.
func (s *screen) dropLocked(n int) {
	s.text = append(s.text[:0], s.text[n:]...)
	i := 0
	for i < len(s.chunks) && s.chunks[i].end <= n {
		i++
	}
	s.chunks = append(s.chunks[:0], s.chunks[i:]...)
	for j := range s.chunks {
		s.chunks[j].end -= n
	}
}

var errNotSeen = errors.New("not on the screen in time")

// await waits up to timeout for re in the text not yet awaited, and returns its match (with
// its groups) and when the read that completed it came; the text up to the match's end is
// then forgotten.
func (s *screen) await(ctx context.Context, timeout time.Duration, re *regexp.Regexp) ([]string, time.Time, error) {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		s.mu.Lock()
		loc := re.FindSubmatchIndex(s.text)
		if loc != nil {
			var m []string
			for i := 0; i < len(loc); i += 2 {
				if loc[i] >= 0 {
					m = append(m, string(s.text[loc[i]:loc[i+1]]))
				} else {
					m = append(m, "")
				}
			}
			var at time.Time
			for _, c := range s.chunks {
				if c.end >= loc[1] {
					at = c.at
					break
				}
			}
			s.dropLocked(loc[1])
			s.mu.Unlock()
			return m, at, nil
		}
		more := s.more
		last := s.text[max(len(s.text)-160, 0):]
		last = bytes.Join(bytes.Fields(last), []byte(" "))
		s.mu.Unlock()
		select {
		case <-more:
		case <-deadline.C:
			return nil, time.Time{}, fmt.Errorf("%q: %w (the screen's last words: %q)", re.String(), errNotSeen, last)
		case <-ctx.Done():
			return nil, time.Time{}, ctx.Err()
		}
	}
}

// What the lobby's screens say, as the duel reads them.
var (
	seenHome    = regexp.MustCompile(`Quick match`)
	seenSetup   = regexp.MustCompile(`A private room of 7 Colors`)
	seenCode    = regexp.MustCompile(`this code: ([A-Z0-9]{5})`)
	seenJoin    = regexp.MustCompile(`Join a private room`)
	seenTurn    = regexp.MustCompile(`Your turn!|You win|You lose|Draw\.|share first`)
	seenAnswer  = regexp.MustCompile(`is playing|is not next to your territory|(You win|You lose|Draw\.|share first)`)
	seenRematch = regexp.MustCompile(`Your turn!|is playing`)
)

// openPrivate has the partner, on the home screen, open a private room of 7 Colors and
// returns its code.
func openPrivate(ctx context.Context, c *client) (string, error) {
	steps := []struct {
		see  *regexp.Regexp
		keys string
	}{{seenHome, "4"}, {seenSetup, "\r"}}
	for _, st := range steps {
		if _, _, err := c.screen.await(ctx, 30*time.Second, st.see); err != nil {
			return "", err
		}
		if _, err := c.stdin.Write([]byte(st.keys)); err != nil {
			return "", err
		}
	}
	m, _, err := c.screen.await(ctx, 30*time.Second, seenCode)
	if err != nil {
		return "", err
	}
	return m[1], nil
}

// joinPrivate has c, on the home screen, join the private room of code.
func joinPrivate(ctx context.Context, c *client, code string) error {
	if _, _, err := c.screen.await(ctx, 30*time.Second, seenHome); err != nil {
		return err
	}
	if _, err := c.stdin.Write([]byte("5")); err != nil {
		return err
	}
	if _, _, err := c.screen.await(ctx, 30*time.Second, seenJoin); err != nil {
		return err
	}
	for _, k := range code + "\r" {
		if _, err := c.stdin.Write([]byte(string(k))); err != nil {
			return err
		}
		time.Sleep(20 * time.Millisecond)
	}
	return nil
}

// duel plays c's side of its room until ctx ends: a colour on each turn, a rematch asked at
// each game's end. With timed, it waits 0.5 to 1.5 s between keys and times each accepted
// key's echo (while measuring).
func duel(ctx context.Context, c *client, timed bool) {
	var last time.Time
	turn := false // "Your turn!" seen already
	for k := c.id; ctx.Err() == nil; {
		ended := false
		if !turn {
			m, _, err := c.screen.await(ctx, time.Minute, seenTurn)
			if err != nil {
				return
			}
			ended = m[0] != "Your turn!"
		}
		turn = false
		if !ended && timed {
			select {
			case <-ctx.Done():
				return
			case <-time.After(time.Until(last.Add(time.Second/2 + rand.N(time.Second)))):
			}
		}
		// Letters until one is taken: the screen refuses a colour that touches nothing of
		// the player's, at once and without asking the room.
		for try := 0; !ended && try < 7; try++ {
			k++
			pressed := time.Now()
			last = pressed
			if _, err := c.stdin.Write([]byte{byte('a' + k%7)}); err != nil {
				return
			}
			m, at, err := c.screen.await(ctx, 30*time.Second, seenAnswer)
			if err != nil {
				return
			}
			if m[0] == "is not next to your territory" {
				continue
			}
			if timed {
				c.mu.Lock()
				if c.measure {
					c.echoes = append(c.echoes, at.Sub(pressed).Seconds())
				}
				c.mu.Unlock()
			}
			ended = m[1] != "" // the move ended the game
			break
		}
		// A rematch, which the partner asks too: r again until the next game shows (a vote
		// is counted once).
		for try := 0; ended; try++ {
			if _, err := c.stdin.Write([]byte("r")); err != nil {
				return
			}
			m, _, err := c.screen.await(ctx, 2*time.Second, seenRematch)
			if err == nil {
				turn = m[0] == "Your turn!"
				break
			}
			if !errors.Is(err, errNotSeen) || try == 30 {
				return
			}
		}
	}
}

// partnerID numbers the partners apart from the sessions (their names and loopback
// addresses).
const partnerID = 5000

// dialDuel connects session i and its partner: the partner opens a private room of 7 Colors
// through --rooms-addr, session i joins it with its code through --addr, and both play
// from then on (until ctx ends).
func dialDuel(ctx context.Context, o options, i int, local bool) (*client, error) {
	ro := o
	ro.addr = o.roomsAddr
	partner, err := dial(ro, partnerID+i, isLocal(ro.addr), "")
	if err != nil {
		return nil, fmt.Errorf("partner: %w", err)
	}
	code, err := openPrivate(ctx, partner)
	if err != nil {
		partner.conn.Close()
		return nil, fmt.Errorf("partner opening a private room: %w", err)
	}
	c, err := dial(o, i, local, "")
	if err != nil {
		partner.conn.Close()
		return nil, err
	}
	if err := joinPrivate(ctx, c, code); err != nil {
		partner.conn.Close()
		c.conn.Close()
		return nil, fmt.Errorf("joining private room %s: %w", code, err)
	}
	c.partner = partner
	go duel(ctx, partner, false)
	go duel(ctx, c, true)
	return c, nil
}

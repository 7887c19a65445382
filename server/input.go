package server

import (
	"io"
	"time"
)

// throttledInput is a terminal's input with a byte budget: beyond KeyBurst bytes at once and
// KeyRate a second, bytes are dropped before the screen parses them, except ctrl+c, which
// always gets through. A megabyte of pasted keys then costs nothing and cannot hold ctrl+c
// back behind a minute of queued keys; a person typing, or holding a key, never comes close.
type throttledInput struct {
	r      io.Reader
	rate   float64 // bytes a second
	burst  float64
	tokens float64
	last   time.Time
	now    func() time.Time
}

const ctrlC = 0x03

func newThrottledInput(r io.Reader, rate float64, burst int) *throttledInput {
	return &throttledInput{r: r, rate: rate, burst: float64(burst), tokens: float64(burst), now: time.Now}
}

func (t *throttledInput) Read(p []byte) (int, error) {
	for {
		n, err := t.r.Read(p)
		if n > 0 {
			now := t.now()
			if !t.last.IsZero() {
				t.tokens = min(t.burst, t.tokens+now.Sub(t.last).Seconds()*t.rate)
			}
			t.last = now
			kept := 0
			for _, b := range p[:n] {
				switch {
				case b == ctrlC:
				case t.tokens >= 1:
					t.tokens--
				default:
					continue // over budget: dropped
				}
				p[kept] = b
				kept++
			}
			n = kept
		}
		if n > 0 || err != nil {
			return n, err
		}
	}
}

// Package until is the tests' one way to wait for something that happens on its own time: a
// condition polled until it holds, and a failure that says what was awaited and what was
// last seen. It waits for an outcome, never for a duration: a test that needs nothing to
// happen asks a clock or a counter the code exposes, not a sleep.
//
//	until.True(t, 10*time.Second, "bob taking seat 2", func() bool {
//		return room.Snapshot().Seats[1].Name == "bob"
//	})
package until

import "time"

// TB is what a wait needs of a test: testing.TB, or a script's test (testscript) wrapped.
type TB interface {
	Helper()
	Fatalf(format string, args ...any)
}

// True polls cond until it returns true, and fails the test after timeout, saying what was
// awaited.
func True(t TB, timeout time.Duration, what string, cond func() bool) {
	t.Helper()
	Seen(t, timeout, what, func() (string, bool) { return "", cond() })
}

// Seen polls look until it reports ok, and fails the test after timeout, saying what was
// awaited and what look saw last.
func Seen(t TB, timeout time.Duration, what string, look func() (seen string, ok bool)) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	pause := time.Millisecond
	for {
		seen, ok := look()
		if ok {
			return
		}
		if time.Now().After(deadline) {
			if seen == "" {
				t.Fatalf("waited %v for %s, in vain", timeout, what)
			}
			t.Fatalf("waited %v for %s, in vain; last seen: %s", timeout, what, seen)
		}
		// Short pauses first (most conditions hold within milliseconds), then at most 10 ms
		// between looks, so that polling costs little on a loaded machine.
		time.Sleep(pause)
		pause = min(2*pause, 10*time.Millisecond)
	}
}

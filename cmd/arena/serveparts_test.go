package main

import (
	"bytes"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"
)

var errDown = errors.New("connection refused")

func isDown(err error) bool { return errors.Is(err, errDown) }

// A part that answers after a few tries is waited for, with one line when it fails and one
// when it answers — not a line per try; a final error ends the wait at once; a stop too.
func TestANodeWaitsForItsPartsAndSaysSoOnce(t *testing.T) {
	var logs bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logs, nil))
	quick := backoff{first: time.Millisecond, last: 2 * time.Millisecond}
	tries := 0
	err := waitFor("store", log, nil, quick, isDown, func() error {
		tries++
		if tries < 5 {
			return errDown
		}
		return nil
	})
	if err != nil || tries != 5 {
		t.Fatalf("err %v after %d tries", err, tries)
	}
	lines := strings.Split(strings.TrimSpace(logs.String()), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], "level=WARN msg=\"store unreachable: waiting for it, not ready meanwhile\"") ||
		!strings.Contains(lines[1], "msg=\"store answers: starting\"") || !strings.Contains(lines[1], "tries=5") {
		t.Errorf("log lines:\n%s", logs.String())
	}

	refused := errors.New("password authentication failed")
	tries = 0
	if err := waitFor("store", log, nil, quick, isDown, func() error { tries++; return refused }); err != refused || tries != 1 {
		t.Errorf("a final error: %v after %d tries", err, tries)
	}

	stop := make(chan struct{})
	close(stop)
	if err := waitFor("bus", log, stop, backoff{first: time.Hour, last: time.Hour}, isDown, func() error { return errDown }); err != errStopped {
		t.Errorf("stopped while waiting: %v", err)
	}
}

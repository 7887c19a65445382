package cluster

import (
	"testing"
	"time"
)

// The same warning about the same room is written once a minute; another room's, or the
// same one a minute later, is written.
func TestAWarningIsWrittenOnceAMinute(t *testing.T) {
	var w warnings
	at := time.Unix(1e9, 0)
	if !w.due("room a", at) || w.due("room a", at.Add(time.Second)) {
		t.Fatal("the same warning twice within a minute")
	}
	if !w.due("room b", at.Add(time.Second)) {
		t.Fatal("another room's warning held back")
	}
	if !w.due("room a", at.Add(warnEvery)) {
		t.Fatal("the warning a minute later held back")
	}
}

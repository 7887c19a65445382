package server

import (
	"strings"
	"testing"
)

// What a program reads (the bot protocol, --json, --csv) is never transcoded for a Latin-1
// terminal; what a person reads is.
func TestOnlyOutputForPeopleIsTranscoded(t *testing.T) {
	for args, want := range map[string]bool{
		"whoami": true, "rules sevencolors": true, "tournament standings T1": true,
		"bot --game sevencolors": false, "check --game garden": false, "replay m1 --json": false,
		"tournament standings T1 --csv": false, "leaderboard sevencolors --json=true": false,
	} {
		if got := forPeople(strings.Fields(args)); got != want {
			t.Errorf("%q: for people %v, want %v", args, got, want)
		}
	}
}

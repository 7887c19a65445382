package director_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/store"
	"github.com/arena-classroom/arena/tournament/director"
)

// A teacher voids a game of a finished round robin (it leaves the standings, the
// tournament stays finished) and replays another (the tournament runs again until it is
// played, with new dice); both stay in the record with who made them, and the list of games
// says how each ended.
func TestATeacherVoidsAndReplaysGames(t *testing.T) {
	ctx := context.Background()
	r := newRig(t, filepath.Join(t.TempDir(), "a.db"), &clock{t: time.Unix(1e9, 0)})
	create(t, r.st, "T1", "round-robin", 4, "greedy", "random", "mixed")
	if err := r.d.Start(ctx, "T1"); err != nil {
		t.Fatal(err)
	}
	before := r.runUntil(t, finished, "T1")
	if err := r.d.Correct(ctx, "T1", store.CorrectionVoid, "1.1.1", "SHA256:teacher", "marie"); err != nil {
		t.Fatal(err)
	}
	voided, _ := r.d.Report(ctx, "T1")
	played := func(rep director.Report) (n int) {
		for _, s := range rep.Standings {
			n += s.Played
		}
		return n
	}
	if voided.State != store.TournamentFinished || played(voided) != played(before)-2 {
		t.Fatalf("after a void: %s, %d seats played, want finished and %d", voided.State, played(voided), played(before)-2)
	}
	if err := r.d.Correct(ctx, "T1", store.CorrectionVoid, "1.1.1", "SHA256:teacher", "marie"); err != nil {
		t.Fatalf("voiding a voided game again: %v", err) // harmless, and recorded
	}
	if err := r.d.Correct(ctx, "T1", store.CorrectionReplay, "9.1.1", "SHA256:teacher", "marie"); !director.IsState(err) {
		t.Fatalf("replaying a game that does not exist: %v", err)
	}
	if err := r.d.Correct(ctx, "T1", store.CorrectionReplay, "1.1.2", "SHA256:teacher", "marie"); err != nil {
		t.Fatal(err)
	}
	if rep, _ := r.d.Report(ctx, "T1"); rep.State != store.TournamentRunning || rep.GamesPlayed != before.GamesPlayed-1 {
		t.Fatalf("after a replay: %s with %d results, want running with %d", rep.State, rep.GamesPlayed, before.GamesPlayed-1)
	}
	after := r.runUntil(t, finished, "T1")
	if after.GamesPlayed != before.GamesPlayed {
		t.Fatalf("%d results once the game was played again, want %d", after.GamesPlayed, before.GamesPlayed)
	}
	list, err := r.d.Games(ctx, "T1")
	if err != nil {
		t.Fatal(err)
	}
	lines, corrections := list.Games, list.Corrections
	if len(lines) != before.GamesPlayed || lines[0].ID != "1.1.1" || lines[0].How != "voided" || lines[1].How != "played" || lines[1].Match == "" {
		t.Fatalf("games: %+v", lines[:2])
	}
	if len(corrections) != 3 || corrections[2].Action != store.CorrectionReplay || corrections[2].ByName != "marie" ||
		!strings.Contains(corrections[2].Text, "played again by marie") {
		t.Fatalf("corrections: %+v", corrections)
	}
	if corrections[2].Was.MatchID == lines[1].Match {
		t.Fatal("the game played again kept its old match")
	}
}

// In a Swiss tournament later rounds are paired on each result: only a game of the round in
// progress can be corrected.
func TestOnlyTheRoundInProgressOfASwissIsCorrected(t *testing.T) {
	ctx := context.Background()
	r := newRig(t, filepath.Join(t.TempDir(), "a.db"), &clock{t: time.Unix(1e9, 0)})
	create(t, r.st, "T1", "swiss:3", 4, eight[:4]...)
	if err := r.d.Start(ctx, "T1"); err != nil {
		t.Fatal(err)
	}
	r.runUntil(t, finished, "T1")
	err := r.d.Correct(ctx, "T1", store.CorrectionReplay, "1.1.1", "SHA256:teacher", "marie")
	if !director.IsState(err) || !strings.Contains(err.Error(), "round 2 was paired on its result") {
		t.Fatalf("correcting round 1 of 3: %v", err)
	}
	if err := r.d.Correct(ctx, "T1", store.CorrectionVoid, "3.1.1", "SHA256:teacher", "marie"); err != nil {
		t.Fatalf("voiding a game of the last round: %v", err)
	}
}

package program_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/match"
	"github.com/arena-classroom/arena/program"
)

// langBatch plays one 8×8 game of 7 Colors between the test bot in mode and greedy, its
// sentences said in l, and returns what the bot received, its sentences (Diag, as arena
// match's Warnings show them) and the arena's notes on stderr.
func langBatch(t *testing.T, mode string, l lang.Lang) (recv []map[string]any, diag, stderr string) {
	t.Helper()
	e, _ := catalog.Get("sevencolors")
	logFile := filepath.Join(t.TempDir(), "received.jsonl")
	errs, diags := &syncBuffer{}, &syncBuffer{}
	w := program.NewWarningsIn(diags, "seat 1", 1, l)
	opts := program.ExecOptions{Stderr: errs, Diag: w, Grace: time.Second, Lang: l}
	prog, err := match.ExecWith(opts)(botCmd(mode, logFile), e.Game)
	if err != nil {
		t.Fatal(err)
	}
	greedy, err := match.Resolve(e.Game, e.Bots, match.SeatSpec{Bot: "greedy"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	jobs, err := match.Series(e.Game, games.Config{"size": 8}, 2, 1, 100)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	plan := match.Plan{Game: e.Game, Entrants: []match.Entrant{prog, greedy}, Jobs: jobs}
	if err := match.Run(ctx, plan, match.Options{Parallel: 1}, func(match.Result) error { return nil }); err != nil {
		t.Fatal(err)
	}
	return received(t, logFile), diags.String() + w.Unshown(), errs.String()
}

// A local program whose owner reads French is told its mistakes in French, on the
// protocol (warn's msg) and on stderr, with the codes and values of English; English is
// unchanged.
func TestALocalProgramIsToldItsMistakesInItsOwnersLanguage(t *testing.T) {
	recvEN, diagEN, _ := langBatch(t, "garbage:1,stale:2,unreadable:3", lang.English)
	recvFR, diagFR, _ := langBatch(t, "garbage:1,stale:2,unreadable:3", lang.French)
	wEN, wFR := ofType(recvEN, "warn"), ofType(recvFR, "warn")
	if len(wEN) == 0 || len(wEN) != len(wFR) {
		t.Fatalf("%d warnings in English, %d in French", len(wEN), len(wFR))
	}
	for i := range wEN {
		for _, k := range []string{"code", "id", "match", "applied"} {
			if wEN[i][k] != wFR[i][k] {
				t.Errorf("warning %d: %s %v in English, %v in French", i, k, wEN[i][k], wFR[i][k])
			}
		}
	}
	if got, want := wFR[0]["msg"], "une ligne qui n'est pas du JSON est arrivée avant votre réponse au tour 1 : `this is not json` — stdout ne porte que des lignes du protocole : écrivez le débogage sur stderr"; got != want {
		t.Errorf("French msg %q, want %q", got, want)
	}
	if got, want := wEN[0]["msg"], "a line that is not JSON came before your answer to turn 1: `this is not json` — stdout carries protocol lines only: print debugging to stderr"; got != want {
		t.Errorf("English msg %q, want %q", got, want)
	}
	// The first shown, the rest counted, in each language.
	for _, want := range []string{"arena: seat 1 : avertissement (tour 1) : malformed : une ligne qui n'est pas du JSON",
		"arena: seat 1 : 2 autres avertissements non affichés (--verbose les affiche tous)"} {
		if !strings.Contains(diagFR, want) {
			t.Errorf("French stderr lacks %q:\n%s", want, diagFR)
		}
	}
	if strings.Contains(diagFR, "avertissement (tour 2)") || strings.Contains(diagFR, "warning") {
		t.Errorf("French stderr shows a second warning, or English:\n%s", diagFR)
	}
	for _, want := range []string{"arena: seat 1: warning (turn 1): malformed: a line that is not JSON", "arena: seat 1: 2 more warnings not shown (--verbose shows them all)"} {
		if !strings.Contains(diagEN, want) {
			t.Errorf("English stderr lacks %q:\n%s", want, diagEN)
		}
	}
}

// A program that crashes is told why in its owner's language, its status too; the "end"
// line's note stays a value of the protocol, in English.
func TestALocalProgramsCrashIsToldInItsOwnersLanguage(t *testing.T) {
	_, _, stderr := langBatch(t, "crash:1", lang.French)
	for _, want := range []string{"graine de la partie 100 : a planté : votre programme est terminé (code de sortie 3) pendant la partie 1, à sa décision 2 ; sa place joue les actions par défaut"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	recv, _, _ := langBatch(t, "resign:2", lang.French)
	ends := ofType(recv, "end")
	if len(ends) != 1 || ends[0]["note"] != "resigned: the program resigned; default actions are played for you until the game ends" {
		t.Errorf("end lines %v", ends)
	}
}

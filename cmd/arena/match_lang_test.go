package main

import (
	"bytes"
	"fmt"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/internal/mistakes"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/sandbox"
)

// `arena match` run by a user whose locale is French tells a program's mistakes in French
// on stderr — the same sentences its program reads in warn's msg — and in English
// otherwise; the codes do not change.
func TestALocalMatchTellsMistakesInTheUsersLanguage(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	script, err := mistakes.Script()
	if err != nil {
		t.Fatal(err)
	}
	run := func(environ []string) string {
		args := []string{"--game", "sevencolors", "--seats", fmt.Sprintf(`exec:"python3 %s debug",greedy`, script),
			"--games", "1", "--size", "10", "--seed", "1", "--parallel", "1"}
		if sandbox.Unavailable() != "" {
			args = append(args, "--no-sandbox")
		}
		var stdout bytes.Buffer
		var stderr sshtest.Buffer
		env := matchEnv{stdout: &stdout, stderr: &stderr, games: catalog.All, now: time.Now,
			randomSeed: func() uint64 { return 1 }, lang: environLang(environ)}
		if code := env.run(args); code != 0 {
			t.Fatalf("arena match %s: exit %d\nstderr:\n%s", strings.Join(args, " "), code, stderr.String())
		}
		return stderr.String()
	}
	fr := run([]string{"HOME=/home/eleve", "LANG=fr_FR.UTF-8"})
	en := run([]string{"LANG=C.UTF-8"})
	for _, want := range []string{"avertissement (tour 1) : malformed : une ligne qui n'est pas du JSON est arrivée avant votre réponse au tour 1 : `debug: I play colour",
		"stdout ne porte que des lignes du protocole : écrivez le débogage sur stderr"} {
		if !strings.Contains(fr, want) {
			t.Errorf("LANG=fr_FR.UTF-8: stderr lacks %q:\n%s", want, fr)
		}
	}
	for _, want := range []string{"warning (turn 1): malformed: a line that is not JSON came before your answer to turn 1: `debug: I play colour",
		"stdout carries protocol lines only: print debugging to stderr"} {
		if !strings.Contains(en, want) {
			t.Errorf("LANG=C.UTF-8: stderr lacks %q:\n%s", want, en)
		}
	}
}

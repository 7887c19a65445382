package commands_test

import (
	"encoding/csv"
	"log/slog"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/server"
)

// A teacher sets "beat greedy"; a student's program plays it over SSH; the run is recorded
// and the teacher exports the grades as CSV. Students cannot set or export assignments.
func TestAnAssignmentFromTheTeacherToTheGrades(t *testing.T) {
	teacher, student := sshtest.NewKey(t), sshtest.NewKey(t)
	adminFile := arenatest.AdminKeys(t, teacher)
	st := arenatest.Store(t)
	hub := rooms.NewHub(arenatest.FastHub())
	app := commands.New(commands.Options{Hub: hub, Assignments: st, Logger: slog.New(slog.DiscardHandler)})
	addr, _ := sshtest.Start(t, app, func(c *server.Config) { c.AdminKeysFile = adminFile; c.Logger = slog.New(slog.DiscardHandler) })

	prof := sshtest.Dial(t, addr, "prof", teacher)
	out, errOut, code := sshtest.Exec(t, prof, "assignment create --game sevencolors --vs random --games 4 --size 6 --pass 50%")
	if code != 0 {
		t.Fatalf("create: %d %q", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	assignmentCode := lines[len(lines)-1] // the last line is the code alone
	if len(assignmentCode) != 6 || !strings.Contains(out, "4 games of 7 Colors against random") {
		t.Fatalf("create printed %q", out)
	}

	s := sshtest.Dial(t, addr, "sam", student)
	for _, tc := range []struct{ cmd, says string }{
		{"assignment create --game sevencolors --vs random --games 4 --pass 50%", "only teachers"},
		{"assignment export " + assignmentCode, "only teachers"},
	} {
		if _, errOut, code := sshtest.Exec(t, s, tc.cmd); code != 1 || !strings.Contains(errOut, tc.says) {
			t.Errorf("%s by a student: %d %q", tc.cmd, code, errOut)
		}
	}
	for _, tc := range []struct{ args, says string }{
		{"--game sevencolors --assignment NOPE", `no assignment "NOPE"`},
		{"--game perfectaim --assignment " + assignmentCode, "is a game of sevencolors"},
		{"--game sevencolors --assignment " + assignmentCode + " --games 2", "--assignment sets"},
	} {
		b := arenatest.StartBot(t, sshtest.Dial(t, addr, "sam", student), tc.args)
		b.PlayAll()
		b.St.Wait(t, 10*time.Second)
		if !strings.Contains(b.St.Stderr(), tc.says) {
			t.Errorf("bot %s: %q", tc.args, b.St.Stderr())
		}
	}

	// The student's program plays the four games (its first legal colour each turn).
	b := arenatest.StartBot(t, sshtest.Dial(t, addr, "sam", student), "--game sevencolors --assignment "+strings.ToLower(assignmentCode))
	all := b.PlayAll()
	b.St.Wait(t, 10*time.Second)
	if n := len(arenatest.OfType(all, "end")); n != 4 {
		t.Fatalf("%d games played, want 4; stderr:\n%s", n, b.St.Stderr())
	}
	if summary := b.St.Stderr(); !regexp.MustCompile(`assignment `+assignmentCode+`: \d+ won, \d+ drawn, \d+ lost of 4 \([0-9.]+% won\): (passed|failed) \(50% needed\); recorded`).MatchString(summary) ||
		strings.Contains(summary, "practice over") {
		t.Fatalf("the student's summary: %q", b.St.Stderr())
	}

	out, errOut, code = sshtest.Exec(t, prof, "assignment export "+assignmentCode)
	if code != 0 {
		t.Fatalf("export: %d %q", code, errOut)
	}
	records, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(records) != 2 || strings.Join(records[0], ",") != "name,fingerprint,games,wins,win_pct,passed,when" {
		t.Fatalf("CSV %q: %v", out, err)
	}
	if records[1][0] != "sam" || !strings.HasPrefix(records[1][1], "SHA256:") || records[1][2] != "4" {
		t.Fatalf("the student's row %v", records[1])
	}
	if out, _, code := sshtest.Exec(t, prof, "assignment list"); code != 0 || !strings.Contains(out, assignmentCode) {
		t.Fatalf("list: %q", out)
	}
	// The grades for people: --lang fr, headers and yes/no in French, semicolons and the
	// decimal comma for a French spreadsheet; the default export stays the machine's.
	out, errOut, code = execEnv(t, prof, "assignment export "+assignmentCode+" --lang fr", french)
	r := csv.NewReader(strings.NewReader(out))
	r.Comma = ';'
	fr, err := r.ReadAll()
	if code != 0 || err != nil || len(fr) != 2 || strings.Join(fr[0], ";") != "Nom;Empreinte de la clé;Parties;Victoires;Victoires (%);Réussi;Quand" {
		t.Fatalf("export --lang fr: %d %q %v:\n%s", code, errOut, err, out)
	}
	if passed := fr[1][5]; passed != "oui" && passed != "non" || strings.Contains(fr[1][4], ".") || fr[1][4] != strings.ReplaceAll(records[1][4], ".", ",") {
		t.Fatalf("export --lang fr row %q (machine's %q)", fr[1], records[1])
	}
	if again, _, _ := execEnv(t, prof, "assignment export "+assignmentCode, french); !strings.HasPrefix(again, "name,fingerprint,games,wins,win_pct,passed,when\n") {
		t.Fatalf("export in a French session without --lang: %q", again)
	}
}

// An assignment that sets no setting says "default settings" (not "{}") when it is created,
// and "default" in the list; one that sets some lists them as KEY=N.
func TestAssignmentSettingsAreWords(t *testing.T) {
	teacher := sshtest.NewKey(t)
	adminFile := arenatest.AdminKeys(t, teacher)
	app := commands.New(commands.Options{Hub: rooms.NewHub(arenatest.FastHub()), Assignments: arenatest.Store(t), Logger: slog.New(slog.DiscardHandler)})
	addr, _ := sshtest.Start(t, app, func(c *server.Config) { c.AdminKeysFile = adminFile; c.Logger = slog.New(slog.DiscardHandler) })
	prof := sshtest.Dial(t, addr, "prof", teacher)
	out, errOut, code := sshtest.Exec(t, prof, "assignment create --game garden --vs random --games 2 --pass 50%")
	if code != 0 || !strings.Contains(out, "against random, default settings; passed") || strings.Contains(out, "{}") {
		t.Fatalf("create: %d %q %q", code, out, errOut)
	}
	if _, errOut, code := sshtest.Exec(t, prof, "assignment create --game sevencolors --vs random --games 2 --size 6 --pass 50%"); code != 0 {
		t.Fatalf("create: %d %q", code, errOut)
	}
	out, _, _ = sshtest.Exec(t, prof, "assignment list")
	if !regexp.MustCompile(`garden .* default\n`).MatchString(out) || !strings.Contains(out, "size=6") || strings.Contains(out, "{") {
		t.Fatalf("list: %q", out)
	}
}

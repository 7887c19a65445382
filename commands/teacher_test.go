package commands_test

import (
	"strings"
	"testing"

	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/server"
)

// Every teacher's command is refused to a student's key, with a sentence and status 1, and
// never to a teacher's; the commands everyone may run are never refused. One check, in the
// command table, for all of them.
func TestTeachersCommandsAreRefusedToStudents(t *testing.T) {
	teacher := sshtest.NewKey(t)
	adminFile := arenatest.AdminKeys(t, teacher)
	st := arenatest.Store(t)
	addr, _, _ := arenatest.Start(t, rooms.Config{}, commands.Options{Names: &fakeNames{held: map[string]string{}}, Archive: st, Assignments: st, Tournaments: st},
		func(c *server.Config) { c.AdminKeysFile = adminFile })
	student := sshtest.Dial(t, addr, "sam", sshtest.NewKey(t))
	prof := sshtest.Dial(t, addr, "prof", teacher)

	teachers := []string{"names release bob", "assignment list", "assignment create --game sevencolors", "assignment export AK7Q2X"}
	for _, sub := range commands.TeachersTournamentCommands() {
		teachers = append(teachers, "tournament "+sub+" TK4M2Q")
	}
	if len(teachers) < 14 {
		t.Fatalf("only %d teachers' commands: %q", len(teachers), teachers)
	}
	everyone := []string{"tournament list", "tournament standings TK4M2Q", "names", "assignment", "whoami", "rooms"}
	for _, line := range teachers {
		if !commands.TeacherOnly(strings.Fields(line)) {
			t.Errorf("%s: not marked a teacher's command", line)
		}
		_, errOut, code := sshtest.Exec(t, student, line)
		if code != 1 || !strings.Contains(errOut, "only teachers") {
			t.Errorf("student: %s: status %d, stderr %q; want refused", line, code, errOut)
		}
		if _, errOut, _ := sshtest.Exec(t, prof, line); strings.Contains(errOut, "only teachers") {
			t.Errorf("teacher: %s: refused: %q", line, errOut)
		}
	}
	for _, line := range everyone {
		if commands.TeacherOnly(strings.Fields(line)) {
			t.Errorf("%s: marked a teacher's command", line)
		}
		if _, errOut, _ := sshtest.Exec(t, student, line); strings.Contains(errOut, "only teachers") {
			t.Errorf("student: %s: refused: %q", line, errOut)
		}
	}
}

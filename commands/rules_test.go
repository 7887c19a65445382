package commands_test

import (
	"strings"
	"testing"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/docs"
	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/rooms"
)

// `ssh HOST rules GAME` prints every game's rules page as text, headings included (the
// refusals a program gets cite them), over the real SSH path; a wrong game is refused.
func TestRulesOverSSH(t *testing.T) {
	addr, _, _ := arenatest.Start(t, rooms.Config{}, commands.Options{})
	c := sshtest.Dial(t, addr, "alice", sshtest.NewKey(t))
	for _, e := range catalog.All() {
		id := e.Game.ID()
		page, ok := docs.Rules(id)
		if !ok {
			t.Fatalf("%s has no rules page", id)
		}
		out, errOut, code := sshtest.Exec(t, c, "rules "+id)
		if code != 0 || errOut != "" || out != docs.Plain(page) {
			t.Fatalf("rules %s: status %d, stderr %q, stdout %.200q", id, code, errOut, out)
		}
		for _, h := range docs.Headings(page) {
			if !strings.Contains(out, "\n"+docs.Plain(h)+"\n") {
				t.Errorf("rules %s lacks the heading %q", id, h)
			}
		}
		if strings.Contains(out, "**") || strings.Contains(out, "## ") {
			t.Errorf("rules %s keeps Markdown's marks", id)
		}
	}
	if out, _, _ := sshtest.Exec(t, c, "rules garden"); !strings.Contains(out, "Moving and attacking\n----") {
		t.Errorf("rules garden: no heading Moving and attacking in %q", out)
	}
	if _, errOut, code := sshtest.Exec(t, c, "rules chess"); code != 2 || !strings.Contains(errOut, `unknown game "chess"`) {
		t.Errorf("rules chess: status %d, %q", code, errOut)
	}
	if _, errOut, code := sshtest.Exec(t, c, "rules"); code != 2 || !strings.Contains(errOut, "usage: rules GAME") {
		t.Errorf("rules: status %d, %q", code, errOut)
	}
}

package commands_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/docs"
	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/lang"
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

// `rules GAME` from a French terminal (LANG=fr_FR.UTF-8, as OpenSSH sends it) prints the
// French page, its headings and the seed's words, and says its refusals and usage in French;
// the English page stays English (TestRulesOverSSH).
func TestRulesOverSSHInFrench(t *testing.T) {
	addr, _, _ := arenatest.Start(t, rooms.Config{}, commands.Options{})
	c := sshtest.Dial(t, addr, "alice", sshtest.NewKey(t))
	run := func(cmd string) (string, string, int) {
		sess, err := c.NewSession()
		if err != nil {
			t.Fatal(err)
		}
		defer sess.Close()
		if err := sess.Setenv("LANG", "fr_FR.UTF-8"); err != nil {
			t.Fatalf("setenv LANG: %v", err)
		}
		var out, errOut bytes.Buffer
		sess.Stdout, sess.Stderr = &out, &errOut
		err = sess.Run(cmd)
		var exit *ssh.ExitError
		switch {
		case err == nil:
			return out.String(), errOut.String(), 0
		case errors.As(err, &exit):
			return out.String(), errOut.String(), exit.ExitStatus()
		}
		t.Fatalf("%s: %v", cmd, err)
		return "", "", -1
	}
	for _, e := range catalog.All() {
		id := e.Game.ID()
		page, ok := docs.RulesIn(id, lang.French)
		en, _ := docs.Rules(id)
		if !ok || page == en {
			t.Fatalf("%s has no French rules page", id)
		}
		want, _ := docs.Text(id, lang.French)
		out, errOut, code := run("rules " + id)
		if code != 0 || errOut != "" || out != want || out != docs.PlainIn(page, lang.French) {
			t.Fatalf("rules %s in French: status %d, stderr %q, stdout %.200q", id, code, errOut, out)
		}
		for _, h := range docs.Headings(page) {
			if !strings.Contains(out, "\n"+docs.PlainIn(h, lang.French)+"\n") {
				t.Errorf("rules %s lacks the heading %q", id, h)
			}
		}
	}
	out, _, _ := run("rules garden")
	for _, want := range []string{"Se déplacer et attaquer\n-----", "Cuisiniers, Forgerons, Mineurs ou\nBûcherons"} {
		if !strings.Contains(out, want) {
			t.Errorf("rules garden in French lacks %q", want)
		}
	}
	if out, _, _ := run("rules warhammer"); !strings.Contains(out, "docs/warhammer.md (en anglais)") {
		t.Errorf("rules warhammer in French does not name docs/warhammer.md as English:\n%.600s", out)
	}
	if _, errOut, code := run("rules chess"); code != 2 || !strings.Contains(errOut, `arena : jeu inconnu "chess" : les jeux sont `) {
		t.Errorf("rules chess in French: status %d, %q", code, errOut)
	}
	if _, errOut, code := run("rules"); code != 2 || !strings.Contains(errOut, "usage : rules JEU (les jeux : ") {
		t.Errorf("rules in French: status %d, %q", code, errOut)
	}
	// `rules --help` over SSH is the command table's usage (commands/table.go); RulesIn's own.
	var help, none bytes.Buffer
	if code := commands.RulesIn("arena rules", []string{"--help"}, &help, &none, lang.French); code != 0 ||
		!strings.Contains(help.String(), "usage : arena rules JEU\n  les règles d'un jeu telles que l'arène les joue") {
		t.Errorf("rules --help in French: status %d, %q", code, help.String())
	}
	help.Reset()
	if code := commands.Rules("arena rules", []string{"--help"}, &help, &none); code != 0 ||
		!strings.HasPrefix(help.String(), "usage: arena rules GAME\n  a game's rules as the arena plays them") {
		t.Errorf("rules --help in English: status %d, %q", code, help.String())
	}
}

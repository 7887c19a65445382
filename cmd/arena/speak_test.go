package main

import (
	"bytes"
	"io"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/lang"
)

// osEnvInEnglish is the process's environment without its locale variables: the ARENA_*
// variables a CI sets still count, and the command speaks English whatever LANG the
// machine has.
func osEnvInEnglish(k string) string {
	if slices.Contains([]string{"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"}, k) {
		return ""
	}
	return os.Getenv(k)
}

// envOf is an environment holding the variables kv ("LANG", "fr_FR.UTF-8", …) alone.
func envOf(kv ...string) func(string) string {
	vars := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		vars[kv[i]] = kv[i+1]
	}
	return func(k string) string { return vars[k] }
}

// french is the environment of a French student's terminal.
var french = envOf("LANG", "fr_FR.UTF-8")

// The command speaks the language its environment's locale names, in gettext's order,
// English when it names none the arena speaks.
func TestTheCommandSpeaksTheLanguageOfItsEnvironment(t *testing.T) {
	for _, c := range []struct {
		env  []string
		want lang.Lang
	}{
		{nil, lang.English},
		{[]string{"LANG", "fr_FR.UTF-8"}, lang.French},
		{[]string{"LANG", "C.UTF-8"}, lang.English},
		{[]string{"LANG", "de_DE.UTF-8"}, lang.English},
		{[]string{"LANG", "en_GB.UTF-8", "LC_MESSAGES", "fr_CA.UTF-8"}, lang.French},
		{[]string{"LANG", "fr_FR.UTF-8", "LC_ALL", "en_US.UTF-8"}, lang.English},
		{[]string{"LANG", "en_US.UTF-8", "LANGUAGE", "de:fr:en"}, lang.French},
		{[]string{"LC_ALL", "C", "LANGUAGE", "fr"}, lang.English}, // C means no translation
	} {
		if got := cliLang(envOf(c.env...)); got != c.want {
			t.Errorf("%v: %s, want %s", c.env, got, c.want)
		}
	}
}

// usages are the --help of every command of the arena in l (the environment env names l).
func usages(t *testing.T, env func(string) string) map[string]string {
	t.Helper()
	l := cliLang(env)
	out := map[string]string{}
	out["arena"] = captureStdout(t, func() { run([]string{"help"}, env) })
	var b bytes.Buffer
	matchEnv{lang: l, stdout: &b, stderr: io.Discard, games: catalog.All}.parse([]string{"--help"})
	out["match"] = b.String()
	b.Reset()
	checkEnv{lang: l, stdout: &b, stderr: io.Discard}.parse([]string{"--help"})
	out["check"] = b.String()
	b.Reset()
	rerunEnv{lang: l, stdout: &b, stderr: io.Discard}.parse([]string{"--help"})
	out["rerun"] = b.String()
	b.Reset()
	positionEnv{lang: l, stdin: strings.NewReader(""), stdout: &b, stderr: io.Discard, games: catalog.All}.run([]string{"--help"})
	out["position"] = b.String()
	b.Reset()
	parseServe([]string{"--help"}, &b, env)
	out["serve"] = b.String()
	b.Reset()
	storeMain(l, []string{"--help"}, strings.NewReader(""), &b, io.Discard)
	out["store"] = b.String()
	b.Reset()
	natsMain([]string{"--help"}, io.Discard, &b, env, nil)
	out["nats"] = b.String()
	b.Reset()
	natsMain([]string{"init", "--help"}, io.Discard, &b, env, nil)
	out["nats init"] = b.String()
	for cmd, u := range out {
		if u == "" {
			t.Fatalf("arena %s --help printed nothing", cmd)
		}
	}
	return out
}

// With LANG=fr_FR.UTF-8, every --help is in French, names every option the English one
// names, and is no wider than the English one.
func TestEveryUsageInFrench(t *testing.T) {
	en, fr := usages(t, noEnv), usages(t, french)
	option := regexp.MustCompile(`--[a-z][a-z0-9-]*`)
	for cmd, e := range en {
		f := fr[cmd]
		if cmd == "nats init" && !strings.Contains(f, "Fait les clés d'un bus") ||
			cmd != "nats init" && (!strings.Contains(f, "Usage :") || strings.Contains(f, "Usage:") || !strings.Contains(e, "Usage:")) {
			t.Errorf("arena %s --help is not in French:\n%s", cmd, f)
		}
		for _, o := range option.FindAllString(e, -1) {
			if !strings.Contains(f, o) {
				t.Errorf("arena %s --help in French leaves out %s", cmd, o)
			}
		}
		widest := func(s string) int {
			w := 0
			for i, line := range strings.Split(s, "\n") {
				if i > 0 || !strings.HasPrefix(line, "Usage") { // the synopsis is commands
					w = max(w, utf8.RuneCountInString(line))
				}
			}
			return w
		}
		if widest(f) > widest(e) {
			t.Errorf("arena %s --help in French is %d columns wide, the English %d", cmd, widest(f), widest(e))
		}
	}
	for _, want := range []string{"Les outils propres aux jeux :", "Lancez « arena COMMAND --help »"} {
		if !strings.Contains(fr["arena"], want) {
			t.Errorf("arena help in French lacks %q:\n%s", want, fr["arena"])
		}
	}
	if !strings.Contains(fr["match"], "le %% de victoires") && !strings.Contains(fr["match"], "le % de victoires") {
		t.Errorf("arena match --help in French:\n%s", fr["match"])
	}
	// An environment naming no language the arena speaks is English.
	if de := usages(t, envOf("LANG", "de_DE.UTF-8")); de["serve"] != en["serve"] || de["arena"] != en["arena"] {
		t.Error("LANG=de_DE.UTF-8 is not English")
	}
}

// A bad flag or argument is refused in French, flag package's errors included.
func TestAFrenchErrorForABadFlagOrArgument(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--game", "race", "--seats", "max,one", "--nope"}, "arena match: option inconnue : -nope (voir arena match --help)\n"},
		{[]string{"--game", "race", "--seats", "max,one", "--games", "x"}, `arena match: valeur "x" invalide pour l'option -games : valeur illisible (voir arena match --help)` + "\n"},
		{[]string{"--game", "race", "--seats", "max,one", "--games"}, "arena match: l'option demande une valeur : -games (voir arena match --help)\n"},
		{[]string{"--game", "race", "--seats", "max,one", "extra"}, `arena match: argument inattendu "extra" (voir arena match --help)` + "\n"},
		{[]string{"--game", "nosuch", "--seats", "max,one"}, `arena match: jeu "nosuch" inconnu ; jeux : race, sizedrace` + "\n"},
		{[]string{"--game", "race", "--seats", "max,one", "--games", "0"}, "arena match: --games doit valoir au moins 1, pas 0\n"},
		{[]string{"--game", "race", "--seats", "max,one", "--allow-read", "/nowhere/at/all"}, "arena match: valeur \"/nowhere/at/all\" invalide pour l'option -allow-read : --allow-read /nowhere/at/all : /nowhere/at/all n'est pas un dossier (voir arena match --help)\n"},
	} {
		r := cliIn(lang.French, false, c.args...)
		if r.code != 2 || r.stderr != c.want {
			t.Errorf("%v: exit %d, stderr\n%q, want\n%q", c.args, r.code, r.stderr, c.want)
		}
		// The same mistake in English says what it always said.
		if e := cli(false, c.args...); e.code != 2 || strings.Contains(e.stderr, "inconnu") || strings.Contains(e.stderr, " : ") {
			t.Errorf("%v in English: exit %d, %q", c.args, e.code, e.stderr)
		}
	}
	if e := cli(false, "--game", "race", "--seats", "max,one", "--games", "x"); e.stderr != `arena match: invalid value "x" for flag -games: parse error (see arena match --help)`+"\n" {
		t.Errorf("English: %q", e.stderr)
	}

	var out, errb bytes.Buffer
	pos := positionEnv{lang: lang.French, stdin: strings.NewReader(""), stdout: &out, stderr: &errb, games: catalog.All}
	if code := pos.run([]string{"obs", "--game", "sevencolors", "--seat", "x"}); code != 2 ||
		!strings.Contains(errb.String(), `arena position obs: valeur "x" invalide pour l'option -seat : valeur illisible`) {
		t.Errorf("position: exit %d, %q", code, errb.String())
	}
	errb.Reset()
	if code := serveMain([]string{"--tick-hz", "0"}, &errb, french, nil); code != 2 ||
		!strings.HasPrefix(errb.String(), "arena serve: --tick-hz 0 : il faut de 1 à 1000\n\nUsage : arena serve") {
		t.Errorf("serve: exit %d, %q", code, errb.String())
	}
	errb.Reset()
	if code := natsMain(nil, io.Discard, &errb, french, nil); code != 2 || !strings.HasPrefix(errb.String(), "arena nats: le bus a besoin des clés de ses nœuds") {
		t.Errorf("nats: exit %d, %q", code, errb.String())
	}
	errb.Reset()
	if code := storeMain(lang.French, []string{"copy", "--from", "a"}, strings.NewReader(""), io.Discard, &errb); code != 2 ||
		!strings.HasPrefix(errb.String(), "arena store: copy : --from et --to sont tous deux nécessaires\n") {
		t.Errorf("store: exit %d, %q", code, errb.String())
	}
	errb.Reset()
	if code := (checkEnv{lang: lang.French, stdout: io.Discard, stderr: &errb}).run([]string{"--game", "sevencolors"}); code != 2 ||
		!strings.Contains(errb.String(), `arena check: donnez le programme à vérifier sous la forme exec:"COMMAND"`) {
		t.Errorf("check: exit %d, %q", code, errb.String())
	}
	errb.Reset()
	if code := (rerunEnv{lang: lang.French, stdout: io.Discard, stderr: &errb}).run([]string{"game.json", "exec:true"}); code != 2 ||
		!strings.Contains(errb.String(), "arena rerun: --seat S est requis") {
		t.Errorf("rerun: exit %d, %q", code, errb.String())
	}
}

// A French reader gets the match report in French, numbers written the French way; the
// JSON lines are the same in every language.
func TestAFrenchMatchReport(t *testing.T) {
	args := []string{"--game", "race", "--seats", "max,one,max", "--games", "30", "--seed", "3"}
	fr, en := cliIn(lang.French, false, args...), cli(false, args...)
	if fr.code != 0 || en.code != 0 {
		t.Fatalf("exit %d, %d: %s %s", fr.code, en.code, fr.stderr, en.stderr)
	}
	lines := strings.Split(fr.stdout, "\n")
	if lines[0] != "race · target=21 · 30 parties · graine 3 · places tournantes" {
		t.Errorf("header %q", lines[0])
	}
	for _, h := range []string{"bot", "parties", "victoires", "nuls", "défaites", "% vict.", "part moy."} {
		if !strings.Contains(lines[1], h) {
			t.Errorf("the table's head %q lacks %q", lines[1], h)
		}
	}
	if !regexp.MustCompile(`\d,\d\x{a0}%`).MatchString(fr.stdout) || strings.Contains(lines[2], ".") {
		t.Errorf("percentages are not written the French way:\n%s", fr.stdout)
	}
	if !strings.Contains(fr.stdout, "\n30 parties en ") || !strings.Contains(fr.stdout, " parties/s") {
		t.Errorf("timing line:\n%s", fr.stdout)
	}
	// Each row has the same cells in both languages, aligned under the heads.
	enLines := strings.Split(en.stdout, "\n")
	for i := 2; i < 5; i++ {
		if strings.Fields(strings.ReplaceAll(lines[i], ",", "."))[0] != strings.Fields(enLines[i])[0] {
			t.Errorf("row %d: %q, in English %q", i, lines[i], enLines[i])
		}
		if utf8.RuneCountInString(lines[i]) != utf8.RuneCountInString(lines[1]) {
			t.Errorf("row %q is not as wide as the head %q", lines[i], lines[1])
		}
	}
	if !strings.HasPrefix(en.stdout, "race · target=21 · 30 games · seed 3 · seats rotate\n") {
		t.Errorf("English header:\n%s", en.stdout)
	}

	rr := cliIn(lang.French, true, "--game", "race", "--seats", "max,one,random", "--games", "4", "--seed", "3", "--round-robin")
	for _, want := range []string{"race en toutes rondes · 3 bots · target=21 · 4 parties par paire et par réglage · graine 3",
		"target=21 : % de victoires du bot en ligne contre le bot en colonne", "classement général"} {
		if !strings.Contains(rr.stdout, want) {
			t.Errorf("round robin lacks %q:\n%s", want, rr.stdout)
		}
	}
	if !strings.Contains(rr.stderr, "/12 parties") {
		t.Errorf("progress bar: %q", rr.stderr)
	}

	jsonArgs := append(args, "--json")
	if f, e := cliIn(lang.French, false, jsonArgs...), cli(false, jsonArgs...); f.stdout != e.stdout || f.stdout == "" {
		t.Errorf("JSON lines differ by language:\n%s\n%s", f.stdout, e.stdout)
	}
}

// captureStderr runs f with os.Stderr sent to a pipe and returns what it printed.
func captureStderr(t *testing.T, f func()) string {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	saved := os.Stderr
	os.Stderr = w
	done := make(chan string)
	go func() { b, _ := io.ReadAll(r); done <- string(b) }()
	f()
	os.Stderr = saved
	w.Close()
	return <-done
}

// The arena command itself, run with LANG=fr_FR.UTF-8 in its environment, reports a match
// and refuses a bad flag in French; without it, in English.
func TestTheArenaCommandInAFrenchTerminal(t *testing.T) {
	args := []string{"match", "--game", "sevencolors", "--seats", "greedy,random", "--games", "4", "--seed", "1", "--size", "8"}
	var code int
	out := captureStdout(t, func() { code = run(args, french) })
	if code != 0 || !strings.HasPrefix(out, "sevencolors · size=8 · 4 parties · graine 1 · places alternées\n") || !strings.Contains(out, "victoires") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	out = captureStdout(t, func() { code = run(args, noEnv) })
	if code != 0 || !strings.HasPrefix(out, "sevencolors · size=8 · 4 games · seed 1 · seats alternate\n") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	errOut := captureStderr(t, func() {
		code = run([]string{"match", "--game", "sevencolors", "--seats", "greedy,random", "--nope"}, french)
	})
	if code != 2 || errOut != "arena match: option inconnue : -nope (voir arena match --help)\n" {
		t.Errorf("exit %d: %q", code, errOut)
	}
	errOut = captureStderr(t, func() { code = run([]string{"nosuchcommand"}, french) })
	if code != 2 || !strings.HasPrefix(errOut, "arena: commande inconnue \"nosuchcommand\"\n\narena — une arène de jeux multijoueurs servie par SSH\n\nUsage :") {
		t.Errorf("exit %d: %q", code, errOut)
	}
}

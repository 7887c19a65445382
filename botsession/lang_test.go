package botsession_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/lang"
)

// localeBot is a program on a `bot` session whose client sent its locale as OpenSSH sends
// it (SendEnv LANG), before the command.
type localeBot struct {
	t      *testing.T
	in     io.WriteCloser
	lines  chan string
	stderr *sshtest.Buffer
	done   chan error
}

func startLocaleBot(t *testing.T, c *gossh.Client, env []string, args string) *localeBot {
	t.Helper()
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sess.Close() })
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		if err := sess.Setenv(k, v); err != nil {
			t.Fatalf("setenv %s: %v", kv, err)
		}
	}
	b := &localeBot{t: t, lines: make(chan string, 1024), stderr: &sshtest.Buffer{}, done: make(chan error, 1)}
	if b.in, err = sess.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	out, err := sess.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	sess.Stderr = b.stderr
	if err := sess.Start("bot " + args); err != nil {
		t.Fatal(err)
	}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			b.lines <- sc.Text()
		}
		close(b.lines)
		b.done <- sess.Wait()
	}()
	return b
}

func (b *localeBot) send(format string, args ...any) {
	b.t.Helper()
	if _, err := fmt.Fprintf(b.in, format+"\n", args...); err != nil {
		b.t.Fatal(err)
	}
}

// until reads lines up to the first of type typ, and returns it.
func (b *localeBot) until(typ string) arenatest.Msg {
	b.t.Helper()
	for {
		select {
		case line, ok := <-b.lines:
			if !ok {
				b.t.Fatalf("the session ended before a %q line; stderr:\n%s", typ, b.stderr.String())
			}
			var m arenatest.Msg
			if err := json.Unmarshal([]byte(line), &m); err != nil {
				b.t.Fatalf("stdout carried a line that is not JSON: %q", line)
			}
			if m.Str("type") == typ {
				return m
			}
		case <-time.After(20 * time.Second):
			b.t.Fatalf("no %q line after 20 s; stderr:\n%s", typ, b.stderr.String())
		}
	}
}

// playToTheEnd answers each turn with its first legal action until the game's end.
func (b *localeBot) playToTheEnd() {
	b.t.Helper()
	for {
		select {
		case line, ok := <-b.lines:
			if !ok {
				b.t.Fatalf("the session ended before the game did; stderr:\n%s", b.stderr.String())
			}
			var m struct {
				Type  string `json:"type"`
				Match string `json:"match"`
				ID    int    `json:"id"`
				Legal []int  `json:"legal"`
			}
			if err := json.Unmarshal([]byte(line), &m); err != nil {
				b.t.Fatalf("stdout carried a line that is not JSON: %q", line)
			}
			switch m.Type {
			case "end":
				return
			case "turn":
				b.send(`{"type":"action","match":%q,"id":%d,"action":%d}`, m.Match, m.ID, m.Legal[0])
			}
		case <-time.After(20 * time.Second):
			b.t.Fatalf("no end after 20 s; stderr:\n%s", b.stderr.String())
		}
	}
}

// twoMistakes is what a program hears of two mistakes on one session: an illegal colour at its
// first turn (its own), then a line that is not JSON at the next.
type twoMistakes struct {
	illegal, garbage arenatest.Msg
	want             map[lang.Lang]string // the illegal move's reason, as the game says it
	stderr           string
}

func makeMistakes(t *testing.T, c *gossh.Client, env ...string) twoMistakes {
	t.Helper()
	b := startLocaleBot(t, c, env, "--game sevencolors --practice --vs greedy --seed 3 --size 10 --games 1")
	start := b.until("start")
	turn := b.until("turn")
	var obs struct {
		You int `json:"you"`
	}
	raw, _ := json.Marshal(turn["obs"])
	if err := json.Unmarshal(raw, &obs); err != nil {
		t.Fatal(err)
	}
	// The reason the game gives for that colour, in each language: what the warning must say.
	e, ok := catalog.Get("sevencolors")
	if !ok {
		t.Fatal("no sevencolors")
	}
	cfgRaw, _ := json.Marshal(start["config"])
	var cfg games.Config
	if err := json.Unmarshal(cfgRaw, &cfg); err != nil {
		t.Fatal(err)
	}
	st, err := e.Game.New(cfg, 2, uint64(start.Num("seed")))
	if err != nil {
		t.Fatal(err)
	}
	refused := st.Validate(start.Num("seat"), obs.You)
	if refused == nil {
		t.Fatalf("colour %d is legal at the first turn", obs.You)
	}
	m := twoMistakes{want: map[lang.Lang]string{lang.English: lang.Say(refused, lang.English), lang.French: lang.Say(refused, lang.French)}}
	b.send(`{"type":"action","match":%q,"id":%d,"action":%d}`, turn.Str("match"), turn.Num("id"), obs.You)
	m.illegal = b.until("warn")
	b.until("turn")
	b.send("this is not json")
	m.garbage = b.until("warn")
	b.playToTheEnd()
	b.in.Close()
	select {
	case <-b.done:
	case <-time.After(20 * time.Second):
		t.Fatalf("the session did not end once its input did; stderr:\n%s", b.stderr.String())
	}
	m.stderr = b.stderr.String()
	return m
}

// A program whose SSH client sends LANG=fr_FR.UTF-8 is told its mistakes in French — the
// msg of its warn lines and its stderr — with the same codes, applied actions and every
// other value as in English; without the variable (or with an English one) nothing changes.
func TestAProgramIsToldItsMistakesInItsClientsLanguage(t *testing.T) {
	addr, _, _ := arenatest.BotArena(t, arenatest.FastHub(), time.Hour)
	c := sshtest.Dial(t, addr, "alice", sshtest.NewKey(t))
	en := makeMistakes(t, c)
	fr := makeMistakes(t, c, "LANG=fr_FR.UTF-8")

	for _, pair := range [][2]arenatest.Msg{{en.illegal, fr.illegal}, {en.garbage, fr.garbage}} {
		e, f := pair[0], pair[1]
		for _, k := range []string{"type", "code", "match"} {
			if e.Str(k) != f.Str(k) {
				t.Errorf("%s: %q in English, %q in French", k, e.Str(k), f.Str(k))
			}
		}
		if e.Num("id") != f.Num("id") || fmt.Sprint(e["applied"]) != fmt.Sprint(f["applied"]) {
			t.Errorf("id or applied differ: %v / %v", e, f)
		}
	}
	if en.garbage.Str("code") != "malformed" {
		t.Errorf("a line that is not JSON: code %q", en.garbage.Str("code"))
	}
	// The illegal move: the game's own reason, said in each session's language.
	if got := en.illegal.Str("msg"); got != en.want[lang.English] {
		t.Errorf("English illegal move: msg %q, want %q", got, en.want[lang.English])
	}
	if got := fr.illegal.Str("msg"); got != fr.want[lang.French] {
		t.Errorf("French illegal move: msg %q, want %q", got, fr.want[lang.French])
	}
	// The malformed line: English as it was, French for the French client.
	wantEN := "a line that is not JSON came before your answer to turn 2: `this is not json` — stdout carries protocol lines only: print debugging to stderr"
	wantFR := "une ligne qui n'est pas du JSON est arrivée avant votre réponse au tour 2 : `this is not json` — stdout ne porte que des lignes du protocole : écrivez le débogage sur stderr"
	if got := en.garbage.Str("msg"); got != wantEN {
		t.Errorf("English malformed line: msg\n%q\nwant\n%q", got, wantEN)
	}
	if got := fr.garbage.Str("msg"); got != wantFR {
		t.Errorf("French malformed line: msg\n%q\nwant\n%q", got, wantFR)
	}
	// stderr says the same, in the same language, and what was played instead.
	for _, want := range []string{"arena: warning (turn 2): malformed: " + wantEN + "; played instead: ", "practice over: "} {
		if !strings.Contains(en.stderr, want) {
			t.Errorf("English stderr lacks %q:\n%s", want, en.stderr)
		}
	}
	for _, want := range []string{"arena: avertissement (tour 2) : malformed : " + wantFR + " ; joué à la place : ",
		"arena: avertissement (tour 1) : " + fr.illegal.Str("code") + " : ", "entraînement terminé — "} {
		if !strings.Contains(fr.stderr, want) {
			t.Errorf("French stderr lacks %q:\n%s", want, fr.stderr)
		}
	}
	for _, english := range []string{"warning", "practice over", "played instead"} {
		if strings.Contains(fr.stderr, english) {
			t.Errorf("French stderr says %q:\n%s", english, fr.stderr)
		}
	}
}

// An error line (the session cannot go on) is said in the client's language too; its
// exit status is the same.
func TestARefusedSessionSaysWhyInTheClientsLanguage(t *testing.T) {
	addr, _, _ := arenatest.BotArena(t, arenatest.FastHub(), time.Hour)
	c := sshtest.Dial(t, addr, "alice", sshtest.NewKey(t))
	for env, want := range map[string]string{
		"":                 "--vs and --seed go with --practice (without it, the matchmaker picks opponents)",
		"LANG=en_GB.UTF-8": "--vs and --seed go with --practice (without it, the matchmaker picks opponents)",
		"LANG=fr_FR.UTF-8": "--vs et --seed vont avec --practice (sans lui, l'appariement choisit les adversaires)",
		"LC_ALL=fr_CA":     "--vs et --seed vont avec --practice (sans lui, l'appariement choisit les adversaires)",
	} {
		var vars []string
		if env != "" {
			vars = append(vars, env)
		}
		b := startLocaleBot(t, c, vars, "--game sevencolors --vs greedy")
		m := b.until("error")
		if m.Str("msg") != want {
			t.Errorf("%s: error %q, want %q", env, m.Str("msg"), want)
		}
		var err error
		select {
		case err = <-b.done:
		case <-time.After(20 * time.Second):
			t.Fatalf("%s: the session did not end", env)
		}
		if exit, ok := err.(*gossh.ExitError); !ok || exit.ExitStatus() != 2 {
			t.Errorf("%s: session ended with %v, want exit status 2", env, err)
		}
		if !strings.Contains(b.stderr.String(), "arena: "+want) {
			t.Errorf("%s: stderr %q", env, b.stderr.String())
		}
	}
}

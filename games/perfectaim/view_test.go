package perfectaim

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/games"
)

var sgr = regexp.MustCompile("\x1b\\[[0-9;]*m")

func TestBoardPlain(t *testing.T) {
	s, _ := NewBoard([]string{
		"#######",
		"#R.o.B#",
		"#.:^v.#",
		"#.+D~.#",
		"#.....#",
		"#y....#",
		"#######",
	}, BoardOptions{NoRegen: true, Shield: [4]bool{Blue: true}})
	s.Apply(0, AttackDown) // RED's fireball sits on RED's cell, heading down
	got := View.Board(s, -1, games.Plain)
	want := strings.Join([]string{
		"##############",
		"##*v. o . B)##",
		"##. : ^ v . ##",
		"##. + D ~~. ##",
		"##. . . . . ##",
		"##Y . . . . ##",
		"##############",
	}, "\n")
	if got != want {
		t.Fatalf("plain board:\n%s\nwant:\n%s", got, want)
	}
}

func TestBoardPalettesKeepTheText(t *testing.T) {
	s, _ := New(1, 0, 0, 4)
	plain := View.Board(s, 0, games.Plain)
	lines := strings.Split(plain, "\n")
	if len(lines) != Size {
		t.Fatalf("%d lines", len(lines))
	}
	for _, l := range lines {
		if len(l) != 2*Size {
			t.Fatalf("line %q is %d wide", l, len(l))
		}
	}
	for _, p := range []games.Palette{games.ANSI16, games.ANSI256} {
		colour := View.Board(s, 0, p)
		if colour == plain || sgr.ReplaceAllString(colour, "") != plain {
			t.Errorf("palette %d: same characters as plain, with colours", p)
		}
	}
	if View.Board(nil, 0, games.Plain) != "" || View.Board(s, 0, games.Palette(9)) != "" {
		t.Error("foreign state or palette")
	}
}

func TestKeys(t *testing.T) {
	s, _ := New(1, 0, 0, 2)
	for key, want := range map[string]Action{
		"up": MoveUp, "a": MoveLeft, "shift+right": AttackRight, "k": AttackDown, " ": Wait, "S": AttackDown,
	} {
		a, ok := View.Key(s, 0, key)
		if !ok || a != want {
			t.Errorf("key %q: %v %v, want %s", key, a, ok, want)
		}
		if err := s.Validate(0, a); err != nil && games.IllegalCode(err) == "malformed_action" {
			t.Errorf("key %q gives an action the engine cannot read", key)
		}
	}
	if _, ok := View.Key(s, 0, "x"); ok {
		t.Error("x mapped")
	}
}

func TestStatus(t *testing.T) {
	s, _ := NewBoard(lane("#R...B#"), BoardOptions{NoRegen: true, SpeedQ: [4]int64{Red: 5}, Supers: [4]int{Red: 1}, Shield: [4]bool{Red: true}})
	if got := View.Status(s, 0); got != "RED · speed 1.25 · 0 coins · shield · 1 super fireball" {
		t.Errorf("status %q", got)
	}
	finish(t, s, script(map[Color][]Action{Red: {AttackLeft}}))
	if got := View.Status(s, 1); got != "BLUE · dead at 1.7 s · 0 coins" /* thrown at 4/5, hit at 67/40 */ {
		t.Errorf("status %q", got)
	}
	if View.Rules() == "" || len(View.Keys()) != 3 {
		t.Error("rules and keys")
	}
}

// A live game stands at its first decision (1 s) from the start: the headline follows the
// wall clock until then, and the state's clock once the room has no wall clock to give.
func TestHeadlineFollowsTheTimePlayed(t *testing.T) {
	s, _ := New(1, 0, 0, 4)
	h := View.(games.Headliner)
	for _, tc := range []struct {
		played time.Duration
		want   string
	}{
		{0, "time 0 s"},
		{1300 * time.Millisecond, "time 1 s"},
		{300 * time.Millisecond, "time 0 s"},
		{5 * time.Second, "time 1 s"},
		{-1, "time 1 s"},
	} {
		if got := h.Headline(s, tc.played); !strings.HasPrefix(got, tc.want) {
			t.Errorf("played %v: %q, want %q…", tc.played, got, tc.want)
		}
	}
}

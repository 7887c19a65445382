package dicewars

import (
	"strconv"
	"strings"
	"testing"

	"github.com/arena-classroom/arena/games"
)

// Every area's number shows on the map, and every line is as wide as the map.
func TestTheMapShowsEveryArea(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		s, err := NewState(30, 4, seed)
		if err != nil {
			t.Fatal(err)
		}
		plain := View.Board(s, -1, games.Plain)
		lines := strings.Split(plain, "\n")
		if len(lines) != rasters[0].h {
			t.Fatalf("%d lines", len(lines))
		}
		for _, l := range lines {
			if len(l) != rasters[0].w {
				t.Fatalf("a line of %d columns: %q", len(l), l)
			}
		}
		for id := 1; id <= 30; id++ {
			if !strings.Contains(plain, strconv.Itoa(id)) {
				t.Fatalf("seed %d: area %d is not labelled\n%s", seed, id, plain)
			}
		}
	}
}

// An attack is composed with tab and enter, or typed; a choice the rules refuse is explained
// and nothing is played.
func TestComposingAnAttack(t *testing.T) {
	s := board(line4, []int{0, 1, 0, 1}, []int{1, 3, 4, 1}, 2)
	d := View.(games.Composer).Compose(s, 0)
	if _, _, used := d.Key("enter"); !used || !strings.Contains(d.Prompt(), "From 3") {
		t.Fatalf("area 3 (the only one that can attack) is not proposed: %q", d.Prompt())
	}
	d.Key("tab") // the targets of 3: 2, then 4
	a, done, _ := d.Key("enter")
	if !done || a != (Action{3, 4}) {
		t.Fatalf("tab then enter: %v %v", a, done)
	}
	d = View.(games.Composer).Compose(s, 0)
	d.Key("1")
	if _, done, _ := d.Key("enter"); done || !strings.Contains(d.Prompt(), "cannot attack") {
		t.Fatalf("area 1 (one die) was taken: %q", d.Prompt())
	}
	for _, k := range []string{"3", "enter", "2", "enter"} {
		a, done, _ = d.Key(k)
	}
	if !done || a != (Action{3, 2}) {
		t.Fatalf("typed 3, 2: %v %v", a, done)
	}
	if a, done, _ := View.(games.Composer).Compose(s, 0).Key("e"); !done || a != End {
		t.Fatal("e does not end the turn")
	}
}

package garden

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/arena-classroom/arena/games"
)

var positions = Game.(games.Positions)

// startPosition is a new game's position after both clans, as a generic JSON object.
func startPosition(t *testing.T) map[string]any {
	t.Helper()
	s := NewState(DefaultRounds, 8)
	play(t, s, "clan cooks")
	play(t, s, "clan lumberjacks")
	raw, err := positions.EncodePosition(s)
	if err != nil {
		t.Fatal(err)
	}
	var p map[string]any
	if err := json.Unmarshal(raw, &p); err != nil {
		t.Fatal(err)
	}
	return p
}

func cellsOf(p map[string]any) []any { return p["cells"].([]any) }

func cellOf(p map[string]any, i int) map[string]any { return cellsOf(p)[i].(map[string]any) }

// A position reads back to the same game, clans being chosen as well as in a turn.
func TestPositionsReadBack(t *testing.T) {
	s := NewState(DefaultRounds, 5)
	for _, cmd := range []string{"", "clan blacksmiths", "clan random", "end"} {
		if cmd != "" {
			play(t, s, cmd)
		}
		raw, _ := positions.EncodePosition(s)
		st, err := positions.DecodePosition(raw, 1)
		if err != nil {
			t.Fatalf("after %q: %v\n%s", cmd, err, raw)
		}
		back := st.(*State)
		again, _ := positions.EncodePosition(back)
		if string(again) != string(raw) || back.First() != s.First() || back.Phase() != s.Phase() {
			t.Fatalf("after %q:\n%s\nreads back as\n%s", cmd, raw, again)
		}
	}
}

// A position the rules cannot hold is refused naming the field at fault.
func TestInvalidPositionsNameTheField(t *testing.T) {
	for _, tc := range []struct {
		name  string
		edit  func(p map[string]any)
		field string
	}{
		{"28 cells", func(p map[string]any) { p["cells"] = cellsOf(p)[1:] }, "cells"},
		{"a cell twice", func(p map[string]any) { cellsOf(p)[1] = cellsOf(p)[0] }, "cells[1]"},
		{"a cut corner", func(p map[string]any) { cellOf(p, 0)["q"] = 0 }, "cells[0]"},
		{"6 creatures", func(p map[string]any) { cellOf(p, 11)["creatures"] = 6 }, "cells[11].creatures"},
		{"creatures on an empty cell", func(p map[string]any) { cellOf(p, 0)["creatures"] = 2 }, "cells[0].creatures"},
		{"an owner that is no seat", func(p map[string]any) { cellOf(p, 11)["owner"] = 2 }, "cells[11].owner"},
		{"an owner missing", func(p map[string]any) { delete(cellOf(p, 3), "owner") }, "cells[3].owner"},
		{"two skies", func(p map[string]any) { twoOf(p, "sky") }, "kind"},
		{"an unknown kind", func(p map[string]any) { cellOf(p, 4)["kind"] = "lake" }, "cells[4].kind"},
		{"a poison without a timer", func(p map[string]any) { cellOf(p, 4)["status"] = "poisoned" }, "cells[4].timer"},
		{"an unknown clan", func(p map[string]any) { player(p, 1)["clan"] = "elves" }, "players[1].clan"},
		{"the same clan twice", func(p map[string]any) { player(p, 1)["clan"] = player(p, 0)["clan"] }, "players[1].clan"},
		{"a negative stock", func(p map[string]any) { player(p, 0)["wood"] = -1 }, "players[0].wood"},
		{"three players", func(p map[string]any) { p["players"] = append(p["players"].([]any), player(p, 0)) }, "players"},
		{"an unknown phase", func(p map[string]any) { p["phase"] = "lunch" }, "phase"},
		{"six actions", func(p map[string]any) { p["actions_left"] = 6 }, "actions_left"},
		{"turn 0 in conquest", func(p map[string]any) { p["turn"] = 0 }, "turn"},
		{"to_move missing", func(p map[string]any) { delete(p, "to_move") }, "to_move"},
		{"a misspelt field", func(p map[string]any) { p["turns"] = 3 }, "position"},
		{"a player without cells", func(p map[string]any) { emptySeat(p, 1) }, "cells"},
	} {
		p := startPosition(t)
		tc.edit(p)
		raw, _ := json.Marshal(p)
		_, err := positions.DecodePosition(raw, 1)
		var pe *games.PositionError
		if !errors.As(err, &pe) {
			t.Fatalf("%s: %v, want a position error", tc.name, err)
		}
		if !strings.HasSuffix(pe.Field, tc.field) {
			t.Fatalf("%s: field %q (%v), want %q", tc.name, pe.Field, err, tc.field)
		}
	}
}

func player(p map[string]any, seat int) map[string]any {
	return p["players"].([]any)[seat].(map[string]any)
}

// twoOf makes a second special of kind from the first simple cell without creatures.
func twoOf(p map[string]any, kind string) {
	for i := range cellsOf(p) {
		c := cellOf(p, i)
		if c["kind"] == "simple" && c["owner"] == float64(-1) {
			c["kind"] = kind
			delete(c, "terrain")
			delete(c, "resource")
			delete(c, "yield")
			return
		}
	}
}

func emptySeat(p map[string]any, seat int) {
	for i := range cellsOf(p) {
		if c := cellOf(p, i); c["owner"] == float64(seat) {
			c["owner"], c["creatures"] = -1, 0
		}
	}
}

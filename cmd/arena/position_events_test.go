package main

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
)

// A small DiceWars position on a bare graph: seat 0's 3 dice on area 1 next to seat 1's 2.
const dicewarsBattle = `{"game":"dicewars","areas":[{"id":1,"owner":0,"dice":3,"adj":[2]},{"id":2,"owner":1,"dice":2,"adj":[1,3]},{"id":3,"owner":1,"dice":1,"adj":[2]}],"players":[{"stock":0,"eliminated":false},{"stock":0,"eliminated":false}],"to_move":0,"round":1}`

// gardenCombat is a new garden (seed 1) in seat 0's conquest, its 3 creatures on (2,0) next
// to 2 of seat 1's on (2,1).
func gardenCombat(t *testing.T) string {
	t.Helper()
	var p map[string]any
	if err := json.Unmarshal([]byte(mustPosition(t, "", "new", "--game", "garden", "--seed", "1")), &p); err != nil {
		t.Fatal(err)
	}
	for _, c := range p["cells"].([]any) {
		if c := c.(map[string]any); c["r"] == 2.0 && c["q"] == 1.0 {
			if c["kind"] != "simple" {
				t.Fatalf("(2,1) is %v in the garden of seed 1", c["kind"])
			}
			c["owner"], c["creatures"] = 1, 2
		}
	}
	players := p["players"].([]any)
	players[0].(map[string]any)["clan"], players[1].(map[string]any)["clan"] = "cooks", "miners"
	p["phase"], p["to_move"], p["turn"], p["actions_left"] = "conquest", 0, 1, 5
	raw, _ := json.Marshal(p)
	return string(raw)
}

// stepEvent plays action on position and returns the first event of type kind, as printed.
func stepEvent(t *testing.T, position, game, action, kind string) (raw json.RawMessage) {
	t.Helper()
	var out struct {
		Events []json.RawMessage `json:"events"`
	}
	if err := json.Unmarshal([]byte(mustPosition(t, position, "step", "--game", game, action)), &out); err != nil {
		t.Fatal(err)
	}
	for _, e := range out.Events {
		var head struct{ Type string }
		if json.Unmarshal(e, &head) == nil && head.Type == kind {
			return e
		}
	}
	t.Fatalf("%s %s: no %s event in %s", game, action, kind, out.Events)
	return nil
}

// documentedEvent is the example of a kind of event docs/positions.md shows: the line that
// begins with it, indented as a code block.
func documentedEvent(t *testing.T, doc, kind string) map[string]any {
	t.Helper()
	at := strings.Index(doc, "\n    {\"type\":\""+kind+"\"")
	if at < 0 {
		t.Fatalf("docs/positions.md shows no %s event", kind)
	}
	line := doc[at+5:]
	line = line[:strings.Index(line, "\n")]
	var e map[string]any
	if err := json.Unmarshal([]byte(line), &e); err != nil {
		t.Fatalf("the %s event docs/positions.md shows is not JSON: %v\n%s", kind, err, line)
	}
	return e
}

// One vocabulary for a fight in both games with dice, as docs/positions.md writes it: the
// attacker's dice are attack, the defender's defend, and won says whether the attacker took
// the cell or area. The fields are read from what arena position step prints, and the docs
// show that very output.
func TestPositionBattleEventsSpeakAsDocumented(t *testing.T) {
	raw, err := os.ReadFile("../../docs/positions.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(raw)
	for _, tc := range []struct {
		game, position, action, kind string
		attackers, defenders         int
		own                          []string // fields of this game's alone
	}{
		{"dicewars", dicewarsBattle, `{"attack":[1,2]}`, "battle", 3, 2, []string{"attacker", "defender"}},
		{"garden", gardenCombat(t), `"move 2 0 2 1"`, "combat", 3, 2, []string{"sky"}},
	} {
		printed := stepEvent(t, tc.position, tc.game, tc.action, tc.kind)
		if !strings.Contains(doc, "\n    "+string(printed)+"\n") {
			t.Errorf("docs/positions.md does not show the %s event arena position step prints:\n    %s", tc.kind, printed)
		}
		var e struct {
			Data map[string]json.RawMessage `json:"data"`
		}
		if err := json.Unmarshal(printed, &e); err != nil {
			t.Fatal(err)
		}
		documented := documentedEvent(t, doc, tc.kind)["data"].(map[string]any)
		for field := range e.Data {
			if _, ok := documented[field]; !ok {
				t.Errorf("%s: the %s event has %q, which docs/positions.md does not show", tc.game, tc.kind, field)
			}
			if !slices.Contains(append([]string{"from", "to", "attack", "defend", "won"}, tc.own...), field) {
				t.Errorf("%s: the %s event has %q, not in the common vocabulary", tc.game, tc.kind, field)
			}
		}
		var attack, defend []int
		var won bool
		for field, into := range map[string]any{"attack": &attack, "defend": &defend, "won": &won} {
			if err := json.Unmarshal(e.Data[field], into); err != nil || documented[field] == nil {
				t.Fatalf("%s: the %s event's %q: %s (%v); documented %v", tc.game, tc.kind, field, e.Data[field], err, documented[field])
			}
		}
		if len(attack) != tc.attackers || len(defend) != tc.defenders {
			t.Errorf("%s: %d attacking dice and %d defending, want %d and %d", tc.game, len(attack), len(defend), tc.attackers, tc.defenders)
		}
		sum := func(dice []int) (n int) {
			for _, d := range dice {
				n += d
			}
			return n
		}
		if won != (sum(attack) > sum(defend)) {
			t.Errorf("%s: won is %v for %v against %v", tc.game, won, attack, defend)
		}
	}
}

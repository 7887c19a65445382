package games

import (
	"slices"
	"testing"
)

func TestParseIAArgs(t *testing.T) {
	a, err := ParseIAArgs([]string{"30", "--ia", "greedy", "-", "--seed", "7", "-1"})
	if err != nil || a.Name != "greedy" || !a.Seeded || a.Seed != 7 || !slices.Equal(a.Positional, []string{"30", "-", "-1"}) {
		t.Fatalf("%+v %v", a, err)
	}
	if a, _ := ParseIAArgs([]string{"--ia", "x", "--help", "--bogus"}); !a.Help {
		t.Fatal("--help not seen")
	}
	for _, bad := range [][]string{{"--ia"}, {"--seed", "-3"}, {"--seed", "x"}, {"--fast"}} {
		if _, err := ParseIAArgs(bad); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
}

package keys

import (
	"strings"
	"testing"
)

func TestNameNoteSaysWhyTheNameIsNotTheOneAskedFor(t *testing.T) {
	for _, c := range []struct{ user, name, says string }{
		{"alice", "alice", ""},
		{"Alice", "alice", ""},
		{"", "player-68bdd1", ""},
		{"root", "player-68bdd1", "root is reserved: you are player-68bdd1; connect as ssh NAME@host to choose a name"},
		{"teacher", "bob", "teacher is reserved: you are bob; connect as ssh NAME@host to choose a name"},
		{"greedy", "player-68bdd1", "greedy is reserved"}, // a house bot's name (extra)
		{"player-000000", "player-68bdd1", "player-000000 is reserved"},
		{"alice", "alice2", "alice belongs to another key: you are alice2"},
		{"abcdefghijklmnop", "abcdefghijklmn12", "abcdefghijklmnop belongs to another key"},
		{"carol", "bob", "carol is not yours: your key already holds as many names as a key may, so you are bob"},
		{"日本", "player-68bdd1", `"日本" has nothing a name can use`},
		{"\x1b[31m", "player-68bdd1", `"" has nothing a name can use`},
	} {
		got := NameNote(c.user, c.name, "greedy").String()
		if c.says == "" && got != "" || !strings.Contains(got, c.says) {
			t.Errorf("NameNote(%q, %q) = %q, want %q", c.user, c.name, got, c.says)
		}
	}
}

func TestReservedWordsAreReserved(t *testing.T) {
	words := ReservedWords()
	if len(words) == 0 {
		t.Fatal("no reserved words")
	}
	for _, w := range words {
		if SanitizeName(w) != "" {
			t.Errorf("%s is listed but can be claimed", w)
		}
	}
}

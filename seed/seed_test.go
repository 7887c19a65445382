package seed

import (
	"encoding/json"
	"strconv"
	"testing"
)

func TestRandomSeedsSurviveFloatJSON(t *testing.T) {
	for range 1000 {
		s := Random()
		if s == 0 || s > Max {
			t.Fatalf("seed %d out of range", s)
		}
		var f float64
		if err := json.Unmarshal([]byte(strconv.FormatUint(s, 10)), &f); err != nil || uint64(f) != s {
			t.Fatalf("seed %d read back as %v", s, f)
		}
	}
}

func TestParse(t *testing.T) {
	for _, c := range []struct {
		text  string
		games int
		ok    bool
	}{
		{"0", 1, true}, {"42", 500, true}, {"9007199254740991", 1, true},
		{"9007199254740991", 2, false}, {"9007199254740992", 1, false},
		{"18446744073709551615", 1, false}, {"-1", 1, false}, {"x", 1, false}, {"", 1, false},
	} {
		if _, err := Parse(c.text, c.games); (err == nil) != c.ok {
			t.Errorf("Parse(%q, %d): %v", c.text, c.games, err)
		}
	}
}

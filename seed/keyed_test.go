package seed

import (
	"bytes"
	"fmt"
	"log/slog"
	"math/bits"
	"strings"
	"testing"
)

func TestKeyedSeedsAreInRangeAndReproducible(t *testing.T) {
	s := NewSecret()
	for i := range 1000 {
		a := Keyed(s, "tournament", uint64(42), i, 0, 0, 0)
		if a == 0 || a > Max {
			t.Fatalf("seed %d out of range", a)
		}
		if b := Keyed(s, "tournament", uint64(42), i, 0, 0, 0); a != b {
			t.Fatalf("Keyed is not a function: %d then %d", a, b)
		}
	}
}

// Neighbouring games (round, pairing, leg, attempt one apart) get unrelated seeds: no two
// equal, no small differences, and about half of the 53 bits differ between neighbours, as
// for independent draws. A different secret gives different seeds for the same parts.
func TestKeyedSeedsOfNeighboursAreUnrelated(t *testing.T) {
	s, other := NewSecret(), NewSecret()
	seen := make(map[uint64]string)
	flips, pairs := 0, 0
	for round := range 6 {
		for pairing := range 6 {
			for leg := range 3 {
				for attempt := range 3 {
					k := fmt.Sprint(round, pairing, leg, attempt)
					v := Keyed(s, "tournament", uint64(4242), round, pairing, leg, attempt)
					if prev, dup := seen[v]; dup {
						t.Fatalf("games %s and %s share seed %d", prev, k, v)
					}
					seen[v] = k
					if w := Keyed(other, "tournament", uint64(4242), round, pairing, leg, attempt); w == v {
						t.Fatalf("game %s: two secrets give the same seed %d", k, v)
					}
					for _, n := range [][4]int{{round + 1, pairing, leg, attempt}, {round, pairing + 1, leg, attempt},
						{round, pairing, leg + 1, attempt}, {round, pairing, leg, attempt + 1}} {
						w := Keyed(s, "tournament", uint64(4242), n[0], n[1], n[2], n[3])
						d := int64(v) - int64(w)
						if d > -1<<20 && d < 1<<20 {
							t.Fatalf("neighbours %s and %v have close seeds %d and %d", k, n, v, w)
						}
						flips += bits.OnesCount64(v ^ w)
						pairs++
					}
				}
			}
		}
	}
	if mean := float64(flips) / float64(pairs); mean < 24 || mean > 29 {
		t.Fatalf("neighbouring seeds differ in %.1f of 53 bits on average; independent ones differ in 26.5", mean)
	}
	// The base seed of a tournament and its neighbours S±k give unrelated games too.
	for k := uint64(1); k < 50; k++ {
		if Keyed(s, "tournament", 4242+k, 1, 0, 0, 0) == Keyed(s, "tournament", uint64(4242), 1, 0, 0, 0) {
			t.Fatalf("bases 4242 and %d share a game seed", 4242+k)
		}
	}
}

func TestKeyedPartsAreUnambiguous(t *testing.T) {
	s := NewSecret()
	same := [][2][]any{
		{{"ab", "c"}, {"a", "bc"}},
		{{1}, {uint64(1)}},
		{{"1"}, {1}},
		{{[]byte("x")}, {"x"}},
		{{}, {""}},
		{{-1}, {uint64(1<<64 - 1)}},
	}
	for _, c := range same {
		if Keyed(s, c[0]...) == Keyed(s, c[1]...) {
			t.Errorf("parts %v and %v give the same seed", c[0], c[1])
		}
	}
}

func TestSecretNeverPrints(t *testing.T) {
	s := NewSecret()
	var logged bytes.Buffer
	slog.New(slog.NewTextHandler(&logged, nil)).Info("x", "secret", s)
	out := fmt.Sprintf("%v %s %x %X %d %#v %q", s, s, s, s, s, s, s) + fmt.Sprint(s) + logged.String()
	for _, leak := range []string{fmt.Sprintf("%x", []byte(s)), strings.TrimSuffix(fmt.Sprintf("%d", []byte(s)[:4]), "]")} {
		if strings.Contains(out, leak) || strings.Contains(strings.ToLower(out), strings.ToLower(leak)) {
			t.Fatalf("the secret printed: %s", out)
		}
	}
	if len(s) != SecretSize || bytes.Equal(s, NewSecret()) {
		t.Fatal("secrets are 32 fresh random bytes")
	}
}

func TestWideSeedsUseAll53Bits(t *testing.T) {
	var or uint64
	for range 1000 {
		w := Wide()
		if w == 0 || w > Max {
			t.Fatalf("seed %d out of range", w)
		}
		or |= w
	}
	if bits.Len64(or) != 53 {
		t.Fatalf("1000 wide seeds reach only %d bits", bits.Len64(or))
	}
}

package pyrand

import (
	"slices"
	"testing"
)

// The expected values were printed by CPython 3.11's random module (docs/rules/perfectaim.md §2
// gives the first three for seed 1).
func TestUint32MatchesCPython(t *testing.T) {
	cases := []struct {
		seed uint64
		want []uint32
	}{
		{1, []uint32{577090037, 2444712010, 3639700191}},
		{0, []uint32{3626764237, 1654615998, 3255389356}},
		{1<<32 + 5, []uint32{675479763, 2085189291, 1213270837}}, // two key words
		{1<<64 - 1, []uint32{93740670, 1068495656}},
	}
	for _, c := range cases {
		r := New(c.seed)
		for i, w := range c.want {
			if got := r.Uint32(); got != w {
				t.Errorf("seed %d: output %d = %d, CPython gives %d", c.seed, i, got, w)
			}
		}
	}
}

func TestRandomMatchesCPython(t *testing.T) {
	r := New(1)
	want := []float64{0.13436424411240122, 0.8474337369372327, 0.763774618976614, 0.2550690257394217, 0.49543508709194095}
	for i, w := range want {
		if got := r.Random(); got != w {
			t.Errorf("random() #%d = %v, CPython gives %v", i, got, w)
		}
	}
	r = New(1<<64 - 1)
	r.Uint32()
	r.Uint32()
	if got := r.Random(); got != 0.3380953268613758 {
		t.Errorf("seed 2^64-1: third draw random() = %v, CPython gives 0.3380953268613758", got)
	}
}

func TestShuffleRandBelowGetRandBitsMatchCPython(t *testing.T) {
	r := New(12345678901234567)
	l := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	r.Shuffle(len(l), func(i, j int) { l[i], l[j] = l[j], l[i] })
	if want := []int{6, 3, 0, 7, 9, 2, 5, 4, 8, 1}; !slices.Equal(l, want) {
		t.Errorf("shuffle = %v, CPython gives %v", l, want)
	}
	var below []int
	for _, n := range []int{1, 2, 3, 7, 100, 361} {
		below = append(below, r.RandBelow(n))
	}
	if want := []int{0, 1, 1, 2, 28, 351}; !slices.Equal(below, want) {
		t.Errorf("_randbelow = %v, CPython gives %v", below, want)
	}
	var bits []uint64
	for _, k := range []int{1, 5, 9, 31} {
		bits = append(bits, r.GetRandBits(k))
	}
	if want := []uint64{0, 24, 271, 371991843}; !slices.Equal(bits, want) {
		t.Errorf("getrandbits = %v, CPython gives %v", bits, want)
	}
}

func TestCopyForksTheStream(t *testing.T) {
	a := New(7)
	a.Uint32()
	b := *a
	for i := 0; i < 700; i++ { // across a twist
		if x, y := a.Uint32(), b.Uint32(); x != y {
			t.Fatalf("draw %d: copy gives %d, original %d", i, y, x)
		}
	}
}

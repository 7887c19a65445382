package chance_test

import (
	"crypto/sha256"
	"math"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/arena-classroom/arena/games/chance"
)

// The key is the documented derivation, byte for byte: a change would silently change every
// game's dice and break every stored replay.
func TestKeyIsTheDocumentedDerivation(t *testing.T) {
	msg := []byte("arena chance\x00dicewars/game\x00\x00\x00\x00\x00\x49\x96\x02\xd2") // seed 1234567890
	if chance.Key("dicewars/game", 1234567890) != sha256.Sum256(msg) {
		t.Fatal("Key is not SHA-256(\"arena chance\" 0 domain 0 seed-big-endian)")
	}
	if chance.Key("dicewars/game", 1) == chance.Key("garden/game", 1) || chance.Key("a", 1) == chance.Key("a", 2) {
		t.Fatal("two streams share a key")
	}
}

// New is ChaCha8 keyed by Key, and not the PCG the games drew from before.
func TestNewIsChaCha8NotPCG(t *testing.T) {
	for seed := range uint64(50) {
		src := chance.New("dicewars/game", seed)
		cha := rand.NewChaCha8(chance.Key("dicewars/game", seed))
		pcg := rand.NewPCG(seed, 0xd1ce)
		legacy := chance.Legacy(seed, 0xd1ce)
		if src.IsLegacy() || !legacy.IsLegacy() {
			t.Fatal("IsLegacy is wrong")
		}
		samePCG := 0
		for i := range 1000 {
			got := src.Uint64()
			if want := cha.Uint64(); got != want {
				t.Fatalf("seed %d, draw %d: %#x, ChaCha8 gives %#x", seed, i, got, want)
			}
			p := pcg.Uint64()
			if got == p {
				samePCG++
			}
			if l := legacy.Uint64(); l != p {
				t.Fatalf("seed %d, draw %d: Legacy %#x, PCG %#x", seed, i, l, p)
			}
		}
		if samePCG > 0 {
			t.Fatalf("seed %d: %d draws of 1000 equal to PCG's", seed, samePCG)
		}
	}
}

// The same seed gives the same draws; a copy (a game's Clone) draws the same future as its
// original, and drawing from one does not move the other.
func TestReproducibleAndCopiesDrawTheSameFuture(t *testing.T) {
	a, b := chance.New("garden/game", 9), chance.New("garden/game", 9)
	for range 333 { // leave a part of ChaCha8's buffer unread
		if a.Uint64() != b.Uint64() {
			t.Fatal("one seed, two streams")
		}
	}
	c := a // a value copy, as Clone makes
	want := make([]uint64, 600)
	for i := range want {
		want[i] = a.Uint64()
	}
	for i := range want {
		if got := c.Uint64(); got != want[i] {
			t.Fatalf("draw %d after the copy: %#x, the original drew %#x", i, got, want[i])
		}
	}
	if b.Uint64() != want[0] {
		t.Fatal("drawing from a copy moved another")
	}
	l := chance.Legacy(4, 7)
	l.Uint64()
	lc := l
	if l.Uint64() != lc.Uint64() {
		t.Fatal("a copy of a legacy source draws another future")
	}
}

// Seeds one apart give unrelated streams: no draw in common, half the bits agreeing, and
// dice that do not correlate.
func TestNeighbouringSeedsAreUnrelated(t *testing.T) {
	const n = 4096
	for _, seed := range []uint64{0, 1, 41, 1 << 32, 999_999_998} {
		a, b := chance.New("dicewars/game", seed), chance.New("dicewars/game", seed+1)
		agree := 0
		for i := range n {
			x, y := a.Uint64(), b.Uint64()
			if x == y {
				t.Fatalf("seeds %d and %d: draw %d is the same", seed, seed+1, i)
			}
			agree += 64 - bits.OnesCount64(x^y)
		}
		if f := float64(agree) / (64 * n); math.Abs(f-0.5) > 0.01 { // 0.5 ± 7σ
			t.Fatalf("seeds %d and %d: %.4f of the bits agree", seed, seed+1, f)
		}
		ra, rb := rand.New(&a), rand.New(&b)
		var sx, sy, sxx, syy, sxy float64
		for range n {
			x, y := float64(1+ra.IntN(6)), float64(1+rb.IntN(6))
			sx, sy, sxx, syy, sxy = sx+x, sy+y, sxx+x*x, syy+y*y, sxy+x*y
		}
		r := (n*sxy - sx*sy) / math.Sqrt((n*sxx-sx*sx)*(n*syy-sy*sy))
		if math.Abs(r) > 0.08 { // 0 ± 5σ
			t.Fatalf("seeds %d and %d: their dice correlate, r = %.3f", seed, seed+1, r)
		}
	}
}

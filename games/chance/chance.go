// Package chance is the source of chance of games with hidden dice (DiceWars, Garden
// Tensions): a generator whose future cannot be computed from the draws a player sees.
//
// A game's generator is ChaCha8 (math/rand/v2), keyed from the game's seed by Key: SHA-256
// of "arena chance", a domain that names the game and the stream, and the seed's 8 bytes.
// Different games and different streams of one game therefore never share a key, and the
// same seed always gives the same draws, on any machine. PCG, which these games used before,
// gives its whole state away after a few outputs: a player who saw the first dice could
// compute every die to come. It is kept (Legacy) only so that games recorded with it replay.
//
// A Source is a value: copying it (a game's Clone) copies the generator, and the copy draws
// the same future as the original.
package chance

import (
	"crypto/sha256"
	"encoding/binary"
	"math/rand/v2"
)

// Source is a game's generator: ChaCha8, or PCG for a game recorded before ChaCha8. Use it
// through rand.New(&src); its zero value is not a generator.
type Source struct {
	cha    rand.ChaCha8
	pcg    rand.PCG
	legacy bool
}

// New is the ChaCha8 generator of domain's stream for seed.
func New(domain string, seed uint64) Source {
	var s Source
	s.cha.Seed(Key(domain, seed))
	return s
}

// Legacy is the PCG generator the game used before ChaCha8, rand.NewPCG(seed, stream), for
// games recorded with it (replay format 1, positions with "chance":"pcg").
func Legacy(seed, stream uint64) Source {
	return Source{pcg: *rand.NewPCG(seed, stream), legacy: true}
}

// Key is the 32-byte ChaCha8 key of domain's stream for seed: SHA-256 of "arena chance",
// a zero byte, domain, a zero byte, and the seed's 8 bytes, big-endian. A domain names a
// game and a stream ("dicewars/game", "bots/garden/random") and holds no zero byte, so two
// (domain, seed) pairs never give one key.
func Key(domain string, seed uint64) [32]byte {
	b := make([]byte, 0, len("arena chance")+len(domain)+10)
	b = append(b, "arena chance"...)
	b = append(b, 0)
	b = append(b, domain...)
	b = append(b, 0)
	b = binary.BigEndian.AppendUint64(b, seed)
	return sha256.Sum256(b)
}

// Uint64 draws 64 random bits (rand.Source).
func (s *Source) Uint64() uint64 {
	if s.legacy {
		return s.pcg.Uint64()
	}
	return s.cha.Uint64()
}

// IsLegacy reports whether s is the old PCG generator.
func (s *Source) IsLegacy() bool { return s.legacy }

// NewRand is a *rand.Rand on ChaCha8 keyed by Key(domain, seed): a house bot's own stream, so
// that its choices do not give its future ones away either.
func NewRand(domain string, seed uint64) *rand.Rand {
	return rand.New(rand.NewChaCha8(Key(domain, seed)))
}

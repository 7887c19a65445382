package seed

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"log/slog"
)

// SecretSize is the length of a server's secret, in bytes.
const SecretSize = 32

// Secret is the server's key for seeds nobody may predict: the store keeps one, created once,
// and every seed of hidden chance the server draws for a tournament, an assignment or a house
// bot is Keyed with it. It never leaves the server: it prints as "[secret]", whatever the verb.
type Secret []byte

// NewSecret draws a fresh secret (for a new store, or a server without one).
func NewSecret() Secret {
	s := make(Secret, SecretSize)
	_, _ = rand.Read(s) // never fails: crypto/rand crashes the program instead
	return s
}

// String keeps the secret out of logs and messages.
func (Secret) String() string { return "[secret]" }

// GoString keeps it out of %#v.
func (Secret) GoString() string { return "[secret]" }

// Format keeps it out of every fmt verb (%x, %d on the bytes…).
func (Secret) Format(f fmt.State, _ rune) { _, _ = f.Write([]byte("[secret]")) }

// LogValue keeps it out of slog.
func (Secret) LogValue() slog.Value { return slog.StringValue("[secret]") }

// Keyed derives a seed from the secret and the parts that name one use of it (what for, the
// tournament's seed, round, pairing…): the first 53 bits of HMAC-SHA256(secret, parts), as a
// seed from 1 to Max. Without the secret nobody can compute it, and seeds of different parts
// are unrelated, so showing one says nothing of another. Parts are strings, integers of any
// size or byte slices; each is written with its kind and length, so that no two lists of
// parts encode alike ("ab","c" is not "a","bc"; int 1 is not uint 1).
func Keyed(secret Secret, parts ...any) uint64 {
	if len(secret) == 0 {
		panic("seed.Keyed: no secret") // a seed keyed with nothing would be public
	}
	mac := hmac.New(sha256.New, secret)
	var buf [binary.MaxVarintLen64 + 1]byte
	word := func(kind byte, n uint64) {
		buf[0] = kind
		k := binary.PutUvarint(buf[1:], n)
		mac.Write(buf[:1+k])
	}
	for _, p := range parts {
		switch v := p.(type) {
		case string:
			word('s', uint64(len(v)))
			mac.Write([]byte(v))
		case []byte:
			word('b', uint64(len(v)))
			mac.Write(v)
		case int:
			word('i', uint64(int64(v)))
		case int64:
			word('i', uint64(v))
		case uint64:
			word('u', v)
		case uint32:
			word('u', uint64(v))
		default:
			panic(fmt.Sprintf("seed.Keyed: part of type %T", p))
		}
	}
	sum := mac.Sum(nil)
	x := binary.BigEndian.Uint64(sum[:8]) >> 11 // 53 bits
	return 1 + x%Max
}

// Wide draws a seed from 1 to Max (53 bits), for a game whose seed must stay unknown to its
// players: Random's billion seeds can be tried one by one against the first position seen.
func Wide() uint64 {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return 1 + (binary.LittleEndian.Uint64(b[:])>>11)%Max
}

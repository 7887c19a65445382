// Package codes draws the short codes people read aloud and type back: room ids, join
// codes, tournament and assignment codes. One alphabet for all of them, without the
// characters that read alike (0/O, 1/I/L).
package codes

import (
	"crypto/rand"
	"strings"
)

// Alphabet is the characters a code is made of.
const Alphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

// New draws a code of n characters of Alphabet. Codes are random, not unique: a caller that
// needs one unused draws again (see Fresh).
func New(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b) // never fails: crypto/rand crashes the program instead
	for i := range b {
		b[i] = Alphabet[int(b[i])%len(Alphabet)]
	}
	return string(b)
}

// Lower is New in lower case (room ids, which people type in commands).
func Lower(n int) string { return strings.ToLower(New(n)) }

// Fresh draws codes with draw until taken says one is free.
func Fresh(draw func() string, taken func(string) bool) string {
	for {
		if c := draw(); !taken(c) {
			return c
		}
	}
}

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

// Drawer draws the codes of live rooms: their ids (lower case, four characters) and the
// join codes of private rooms. Codes are unique only where the drawer can see them all: a
// hub alone uses Local, which asks the hub; a cluster of hubs gives each one a drawer that
// cannot collide with the others' (a node's own first character, or a reservation shared by
// all), without the hub changing.
type Drawer interface {
	RoomID(taken func(string) bool) string
	JoinCode(taken func(string) bool) string
}

// Local draws codes unique among those taken says are taken.
type Local struct{}

// RoomID draws a free room id.
func (Local) RoomID(taken func(string) bool) string {
	return Fresh(func() string { return Lower(4) }, taken)
}

// JoinCode draws a free join code.
func (Local) JoinCode(taken func(string) bool) string {
	return Fresh(func() string { return New(5) }, taken)
}

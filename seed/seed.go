// Package seed draws and reads game seeds. A seed appears in every JSON the arena writes
// (protocol, replays, batch lines), and JavaScript and float-based JSON parsers hold whole
// numbers exactly only up to 2^53-1: seeds stay at or below Max.
//
// Two kinds of seeds: short ones (Random) where the seed is public or chosen by a person, to
// read aloud and type back; and 53-bit ones nobody can guess where the seed decides chance
// the players must not know in advance (Wide, and Keyed: derived from the server's Secret).
package seed

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"
)

// Max is the largest seed: 2^53-1, the largest whole number a float64 holds exactly.
const Max = 1<<53 - 1

// Random draws a fresh seed from 1 to 999,999,999: short enough to read aloud and type
// back to replay a game.
func Random() uint64 {
	var b [8]byte
	_, _ = rand.Read(b[:]) // never fails: crypto/rand crashes the program instead
	return 1 + binary.LittleEndian.Uint64(b[:])%999_999_999
}

// Parse reads a seed given by a person; games (at least 1) consecutive seeds from it must
// all stay within Max, since game i of a batch plays seed S+i.
func Parse(text string, games int) (uint64, error) {
	s, err := strconv.ParseUint(strings.TrimSpace(text), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("seed %q is not a whole number from 0 to %d", text, uint64(Max))
	}
	if games < 1 {
		games = 1
	}
	if s > Max || uint64(games-1) > Max-s {
		return 0, fmt.Errorf("seed %d: seeds go up to %d (2^53-1), and game i plays seed+i", s, uint64(Max))
	}
	return s, nil
}

// Package presence keeps who is connected and where they are (in the lobby, playing,
// watching, a bot waiting…): what the lobby shows as "online", and the operator's figures.
package presence

import (
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// Board is the list of who is online. It is safe for concurrent use.
type Board struct {
	version atomic.Uint64 // changes with the names shown

	mu     sync.Mutex
	online map[any]entry // by connection: a person's session, a bot's Key
	// list is the sorted names online, shared read-only by every caller; nil when the
	// online set changed since it was built.
	list []string
}

type entry struct{ name, where string }

// New makes an empty board.
func New() *Board { return &Board{online: make(map[any]entry)} }

// Key is a connection's own key on the board, for connections that have no value of their
// own to use (bot sessions). It is never of size zero: Go may give every allocation of a
// zero-size type the same address, and then every such connection would share one entry.
type Key struct{ id uint64 }

var keys atomic.Uint64

// NewKey makes a key no other connection has.
func NewKey() *Key { return &Key{id: keys.Add(1)} }

// Set shows name as online at where (key identifies the connection).
func (b *Board) Set(key any, name, where string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if old, ok := b.online[key]; !ok || old.name != name {
		b.list = nil
		b.version.Add(1)
	}
	b.online[key] = entry{name: name, where: where}
}

// Leave removes a connection.
func (b *Board) Leave(key any) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if _, ok := b.online[key]; ok {
		delete(b.online, key)
		b.list = nil
		b.version.Add(1)
	}
}

// Online lists the names connected, sorted, each once. The slice is shared: never change it.
func (b *Board) Online() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	// Built once per change, not once per screen drawn: every lobby shows it.
	if b.list == nil {
		out := make([]string, 0, len(b.online))
		for _, e := range b.online {
			out = append(out, e.name)
		}
		slices.Sort(out)
		b.list = slices.Compact(out)
	}
	return b.list
}

// Places counts the connections by the first word of where they are ("lobby", "playing",
// "watching", "bot" …).
func (b *Board) Places() map[string]int {
	places := map[string]int{}
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, e := range b.online {
		where, _, _ := strings.Cut(e.where, " ")
		places[where]++
	}
	return places
}

// Version changes whenever Online would.
func (b *Board) Version() uint64 { return b.version.Load() }

// Union is the names of a and b, sorted and each once (a and b sorted already): who is
// online here and on a cluster's other nodes.
func Union(a, b []string) []string {
	out := make([]string, 0, len(a)+len(b))
	for len(a) > 0 || len(b) > 0 {
		switch {
		case len(b) == 0 || len(a) > 0 && a[0] < b[0]:
			out, a = append(out, a[0]), a[1:]
		case len(a) == 0 || b[0] < a[0]:
			out, b = append(out, b[0]), b[1:]
		default:
			out, a, b = append(out, a[0]), a[1:], b[1:]
		}
		if n := len(out); n > 1 && out[n-1] == out[n-2] {
			out = out[:n-1]
		}
	}
	return out
}

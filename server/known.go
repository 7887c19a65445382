package server

import (
	"sync"
)

// knownNames are the names the store gave the keys that logged in on this node, kept so that
// a login of a key the node already knows is served while the store does not answer (a
// database restarting): the person gets the name they had, and the node says so in its log.
// Bounded: beyond maxKnown keys, the oldest is forgotten.
type knownNames struct {
	mu    sync.Mutex
	names map[string]string // by key fingerprint
	order []string          // fingerprints, oldest first
}

const maxKnown = 20000

func (k *knownNames) remember(id, name string) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.names == nil {
		k.names = map[string]string{}
	}
	if _, ok := k.names[id]; !ok {
		k.order = append(k.order, id)
		if len(k.order) > maxKnown {
			delete(k.names, k.order[0])
			k.order = k.order[1:]
		}
	}
	k.names[id] = name
}

func (k *knownNames) name(id string) (string, bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	name, ok := k.names[id]
	return name, ok
}

// Package leases is what the nodes of a cluster hold in the database they share, for a
// while, renewed while they live: the letter each node's room codes begin with, and the
// lead of the cluster's tournaments.
package leases

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/arena-classroom/arena/internal/codes"
	"github.com/arena-classroom/arena/store"
)

// Store is what leases need of the store the nodes share (*store.Store).
type Store interface {
	TakeLease(ctx context.Context, name, holder string, ttl time.Duration) (store.Lease, bool, error)
	ReleaseLease(ctx context.Context, name, holder string) error
	Leases(ctx context.Context, prefix string) ([]store.Lease, error)
}

const letterLease = "node-letter/"

// Letters hands out letters as leases in the shared store: a node that stops renewing
// its letter (it died) loses it after ttl, and a node that comes back under the same name
// gets its own letter again if it is still free.
// It is a cluster.Letters.
func Letters(s Store, ttl time.Duration) StoreLetters { return StoreLetters{s, ttl} }

// StoreLetters are the letters of room codes, as leases in the shared store.
type StoreLetters struct {
	s   Store
	ttl time.Duration
}

func (l StoreLetters) Take(ctx context.Context, node string) (string, error) {
	held, err := l.s.Leases(ctx, letterLease)
	if err != nil {
		return "", err
	}
	order := codes.Alphabet
	for _, h := range held {
		if h.Holder == node { // ours from before a restart: try it first
			order = strings.TrimPrefix(h.Name, letterLease) + order
		}
	}
	for _, c := range order {
		if _, ok, err := l.s.TakeLease(ctx, letterLease+string(c), node, l.ttl); err != nil {
			return "", err
		} else if ok {
			return string(c), nil
		}
	}
	return "", errors.New("every letter of room codes is held by a live node: a cluster has at most 31 nodes")
}

func (l StoreLetters) Renew(ctx context.Context, node, letter string) (bool, error) {
	_, ok, err := l.s.TakeLease(ctx, letterLease+letter, node, l.ttl)
	return ok, err
}

func (l StoreLetters) Release(ctx context.Context, node, letter string) error {
	return l.s.ReleaseLease(ctx, letterLease+letter, node)
}

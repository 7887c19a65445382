package cluster

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/arena-classroom/arena/internal/codes"
	"github.com/arena-classroom/arena/store"
)

// LeaseStore is what letters need of the store the nodes share (*store.Store).
type LeaseStore interface {
	TakeLease(ctx context.Context, name, holder string, ttl time.Duration) (store.Lease, bool, error)
	ReleaseLease(ctx context.Context, name, holder string) error
	Leases(ctx context.Context, prefix string) ([]store.Lease, error)
}

const letterLease = "node-letter/"

// LetterLeases hands out letters as leases in the shared store: a node that stops renewing
// its letter (it died) loses it after ttl, and a node that comes back under the same name
// gets its own letter again if it is still free.
func LetterLeases(s LeaseStore, ttl time.Duration) Letters { return storeLetters{s, ttl} }

type storeLetters struct {
	s   LeaseStore
	ttl time.Duration
}

func (l storeLetters) Take(ctx context.Context, node string) (string, error) {
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

func (l storeLetters) Renew(ctx context.Context, node, letter string) (bool, error) {
	_, ok, err := l.s.TakeLease(ctx, letterLease+letter, node, l.ttl)
	return ok, err
}

func (l storeLetters) Release(ctx context.Context, node, letter string) error {
	return l.s.ReleaseLease(ctx, letterLease+letter, node)
}

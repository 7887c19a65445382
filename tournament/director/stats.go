package director

import (
	"maps"
	"slices"
	"time"
)

// Stats are the director's figures for an administrator (arena serve --metrics).
type Stats struct {
	Leading bool // this node runs the tournaments (in a cluster, it holds the lease)
	// Waiting are the programs lined up for their next game, and the longest has waited
	// that long: a program waiting far longer than a game lasts is stuck.
	Waiting     int
	LongestWait time.Duration
	// Forfeits are the games lost without playing, by reason: removed (by the teacher),
	// away (not connected, longer than the tournament's grace), nobody_came (every seat).
	Forfeits map[string]uint64
}

// Forfeit reasons (Stats.Forfeits).
const (
	ForfeitRemoved    = "removed"
	ForfeitAway       = "away"
	ForfeitNobodyCame = "nobody_came"
)

// Stats reads the director's figures now.
func (d *Director) Stats() Stats {
	now := d.now()
	d.mu.Lock()
	defer d.mu.Unlock()
	st := Stats{Leading: d.Leading(), Waiting: len(d.tickets), Forfeits: maps.Clone(d.forfeits)}
	for _, key := range slices.Sorted(maps.Keys(d.tickets)) {
		if t := d.tickets[key]; !t.since.IsZero() {
			st.LongestWait = max(st.LongestWait, now.Sub(t.since))
		}
	}
	return st
}

// countForfeit counts a forfeit by its reason. The caller holds d.mu.
func (d *Director) countForfeitLocked(reason string) {
	if d.forfeits == nil {
		d.forfeits = map[string]uint64{}
	}
	d.forfeits[reason]++
}

// awayReason is why entrant id of l did not come to a game, as Stats counts it.
func (l *live) awayReason(id string) string {
	if slices.Contains(l.opts.Withdrawn, id) {
		return ForfeitRemoved
	}
	return ForfeitAway
}

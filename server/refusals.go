package server

import (
	"maps"
	"sync"
)

// Why a connection or a session was refused, for arena_logins_refused_total: an
// administrator's alert tells a full arena from a database that does not answer.
const (
	RefusedFull           = "full"             // the arena's connections (--max-conns)
	RefusedPerAddress     = "per_address"      // one address's (--max-conns-per-ip)
	RefusedRate           = "rate"             // new connections too fast from one address
	RefusedHardLimit      = "hard_limit"       // far over a limit: closed without a word
	RefusedShuttingDown   = "shutting_down"    // the node is stopping
	RefusedChannels       = "channels"         // sessions on one connection (--max-channels)
	RefusedSessionsPerKey = "sessions_per_key" // one key's sessions at once
	RefusedStore          = "store"            // the account could not be loaded: the store does not answer
	RefusedCommandLength  = "command_length"   // a command longer than allowed
)

// refusals counts refusals by reason.
type refusals struct {
	mu sync.Mutex
	by map[string]uint64
}

func (r *refusals) add(reason string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.by == nil {
		r.by = map[string]uint64{}
	}
	r.by[reason]++
}

func (r *refusals) counts() map[string]uint64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	return maps.Clone(r.by)
}

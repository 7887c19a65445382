package bus

import (
	"sync"
	"time"
)

// answers remembers the answers to requests that change something, by asking node and
// request id, for long enough that a request sent again through an outage is answered
// with its first answer rather than played twice.
type answers struct {
	mu    sync.Mutex
	byID  map[answerKey]*remembered
	swept time.Time
}

type answerKey struct {
	node string
	id   uint64
}

type remembered struct {
	done chan struct{}
	a    answer
	at   time.Time
}

// answerTTL outlives any outage a request rides out.
const answerTTL = 2 * time.Minute

// begin returns the answer for (node, id): first is true when the request is new and the
// caller must finish it; otherwise the caller waits on done for the first's answer.
func (as *answers) begin(node string, id uint64, now time.Time) (r *remembered, first bool) {
	as.mu.Lock()
	defer as.mu.Unlock()
	if as.byID == nil {
		as.byID = map[answerKey]*remembered{}
	}
	if now.Sub(as.swept) > answerTTL/4 {
		for k, old := range as.byID {
			if now.Sub(old.at) > answerTTL {
				delete(as.byID, k)
			}
		}
		as.swept = now
	}
	k := answerKey{node, id}
	if r, ok := as.byID[k]; ok {
		return r, false
	}
	r = &remembered{done: make(chan struct{}), at: now}
	as.byID[k] = r
	return r, true
}

func (r *remembered) finish(a answer) {
	r.a = a
	close(r.done)
}

package cluster

import (
	"sync"
	"time"
)

// warnings says a warning about one thing (a room of another node, a peer) at most once a
// minute: a node that died leaves many rooms that every viewer's screen asks for, and each
// ask used to write its own line.
type warnings struct {
	mu   sync.Mutex
	last map[string]time.Time
}

// warnEvery is how often the same warning about the same thing is written.
const warnEvery = time.Minute

// due reports whether the warning about key may be written now, and notes it if so.
func (w *warnings) due(key string, now time.Time) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.last == nil {
		w.last = map[string]time.Time{}
	}
	if at, ok := w.last[key]; ok && now.Sub(at) < warnEvery {
		return false
	}
	w.last[key] = now
	if len(w.last) > 10000 { // forget the old ones rather than grow
		for k, at := range w.last {
			if now.Sub(at) >= warnEvery {
				delete(w.last, k)
			}
		}
	}
	return true
}

// warnOnce writes a warning about key at most once a minute (see warnings).
func (n *Node) warnOnce(key, msg string, args ...any) {
	if n.warned.due(msg+"\x00"+key, time.Now()) {
		n.log.Warn(msg, args...)
	}
}

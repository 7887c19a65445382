package rooms

import "sync/atomic"

// Mailbox delivers snapshots to one session: capacity one, latest wins. The hub puts without
// ever blocking; a session that falls behind only ever sees the newest snapshot.
type Mailbox struct {
	ch chan *Snapshot
}

// NewMailbox makes an empty mailbox.
func NewMailbox() *Mailbox { return &Mailbox{ch: make(chan *Snapshot, 1)} }

// NewSilentMailbox makes a mailbox that keeps nothing: a session attached for another node
// of a cluster, which is sent the room's frames once for all its viewers (so the room still
// knows who is there: seats connected, spectators counted).
func NewSilentMailbox() *Mailbox { return &Mailbox{} }

// Put replaces whatever is waiting with s. It never blocks.
func (m *Mailbox) Put(s *Snapshot) {
	if m.ch == nil {
		return
	}
	for {
		select {
		case m.ch <- s:
			return
		default:
		}
		// Full: drop the stale snapshot, then try again. Another Put may race us to the slot;
		// the loop settles because each Put only ever removes one element before retrying.
		select {
		case <-m.ch:
			framesDropped.Add(1)
		default:
		}
	}
}

// C is where the session's forwarder receives snapshots.
func (m *Mailbox) C() <-chan *Snapshot { return m.ch }

// framesDropped counts snapshots replaced in a mailbox before their viewer drew them.
var framesDropped atomic.Uint64

// FramesDropped is how many snapshots were replaced before their viewer drew them, since the
// process started: a viewer that draws slower than the room changes skips frames.
func FramesDropped() uint64 { return framesDropped.Load() }

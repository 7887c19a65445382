package cluster

import (
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/playable"
	"github.com/arena-classroom/arena/replay"
	"github.com/arena-classroom/arena/rooms"
)

// mirror is a room of another node as this node shows it: the game played on from the moves
// the owner sends (the referee is deterministic: same seed, same moves, same state), and
// the latest snapshot handed to the mailboxes of this node's viewers. One mirror serves
// every viewer of the room on this node.
type mirror struct {
	entry playable.Entry
	owner string // the node that runs the room

	mu      sync.Mutex
	st      games.State // nil until the game starts
	rt      games.RealTime
	moves   int // moves applied to st
	latest  *rooms.Snapshot
	viewers map[*rooms.Mailbox]bool

	loaded   chan struct{} // closed once the first load is done (see markLoaded)
	loadOnce sync.Once
	// lastRead is when a screen last read the room without watching it (a wall, a list's
	// tile): the mirror is kept for readers until readerLease after it.
	lastRead time.Time
}

// readerLease is how long a room of another node is followed after its last read by a
// screen that does not watch it.
const readerLease = 10 * time.Second

// read notes that a screen read the room now.
func (m *mirror) read() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.lastRead = time.Now()
}

// unused reports whether nobody has watched or read the room for readerLease.
func (m *mirror) unused(now time.Time) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.viewers) == 0 && now.Sub(m.lastRead) > readerLease
}

// markLoaded lets the viewers who came while the mirror loaded go on.
func (m *mirror) markLoaded(error) { m.loadOnce.Do(func() { close(m.loaded) }) }

func newMirror(e playable.Entry, owner string) *mirror {
	return &mirror{entry: e, owner: owner, viewers: map[*rooms.Mailbox]bool{}, loaded: make(chan struct{}), lastRead: time.Now()}
}

// load starts over from the owner's whole replay (rp nil while the room waits) and its
// frame: a mirror's first picture, or its way back after missing a frame.
func (m *mirror) load(rawReplay json.RawMessage, f *frame) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.st, m.rt, m.moves = nil, nil, 0
	if len(rawReplay) > 0 && string(rawReplay) != "null" {
		g := m.entry.Game
		rp, err := replay.Decode(rawReplay, func(id string) (games.Game, bool) { return g, id == g.ID() })
		if err != nil {
			return err
		}
		moves := rp.Moves
		rp.Moves, rp.Outcome = nil, nil
		st, err := replay.Resimulate(m.entry.Game, rp)
		if err != nil {
			return err
		}
		m.st = st
		if rt, ok := st.(games.RealTime); ok {
			rt.SetPaced(true) // as the owner's room plays it
			m.rt = rt
		}
		if err := m.applyLocked(moves); err != nil {
			return err
		}
	}
	return m.showLocked(f)
}

// apply plays one frame on. It reports false when the frame does not follow what the
// mirror holds (a frame was missed, or the game started meanwhile): load it again.
func (m *mirror) apply(f *frame) (ok bool, err error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	started := f.Scene.Status == rooms.Playing || f.Scene.Status == rooms.Finished
	if started && m.st == nil || f.From > m.moves {
		return false, nil
	}
	if m.latest != nil && f.Scene.Version <= m.latest.Version {
		return true, nil // older than what is shown: frames raced a load
	}
	skip := m.moves - f.From // already applied (by a load that saw further)
	if skip < len(f.Moves) {
		moves, err := decodeMoves(m.entry.Game, f.Moves[skip:])
		if err != nil {
			return false, err
		}
		if err := m.applyLocked(moves); err != nil {
			return false, err
		}
	}
	return true, m.showLocked(f)
}

// applyLocked plays moves as the owner's room did: a real-time game runs to each decision's
// instant first.
func (m *mirror) applyLocked(moves []replay.Move) error {
	for _, mv := range moves {
		if m.st == nil || m.st.Over() {
			return fmt.Errorf("move %d: the game is not running", m.moves)
		}
		if m.rt != nil {
			games.Advance(m.rt, m.st, nil) // to the move's instant, as the room did
		}
		if !slices.Contains(m.st.ToMove(), mv.Seat) {
			return fmt.Errorf("move %d: seat %d is not to move", m.moves, mv.Seat)
		}
		if _, err := m.st.Apply(mv.Seat, mv.Action); err != nil {
			return fmt.Errorf("move %d: %w", m.moves, err)
		}
		m.moves++
	}
	return nil
}

// showLocked runs a real-time game on to the owner's instant and hands the viewers the
// snapshot of f.
func (m *mirror) showLocked(f *frame) error {
	if m.moves != f.Scene.Moves {
		return fmt.Errorf("mirror holds %d moves, the room %d", m.moves, f.Scene.Moves)
	}
	if target, ok := parseClock(f.Clock); ok && m.rt != nil {
		games.Advance(m.rt, m.st, target)
	}
	var st games.State
	if m.st != nil {
		st = m.st.Clone()
	}
	m.latest = f.Scene.Snapshot(m.entry.View, st)
	for mb := range m.viewers {
		mb.Put(m.latest)
	}
	return nil
}

// add gives mb the room's snapshots from now on; remove stops them. remove reports
// whether viewers remain.
func (m *mirror) add(mb *rooms.Mailbox) *rooms.Snapshot {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.viewers[mb] = true
	if m.latest != nil {
		mb.Put(m.latest)
	}
	return m.latest
}

func (m *mirror) remove(mb *rooms.Mailbox) (left int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.viewers, mb)
	return len(m.viewers)
}

// snapshotOrNil is snapshot, for a mirror that may not exist.
func (m *mirror) snapshotOrNil() *rooms.Snapshot {
	if m == nil {
		return nil
	}
	return m.snapshot()
}

// snapshot is the latest picture (nil before the first).
func (m *mirror) snapshot() *rooms.Snapshot {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.latest
}

// notice shows the viewers the latest picture with a passing condition of this node's
// ("reconnecting…"); the next frame or load, from the owner, has none.
func (m *mirror) notice(text string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.latest == nil || m.latest.Status == rooms.Closed {
		return
	}
	sc := m.latest.Scene
	sc.Notice = text
	m.latest = sc.Snapshot(m.entry.View, m.latest.State)
	for mb := range m.viewers {
		mb.Put(m.latest)
	}
}

// gone shows the room closed: its node left the cluster or died.
func (m *mirror) gone(why string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.latest == nil {
		return
	}
	sc := m.latest.Scene
	sc.Status, sc.Error, sc.ToMove = rooms.Closed, why, -1
	sc.Version++
	m.latest = sc.Snapshot(m.entry.View, m.latest.State)
	for mb := range m.viewers {
		mb.Put(m.latest)
	}
}

package frames

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

// Mirror is a room of another node as this node shows it: the game played on from the moves
// the owner sends (the referee is deterministic: same seed, same moves, same state), and
// the latest snapshot handed to the mailboxes of this node's viewers. One mirror serves
// every viewer of the room on this node.
type Mirror struct {
	entry playable.Entry
	// Owner is the node that runs the room.
	Owner string

	mu      sync.Mutex
	st      games.State // nil until the game starts
	rt      games.RealTime
	moves   int // moves applied to st
	latest  *rooms.Snapshot
	viewers map[*rooms.Mailbox]bool

	loaded   chan struct{} // closed once the first load is done (see MarkLoaded)
	loadOnce sync.Once
	// lastRead is when a screen last read the room without watching it (a wall, a list's
	// tile): the mirror is kept for readers until ReaderLease after it.
	lastRead time.Time
}

// ReaderLease is how long a room of another node is followed after its last read by a
// screen that does not watch it.
const ReaderLease = 10 * time.Second

// Read notes that a screen read the room now.
func (m *Mirror) Read() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.lastRead = time.Now()
}

// Unused reports whether nobody has watched or read the room for ReaderLease.
func (m *Mirror) Unused(now time.Time) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.viewers) == 0 && now.Sub(m.lastRead) > ReaderLease
}

// MarkLoaded lets the viewers who came while the mirror loaded go on.
func (m *Mirror) MarkLoaded() { m.loadOnce.Do(func() { close(m.loaded) }) }

// Loaded is closed once the first load is done, whether it worked or not.
func (m *Mirror) Loaded() <-chan struct{} { return m.loaded }

// NewMirror is a mirror of a room of game e run by node owner, empty until its first Load.
func NewMirror(e playable.Entry, owner string) *Mirror {
	return &Mirror{entry: e, Owner: owner, viewers: map[*rooms.Mailbox]bool{}, loaded: make(chan struct{}), lastRead: time.Now()}
}

// Load starts over from the owner's whole replay (rp nil while the room waits) and its
// frame: a mirror's first picture, or its way back after missing a frame. A load older than
// the picture shown is ignored.
func (m *Mirror) Load(rawReplay json.RawMessage, f *Frame) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.latest != nil && f.Scene.Version < m.latest.Version {
		// Answered before a frame that has since played here (the frames raced the load,
		// as when the bus comes back): going back would show a move that the frames
		// already passed, and no frame would come to correct it. The answer came from the
		// owner all the same: a notice of its being out of reach is out of date.
		if m.latest.Notice != "" {
			m.noticeLocked("")
		}
		return nil
	}
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

// Apply plays one frame on. It reports false when the frame does not follow what the
// mirror holds (a frame was missed, or the game started meanwhile): load it again.
func (m *Mirror) Apply(f *Frame) (ok bool, err error) {
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
func (m *Mirror) applyLocked(moves []replay.Move) error {
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
func (m *Mirror) showLocked(f *Frame) error {
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

// Add gives mb the room's snapshots from now on; Remove stops them, and reports
// whether viewers remain.
func (m *Mirror) Add(mb *rooms.Mailbox) *rooms.Snapshot {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.viewers[mb] = true
	if m.latest != nil {
		mb.Put(m.latest)
	}
	return m.latest
}

func (m *Mirror) Remove(mb *rooms.Mailbox) (left int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.viewers, mb)
	return len(m.viewers)
}

// SnapshotOrNil is Snapshot, for a mirror that may not exist.
func (m *Mirror) SnapshotOrNil() *rooms.Snapshot {
	if m == nil {
		return nil
	}
	return m.Snapshot()
}

// Snapshot is the latest picture (nil before the first).
func (m *Mirror) Snapshot() *rooms.Snapshot {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.latest
}

// Notice shows the viewers the latest picture with a passing condition of this node's
// ("reconnecting…"); the next frame or load, from the owner, has none.
func (m *Mirror) Notice(text string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.latest == nil || m.latest.Status == rooms.Closed {
		return
	}
	m.noticeLocked(text)
}

// noticeLocked shows the viewers the latest picture with notice text ("" for none).
func (m *Mirror) noticeLocked(text string) {
	sc := m.latest.Scene
	sc.Notice = text
	m.latest = sc.Snapshot(m.entry.View, m.latest.State)
	for mb := range m.viewers {
		mb.Put(m.latest)
	}
}

// Gone shows the room closed: its node left the cluster or died.
func (m *Mirror) Gone(why string) {
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

package botsession

import (
	"context"
	"crypto/rand"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/program"
	"github.com/arena-classroom/arena/store"
)

// PracticeStore keeps practice games in their player's history; *store.Store does.
type PracticeStore interface {
	SavePractice(ctx context.Context, m store.MatchRecord, owner string, keep int) error
}

// DefaultPracticeKept is how many practice games of a key are kept: enough to find the one
// that went wrong, not a second archive.
const DefaultPracticeKept = 200

// KeepPractice sets how many practice games of each key are kept from now on (n < 1: the
// default).
func (a *Sessions) KeepPractice(n int) {
	if n < 1 {
		n = DefaultPracticeKept
	}
	a.practiceKept.Store(int64(n))
}

// keepTimeout bounds one save, and how long the end of a practice waits for those queued.
const keepTimeout = 5 * time.Second

// keeper stores a practice session's games in the background, in order: the next game never
// waits for the store. A save that fails is said once, and the session's later games are
// not tried (the store is down; the practice goes on).
type keeper struct {
	st    PracticeStore
	owner string
	keep  int
	conn  *program.Conn
	log   *slog.Logger

	queue  chan keptGame
	done   chan struct{}
	failed atomic.Bool // a save failed: later games are neither tried nor named
	ctx    context.Context
	stop   context.CancelFunc
}

type keptGame struct {
	n   int // the game's number in the session
	rec store.MatchRecord
}

// newKeeper starts keeping up to games games of owner; nil (keeping nothing) without a store.
func newKeeper(st PracticeStore, owner string, keep, games int, conn *program.Conn, log *slog.Logger) *keeper {
	if st == nil || owner == "" {
		return nil
	}
	// Not the session's context: a game played before the program left is still kept.
	ctx, stop := context.WithCancel(context.Background())
	k := &keeper{st: st, owner: owner, keep: keep, conn: conn, log: log,
		queue: make(chan keptGame, games), done: make(chan struct{}), ctx: ctx, stop: stop}
	go k.run()
	return k
}

func (k *keeper) run() {
	defer close(k.done)
	for g := range k.queue {
		if k.failed.Load() {
			continue
		}
		ctx, cancel := context.WithTimeout(k.ctx, keepTimeout)
		err := k.st.SavePractice(ctx, g.rec, k.owner, k.keep)
		cancel()
		if err != nil {
			k.failed.Store(true)
			k.log.Error("a practice game could not be stored", "match", g.rec.ID, "err", err)
			k.conn.Tell(lang.T("game %d was not kept in your history, nor will this session's later games be: the arena could not store it; your practice goes on", g.n))
		}
	}
}

// add queues game n's record, and says whether it will be tried; it never blocks (the
// queue holds every game of the session).
func (k *keeper) add(n int, rec store.MatchRecord) bool {
	if k.failed.Load() {
		return false
	}
	select {
	case k.queue <- keptGame{n, rec}:
		return true
	default:
		return false
	}
}

// close waits for the queued games to be stored, for keepTimeout at most: then those still
// queued are given up.
func (k *keeper) close() {
	close(k.queue)
	t := time.NewTimer(keepTimeout)
	defer t.Stop()
	select {
	case <-k.done:
	case <-t.C:
		k.stop()
		<-k.done
	}
	k.stop()
}

// practiceID names a stored practice game: p_ (practice), a random part, and the time, as
// live games' m_ROOM_TIME.
func practiceID(at time.Time) string {
	var b [5]byte
	_, _ = rand.Read(b[:])
	var n uint64
	for _, c := range b {
		n = n<<8 | uint64(c)
	}
	return fmt.Sprintf("p_%s_%s", strconv.FormatUint(n, 36), strconv.FormatInt(at.UnixMilli(), 36))
}

// keptGames is the start time of each game of a session, set as it starts and read as it
// ends (match.Run starts agents on its workers).
type keptGames struct {
	mu     sync.Mutex
	starts map[int]time.Time
}

func (g *keptGames) start(i int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.starts == nil {
		g.starts = map[int]time.Time{}
	}
	g.starts[i] = time.Now()
}

func (g *keptGames) started(i int) time.Time {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.starts[i]
}

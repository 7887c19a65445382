package rooms

import (
	"sync"
	"time"

	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// A turn-based house bot thinks off the hub: the room hands it a clone of the state on a
// goroutine of its own, and applies its answer at a later tick, as it applies a program's.
// The hub's tick never waits for a bot, so a search bot that takes its whole budget slows
// nobody else. At most Config.Thinkers bots think at once across the hub; the others queue.
//
// Real-time games (Perfect Aim) still ask their bots on the tick, at the exact instant of the
// decision, as the rules require: their bots decide in microseconds (see the package's
// benchmarks), far below a tick.

// thought is one decision a house bot is working on.
type thought struct {
	move   int              // the room's move count when it was asked: its turn
	result chan botDecision // capacity 1: the goroutine never blocks on a room gone away
	got    *botDecision     // the decision, once received
}

type botDecision struct {
	action games.Action
	ok     bool          // false: the bot panicked, and its seat plays the default
	took   time.Duration // the bot's search, queue excluded
}

// think starts bot on a clone of st for seat; the room polls the result on later ticks, or,
// for a fast room, as soon as it has come (decided pokes the room). Bots of rooms with
// people think before the others (first is true for them).
func (h *Hub) think(roomID, gameID, botName string, bot bots.Bot, st games.State, seat, move int, first bool, decided func()) *thought {
	t := &thought{move: move, result: make(chan botDecision, 1)}
	clone := st.Clone()
	h.thinking.Add(1)
	go func() {
		defer h.thinking.Done()
		h.thinkers.acquire(first)
		defer h.thinkers.release(first)
		d := botDecision{}
		func() {
			defer func() {
				if p := recover(); p != nil {
					h.log.Error("house bot panicked", "room", roomID, "bot", botName, "panic", p)
					d = botDecision{}
				}
			}()
			start := time.Now()
			d = botDecision{action: bot.Choose(clone, seat), ok: true}
			d.took = time.Since(start)
			h.cfg.Observer.Decision(gameID, botName, d.took)
		}()
		t.result <- d
		if decided != nil {
			decided()
		}
	}()
	return t
}

// poll returns the decision if it has arrived.
func (t *thought) poll() (botDecision, bool) {
	if t.got == nil {
		select {
		case d := <-t.result:
			t.got = &d
		default:
			return botDecision{}, false
		}
	}
	return *t.got, true
}

// WaitThinking waits until no house bot is thinking (tests that drive the hub with a fake
// clock call it after a tick, so that a bot's answer never races the fake time).
func (h *Hub) WaitThinking() { h.thinking.Wait() }

// houseBotTurn moves seat's house bot on: it starts it thinking, or plays its decision once
// it has come and the pace allows. It reports whether the seat played. A bot still busy with
// a turn it was too slow for must finish before it thinks again (a bot is never asked twice
// at once), and its late answer is dropped.
func (r *Room) houseBotTurn(seatNo int, st games.State, now time.Time) bool {
	s := &r.seats[seatNo]
	if t := s.thinking; t != nil && t.move != r.moves {
		if _, done := t.poll(); !done {
			return false
		}
		s.thinking = nil
	}
	if s.thinking == nil {
		var decided func()
		if r.fast {
			decided = func() { r.hub.poke(r) }
		}
		s.thinking = r.hub.think(r.id, r.entry.Game.ID(), s.BotName, s.bot, st, seatNo, r.moves, r.people, decided)
		return false
	}
	d, done := s.thinking.poll()
	if !done || now.Sub(r.turnAt) < r.pace {
		return false
	}
	s.thinking = nil
	if d.ok {
		r.play(seatNo, d.action, d.took)
	} else {
		events := r.ref.Timeout(seatNo)
		r.clockMove(seatNo, d.took, "bot_failed", nil)
		r.moves++
		r.logT(lang.T("%s's bot failed", s.Name)) // the events say what the game made of it
		r.logEvents(events)
	}
	return true
}

// thinkQueue bounds the house bots thinking at once across the server: those of the hub's
// rooms and those of practice sessions and assignments (Hub.Think). When all its places
// are taken, bots of rooms with people get the next free place before the others; and the
// others (practice, tournaments of programs) never hold more than lowMax places at once, so
// that a core stays free for people however much practice there is: a search bot in
// practice slows practice, not anyone's game or connection.
type thinkQueue struct {
	mu      sync.Mutex
	free    int
	low     int // places held by the others now
	lowMax  int
	waiting [2][]chan struct{} // [0] rooms with people, [1] the others; oldest first
}

func newThinkQueue(places, lowMax int) *thinkQueue {
	return &thinkQueue{free: places, lowMax: max(1, min(lowMax, places))}
}

func (q *thinkQueue) acquire(first bool) {
	class := 1
	if first {
		class = 0
	}
	q.mu.Lock()
	if q.free > 0 && (first || q.low < q.lowMax) && len(q.waiting[0]) == 0 {
		q.free--
		if !first {
			q.low++
		}
		q.mu.Unlock()
		return
	}
	ch := make(chan struct{})
	q.waiting[class] = append(q.waiting[class], ch)
	q.mu.Unlock()
	<-ch // the place is handed over by release, counted already
}

func (q *thinkQueue) release(first bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if !first {
		q.low--
	}
	q.free++
	q.handOverLocked()
}

// handOverLocked gives free places to those waiting, people's rooms first.
func (q *thinkQueue) handOverLocked() {
	for q.free > 0 {
		switch {
		case len(q.waiting[0]) > 0:
			ch := q.waiting[0][0]
			q.waiting[0] = q.waiting[0][1:]
			q.free--
			close(ch)
		case len(q.waiting[1]) > 0 && q.low < q.lowMax:
			ch := q.waiting[1][0]
			q.waiting[1] = q.waiting[1][1:]
			q.free--
			q.low++
			close(ch)
		default:
			return
		}
	}
}

// Think runs f (a house bot's decision, or any thinking done for a player) when the server's
// thinkers allow: first for a room with people, otherwise within the share left to practice
// and bots' games. It returns once f has.
func (h *Hub) Think(first bool, f func()) {
	h.thinkers.acquire(first)
	defer h.thinkers.release(first)
	f()
}

// Package program makes a program that speaks the bot protocol (botproto) a seat — a
// student's bot, not a house bot: Conn is one connection (a subprocess's pipes, or an SSH
// session), Agent plays headless games on it for match.Run (`arena match exec:…`, practice
// over SSH), and the lobby's Controller plays live rooms through it. It knows nothing of the
// live hub, so headless batches do not depend on it. Nothing here ever blocks the caller on the program: lines out go
// through a bounded queue drained by one writer goroutine, and a program that stops reading
// is disconnected.
package program

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/arena-classroom/arena/botproto"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// Limits bound what one connection may do.
type Limits struct {
	// Rate and Burst bound the lines a program sends that answer no pending turn (pings,
	// stale or malformed lines): a token bucket, refilled at Rate per second. Answers to
	// turns are free: the server paces those. Zero values take the defaults.
	Rate  float64
	Burst int
	// Queue is how many lines may wait for a program that does not read before it is
	// disconnected (default 256); QueueBytes how many bytes (default 512 KiB), so that a
	// game of large observations cannot make one idle program hold megabytes.
	Queue      int
	QueueBytes int
	// WriteTimeout disconnects a program that has not taken one line for this long
	// (default 10 s).
	WriteTimeout time.Duration
}

// DefaultLimits are the limits of one connection.
func DefaultLimits() Limits {
	return Limits{Rate: 20, Burst: 60, Queue: 256, QueueBytes: 512 << 10, WriteTimeout: 10 * time.Second}
}

// WithDefaults fills zero fields from DefaultLimits.
func (l Limits) WithDefaults() Limits {
	d := DefaultLimits()
	if l.Rate <= 0 {
		l.Rate = d.Rate
	}
	if l.Burst <= 0 {
		l.Burst = d.Burst
	}
	if l.Queue <= 0 {
		l.Queue = d.Queue
	}
	if l.QueueBytes <= 0 {
		l.QueueBytes = d.QueueBytes
	}
	if l.WriteTimeout <= 0 {
		l.WriteTimeout = d.WriteTimeout
	}
	return l
}

// Bucket is a token bucket for unsolicited lines. Connections of one key share one, so that
// opening more sessions buys no more messages.
type Bucket struct {
	mu     sync.Mutex
	rate   float64
	burst  float64
	tokens float64
	last   time.Time
	now    func() time.Time
}

// NewBucket makes a full bucket.
func NewBucket(rate float64, burst int, now func() time.Time) *Bucket {
	if now == nil {
		now = time.Now
	}
	return &Bucket{rate: rate, burst: float64(burst), tokens: float64(burst), last: now(), now: now}
}

// Take takes one token, reporting false when none is left.
func (b *Bucket) Take() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	now := b.now()
	b.tokens = min(b.burst, b.tokens+now.Sub(b.last).Seconds()*b.rate)
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// reply is what the reader hands to the side waiting on a turn.
type Reply struct {
	Action json.RawMessage // a well-formed action line for the turn
	Failed bool            // a malformed line came instead (already warned, default applies)
	Resign bool
	Closed bool // the connection ended
	At     time.Time
}

// Pending is the turn the program owes an answer to.
type Pending struct {
	ID      int
	Match   string
	Default games.Action // the default action, for warnings
	Deliver func(Reply)  // called once, from the reader or Close, with no lock held
}

// item is one line to write; build, when set, makes it at write time (lines that need
// information only available outside the caller's lock).
type item struct {
	line    []byte
	build   func() []byte
	diag    bool             // for people: goes to Diag
	written chan<- time.Time // when set, hears the instant the line was written (capacity 1)
}

// Conn is the server side of one program's connection.
type Conn struct {
	w      io.Writer
	diag   io.Writer
	l      lang.Lang // the language of the sentences for people: warnings' msg, stderr
	lim    Limits
	bucket *Bucket
	now    func() time.Time
	// failing is set once the program is being sent its error: nothing more is read.
	failing atomic.Bool
	mu      sync.Mutex
	queue   []item
	queued  int // bytes of the lines in queue (those built at write time count nothing)
	closed  bool
	// draining: the program's input ended and its last line is queued; nothing more is.
	draining bool
	why      error
	pend     *Pending
	// onResign hears a resign line that came while no turn was pending.
	onResign func(match string)
	turnSeq  int
	// What explains the program's mistakes (explain.go): its recent turns, when it last
	// sent a line, the games begun on the connection.
	turns       []turnRecord
	heard       time.Time
	games       int
	game        games.Game // of the last game begun (nil before), to name its default action
	inGame      bool
	gameAnswers int // answers taken in the game being played
	planned     int // games the program is to play on the connection (0: any number)
	// answeredLate: an answer came after its turn's time ran out; the program is slow.
	answeredLate bool
	quietEnd     bool
	onWarn       func(Warning)
	saidNoMatch  bool
	lastUnasked  []byte // the last line that answered no pending turn
	// notebooks are the notes of the last games answered with notes, the latest last (at
	// most maxNotebooks: a game nobody takes the notes of is forgotten in time).
	notebooks   []*notebook
	late        []byte // sentences for people queued once the connection closed
	lateWriting bool
	inFlight    int           // lines the writer took from the queue and has not written yet
	wake        chan struct{} // a token when the queue grew
	idle        chan struct{} // a token when the writer emptied the queue
	done        chan struct{} // closed when the connection ends
}

// ErrNotReading is why a program whose outgoing queue overflowed was disconnected.
var ErrNotReading error = endedByArena{lang.Errorf("the program stopped reading its input")}

// endedByArena is why a connection the arena ended was ended (a program that floods, or
// stops reading), as against a program that went away.
type endedByArena struct{ err error }

func (e endedByArena) Error() string { return e.err.Error() }
func (e endedByArena) Unwrap() error { return e.err }

// ConnOptions configure a Conn; the zero value is fine.
type ConnOptions struct {
	Limits Limits
	// Bucket may be shared between the connections of one key; nil makes one from Limits.
	Bucket *Bucket
	// Diag, when set, receives a sentence for people about every warning (the SSH session's
	// stderr). It is written by the same goroutine as the protocol, in order, never blocking
	// the caller.
	Diag io.Writer
	// First, when set, is queued before anything is read (the protocol's hello), so that it
	// reaches even a program whose input ends at once.
	First any
	// QuietEnd: the end of the program's output is not told on Diag (its owner tells it
	// better: a local process's exit status).
	QuietEnd bool
	// Lang is the language of the sentences the program and its owner read: the msg of
	// warn and error lines, and Diag (English when empty). Codes and values never change.
	Lang lang.Lang
}

// NewConn serves a program that reads w and writes r. The reader and writer goroutines stop
// when the connection closes (Close, end of r, a failed write).
func NewConn(r io.Reader, w io.Writer, o ConnOptions) *Conn {
	lim := o.Limits.WithDefaults()
	bucket := o.Bucket
	if bucket == nil {
		bucket = NewBucket(lim.Rate, lim.Burst, nil)
	}
	c := &Conn{
		w: w, diag: o.Diag, l: o.Lang, lim: lim, bucket: bucket, now: time.Now, quietEnd: o.QuietEnd,
		wake: make(chan struct{}, 1),
		idle: make(chan struct{}, 1),
		done: make(chan struct{}),
	}
	if c.l == "" {
		c.l = lang.English
	}
	if o.First != nil {
		c.Send(o.First)
	}
	go c.writeLoop()
	go c.readLoop(r)
	return c
}

// Lang is the language of the connection's sentences for people (ConnOptions.Lang).
func (c *Conn) Lang() lang.Lang { return c.l }

// Done is closed when the connection has ended.
func (c *Conn) Done() <-chan struct{} { return c.done }

// Err says why the connection ended (nil while it is open; io.EOF when the program closed
// its output).
func (c *Conn) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.why
}

// Send queues a message. It never blocks; a full queue disconnects the program.
func (c *Conn) Send(m any) {
	line, err := botproto.Encode(m)
	if err != nil {
		panic(err) // a message of ours that cannot encode is a bug
	}
	c.push(item{line: line})
}

// SendTurn queues a turn line, remembered to explain what becomes of it.
func (c *Conn) SendTurn(t botproto.Turn) { c.sendTurn(t, 0, nil) }

// sendTurn queues turn t, lengthened by pad bytes of an unknown field when pad > 0, and,
// when written is not nil (it must have room for one value), reports there the instant its
// line has been written: a turn's clock starts there, not in the queue.
func (c *Conn) sendTurn(t botproto.Turn, pad int, written chan<- time.Time) {
	line, err := botproto.Encode(t)
	if err != nil {
		panic(err)
	}
	if pad > 0 {
		// {…} becomes {…,"pad":"……"}: a field of no meaning, which a program ignores.
		padded := append([]byte(nil), line[:len(line)-2]...)
		padded = append(padded, `,"pad":"`...)
		padded = append(padded, bytes.Repeat([]byte{'.'}, pad)...)
		line = append(padded, "\"}\n"...)
	}
	c.mu.Lock()
	c.rememberTurn(t.ID, t.Match, len(line))
	c.mu.Unlock()
	c.push(item{line: line, written: written})
}

// SendLazy queues a line built by build at write time, in order with the others.
func (c *Conn) SendLazy(build func() any) {
	c.push(item{build: func() []byte {
		line, err := botproto.Encode(build())
		if err != nil {
			panic(err)
		}
		return line
	}})
}

// maxWarnText bounds a warning's sentence: one that quotes what the program sent (a
// malformed line) quotes only its beginning.
const maxWarnText = 400

// Warn queues a warning, and its sentence for people: msg is said in c.Lang() (an error
// with lang.Say(err, c.Lang())); code is the protocol's, the same in every language.
func (c *Conn) Warn(match string, id int, code, msg string, applied games.Action) {
	c.warn(match, id, code, msg, applied, "")
}

// Warning is a warning the program was sent, as OnWarn hears it: Kind tells apart, in any
// language, the mistakes that share a code.
type Warning struct {
	Code, Msg string
	Kind      string // one of the Kind constants, or ""
}

// Kinds of warnings that share a code with others.
const (
	KindSilent    = "silent"    // a timeout after which nothing came from the program (timeout)
	KindLate      = "late"      // an answer that came after its turn's time ran out (stale_id)
	KindDisplaced = "displaced" // an answer that came after something else took its turn (stale_id)
	KindID        = "id"        // a malformed action line, about its "id" (malformed)
)

func (c *Conn) warn(match string, id int, code, msg string, applied games.Action, kind string) {
	msg = c.shorten(msg, maxWarnText)
	line, err := botproto.Encode(botproto.Warn{Type: botproto.TypeWarn, Match: match, ID: id, Code: code, Msg: msg, Applied: applied})
	if err != nil {
		panic(err)
	}
	c.mu.Lock()
	hook := c.onWarn
	c.mu.Unlock()
	if hook != nil {
		hook(Warning{Code: code, Msg: msg, Kind: kind})
	}
	if c.diag == nil {
		c.push(item{line: line})
		return
	}
	where := ""
	if id > 0 {
		where = c.l.Sprintf(" (turn %d)", id)
	}
	played := ""
	if applied != nil {
		c.mu.Lock()
		g := c.game
		c.mu.Unlock()
		if g != nil {
			played = c.l.Sprintf("; played instead: %s", games.NameDefaultIn(g, applied, c.l))
		} else {
			played = c.l.Sprintf("; %s was played instead", fmt.Sprint(applied))
		}
	}
	// The warning and its sentence are queued together: whoever has read the one and
	// flushes finds the other written too.
	c.push(item{line: line}, c.diagItem(c.l.Sprintf("warning%s: %s: %s%s", where, code, msg, played)))
}

// OnWarn makes every warning the program is sent also call f with its code, sentence and
// kind (arena check judges a program by them).
func (c *Conn) OnWarn(f func(Warning)) {
	c.mu.Lock()
	c.onWarn = f
	c.mu.Unlock()
}

// Shorten cuts s to at most n bytes on a character boundary, marking the cut in English.
func Shorten(s string, n int) string { return shortenIn(s, n, lang.English) }

func (c *Conn) shorten(s string, n int) string { return shortenIn(s, n, c.l) }

// shortenIn cuts s to at most n bytes on a character boundary, marking the cut in l.
func shortenIn(s string, n int, l lang.Lang) string {
	if len(s) <= n {
		return s
	}
	return cutRunes(s, n) + l.Sprintf("… (%s bytes in all)", strconv.Itoa(len(s)))
}

// cutRunes is the longest prefix of s of at most n bytes that ends on a character boundary
// (s is longer than n).
func cutRunes(s string, n int) string {
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut]
}

// Tell queues a sentence for people (stderr), said in the connection's language, if the
// connection has somewhere to put it.
func (c *Conn) Tell(t lang.Text) {
	if c.diag != nil {
		c.push(c.diagItem(t.In(c.l)))
	}
}

func (c *Conn) diagItem(sentence string) item {
	return item{line: []byte("arena: " + sentence + "\n"), diag: true}
}

// Fail sends an error line saying err in the connection's language (lang.Say), and ends
// the connection once it is written (or after timeout).
func (c *Conn) Fail(err error, timeout time.Duration) {
	msg := lang.Say(err, c.l)
	c.Send(botproto.Error{Type: botproto.TypeError, Msg: msg})
	if c.diag != nil {
		c.push(c.diagItem(msg))
	}
	c.Flush(timeout)
	c.Close(endedByArena{err})
}

// push queues items together, in order.
func (c *Conn) push(items ...item) {
	c.mu.Lock()
	if len(items) == 1 && items[0].diag && c.diag != nil && (c.closed || c.draining) {
		// Sentences for people still reach them (stderr outlives the protocol): what
		// became of a game, a practice, an assignment's run once the program is gone.
		c.sayLate(items[0].line)
		c.mu.Unlock()
		return
	}
	if c.closed || c.draining {
		c.mu.Unlock()
		return
	}
	for _, it := range items {
		if len(c.queue) >= c.lim.Queue || (len(c.queue) > 0 && c.queued+len(it.line) > c.lim.QueueBytes) {
			c.mu.Unlock()
			c.Close(ErrNotReading)
			return
		}
		c.queue = append(c.queue, it)
		c.queued += len(it.line)
	}
	c.mu.Unlock()
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

// Flush waits until every queued line is written, the connection ends, or timeout; and
// until the sentences said after its end are written, or timeout.
func (c *Conn) Flush(timeout time.Duration) {
	t := time.NewTimer(timeout)
	defer t.Stop()
	for {
		c.mu.Lock()
		empty := len(c.queue) == 0 && c.inFlight == 0
		c.mu.Unlock()
		if empty {
			break
		}
		select {
		case <-t.C:
			return
		case <-c.done:
			return
		case <-c.idle:
		}
	}
	c.waitLate(t.C)
}

// sayLate queues a sentence for people said once the connection is closing (under c.mu): a
// goroutine of its own writes it, so that no caller waits on stderr.
func (c *Conn) sayLate(line []byte) {
	if len(c.late) > 64<<10 {
		return
	}
	c.late = append(c.late, line...)
	if c.lateWriting {
		return
	}
	c.lateWriting = true
	go func() {
		defer c.Recover("late writer") // lang:keep the name of a goroutine, for logs
		for {
			c.mu.Lock()
			b := c.late
			c.late = nil
			if len(b) == 0 {
				c.lateWriting = false
				c.mu.Unlock()
				return
			}
			c.mu.Unlock()
			if _, err := c.diag.Write(b); err != nil {
				c.mu.Lock()
				c.late, c.lateWriting = nil, false
				c.mu.Unlock()
				return
			}
		}
	}()
}

// waitLate waits until the late sentences are written, or expired fires.
func (c *Conn) waitLate(expired <-chan time.Time) {
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for {
		c.mu.Lock()
		busy := c.lateWriting
		c.mu.Unlock()
		if !busy {
			return
		}
		select {
		case <-expired:
			return
		case <-tick.C:
		}
	}
}

// OnResignOf makes a resign line between turns call resign when it names match (or no
// match), and warn the program when it names another game.
func (c *Conn) OnResignOf(match string, resign func()) {
	c.OnResign(func(m string) {
		if m != "" && m != match {
			c.Warn(m, 0, botproto.CodeResigned, c.l.Sprintf("match %q is not your current game (%s): nothing resigned", m, match), nil)
			return
		}
		resign()
	})
}

// OnResign sets what a resign line does when no turn is pending (by default, a warning).
func (c *Conn) OnResign(f func(match string)) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.onResign = f
}

// Close ends the connection: queued lines are dropped, a pending turn is told. It is safe
// to call more than once and from any goroutine.
func (c *Conn) Close(why error) {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return
	}
	c.closed = true
	c.why = why
	c.queue, c.queued = nil, 0
	p := c.pend
	c.pend = nil
	c.mu.Unlock()
	close(c.done)
	if p != nil {
		p.Deliver(Reply{Closed: true, At: c.now()})
	}
}

// NextTurnID returns a fresh turn id: ids grow over the whole connection, so that an answer
// to an earlier game's turn is always stale.
func (c *Conn) NextTurnID() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.turnSeq++
	return c.turnSeq
}

// Expect registers the turn the program must answer next, replacing any other. On a closed
// connection it delivers closed at once.
func (c *Conn) Expect(p *Pending) {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		p.Deliver(Reply{Closed: true, At: c.now()})
		return
	}
	c.pend = p
	c.mu.Unlock()
}

// Settle forgets turn id if it is still pending (its time ran out), reporting whether it
// was.
func (c *Conn) Settle(id int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.settleFate(id, fateTimedOut)
	if c.pend != nil && c.pend.ID == id {
		c.pend = nil
		return true
	}
	return false
}

// Forget drops the pending turn, if any, without telling anyone.
func (c *Conn) Forget() {
	c.mu.Lock()
	c.pend = nil
	c.mu.Unlock()
}

func (c *Conn) writeLoop() {
	defer c.Recover("writer")
	// A write that does not finish in time means the program stopped reading: cut it off
	// (its owner closes the transport, which ends the write).
	stuck := time.AfterFunc(time.Hour, func() { c.Close(ErrNotReading) })
	stuck.Stop()
	defer stuck.Stop()
	for {
		select {
		case <-c.done:
			return
		case <-c.wake:
		}
		for {
			c.mu.Lock()
			batch := c.queue
			c.queue, c.queued = nil, 0
			c.inFlight = len(batch)
			c.mu.Unlock()
			if len(batch) == 0 {
				break
			}
			for _, it := range batch {
				line, w := it.line, c.w
				if it.build != nil {
					line = it.build()
				}
				if it.diag {
					w = c.diag
				}
				stuck.Reset(c.lim.WriteTimeout)
				_, err := w.Write(line)
				stuck.Stop()
				if err != nil {
					c.Close(fmt.Errorf("write: %w", err)) // lang:keep for logs
					return
				}
				if it.written != nil {
					it.written <- c.now()
				}
			}
			c.mu.Lock()
			c.inFlight = 0
			c.mu.Unlock()
		}
		select {
		case c.idle <- struct{}{}:
		default:
		}
	}
}

// Recover turns a panic in one of the connection's goroutines into its end, so that a bug
// met by one program never takes the server down.
func (c *Conn) Recover(what string) {
	if p := recover(); p != nil {
		c.Close(fmt.Errorf("internal error in the %s: %v", what, p)) // lang:keep a bug of ours, for logs
	}
}

// inputEnded handles the end of what a program sends (its stdin closed over SSH, or its
// process gone): what was queued for it — hello, pongs, warnings — is still delivered,
// followed by one error line saying the session ends, before the connection closes. (Over
// SSH a client that closed its input still reads its output.) A game in progress goes on
// without the program, as for any program that leaves: default actions headless, a house
// bot in a live room.
func (c *Conn) inputEnded() {
	why := c.l.Sprintf("%s; this session ends here", c.EndedEarly("", 0).In(c.l))
	line, err := botproto.Encode(botproto.Error{Type: botproto.TypeError, Msg: why})
	if err != nil {
		panic(err)
	}
	c.mu.Lock()
	if c.closed || c.draining {
		c.mu.Unlock()
		return
	}
	// The error line is the last: nothing queued after it is sent (but sentences for
	// people, on stderr, which outlives the program).
	c.queue = append(c.queue, item{line: line})
	if c.diag != nil && !c.quietEnd {
		c.queue = append(c.queue, c.diagItem(why))
	}
	c.draining = true
	c.mu.Unlock()
	select {
	case c.wake <- struct{}{}:
	default:
	}
	c.Flush(c.lim.WriteTimeout)
}

func (c *Conn) readLoop(r io.Reader) {
	defer c.Recover("reader")
	lr := botproto.NewLineReader(r, botproto.MaxLine)
	for !c.failing.Load() {
		line, err := lr.Next()
		switch {
		case errors.Is(err, botproto.ErrLineTooLong):
			c.bad(botproto.CodeLineTooLong, c.l.Sprintf("a line is at most %d bytes: this one was skipped", botproto.MaxLine), nil, "")
			continue
		case err != nil:
			if errors.Is(err, io.EOF) {
				c.inputEnded()
			}
			c.Close(err)
			return
		}
		if len(line) == 0 {
			continue
		}
		c.mu.Lock()
		c.heard = c.now()
		c.mu.Unlock()
		m, err := botproto.Decode(line)
		if err != nil {
			var de *botproto.DecodeError
			code, kind := botproto.CodeMalformed, ""
			if errors.As(err, &de) {
				code = de.Code
				if de.AboutID {
					kind = KindID
				}
			}
			c.bad(code, lang.Say(err, c.l), line, kind)
			continue
		}
		switch m.Type {
		case botproto.TypePing:
			if c.spend() {
				c.Send(botproto.Pong{Type: botproto.TypePong})
			}
		case botproto.TypeAction:
			c.action(m, line)
		case botproto.TypeResign:
			c.resign(m)
		}
	}
}

// spend takes a token for an unsolicited line; with none left the program is sent an error
// and disconnected.
func (c *Conn) spend() bool {
	if c.bucket.Take() {
		return true
	}
	if c.failing.Swap(true) {
		return false
	}
	c.mu.Lock()
	last := c.lastUnasked
	c.mu.Unlock()
	var msg error = lang.Errorf("too many messages: beyond answers to turns, at most %g lines a second (burst %d)", c.lim.Rate, c.lim.Burst)
	if last != nil {
		msg = lang.Errorf("too many messages: beyond answers to turns, at most %g lines a second (burst %d); the last was %s: answer each turn line once, and no other line (start, warn, end)", c.lim.Rate, c.lim.Burst, Quote(last))
	}
	go c.Fail(msg, time.Second)
	return false
}

// bad answers a malformed line: a warning, and the default action if a turn was pending.
func (c *Conn) bad(code, msg string, line []byte, kind string) {
	c.unasked(line)
	// A line that takes a pending turn's place answers it, badly: it costs the turn, not
	// the allowance of unasked lines (a program printing debugging is told so, not cut off).
	c.mu.Lock()
	takesTurn := c.pend != nil
	c.mu.Unlock()
	if !takesTurn && !c.spend() {
		return
	}
	c.mu.Lock()
	p := c.pend
	c.pend = nil
	pending := 0
	if p != nil {
		pending = p.ID
	}
	if line != nil {
		msg = c.badLine(line, msg, pending)
	}
	if p != nil {
		c.settleFate(p.ID, lang.T("the line %s, which took its place (a lost turn)", Quote(line)))
		if t := c.turn(p.ID); t != nil {
			t.displaced = true
		}
	}
	c.mu.Unlock()
	if p == nil {
		c.warn("", 0, code, msg, nil, kind)
		return
	}
	c.warn(p.Match, p.ID, code, msg, p.Default, kind)
	p.Deliver(Reply{Failed: true, At: c.now()})
}

// unasked remembers a line that answered no pending turn, to quote it if they flood.
func (c *Conn) unasked(line []byte) {
	if line == nil {
		return
	}
	c.mu.Lock()
	c.lastUnasked = append(c.lastUnasked[:0], line[:min(len(line), 200)]...)
	c.mu.Unlock()
}

func (c *Conn) action(m botproto.Message, line []byte) {
	at := c.now()
	c.mu.Lock()
	p := c.pend
	switch {
	case p == nil || p.ID != m.ID:
		p = nil
	case m.Match != "" && m.Match != p.Match:
		// The right turn, another game's match: not taken, said once, in the field's name.
		c.pend = nil
		c.settleFate(p.ID, lang.T("an answer naming another match"))
		c.mu.Unlock()
		c.Warn(p.Match, p.ID, botproto.CodeWrongMatch, c.l.Sprintf(`your answer to turn %d has "match":%q but this game's is %q: copy "match" from the turn line; the answer was not taken (a lost turn)`, p.ID, m.Match, p.Match), p.Default)
		p.Deliver(Reply{Failed: true, At: at})
		return
	default:
		c.pend = nil
		c.gameAnswers++
		if t := c.turn(p.ID); t != nil {
			t.answered = true
		}
	}
	noMatch := p != nil && m.Match == "" && !c.saidNoMatch
	if noMatch {
		c.saidNoMatch = true
	}
	noteCode, noteMsg := "", ""
	if p != nil && m.Note != "" {
		noteCode, noteMsg = c.keepNote(p.Match, p.ID, m.Note)
	}
	stale, staleKind, free := "", "", false
	if p == nil {
		stale, staleKind = c.staleAnswer(m.ID)
		// The real answer to a turn a bad line took the place of is the program's own
		// answer, late: it costs nothing either, once.
		if t := c.turn(m.ID); t != nil && t.displaced && !t.answered {
			free, t.answered = true, true
		} else if t != nil && t.fate.Key == fateTimedOut.Key {
			c.answeredLate = true // slow, not silent (Silence)
		}
	}
	c.mu.Unlock()
	if p != nil {
		if noMatch {
			c.Warn(p.Match, p.ID, botproto.CodeMissingMatch, c.l.Sprintf(`your answer to turn %d has no "match": it was taken, but copy "match" from the turn line into every answer (said once)`, p.ID), nil)
		}
		if noteCode != "" {
			c.Warn(p.Match, p.ID, noteCode, noteMsg, nil)
		}
		p.Deliver(Reply{Action: m.Action, At: at})
		return
	}
	c.unasked(line)
	if free || c.spend() {
		c.warn(m.Match, m.ID, botproto.CodeStale, stale, nil, staleKind)
	}
}

// Note is a program's note on one of its answers: the id of the turn it answered, and its
// text, capped (botproto.MaxNote).
type Note struct {
	Turn int
	Text string
}

// notebook is what a program noted in one game.
type notebook struct {
	match              string
	notes              []Note
	bytes              int
	saidLong, saidFull bool // the program was warned of a note cut, of notes dropped
}

// maxNotebooks is how many games' notes a connection holds for its owner to take.
const maxNotebooks = 4

// keepNote keeps note on the answer to turn id of match, capped, and says what the program
// must be told (under c.mu): a warning code and its sentence, "" when nothing.
func (c *Conn) keepNote(match string, id int, note string) (code, msg string) {
	var nb *notebook
	for _, b := range c.notebooks {
		if b.match == match {
			nb = b
		}
	}
	if nb == nil {
		nb = &notebook{match: match}
		if len(c.notebooks) >= maxNotebooks {
			c.notebooks = append(c.notebooks[:0], c.notebooks[1:]...)
		}
		c.notebooks = append(c.notebooks, nb)
	}
	if len(note) > botproto.MaxNote {
		n := len(note)
		note = cutRunes(note, botproto.MaxNote)
		if !nb.saidLong {
			nb.saidLong = true
			code, msg = botproto.CodeNoteTooLong, c.l.Sprintf(`your "note" on turn %d is %d bytes: a note keeps at most %d, so it was cut (said once a game)`, id, n, botproto.MaxNote)
		}
	}
	if nb.saidFull {
		return code, msg // full: the rest of the game's notes are dropped
	}
	if nb.bytes+len(note) > botproto.MaxGameNotes {
		nb.saidFull = true
		return botproto.CodeNotesFull, c.l.Sprintf(`your notes in this game reached %d KiB, the most a game keeps: the "note" on turn %d and those after it are dropped (said once a game)`, botproto.MaxGameNotes>>10, id)
	}
	nb.bytes += len(note)
	nb.notes = append(nb.notes, Note{Turn: id, Text: note})
	return code, msg
}

// TakeNotes returns the notes the program sent on its answers in match, in the order it
// sent them, and forgets them (nil when there are none). Only answers that were taken for
// their turn count; those of a connection closed since are still there.
func (c *Conn) TakeNotes(match string) []Note {
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, b := range c.notebooks {
		if b.match == match {
			c.notebooks = append(c.notebooks[:i], c.notebooks[i+1:]...)
			return b.notes
		}
	}
	return nil
}

func (c *Conn) resign(m botproto.Message) {
	if !c.spend() {
		return
	}
	c.mu.Lock()
	p := c.pend
	if p != nil && m.Match != "" && m.Match != p.Match {
		p = nil
	} else {
		c.pend = nil
	}
	hook := c.onResign
	c.mu.Unlock()
	if p != nil {
		p.Deliver(Reply{Resign: true, At: c.now()})
		return
	}
	if hook != nil {
		hook(m.Match)
		return
	}
	c.Warn(m.Match, 0, botproto.CodeResigned, c.l.Sprintf("no game of yours to resign"), nil)
}

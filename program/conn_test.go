package program_test

import (
	"bufio"
	"errors"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arena-classroom/arena/botproto"
	"github.com/arena-classroom/arena/program"
)

// A peer that stops reading never blocks Send: the queue overflows and the peer is
// disconnected.
func TestSendNeverBlocksOnAPeerThatStopsReading(t *testing.T) {
	inR, _ := io.Pipe()  // the program never writes
	_, outW := io.Pipe() // and never reads: every Write blocks
	c := program.NewConn(inR, outW, program.ConnOptions{Limits: program.Limits{Queue: 8}})
	done := make(chan struct{})
	go func() {
		defer close(done)
		for range 100 {
			c.Send(botproto.Pong{Type: botproto.TypePong})
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Send blocked")
	}
	select {
	case <-c.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("the connection is still open")
	}
	if !errors.Is(c.Err(), program.ErrNotReading) {
		t.Fatalf("closed with %v", c.Err())
	}
	outW.Close() // unblocks the writer goroutine
}

// Unsolicited lines beyond the key's bucket end the session with an error line.
func TestFloodingEndsTheSessionWithAnError(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	frozen := time.Unix(0, 0)
	bucket := program.NewBucket(1, 3, func() time.Time { return frozen })
	c := program.NewConn(inR, outW, program.ConnOptions{Limits: program.Limits{Rate: 1, Burst: 3}, Bucket: bucket})
	go func() {
		for range 10 {
			if _, err := io.WriteString(inW, `{"type":"ping"}`+"\n"); err != nil {
				return
			}
		}
	}()
	sc := bufio.NewScanner(outR)
	var got []string
	for sc.Scan() {
		got = append(got, sc.Text())
		if strings.Contains(sc.Text(), `"error"`) {
			break
		}
	}
	want := []string{`{"type":"pong"}`, `{"type":"pong"}`, `{"type":"pong"}`}
	if len(got) != 4 || strings.Join(got[:3], "|") != strings.Join(want, "|") || !strings.Contains(got[3], "too many messages") {
		t.Fatalf("got %q, want three pongs and an error", got)
	}
	select {
	case <-c.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("the connection is still open after the error")
	}
	inW.Close()
	outR.Close()
}

// A warning for a line that came while no turn was pending applies nothing.
func TestMalformedLineBetweenTurnsIsOnlyWarned(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	c := program.NewConn(inR, outW, program.ConnOptions{})
	defer c.Close(nil)
	go io.WriteString(inW, "{oops\n"+`{"type":"action","id":4,"action":3}`+"\n"+`{"type":"resign"}`+"\n")
	sc := bufio.NewScanner(outR)
	var got []string
	for len(got) < 3 && sc.Scan() {
		got = append(got, sc.Text())
	}
	if len(got) != 3 || !strings.Contains(got[0], `"code":"malformed"`) || !strings.Contains(got[1], `"code":"stale_id"`) ||
		!strings.Contains(got[2], `"code":"resigned"`) || strings.Contains(strings.Join(got, ""), "applied") {
		t.Fatalf("got %q", got)
	}
	inW.Close()
}

// A program that takes no line for WriteTimeout is cut off even when nothing more is queued.
func TestAStuckWriteDisconnects(t *testing.T) {
	inR, _ := io.Pipe()
	_, outW := io.Pipe() // never read
	c := program.NewConn(inR, outW, program.ConnOptions{Limits: program.Limits{WriteTimeout: 50 * time.Millisecond}})
	c.Send(botproto.Pong{Type: botproto.TypePong})
	select {
	case <-c.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("still connected")
	}
	if !errors.Is(c.Err(), program.ErrNotReading) {
		t.Fatalf("closed with %v", c.Err())
	}
	outW.Close()
}

// A malformed 60 KB line is quoted by its beginning only, on the protocol and on stderr.
func TestAMalformedLineIsQuotedShort(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var diag strings.Builder
	diagW := &lockedWriter{w: &diag}
	c := program.NewConn(inR, outW, program.ConnOptions{Diag: diagW})
	defer c.Close(nil)
	huge := `{"type":"action","id":1,"action":"` + strings.Repeat("A", 60_000) + `"` // no closing brace
	go io.WriteString(inW, huge+"\n")
	sc := bufio.NewScanner(outR)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	if !sc.Scan() {
		t.Fatal("no warning")
	}
	if line := sc.Text(); len(line) > 600 || !strings.Contains(line, `"warn"`) {
		t.Fatalf("warning of %d bytes: %.200q", len(line), line)
	}
	c.Flush(5 * time.Second)
	if got := diagW.String(); len(got) > 600 || !strings.Contains(got, "warning") {
		t.Fatalf("stderr of %d bytes: %.200q", len(got), got)
	}
	inW.Close()
}

// A program that does not read is cut off once its queue holds QueueBytes, whatever the
// count of lines: large observations cannot pile up.
func TestTheQueueIsBoundedInBytes(t *testing.T) {
	inR, _ := io.Pipe()
	_, outW := io.Pipe() // never read
	c := program.NewConn(inR, outW, program.ConnOptions{Limits: program.Limits{Queue: 1000, QueueBytes: 64 << 10}})
	big := botproto.Error{Type: botproto.TypeError, Msg: strings.Repeat("x", 10_000)}
	for range 20 { // 200 KB: the writer holds one batch, the queue the rest
		c.Send(big)
	}
	select {
	case <-c.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("20 lines of 10 KB queued for a program that never reads")
	}
	if !errors.Is(c.Err(), program.ErrNotReading) {
		t.Fatalf("closed with %v", c.Err())
	}
	outW.Close()
}

func TestShorten(t *testing.T) {
	if got := program.Shorten("héllo wörld", 3); got != "hé… (13 bytes in all)" {
		t.Fatalf("%q", got)
	}
	if got := program.Shorten("short", 10); got != "short" {
		t.Fatalf("%q", got)
	}
}

type lockedWriter struct {
	mu sync.Mutex
	w  *strings.Builder
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func (l *lockedWriter) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.String()
}

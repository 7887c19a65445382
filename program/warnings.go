package program

import (
	"bytes"
	"fmt"
	"io"
	"sync"
)

// Warnings is where a local program's sentences for people go (ExecOptions.Diag): the
// same sentences a program hears over SSH on stderr, its first few shown with who it is,
// the rest counted, so that a batch of 500 games does not bury the table.
type Warnings struct {
	mu    sync.Mutex
	w     io.Writer
	who   string
	limit int // 0: no limit
	seen  int
}

// NewWarnings shows the first limit sentences (all when limit is 0) on w, naming who.
func NewWarnings(w io.Writer, who string, limit int) *Warnings {
	return &Warnings{w: w, who: who, limit: limit}
}

// Write takes one sentence a call ("arena: …\n", as a Conn writes them). Warnings are
// counted; any other sentence (why the connection ended) is always shown.
func (w *Warnings) Write(b []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if bytes.HasPrefix(b, []byte("arena: warning")) {
		w.seen++
		if w.limit > 0 && w.seen > w.limit {
			return len(b), nil
		}
	}
	line := bytes.TrimPrefix(b, []byte("arena: "))
	if _, err := fmt.Fprintf(w.w, "arena: %s: %s", w.who, line); err != nil {
		return 0, err
	}
	return len(b), nil
}

// Unshown says how many sentences were counted and not shown ("" when none).
func (w *Warnings) Unshown() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.limit == 0 || w.seen <= w.limit {
		return ""
	}
	return fmt.Sprintf("arena: %s: %d more warnings not shown (--verbose shows them all)\n", w.who, w.seen-w.limit)
}

package program

import (
	"bytes"
	"io"
	"sync"

	"github.com/arena-classroom/arena/lang"
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
	l     lang.Lang
}

// NewWarnings shows the first limit sentences (all when limit is 0) on w, naming who; it
// counts them in English.
func NewWarnings(w io.Writer, who string, limit int) *Warnings {
	return NewWarningsIn(w, who, limit, lang.English)
}

// NewWarningsIn is NewWarnings for sentences said in l (ExecOptions.Lang).
func NewWarningsIn(w io.Writer, who string, limit int, l lang.Lang) *Warnings {
	return &Warnings{w: w, who: who, limit: limit, l: l}
}

// isWarning reports whether b is a Conn's sentence of a warning, in any language.
func isWarning(b []byte) bool {
	for _, l := range lang.All {
		// A warning's sentence (Conn.Warn) begins with the word, in each language.
		if bytes.HasPrefix(b, []byte("arena: "+l.Sprintf("warning"))) {
			return true
		}
	}
	return false
}

// Write takes one sentence a call ("arena: …\n", as a Conn writes them). Warnings are
// counted; any other sentence (why the connection ended) is always shown.
func (w *Warnings) Write(b []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if isWarning(b) {
		w.seen++
		if w.limit > 0 && w.seen > w.limit {
			return len(b), nil
		}
	}
	line := bytes.TrimPrefix(b, []byte("arena: "))
	if _, err := io.WriteString(w.w, "arena: "+w.l.Sprintf("%s: %s", w.who, string(line))); err != nil {
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
	return "arena: " + w.l.Sprintf("%s: %d more warnings not shown (--verbose shows them all)", w.who, w.seen-w.limit) + "\n"
}

// Package termrender draws a full-screen program's successive views on a terminal, writing
// only the lines that changed. It draws when asked (no clock, no goroutine), so an idle
// screen costs nothing and a key's effect is written at once.
//
//	r := termrender.New(out, 80, 24)
//	defer r.End()    // leaves the terminal as it was, whatever ends the program
//	r.Render(view)   // after every update
//	r.Resize(w, h)   // when the window changes: the next Render paints everything
package termrender

import (
	"hash/maphash"
	"io"
	"strconv"
	"strings"
	"sync"

	"github.com/charmbracelet/x/ansi"
)

// The terminal sequences the renderer writes (xterm's, which every terminal in use knows).
const (
	enterAltScreen = "\x1b[?1049h" // the alternate screen, leaving the shell's scrollback alone
	leaveAltScreen = "\x1b[?1049l"
	hideCursor     = "\x1b[?25l"
	showCursor     = "\x1b[?25h"
	pasteOn        = "\x1b[?2004h" // bracketed paste: a paste arrives as one, not as keys
	pasteOff       = "\x1b[?2004l"
	clearScreen    = "\x1b[2J"
	eraseLineRight = "\x1b[K"
	eraseBelow     = "\x1b[J"
	resetStyle     = "\x1b[0m"
)

// Renderer draws views on one terminal. Its methods may be called from any goroutine.
type Renderer struct {
	mu            sync.Mutex
	out           io.Writer
	width, height int

	started bool // the alternate screen is on
	ended   bool // End was called, or a write failed: nothing more is written
	// What the screen shows, as hashes of the last view and of its lines (before truncation
	// to the width): a session keeps 8 bytes a line rather than its last frame. lines is nil
	// when the screen must be painted afresh.
	view  uint64
	lines []uint64
}

// seed is the hash seed of every renderer (hashes are only compared within one).
var seed = maphash.MakeSeed()

// frames are the buffers frames are assembled in, shared by every session: an idle session
// holds none.
var frames = sync.Pool{New: func() any { return new([]byte) }}

// New returns a renderer for a terminal of width×height cells writing to out. Nothing is
// written before the first Render.
func New(out io.Writer, width, height int) *Renderer {
	return &Renderer{out: out, width: width, height: height}
}

// Render draws view: the lines that differ from the last frame's, nothing at all when none
// does. Lines are cut to the width; a view taller than the window loses its top lines, as
// the terminal cannot show them. The first Render switches to the alternate screen.
func (r *Renderer) Render(view string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ended {
		return
	}
	viewHash := maphash.String(seed, view)
	if r.lines != nil && viewHash == r.view {
		return
	}
	buf := frames.Get().(*[]byte)
	b := (*buf)[:0]
	if !r.started {
		b = append(b, enterAltScreen+clearScreen+hideCursor+pasteOn...)
	}
	lines := strings.Split(view, "\n")
	if r.height > 0 && len(lines) > r.height {
		lines = lines[len(lines)-r.height:]
	}
	repaint := r.lines == nil
	shown := r.lines
	if cap(r.lines) < len(lines) || len(lines) < cap(r.lines)/2 {
		r.lines = make([]uint64, len(lines))
	} else {
		r.lines = r.lines[:len(lines)]
	}
	for i, line := range lines {
		h := maphash.String(seed, line)
		// (Reading shown[i] before writing r.lines[i]: the two may share their array.)
		same := !repaint && i < len(shown) && shown[i] == h
		r.lines[i] = h
		if same {
			continue
		}
		b = moveTo(b, i)
		b = r.appendLine(b, line)
	}
	// A repaint clears below the view: the window may show anything there after a resize.
	if (repaint || len(lines) < len(shown)) && (r.height <= 0 || len(lines) < r.height) {
		b = moveTo(b, len(lines))
		b = append(b, resetStyle+eraseBelow...)
	}
	r.view = viewHash
	if len(b) > 0 { // nothing, when only lines above the window changed
		r.write(b)
	}
	r.started = true
	const keep = 64 << 10 // a huge frame's buffer is not kept
	if cap(b) <= keep {
		*buf = b[:0]
		frames.Put(buf)
	}
}

// moveTo moves the cursor to the start of row (from 0).
func moveTo(b []byte, row int) []byte {
	b = append(b, "\x1b["...)
	b = strconv.AppendInt(b, int64(row+1), 10)
	return append(b, 'H')
}

// appendLine writes one line over whatever the row showed: cut to the width, and the rest
// of the row erased. A line that fills the row is not followed by an erase, which would
// take the last cell with it (the cursor waits on that cell).
func (r *Renderer) appendLine(b []byte, line string) []byte {
	w := ansi.StringWidth(line)
	if r.width > 0 && w > r.width {
		line = ansi.Truncate(line, r.width, "")
		w = ansi.StringWidth(line)
	}
	b = append(b, line...)
	if r.width <= 0 || w < r.width {
		b = append(b, eraseLineRight...)
	}
	return b
}

// Resize records the window's size; after a change the next Render paints the whole screen.
// The same size again changes nothing (a session's first window message is the size it
// started with).
func (r *Renderer) Resize(width, height int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if width == r.width && height == r.height {
		return
	}
	r.width, r.height = width, height
	r.lines = nil
}

// End gives the terminal back as it was (cursor shown, bracketed paste off, the shell's
// screen back) if anything was drawn. Nothing is written after End; calling it again does
// nothing.
func (r *Renderer) End() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ended {
		return
	}
	if r.started {
		r.write([]byte(resetStyle + pasteOff + showCursor + leaveAltScreen))
	}
	r.ended = true
	r.lines = nil
}

// write sends one frame in one write. After a failed write (the session is gone) the
// renderer stays silent.
func (r *Renderer) write(b []byte) {
	if _, err := r.out.Write(b); err != nil {
		r.ended = true
	}
}

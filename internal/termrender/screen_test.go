package termrender

import (
	"strconv"
	"strings"
	"testing"
)

// screen is a small terminal for the tests: a grid of cells (one rune a cell), a cursor with
// xterm's pending wrap, and the sequences the renderer uses. Colours are ignored; a line
// that wraps or a sequence it does not know fails the test, as it would garble a real
// terminal's screen.
type screen struct {
	t             *testing.T
	width, height int
	cells         [][]rune
	row, col      int
	pendingWrap   bool

	alt, cursorHidden, paste bool
	writes                   int // Write calls
	bytes                    int
}

func newScreen(t *testing.T, width, height int) *screen {
	s := &screen{t: t}
	s.resize(width, height)
	return s
}

// resize changes the window as a terminal would, except that it leaves rubbish everywhere:
// what a renderer must paint over.
func (s *screen) resize(width, height int) {
	s.width, s.height = width, height
	s.cells = make([][]rune, height)
	for i := range s.cells {
		s.cells[i] = []rune(strings.Repeat("#", width))
	}
	s.row, s.col, s.pendingWrap = min(s.row, height-1), min(s.col, width-1), false
}

func (s *screen) Write(p []byte) (int, error) {
	s.writes++
	s.bytes += len(p)
	in := []rune(string(p))
	for i := 0; i < len(in); i++ {
		switch c := in[i]; {
		case c == 0x1b:
			i = s.escape(in, i+1)
		case c == '\a':
		case c == '\r':
			s.col, s.pendingWrap = 0, false
		case c == '\n':
			s.t.Errorf("the renderer wrote a newline (scrolls at the bottom): %q", p)
		case c < 0x20:
			s.t.Errorf("control character %#x in %q", c, p)
		default:
			if s.pendingWrap {
				s.t.Errorf("line %d wrapped: %q", s.row, p)
				return len(p), nil
			}
			s.cells[s.row][s.col] = c
			if s.col == s.width-1 {
				s.pendingWrap = true
			} else {
				s.col++
			}
		}
	}
	return len(p), nil
}

// escape interprets the CSI sequence after ESC at in[i] and returns the index of its last rune.
func (s *screen) escape(in []rune, i int) int {
	if i >= len(in) || in[i] != '[' {
		s.t.Fatalf("unexpected escape %q", string(in[i-1:]))
	}
	j := i + 1
	for j < len(in) && (in[j] >= '0' && in[j] <= '9' || in[j] == ';' || in[j] == '?') {
		j++
	}
	if j == len(in) {
		s.t.Fatalf("unfinished escape %q", string(in[i-1:]))
	}
	params, final := string(in[i+1:j]), in[j]
	num := func(k, def int) int {
		f := strings.Split(params, ";")
		if k >= len(f) || f[k] == "" {
			return def
		}
		n, err := strconv.Atoi(f[k])
		if err != nil {
			s.t.Fatalf("bad parameter in %q", params)
		}
		return n
	}
	switch {
	case final == 'm':
	case strings.HasPrefix(params, "?"):
		on := final == 'h'
		switch params {
		case "?1049":
			s.alt = on
			s.clearBelow(-1)
		case "?25":
			s.cursorHidden = !on
		case "?2004":
			s.paste = on
		default:
			s.t.Errorf("unknown mode %q", params)
		}
	case final == 'H':
		// Like a terminal, clamped to the screen.
		s.row, s.col, s.pendingWrap = min(num(0, 1), s.height)-1, min(num(1, 1), s.width)-1, false
	case final == 'K' && params == "":
		for c := s.col; c < s.width; c++ {
			s.cells[s.row][c] = ' '
		}
	case final == 'J' && params == "":
		s.clearBelow(s.row)
		for c := s.col; c < s.width; c++ {
			s.cells[s.row][c] = ' '
		}
	case final == 'J' && params == "2":
		s.clearBelow(-1)
	default:
		s.t.Errorf("unknown sequence %q", string(in[i-1:j+1]))
	}
	return j
}

// clearBelow blanks the rows below row (every row for -1).
func (s *screen) clearBelow(row int) {
	for r := row + 1; r < s.height; r++ {
		s.cells[r] = []rune(strings.Repeat(" ", s.width))
	}
}

func (s *screen) String() string {
	lines := make([]string, s.height)
	for i, row := range s.cells {
		lines[i] = string(row)
	}
	return strings.Join(lines, "\n")
}

// want is what a terminal of width×height shows for view: its last height lines, each cut
// to the width, styles left out.
func want(view string, width, height int) string {
	lines := strings.Split(view, "\n")
	if len(lines) > height {
		lines = lines[len(lines)-height:]
	}
	out := make([]string, height)
	for i := range out {
		var line []rune
		if i < len(lines) {
			line = []rune(stripStyles(lines[i]))
		}
		if len(line) > width {
			line = line[:width]
		}
		out[i] = string(line) + strings.Repeat(" ", width-len(line))
	}
	return strings.Join(out, "\n")
}

// stripStyles leaves the text of a line: no styles, no bell.
func stripStyles(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == 0x1b {
			for i < len(s) && s[i] != 'm' {
				i++
			}
			continue
		}
		if s[i] != '\a' {
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

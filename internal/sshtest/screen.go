package sshtest

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// screen is what a terminal shows now, as opposed to everything written to it: a grid of
// cells kept up to date with the sequences a full-screen program writes (cursor moves,
// erases, the alternate screen) and the newlines of plain output. Styles and modes are
// ignored, as a person reading the screen ignores them. A test that waits on the screen
// waits on what a person sees at that moment: a line drawn once and replaced since is gone.
type screen struct {
	width, height int
	cells         [][]rune // 0 is the right half of a wide character
	row, col      int
	pendingWrap   bool     // the last column was written: the next character starts a line
	main          [][]rune // the normal screen, kept while the alternate one shows
	pending       []byte   // an unfinished sequence or character, completed by the next write
}

func newScreen(width, height int) *screen {
	s := &screen{}
	s.resize(width, height)
	return s
}

// maxScreen bounds the cells kept either way: a test of a huge window (the server clamps
// 65535×65535) must not cost gigabytes. Beyond it, rows and columns fold onto the last.
const maxScreen = 500

// resize changes the window, keeping what fits (a full-screen program draws it all again).
func (s *screen) resize(width, height int) {
	width, height = max(1, min(width, maxScreen)), max(1, min(height, maxScreen))
	cells := blank(width, height)
	for r := range min(height, len(s.cells)) {
		copy(cells[r], s.cells[r])
	}
	s.width, s.height, s.cells = width, height, cells
	s.row, s.col, s.pendingWrap = min(s.row, height-1), min(s.col, width-1), false
}

func blank(width, height int) [][]rune {
	cells := make([][]rune, height)
	for r := range cells {
		cells[r] = []rune(strings.Repeat(" ", width))
	}
	return cells
}

// String is the screen's rows, trailing spaces removed.
func (s *screen) String() string {
	rows := make([]string, len(s.cells))
	for r, row := range s.cells {
		rows[r] = strings.TrimRight(strings.ReplaceAll(string(row), "\x00", ""), " ")
	}
	return strings.TrimRight(strings.Join(rows, "\n"), "\n")
}

func (s *screen) write(p []byte) {
	in := append(s.pending, p...)
	s.pending = nil
	for i := 0; i < len(in); {
		n := s.step(in[i:])
		if n == 0 { // unfinished: wait for the rest
			s.pending = append([]byte(nil), in[i:]...)
			return
		}
		i += n
	}
}

// step interprets what starts in, and returns how many bytes it took (0: in is unfinished).
func (s *screen) step(in []byte) int {
	switch c := in[0]; {
	case c == 0x1b:
		return s.escape(in)
	case c == '\r':
		s.col, s.pendingWrap = 0, false
	case c == '\n':
		s.lineFeed()
	case c == '\b':
		s.col, s.pendingWrap = max(s.col-1, 0), false
	case c == '\t':
		s.col = min((s.col/8+1)*8, s.width-1)
	case c < 0x20 || c == 0x7f:
	default:
		if !utf8.FullRune(in) {
			return 0
		}
		r, n := utf8.DecodeRune(in)
		s.put(r)
		return n
	}
	return 1
}

func (s *screen) put(r rune) {
	w := ansi.StringWidth(string(r))
	if w == 0 {
		return
	}
	if s.pendingWrap || s.col+w > s.width {
		s.col, s.pendingWrap = 0, false
		s.lineFeed()
	}
	s.cells[s.row][s.col] = r
	if w == 2 && s.col+1 < s.width {
		s.cells[s.row][s.col+1] = 0
	}
	if s.col+w >= s.width {
		s.col, s.pendingWrap = s.width-1, true
	} else {
		s.col += w
	}
}

func (s *screen) lineFeed() {
	if s.row < s.height-1 {
		s.row++
		return
	}
	copy(s.cells, s.cells[1:])
	s.cells[s.height-1] = []rune(strings.Repeat(" ", s.width))
}

// escape interprets the sequence that starts with ESC at in[0].
func (s *screen) escape(in []byte) int {
	if len(in) < 2 {
		return 0
	}
	switch in[1] {
	case '[':
		return s.csi(in)
	case ']', 'P', '_', '^', 'X': // a string, ended by BEL or ESC \
		for i := 2; i < len(in); i++ {
			if in[i] == 0x07 {
				return i + 1
			}
			if in[i] == 0x1b && i+1 < len(in) {
				return i + 2
			}
		}
		return 0
	}
	// ESC, intermediates, a final byte (ESC ( B, ESC 7, …): nothing a reader sees.
	for i := 1; i < len(in); i++ {
		if in[i] < 0x20 || in[i] > 0x2f {
			return i + 1
		}
	}
	return 0
}

func (s *screen) csi(in []byte) int {
	j := 2
	for j < len(in) && in[j] >= 0x20 && in[j] <= 0x3f {
		j++
	}
	if j == len(in) {
		return 0
	}
	params, final := string(in[2:j]), in[j]
	num := func(k, def int) int {
		f := strings.Split(params, ";")
		if k >= len(f) {
			return def
		}
		n, err := strconv.Atoi(f[k])
		if err != nil || n == 0 {
			return def
		}
		return n
	}
	if strings.HasPrefix(params, "?") {
		if params == "?1049" || params == "?47" || params == "?1047" {
			s.altScreen(final == 'h')
		}
		return j + 1
	}
	s.pendingWrap = false
	switch final {
	case 'H', 'f':
		s.row, s.col = min(num(0, 1), s.height)-1, min(num(1, 1), s.width)-1
	case 'A':
		s.row = max(s.row-num(0, 1), 0)
	case 'B':
		s.row = min(s.row+num(0, 1), s.height-1)
	case 'C':
		s.col = min(s.col+num(0, 1), s.width-1)
	case 'D':
		s.col = max(s.col-num(0, 1), 0)
	case 'G':
		s.col = min(num(0, 1), s.width) - 1
	case 'K':
		from, to := s.col, s.width
		switch num(0, 0) {
		case 1:
			from, to = 0, s.col+1
		case 2:
			from = 0
		}
		s.erase(s.row, from, to)
	case 'J':
		switch num(0, 0) {
		case 0:
			s.erase(s.row, s.col, s.width)
			for r := s.row + 1; r < s.height; r++ {
				s.erase(r, 0, s.width)
			}
		case 1:
			for r := range s.row {
				s.erase(r, 0, s.width)
			}
			s.erase(s.row, 0, s.col+1)
		default:
			for r := range s.height {
				s.erase(r, 0, s.width)
			}
		}
	}
	return j + 1
}

func (s *screen) erase(row, from, to int) {
	for c := from; c < min(to, s.width); c++ {
		s.cells[row][c] = ' '
	}
}

// altScreen switches to the alternate screen (blank) or back to the normal one.
func (s *screen) altScreen(on bool) {
	switch {
	case on && s.main == nil:
		s.main, s.cells = s.cells, blank(s.width, s.height)
	case !on && s.main != nil:
		s.cells, s.main = s.main, nil
		s.resize(s.width, s.height) // the window may have changed meanwhile
	}
}

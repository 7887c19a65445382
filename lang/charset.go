package lang

import (
	"io"
	"strings"
	"unicode/utf8"

	"github.com/mattn/go-runewidth"
)

// Latin1 reports whether the client's locale names a Latin-1 codeset (fr_FR.ISO-8859-1,
// fr_FR.ISO-8859-15, fr_FR@euro, …): its terminal shows one byte a character, and UTF-8
// is mojibake there. A locale without a codeset is taken as UTF-8, as every system ssh
// runs on today defaults to it.
func Latin1(env []string) bool {
	locale := ""
	vars := map[string]string{}
	for _, kv := range env {
		if k, v, ok := strings.Cut(kv, "="); ok {
			vars[k] = v
		}
	}
	for _, k := range []string{"LC_ALL", "LC_CTYPE", "LANG"} {
		if v := vars[k]; v != "" {
			locale = v
			break
		}
	}
	_, rest, hasSet := strings.Cut(locale, ".")
	set, mod, _ := strings.Cut(rest, "@")
	if !hasSet {
		_, mod, _ = strings.Cut(locale, "@")
	}
	set = strings.ToLower(strings.ReplaceAll(strings.ReplaceAll(set, "-", ""), "_", ""))
	switch {
	case set == "iso88591", set == "iso885915", set == "latin1", set == "latin9", set == "cp1252":
		return true
	case !hasSet && mod == "euro": // fr_FR@euro: ISO-8859-15 in glibc
		return true
	}
	return false
}

// latin1Fallback is what a Latin-1 terminal shows for the characters of the arena's
// screens it lacks: one character for one, so that nothing moves on the screen.
var latin1Fallback = map[rune]byte{
	'─': '-', '━': '-', '═': '=', '│': '|', '┃': '|', '║': '|',
	'┌': '+', '┐': '+', '└': '+', '┘': '+', '├': '+', '┤': '+', '┬': '+', '┴': '+', '┼': '+',
	'╭': '+', '╮': '+', '╰': '+', '╯': '+', '╔': '+', '╗': '+', '╚': '+', '╝': '+',
	'┏': '+', '┓': '+', '┗': '+', '┛': '+', '╠': '+', '╣': '+', '╦': '+', '╩': '+', '╬': '+',
	// The eighths go up as the sparklines of think times do: . . - - = = # #
	'▁': '.', '▂': '.', '▃': '-', '▄': '-', '▅': '=', '▆': '=', '▇': '#', '█': '#',
	'▓': '#', '▒': '%', '░': ':', '▀': '"', '▌': '[', '▐': ']',
	'←': '<', '→': '>', '↑': '^', '↓': 'v', '◀': '<', '▶': '>', '▲': '^', '▼': 'v',
	'◂': '<', '▸': '>', '▴': '^', '▾': 'v', '›': '>', '‹': '<', '•': '*', '●': 'o', '○': 'o',
	'◆': '*', '◇': '*', '★': '*', '☆': '*', '✓': 'v', '✔': 'v', '✗': 'x', '✘': 'x',
	'…': '.', '—': '-', '–': '-', '‘': '\'', '’': '\'', '“': '"', '”': '"', '€': 'E',
	'\u202f': ' ', '\u2009': ' ', '⋅': '.', '∙': '.',
}

// Latin1Writer writes what is written to it, UTF-8, to w as Latin-1: a character Latin-1
// has as itself, the others as latin1Fallback says, else '?' (two for a wide one, so that
// the screen keeps its columns). Escape sequences are ASCII and pass as they are. A
// character cut between two writes waits for its end.
func Latin1Writer(w io.Writer) io.Writer { return &latin1Writer{w: w} }

type latin1Writer struct {
	w    io.Writer
	rest []byte // the start of a character cut at the end of the last write
	buf  []byte
}

func (l *latin1Writer) Write(p []byte) (int, error) {
	in := p
	if len(l.rest) > 0 {
		in = append(l.rest, p...)
		l.rest = nil
	}
	out := l.buf[:0]
	for len(in) > 0 {
		c := in[0]
		if c < utf8.RuneSelf {
			out = append(out, c)
			in = in[1:]
			continue
		}
		if !utf8.FullRune(in) {
			l.rest = append([]byte(nil), in...)
			break
		}
		r, size := utf8.DecodeRune(in)
		in = in[size:]
		switch b, ok := latin1Fallback[r]; {
		case ok:
			out = append(out, b)
		case r <= 0xff && r >= 0xa0:
			out = append(out, byte(r))
		case runewidth.RuneWidth(r) == 2:
			out = append(out, '?', '?')
		case runewidth.RuneWidth(r) == 0:
			// a combining mark or a zero-width joiner: nothing to show
		default:
			out = append(out, '?')
		}
	}
	l.buf = out
	if _, err := l.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}

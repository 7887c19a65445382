package lang

import (
	"io"
	"strings"
	"unicode/utf8"

	"github.com/mattn/go-runewidth"
)

// Charset is what a client's terminal shows.
type Charset int

const (
	UTF8   Charset = iota // every character (a locale without a codeset is taken as UTF-8)
	Latin1                // ISO-8859-1 and -15, CP1252: French letters, one byte each
	ASCII                 // any other codeset: ASCII only
)

// CharsetOf is the charset the client's locale names (LC_ALL, LC_CTYPE, LANG): UTF-8 for
// UTF-8 and for a locale without a codeset, as every system ssh runs on today defaults to
// it; Latin-1 for the Latin-1 family; ASCII for any other, which the arena shows safely
// only in ASCII.
func CharsetOf(env []string) Charset {
	set, named := codeset(env)
	switch {
	case !named || set == "utf8":
		return UTF8
	case set == "iso88591", set == "iso885915", set == "latin1", set == "latin9", set == "cp1252", set == "@euro":
		return Latin1
	}
	return ASCII
}

// Writer is w for a terminal of charset c: w itself for UTF-8, else a writer that turns
// what is written, UTF-8, into c (Latin1Writer, ASCIIWriter).
func (c Charset) Writer(w io.Writer) io.Writer {
	switch c {
	case Latin1:
		return Latin1Writer(w)
	case ASCII:
		return ASCIIWriter(w)
	}
	return w
}

// codeset is the locale's codeset, lower case without - and _ ("utf8", "iso88591"), or
// "@euro" for fr_FR@euro (ISO-8859-15 in glibc); named is false for a locale without one.
func codeset(env []string) (set string, named bool) {
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
	set, _, _ = strings.Cut(rest, "@")
	if !hasSet {
		if _, mod, _ := strings.Cut(locale, "@"); mod == "euro" {
			return "@euro", true
		}
		return "", false
	}
	return strings.ToLower(strings.ReplaceAll(strings.ReplaceAll(set, "-", ""), "_", "")), true
}

// IsLatin1 reports whether the client's locale names a Latin-1 codeset (fr_FR.ISO-8859-1,
// fr_FR.ISO-8859-15, fr_FR@euro, …): its terminal shows one byte a character, and UTF-8
// is mojibake there.
func IsLatin1(env []string) bool { return CharsetOf(env) == Latin1 }

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
	ascii bool // ASCII alone (ASCIIWriter)
	w     io.Writer
	rest  []byte // the start of a character cut at the end of the last write
	buf   []byte
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
		if l.ascii {
			if b, ok := asciiOf(r); ok {
				out = append(out, b)
				continue
			}
		}
		switch b, ok := latin1Fallback[r]; {
		case ok:
			out = append(out, b)
		case r <= 0xff && r >= 0xa0 && !l.ascii:
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

// ASCIIWriter writes what is written to it, UTF-8, to w as ASCII: letters with accents as
// their letter (é as e, œ as o), the screens' other characters as Latin1Writer's fallbacks
// or their ASCII look-alike, else '?' (two for a wide one): one column for one.
func ASCIIWriter(w io.Writer) io.Writer { return &latin1Writer{w: w, ascii: true} }

// asciiOf is the ASCII for the Latin-1 characters a Latin-1 terminal would show as they are.
func asciiOf(r rune) (byte, bool) {
	const from = "ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖ×ØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõö÷øùúûüýþÿ"
	const to = "AAAAAAACEEEEIIIIDNOOOOOxOUUUUYTsaaaaaaaceeeeiiiidnooooo/ouuuuyty"
	if i := strings.IndexRune(from, r); i >= 0 {
		return to[utf8.RuneCountInString(from[:i])], true
	}
	switch r {
	case 'œ', 'Œ':
		return map[rune]byte{'œ': 'o', 'Œ': 'O'}[r], true
	case '\u00a0':
		return ' ', true
	case '«', '»':
		return '"', true
	case '·':
		return '.', true
	case '°':
		return 'o', true
	}
	return 0, false
}

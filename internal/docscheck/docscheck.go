// Package docscheck reads the project's Markdown the way a reader copies from it: the code
// it shows (fenced and indented blocks, inline code spans) and, in that code, the command
// lines (`arena …`, `go run ./cmd/arena …`, `ssh … HOST COMMAND …`) split into words as a
// shell would. It checks nothing itself: tests beside each command's parser hold the doc
// lines against the real parsers (cmd/arena, lobby) and the real types (botproto), so that
// a doc cannot drift from the code without a test saying which line is wrong.
package docscheck

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// Snippet is one piece of code a Markdown file shows: a line of a code block, or an inline
// code span.
type Snippet struct {
	File string // relative to the repository's root, with forward slashes
	Line int    // 1-based line where the snippet starts
	Text string
	// Block is true for a line of a code block, false for an inline span.
	Block bool
}

// Where names the snippet's place for a failure message: "docs/bots.md line 14".
func (s Snippet) Where() string { return fmt.Sprintf("%s line %d", s.File, s.Line) }

// Root finds the repository's root: the nearest directory at or above the working
// directory whose go.mod is the arena's module.
func Root() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && strings.HasPrefix(string(b), "module github.com/arena-classroom/arena\n") {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("docscheck: no go.mod of module github.com/arena-classroom/arena above the working directory")
		}
		dir = parent
	}
}

// Files lists the Markdown a reader meets, relative to root: README.md, docs/*.md,
// docs/rules/*.md, docs/rules/fr/*.md and kits/*/README.md, sorted.
func Files(root string) ([]string, error) {
	var out []string
	for _, pattern := range []string{"README.md", "docs/*.md", "docs/rules/*.md", "docs/rules/fr/*.md", "kits/*/README.md"} {
		m, err := filepath.Glob(filepath.Join(root, filepath.FromSlash(pattern)))
		if err != nil {
			return nil, err
		}
		for _, p := range m {
			rel, err := filepath.Rel(root, p)
			if err != nil {
				return nil, err
			}
			out = append(out, filepath.ToSlash(rel))
		}
	}
	sort.Strings(out)
	return out, nil
}

// ReadSnippets reads file (relative to root) and returns its code.
func ReadSnippets(root, file string) ([]Snippet, error) {
	b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(file)))
	if err != nil {
		return nil, err
	}
	return Snippets(file, string(b)), nil
}

// Snippets returns the code of a Markdown text: each line of a fenced or indented code
// block (a line ending in a backslash joined with the next, as a shell would), and each
// inline code span of the prose (a span may run over a line break within a paragraph;
// each table row is a paragraph of its own).
func Snippets(file, text string) []Snippet {
	var out []Snippet
	var para []string // the current paragraph's lines
	paraStart := 0
	flush := func() {
		out = append(out, spans(file, paraStart, para)...)
		para = nil
	}
	lines := readLines(text)
	fence := "" // the open fence's marker, "" outside a fenced block
	prevBlank := true
	inIndented := false
	for i := 0; i < len(lines); i++ {
		line, n := lines[i], i+1
		trimmed := strings.TrimSpace(line)
		if fence != "" {
			if strings.HasPrefix(trimmed, fence) && strings.Trim(trimmed, fence[:1]) == "" {
				fence = ""
				continue
			}
			joined, last := joinContinued(lines, i)
			out = append(out, Snippet{File: file, Line: n, Text: joined, Block: true})
			i = last
			continue
		}
		if strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~") {
			flush()
			fence = trimmed[:3]
			inIndented = false
			continue
		}
		indented := strings.HasPrefix(line, "    ") || strings.HasPrefix(line, "\t")
		if indented && trimmed != "" && (prevBlank || inIndented) && len(para) == 0 {
			inIndented = true
			joined, last := joinContinued(lines, i)
			out = append(out, Snippet{File: file, Line: n, Text: strings.TrimSpace(joined), Block: true})
			i = last
			prevBlank = false
			continue
		}
		if trimmed == "" {
			flush()
			prevBlank = true
			// A blank line inside an indented block keeps it open for the next indented line.
			continue
		}
		inIndented = false
		prevBlank = false
		if strings.HasPrefix(trimmed, "|") || strings.HasPrefix(trimmed, "#") {
			flush()
			paraStart = n
			para = []string{line}
			flush()
			continue
		}
		if len(para) == 0 {
			paraStart = n
		}
		para = append(para, line)
	}
	flush()
	return out
}

func readLines(text string) []string {
	var lines []string
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	return lines
}

// joinContinued joins line i with the lines after it while each ends in a backslash, and
// returns the joined text and the index of the last line used.
func joinContinued(lines []string, i int) (string, int) {
	text := lines[i]
	for strings.HasSuffix(strings.TrimRight(text, " "), `\`) && i+1 < len(lines) {
		text = strings.TrimSuffix(strings.TrimRight(text, " "), `\`) + " " + strings.TrimSpace(lines[i+1])
		i++
	}
	return text, i
}

// spans finds the inline code spans of a paragraph that starts at line start.
func spans(file string, start int, para []string) []Snippet {
	var out []Snippet
	text := strings.Join(para, "\n")
	for i := 0; i < len(text); i++ {
		if text[i] != '`' {
			continue
		}
		ticks := 1
		for i+ticks < len(text) && text[i+ticks] == '`' {
			ticks++
		}
		marker := strings.Repeat("`", ticks)
		k := strings.Index(text[i+ticks:], marker)
		if k < 0 { // an unmatched run of backticks: no span
			i += ticks - 1
			continue
		}
		body := text[i+ticks : i+ticks+k]
		line := start + strings.Count(text[:i], "\n")
		body = strings.TrimSpace(strings.Join(strings.Fields(body), " "))
		out = append(out, Snippet{File: file, Line: line, Text: body})
		i += ticks + k + ticks - 1
	}
	return out
}

// Kind says which program a command line runs.
type Kind int

const (
	// Arena is the arena binary: `arena …`, `go run ./cmd/arena …`, `./arena …`.
	Arena Kind = iota + 1
	// SSH is a command run on the server: `ssh [options] HOST COMMAND …`, also as the
	// arguments a starter kit spawns (`./mybot ssh …`).
	SSH
)

// Command is one command line found in a snippet.
type Command struct {
	Snippet
	Kind Kind
	// Args are the words after `arena` (Arena) or after the host (SSH), unquoted as a shell
	// would; a redirection and its file are left out.
	Args []string
	// Stdin is true when the line gives the command a standard input (`< file` or a pipe).
	Stdin bool
}

func (c Command) String() string {
	switch c.Kind {
	case Arena:
		return strings.TrimSpace("arena " + strings.Join(c.Args, " "))
	default:
		return strings.TrimSpace("ssh HOST " + strings.Join(c.Args, " "))
	}
}

// Commands finds the command lines of snippets.
func Commands(snips []Snippet) []Command {
	var out []Command
	for _, s := range snips {
		for _, simple := range simpleCommands(Split(s.Text)) {
			if c, ok := command(s, simple); ok {
				out = append(out, c)
			}
		}
	}
	return out
}

// simple is one command between shell operators.
type simple struct {
	words []string
	stdin bool
}

// simpleCommands cuts tokens at the shell's operators, dropping redirections.
func simpleCommands(toks []Token) []simple {
	var out []simple
	cur := simple{}
	piped := false
	end := func() {
		if len(cur.words) > 0 {
			out = append(out, cur)
		}
		cur = simple{stdin: piped}
		piped = false
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if !t.Op {
			cur.words = append(cur.words, t.Text)
			continue
		}
		switch t.Text {
		case "<":
			cur.stdin = true
			i++ // the file
		case ">", ">>", "2>", "2>&1":
			if t.Text != "2>&1" {
				i++
			}
		case "|":
			piped = true
			end()
		default: // ; && || & $( ( )
			end()
		}
	}
	end()
	return out
}

var envAssign = regexp.MustCompile(`^[A-Z_][A-Z0-9_]*=`)

func command(s Snippet, sc simple) (Command, bool) {
	w := sc.words
	for len(w) > 0 && envAssign.MatchString(w[0]) {
		w = w[1:]
	}
	c := Command{Snippet: s, Stdin: sc.stdin}
	switch {
	case len(w) >= 3 && w[0] == "go" && w[1] == "run" && (w[2] == "./cmd/arena" || w[2] == "./cmd/arena/"):
		c.Kind, c.Args = Arena, w[3:]
		return c, true
	case len(w) >= 1 && (w[0] == "arena" || w[0] == "./arena" || w[0] == "../../arena"):
		c.Kind, c.Args = Arena, w[1:]
		// "arena match: a batch has…" is what the command prints, not a command.
		for _, a := range c.Args[:min(2, len(c.Args))] {
			if strings.HasSuffix(a, ":") {
				return Command{}, false
			}
		}
		return c, true
	}
	// ssh, possibly as the arguments of a program that spawns it (./mybot ssh …).
	for i, word := range w {
		if word != "ssh" || i > 3 {
			continue
		}
		rest := w[i+1:]
		for len(rest) > 0 && (strings.HasPrefix(rest[0], "-") || rest[0] == "…") {
			opt := rest[0]
			rest = rest[1:]
			if len(opt) == 2 && strings.ContainsRune("bcDEeFIiJLlmOopQRSWw", rune(opt[1])) && len(rest) > 0 {
				rest = rest[1:] // the option's value
			}
		}
		if len(rest) == 0 {
			return Command{}, false
		}
		c.Kind, c.Args = SSH, rest[1:]
		return c, true
	}
	return Command{}, false
}

// Token is a shell word or operator.
type Token struct {
	Text string
	Op   bool
}

// Split splits a line into words and operators as a POSIX shell would, for the shapes docs
// use: quotes ('…' literal, "…" with backslash escapes) are removed, a word may join quoted
// and bare parts (exec:"python3 bot.py",greedy is one word), `#` starting a word begins a
// comment, and | || && ; & < > >> 2> 2>&1 $( ( ) are operators.
func Split(line string) []Token {
	var toks []Token
	var word strings.Builder
	inWord := false
	endWord := func() {
		if inWord {
			toks = append(toks, Token{Text: word.String()})
			word.Reset()
			inWord = false
		}
	}
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == ' ' || c == '\t':
			endWord()
		case c == '\'':
			inWord = true
			j := strings.IndexByte(line[i+1:], '\'')
			if j < 0 {
				word.WriteString(line[i+1:])
				i = len(line)
				break
			}
			word.WriteString(line[i+1 : i+1+j])
			i += j + 1
		case c == '"':
			inWord = true
			for i++; i < len(line) && line[i] != '"'; i++ {
				if line[i] == '\\' && i+1 < len(line) && strings.IndexByte("\"\\$`", line[i+1]) >= 0 {
					i++
				}
				word.WriteByte(line[i])
			}
		case c == '\\' && i+1 < len(line):
			inWord = true
			i++
			word.WriteByte(line[i])
		case c == '#' && !inWord:
			endWord()
			return toks
		case c == '$' && i+1 < len(line) && line[i+1] == '(':
			endWord()
			toks = append(toks, Token{Text: "$(", Op: true})
			i++
		case strings.IndexByte("|&;<>()", c) >= 0:
			if c == '>' && inWord && word.String() == "2" {
				word.Reset()
				inWord = false
				if strings.HasPrefix(line[i:], ">&1") {
					toks = append(toks, Token{Text: "2>&1", Op: true})
					i += 2
				} else {
					toks = append(toks, Token{Text: "2>", Op: true})
				}
				continue
			}
			endWord()
			op := string(c)
			if i+1 < len(line) && (line[i+1] == c && (c == '|' || c == '&' || c == '>')) {
				op += string(c)
				i++
			}
			toks = append(toks, Token{Text: op, Op: true})
		default:
			inWord = true
			word.WriteByte(c)
		}
	}
	endWord()
	return toks
}

var placeholder = regexp.MustCompile(`^[A-Z][A-Z0-9_]*(=[A-Z][A-Z0-9_]*)?$`)

// IsPlaceholder reports whether a word stands for a value the reader chooses: a word in
// capitals (N, GAME, CODE, KEY=VALUE), one with an ellipsis, or a shell variable ($A).
func IsPlaceholder(word string) bool {
	return placeholder.MatchString(word) || strings.Contains(word, "…") || strings.Contains(word, "...") ||
		strings.HasPrefix(word, "$")
}

// Unbracket turns a usage line's optional parts into plain words: "[--name" and "mybot]"
// become "--name" and "mybot"; "[options]" and a lone "…" are dropped.
func Unbracket(args []string) []string {
	var out []string
	for _, a := range args {
		a = strings.Trim(a, "[]")
		if a == "" || a == "options" || a == "…" || a == "..." {
			continue
		}
		out = append(out, a)
	}
	return out
}

// Fill replaces the placeholder values of flags with samples (by flag name, without
// dashes). ok is false when a placeholder is left: one without a sample, or a positional one.
func Fill(args []string, samples map[string]string) (filled []string, ok bool) {
	ok = true
	for i := 0; i < len(args); i++ {
		a := args[i]
		if name, val, has := strings.Cut(a, "="); has && strings.HasPrefix(name, "-") {
			if IsPlaceholder(val) {
				s, found := samples[strings.TrimLeft(name, "-")]
				ok = ok && found
				a = name + "=" + s
			}
			filled = append(filled, a)
			continue
		}
		if IsPlaceholder(a) {
			prev := ""
			if i > 0 && strings.HasPrefix(args[i-1], "-") {
				prev = strings.TrimLeft(args[i-1], "-")
			}
			s, found := samples[prev]
			if prev == "" || !found {
				ok = false
				filled = append(filled, a)
				continue
			}
			a = s
		}
		filled = append(filled, a)
	}
	return filled, ok
}

// FlagValue is the value given to flag name (without dashes) in args, as the flag package
// reads `--name V` and `--name=V`; "" when absent.
func FlagValue(args []string, name string) string {
	for i, a := range args {
		if a == "-"+name || a == "--"+name {
			if i+1 < len(args) {
				return args[i+1]
			}
			return ""
		}
		if v, ok := strings.CutPrefix(a, "--"+name+"="); ok {
			return v
		}
		if v, ok := strings.CutPrefix(a, "-"+name+"="); ok {
			return v
		}
	}
	return ""
}

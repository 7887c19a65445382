// Package termtext lays out plain text for terminals: folding paragraphs, key tables and
// statuses to a width in cells, fitting a string to a column, a board beside its panel. It
// knows no styles, no screens and no games: what it is given is text and a width.
package termtext

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// Reflow folds a text written for about 78 columns (rules, help pages) to width cells,
// reading its shape rather than cutting its lines where they stand: the lines of a
// paragraph are joined and folded between words; an indented line (a list item, a row of a
// key table, a shell command) starts a line of its own, and its own continuation lines,
// indented deeper, join it; what it wraps onto is indented under its text (the column after
// a "1." marker, or a table row's second column), so that "(7 8 9 / 4 6 / 1 2 3) step."
// never lands alone at the left margin.
//
// Charm's wrappers (ansi.Wordwrap, lipgloss Style.Width) fold a paragraph as it stands:
// they keep a text's own line breaks, know no hanging indent, and would break a key list
// such as "(q w e / a d / z x c)" between its keys; Reflow keeps those, and uses
// WrapWords (ansi.Wordwrap) where a plain fold is all that is wanted.
func Reflow(text string, width int) string {
	width = max(width, 20)
	var out []string
	var block []string    // the words of the block being gathered
	first, hang := "", "" // the block's first-line indent and its wrap indent
	inBlock := false
	blockIndent := 0
	flush := func() {
		if !inBlock {
			return
		}
		out = append(out, foldBlock(block, first, hang, width)...)
		block, inBlock = nil, false
	}
	for _, line := range strings.Split(text, "\n") {
		trimmed := strings.TrimLeft(line, " ")
		indent := len(line) - len(trimmed)
		switch {
		case strings.TrimSpace(line) == "":
			flush()
			out = append(out, "")
			continue
		case inBlock && indent > blockIndent && blockIndent > 0,
			inBlock && indent == 0 && blockIndent == 0:
			// A continuation: deeper than an indented item, or more of a plain paragraph.
			block = append(block, units(trimmed)...)
			continue
		}
		flush()
		inBlock, blockIndent = true, indent
		first = strings.Repeat(" ", indent)
		hang = strings.Repeat(" ", hangingIndent(line, indent))
		block = units(trimmed)
		if col := tableColumn(trimmed); col > 0 {
			// A key table's first column is one unit, padded so that the second stays put.
			head := strings.TrimRight(trimmed[:col], " ")
			head += strings.Repeat(" ", ansi.StringWidth(trimmed[:col])-ansi.StringWidth(head)-1)
			block = append([]string{head}, units(trimmed[col:])...)
		}
	}
	flush()
	return strings.Join(out, "\n")
}

// hangingIndent is where the text of an indented line continues when it wraps: after a
// list marker ("1. ", "- ", "• "), at a table's second column, else under its first word.
func hangingIndent(line string, indent int) int {
	rest := line[indent:]
	if indent == 0 {
		return 0
	}
	if col := tableColumn(rest); col > 0 {
		return indent + ansi.StringWidth(rest[:col])
	}
	for _, marker := range []string{"- ", "• ", "* "} {
		if strings.HasPrefix(rest, marker) {
			return indent + ansi.StringWidth(marker)
		}
	}
	if dot := strings.Index(rest, ". "); dot > 0 && dot <= 3 && strings.Trim(rest[:dot], "0123456789abcdefghij") == "" {
		return indent + dot + 2
	}
	return indent
}

// tableColumn is the byte offset of a key table's second column in an item ("space     play
// / pause": the start of "play"), found as the first gap of two or more spaces within the
// first 24 cells; 0 when the line is no table row.
func tableColumn(item string) int {
	gap := strings.Index(item, "  ")
	if gap <= 0 || ansi.StringWidth(item[:gap]) > 24 {
		return 0
	}
	col := gap
	for col < len(item) && item[col] == ' ' {
		col++
	}
	if col == len(item) {
		return 0
	}
	return col
}

// foldBlock folds the words of one block: the first line after first, the others after hang
// (or after first, when the hang leaves too little room).
func foldBlock(words []string, first, hang string, width int) []string {
	if width-ansi.StringWidth(hang) < 16 {
		hang = first
	}
	var lines []string
	line := first
	empty := true
	for _, w := range words {
		switch {
		case empty:
			line += w
			empty = false
		case ansi.StringWidth(line)+1+ansi.StringWidth(w) <= width:
			line += " " + w
		default:
			lines = append(lines, line)
			line = hang + w
		}
	}
	return append(lines, line)
}

// WordsThenCode folds words to width and ends with code (an id, a command, a code a person
// types back), which is never cut: it goes on the last line when it fits there, else on a
// line of its own.
func WordsThenCode(words, code string, width int) []string {
	lines := WrapWords(words, width)
	last := lines[len(lines)-1]
	if ansi.StringWidth(last)+1+ansi.StringWidth(code) <= width {
		lines[len(lines)-1] = strings.TrimLeft(last+" "+code, " ")
		return lines
	}
	return append(lines, code)
}

// units splits text into the pieces a line may break between: words, except that a short
// parenthesised key list ("(7 8 9 / 4 6 / 1 2 3)") stays one piece.
func units(text string) []string {
	words := strings.Fields(text)
	var out []string
	for i := 0; i < len(words); i++ {
		w := words[i]
		if strings.HasPrefix(w, "(") && !strings.Contains(w, ")") {
			for j := i + 1; j < len(words) && j-i < 12; j++ {
				if !strings.Contains(words[j], ")") {
					continue
				}
				group := strings.Join(words[i:j+1], " ")
				if strings.Contains(group, " / ") && ansi.StringWidth(group) <= 28 {
					w, i = group, j
				}
				break
			}
		}
		out = append(out, w)
	}
	return out
}

// DropParts leaves out the last " · " parts of text until it fits width (the first part
// stays, whatever its width): a status on one narrow line says less, never half a word.
func DropParts(text string, width int) string {
	for ansi.StringWidth(text) > width {
		i := strings.LastIndex(text, " · ")
		if i < 0 {
			break
		}
		text = text[:i]
	}
	return text
}

// WrapParts folds a status of parts joined by " · " ("RED · speed 1 · 3 coins · 1 super
// fireball") into lines of at most width cells, breaking between parts where it can.
func WrapParts(text string, width int) []string {
	var lines []string
	line := ""
	for _, part := range strings.Split(text, " · ") {
		switch {
		case line == "":
			line = part
		case ansi.StringWidth(line)+3+ansi.StringWidth(part) <= width:
			line += " · " + part
		default:
			lines = append(lines, line)
			line = part
		}
	}
	var out []string
	for _, l := range append(lines, line) {
		out = append(out, WrapWords(l, width)...)
	}
	return out
}

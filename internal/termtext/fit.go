package termtext

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// Fit pads or cuts s (plain text) to exactly w cells.
func Fit(s string, w int) string {
	if w <= 0 {
		return ""
	}
	n := ansi.StringWidth(s)
	if n > w {
		s = ansi.Truncate(s, w, "…")
		n = ansi.StringWidth(s)
	}
	return s + strings.Repeat(" ", w-n)
}

// WrapWords folds one line of plain text into lines of at most width cells, between words
// (a word longer than width is cut by Fit later): x/ansi's word wrap, on the text's words
// joined by single spaces. Cheaper than a lipgloss style's Width: panels call it per frame
// (3 µs for a line of the log, against 1 µs for the hand-made fold it replaced).
func WrapWords(text string, width int) []string {
	return strings.Split(ansi.Wordwrap(strings.Join(strings.Fields(text), " "), width, ""), "\n")
}

// SplitBoard splits a drawn board into its lines and their width (a view draws every line
// the same width).
func SplitBoard(board string) ([]string, int) {
	lines := strings.Split(board, "\n")
	return lines, ansi.StringWidth(lines[0])
}

// BesideBoard lays the panel to the right of the board's lines. The board's width is known,
// so nothing is measured per frame (lipgloss.JoinHorizontal would measure every line).
func BesideBoard(board []string, width int, panel string) string {
	right := strings.Split(panel, "\n")
	var b strings.Builder
	for i := range max(len(board), len(right)) {
		if i > 0 {
			b.WriteByte('\n')
		}
		if i < len(board) {
			b.WriteString(board[i])
		} else {
			b.WriteString(strings.Repeat(" ", width))
		}
		if i < len(right) {
			b.WriteString("  ")
			b.WriteString(right[i])
		}
	}
	return b.String()
}

// ProgressBar is a bar of width cells, filled to at/total.
func ProgressBar(at, total, width int) string {
	if width <= 0 {
		return ""
	}
	filled := width
	if total > 0 {
		filled = width * at / total
	}
	return strings.Repeat("━", filled) + strings.Repeat("─", width-filled)
}

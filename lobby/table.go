package lobby

import (
	"io"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// textTable is a plain command's table: each column as wide as its widest cell, heading
// included, so that nothing is cut and the rows line up whatever the ids, names, games and
// tie-breaks are. Widths are terminal cells; numbers are right-aligned; the last column is
// not padded (no trailing spaces).
type textTable struct {
	cols []column
	rows [][]string
}

// column is a heading and its alignment.
type column struct {
	head  string
	right bool
}

func left(head string) column  { return column{head: head} }
func right(head string) column { return column{head: head, right: true} }

// tableGap separates two columns.
const tableGap = "  "

func newTable(cols ...column) *textTable { return &textTable{cols: cols} }

// add appends a row; missing cells are empty.
func (t *textTable) add(cells ...string) { t.rows = append(t.rows, cells) }

// write prints the heading (unless every heading is empty) and the rows, each line after
// indent.
func (t *textTable) write(w io.Writer, indent string) {
	width := make([]int, len(t.cols))
	heads := make([]string, len(t.cols))
	hasHead := false
	for i, c := range t.cols {
		heads[i], width[i] = c.head, ansi.StringWidth(c.head)
		hasHead = hasHead || c.head != ""
	}
	for _, r := range t.rows {
		for i := range min(len(r), len(width)) {
			width[i] = max(width[i], ansi.StringWidth(r[i]))
		}
	}
	line := func(cells []string) {
		var b strings.Builder
		b.WriteString(indent)
		for i, c := range t.cols {
			cell := ""
			if i < len(cells) {
				cell = cells[i]
			}
			pad := strings.Repeat(" ", width[i]-ansi.StringWidth(cell))
			switch {
			case c.right:
				b.WriteString(pad + cell)
			case i < len(t.cols)-1:
				b.WriteString(cell + pad)
			default:
				b.WriteString(cell)
			}
			if i < len(t.cols)-1 {
				b.WriteString(tableGap)
			}
		}
		io.WriteString(w, strings.TrimRight(b.String(), " ")+"\n")
	}
	if hasHead {
		line(heads)
	}
	for _, r := range t.rows {
		line(r)
	}
}

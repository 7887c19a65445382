// Package plaintext is text for plain commands and terminals alike: aligned tables, text
// from clients cleaned of control characters, points as people read them.
package plaintext

import (
	"io"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// Table is a plain command's table: each column as wide as its widest cell, heading
// included, so that nothing is cut and the rows line up whatever the ids, names, games and
// tie-breaks are. Widths are terminal cells; numbers are right-aligned; the last column is
// not padded (no trailing spaces).
type Table struct {
	cols []Column
	rows [][]string
}

// Column is a heading and its alignment.
type Column struct {
	head  string
	right bool
}

// Left is a column aligned left (text).
func Left(head string) Column { return Column{head: head} }

// Right is a column aligned right (numbers).
func Right(head string) Column { return Column{head: head, right: true} }

// tableGap separates two columns.
const tableGap = "  "

// NewTable makes a table of these columns.
func NewTable(cols ...Column) *Table { return &Table{cols: cols} }

// Add appends a row; missing cells are empty.
func (t *Table) Add(cells ...string) { t.rows = append(t.rows, cells) }

// Write prints the heading (unless every heading is empty) and the rows, each line after
// indent.
func (t *Table) Write(w io.Writer, indent string) {
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

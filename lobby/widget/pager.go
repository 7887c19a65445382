package widget

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/arena-classroom/arena/lang"
)

// Pager shows a long text (rules, help, standings, a leaderboard) a window of lines at a
// time. bubbles' viewport keeps the position; the keys are those people know from pagers
// (PagerKeys: ↑/↓ j/k, PgUp/PgDn, space, b/f, u/d, Home/End g/G), listed in the help of
// every screen that pages. The lines are drawn here, from the viewport's offset, so that no
// global lipgloss renderer is involved.
type Pager struct {
	vp    viewport.Model
	Keys  PagerKeys
	lines []string
	text  string // what lines hold, to skip setting the same content again
}

func NewPager() *Pager { return NewPagerWith(NewPagerKeys()) }

// NewPagerWith is a pager scrolled by keys (a screen that gives j another use drops it).
func NewPagerWith(keys PagerKeys) *Pager {
	return &Pager{vp: viewport.New(0, 0), Keys: keys}
}

// Set gives the pager its text (already fitted to the width) and the rows it may take,
// keeping the position where it can.
func (p *Pager) Set(text string, rows int) {
	if text != p.text {
		p.text = text
		p.lines = strings.Split(text, "\n")
		p.vp.SetContent(text)
	}
	p.vp.Height = max(rows, 1)
	p.vp.SetYOffset(p.vp.YOffset) // clamps to the new height
}

// Key scrolls by k and reports whether k is one of the pager's keys.
func (p *Pager) Key(k tea.KeyMsg) bool {
	switch km := p.Keys; {
	case key.Matches(k, km.Top):
		p.vp.GotoTop()
	case key.Matches(k, km.bottom):
		p.vp.GotoBottom()
	case key.Matches(k, km.pageDown):
		p.vp.PageDown()
	case key.Matches(k, km.pageUp):
		p.vp.PageUp()
	case key.Matches(k, km.halfDown):
		p.vp.HalfPageDown()
	case key.Matches(k, km.halfUp):
		p.vp.HalfPageUp()
	case key.Matches(k, km.Down):
		p.vp.ScrollDown(1)
	case key.Matches(k, km.up):
		p.vp.ScrollUp(1)
	default:
		return false
	}
	return true
}

// Fits reports whether the whole text shows at once.
func (p *Pager) Fits() bool { return len(p.lines) <= p.vp.Height }

// View is the visible lines, no more than the rows given.
func (p *Pager) View() string {
	top := min(p.vp.YOffset, max(len(p.lines)-p.vp.Height, 0))
	return strings.Join(p.lines[top:min(top+p.vp.Height, len(p.lines))], "\n")
}

// Where says which lines show, when not all do: "lines 1–20 of 64 · ↑↓ scroll" (PgUp/PgDn,
// space, Home/End too: the pages that use a pager say so in their help).
func (p *Pager) Where() string { return p.WhereIn(lang.English) }

// WhereIn is Where in language l.
func (p *Pager) WhereIn(l lang.Lang) string {
	if p.Fits() {
		return ""
	}
	top := min(p.vp.YOffset, max(len(p.lines)-p.vp.Height, 0))
	return l.Sprintf("lines %d–%d of %d · ↑↓ scroll", top+1, min(top+p.vp.Height, len(p.lines)), len(p.lines))
}

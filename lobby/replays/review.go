package replays

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/plaintext"
	"github.com/arena-classroom/arena/internal/termtext"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/lobby/roomview"
	"github.com/arena-classroom/arena/lobby/screen"
	"github.com/arena-classroom/arena/lobby/widget"
	"github.com/arena-classroom/arena/review"
)

// Where it turned: the replay screen runs a review (package review) of the viewer's seat —
// a teacher's, of the seat whose move is shown — off the screen's goroutine, then lists the
// decisions where the game's strongest house bot would have done better, and steps to them.

// reviewBudget bounds a review from the replay screen, as `replay ID --review` is bounded.
const reviewBudget = 20 * time.Second

var reviewKeys = struct{ open, next, prev key.Binding }{
	open: widget.Bind("w", lang.N("where it turned for your seat: the moves the strongest house bot plays otherwise, played out (w again: close)"), "w"),
	next: widget.Bind("n", lang.N("the next of those moves"), "n"),
	prev: widget.Bind("N", lang.N("the previous one"), "N"),
}

// reviewState is the review shown, or under way.
type reviewState struct {
	seat    int
	name    string
	running bool
	rep     review.Report
	err     error
	at      int // the finding shown, -1 before the first n
}

// reviewDone carries a finished review to the screen that asked for it.
type reviewDone struct {
	for_ *Screen
	rep  review.Report
	err  error
}

// reviewSeat is the seat a viewer may review: their own, or for a teacher the seat of the
// move shown (the first seat before any); false when there is none or the game is played in
// real time.
func (r *Screen) reviewSeat(m screen.Model) (int, bool) {
	if _, ok := r.g.Entry.Game.(games.Positions); !ok {
		return 0, false
	}
	who := m.Who()
	for i, s := range r.g.Rec.Seats {
		if s.ID != "" && s.ID == who.ID {
			return i, true
		}
	}
	if !who.Admin || len(r.g.Rec.Seats) == 0 {
		return 0, false
	}
	if mv, ok := r.cursor.Move(); ok {
		return mv.Seat, true
	}
	return 0, true
}

// canReview reports whether the viewer may review a seat of this game (the w key).
func (r *Screen) canReview(m screen.Model) bool {
	_, ok := r.reviewSeat(m)
	return ok
}

// toggleReview opens the review of the viewer's seat (starting it), or closes it.
func (r *Screen) toggleReview(m screen.Model) tea.Cmd {
	if r.rv != nil {
		r.rv = nil
		return nil
	}
	seat, ok := r.reviewSeat(m)
	if !ok {
		return nil
	}
	rs := r.g.Rec.Seats[seat]
	r.rv = &reviewState{seat: seat, name: rs.Name, running: true, at: -1}
	opts := review.Options{Seat: seat, Think: func(f func()) { m.Rooms().Think(false, f) }}
	for _, s := range r.g.Rec.Seats {
		opts.Seats = append(opts.Seats, review.Seat{Name: s.Name, Bot: s.Bot})
	}
	if rs.ReplacedBy != "" {
		opts.Until = max(rs.LeftAtMove, 1)
	}
	parent := m.Context()
	g := r.g
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(parent, reviewBudget)
		defer cancel()
		rep, err := review.Review(ctx, g.Entry.Entry, g.Replay, opts)
		return reviewDone{for_: r, rep: rep, err: err}
	}
}

// reviewed takes a finished review.
func (r *Screen) reviewed(d reviewDone) {
	if d.for_ != r || r.rv == nil || !r.rv.running {
		return // closed meanwhile, or another screen's
	}
	r.rv.running, r.rv.rep, r.rv.err = false, d.rep, d.err
}

// stepFinding shows the next (+1) or previous (-1) finding's position, paused.
func (r *Screen) stepFinding(dir int) {
	rv := r.rv
	if rv == nil || rv.running || len(rv.rep.Findings) == 0 {
		return
	}
	n := len(rv.rep.Findings)
	switch {
	case rv.at < 0 && dir < 0:
		rv.at = n - 1
	case rv.at < 0:
		rv.at = 0
	default:
		rv.at = (rv.at + dir + n) % n
	}
	// The position before the move: the board the seat decided on.
	r.cursor.Seek(rv.rep.Findings[rv.at].Move - 1)
	r.playing = false
	r.gen++
}

// reviewPanel is the side panel while a review is open.
func (r *Screen) reviewPanel(m screen.Model, width int) string {
	st, rv, l := m.Styles(), r.rv, m.Lang()
	p := l.Printer()
	var b strings.Builder
	line := func(s string) { b.WriteString(termtext.Fit(s, width) + "\n") }
	wrap := func(s string, style func(...string) string) {
		for _, l := range termtext.WrapWords(s, width) {
			b.WriteString(style(termtext.Fit(l, width)) + "\n")
		}
	}
	b.WriteString(st.Key.Render(termtext.Fit(p.Sprintf("Where it turned for %s", plaintext.Clean(rv.name)), width)) + "\n")
	b.WriteString(st.Dim.Render(termtext.Fit(p.Sprintf("move %d/%d", r.cursor.At(), r.cursor.Len()), width)) + "\n\n")
	switch {
	case rv.running:
		wrap(p.Sprintf("Playing the game out from each move where the strongest house bot plays otherwise… (up to 20 s)"), st.Dim.Render)
		return b.String()
	case rv.err != nil:
		wrap(p.Sprintf("This game cannot be reviewed: %s", lang.Say(rv.err, l)), st.Dim.Render)
		return b.String()
	}
	rep := rv.rep
	if len(rep.Findings) == 0 {
		wrap(p.Sprintf("%s plays as you did at every one of your %d decisions looked at, or no better: nothing to show.", rep.Bot, rep.Decisions), st.Dim.Render)
	}
	// As many findings as the window holds (two lines each, the notes below taking what is
	// left), around the one shown.
	fit := max((m.Height()-roomview.ChromeHeight-4)/2, 1)
	from := 0
	if rv.at >= fit {
		from = min(rv.at-fit/2, len(rep.Findings)-fit)
	}
	for i, f := range rep.Findings {
		if i < from || i >= from+fit {
			continue
		}
		marker := "  "
		if i == rv.at {
			marker = st.Key.Render("▶ ")
		}
		played := f.Played
		if f.Default {
			played = p.Sprintf("%s (default)", played)
		}
		line(marker + p.Sprintf("move %d: %s → %d", f.Move, played, f.Score))
		gain := fmt.Sprintf("%+d", f.Gain)
		if f.RanksGain > 0 {
			gain += ", " + p.Sprintf("%d place(s) up", f.RanksGain)
		}
		b.WriteString(st.Dim.Render(termtext.Fit("    "+p.Sprintf("%s plays %s → %d (%s)", f.Bot, f.BotPlays, f.BotScore, gain), width)) + "\n")
	}
	b.WriteString("\n")
	if rep.Stopped != "" {
		wrap(p.Sprintf("stopped after %d of %d decisions: %s", rep.Reviewed, rep.Chosen, rep.StoppedIn(l)), st.Dim.Render)
	}
	wrap(rep.MethodIn(l), st.Dim.Render)
	wrap(p.Sprintf("Opponents: %s", rep.OpponentsIn(l)), st.Dim.Render)
	return b.String()
}

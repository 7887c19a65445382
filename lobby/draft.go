package lobby

import (
	"time"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/termtext"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/rooms"
)

// turnDraft holds a person's move being composed in a game whose view is a games.Composer:
// started when the person's turn begins, dropped when it ends or the move is sent. A turn is
// known by its deadline, which the room sets anew for every decision.
type turnDraft struct {
	draft games.Draft
	turn  time.Time // the deadline of the decision the draft is for
	done  time.Time // the deadline of the decision already sent
	// early are the keys typed after a decision was sent and before the room's answer came
	// (a fast typist placing three creatures with three enters): they go to the next draft
	// if it is the same person's and directly follows that decision, else nowhere.
	early  []string
	sentAt int // the room's Moves when the decision was sent
	// The draft's board, drawn once per change.
	palette games.Palette
	scale   int
	lines   []string
	width   int
}

// follow starts or drops the draft for the room's new snapshot.
func (t *turnDraft) follow(s *rooms.Snapshot, seat int, l lang.Lang) {
	c, composed := games.ViewIn(s.View(), l).(games.Composer)
	mine := composed && seat >= 0 && s.Status == rooms.Playing && s.ToMove == seat && s.State != nil
	switch {
	case !mine || s.Deadline.Equal(t.done):
		t.draft = nil
		if !s.Deadline.Equal(t.done) {
			t.early = nil // the turn passed: what was typed ahead was for this one
		}
	case t.draft == nil || !s.Deadline.Equal(t.turn):
		t.draft, t.turn = c.Compose(s.State, seat), s.Deadline
	}
	t.lines = nil
}

// maxEarly bounds the keys kept while a decision is on its way.
const maxEarly = 32

// typeAhead keeps key for the next draft when a decision of s has been sent and the room
// has not answered yet; it reports whether it did.
func (t *turnDraft) typeAhead(s *rooms.Snapshot, key string) bool {
	if t.draft != nil || t.done.IsZero() || !s.Deadline.Equal(t.done) {
		return false
	}
	if _, composed := s.View().(games.Composer); !composed {
		return false
	}
	if len(t.early) < maxEarly {
		t.early = append(t.early, key)
	}
	return true
}

// typedAhead hands over the keys kept for the draft of s just started, if it follows the
// decision sent with nothing played in between.
func (t *turnDraft) typedAhead(s *rooms.Snapshot) []string {
	if t.draft == nil {
		return nil
	}
	keys := t.early
	t.early = nil
	if s.Moves != t.sentAt+1 { // another decision came between (a whole turn in one tick)
		return nil
	}
	return keys
}

func (t *turnDraft) key(key string) (games.Action, bool, bool) {
	a, done, used := t.draft.Key(key)
	if used {
		t.lines = nil
	}
	return a, done, used
}

// sent records that the decision of s has been played: no draft for it again.
func (t *turnDraft) sent(s *rooms.Snapshot) {
	t.done, t.draft, t.lines = s.Deadline, nil, nil
	t.sentAt, t.early = s.Moves, nil
}

// boardLines is the draft's board at scale k (see games.Scaler), or nil when there is no
// draft.
func (t *turnDraft) boardLines(p games.Palette, k int) ([]string, int) {
	if t.draft == nil {
		return nil, 0
	}
	if t.lines == nil || t.palette != p || t.scale != k {
		if sd, ok := t.draft.(games.ScaledDraft); ok && k > 0 {
			t.lines, t.width = termtext.SplitBoard(sd.ScaledBoard(p, k))
		} else {
			t.lines, t.width = termtext.SplitBoard(t.draft.Board(p))
		}
		t.palette, t.scale = p, k
	}
	return t.lines, t.width
}

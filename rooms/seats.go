package rooms

import (
	"time"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// Attach subscribes a session's mailbox to the room. A user who holds a seat is attached to
// it (and shown as connected); anyone else watches. It returns the seat, or -1 for a
// spectator, and the latest snapshot.
func (r *Room) Attach(userID string, mb *Mailbox) (int, *Snapshot) {
	r.mu.Lock()
	defer r.mu.Unlock()
	seatNo := -1
	for i, s := range r.seats {
		if userID != "" && s.UserID == userID && s.Kind == Human && !s.left {
			seatNo = i
			if !r.seats[i].absent.IsZero() && r.status == Playing {
				r.seats[i].note = nil
				switch {
				case r.seats[i].seen:
					r.logT(lang.T("%s is back", s.Name))
				case r.tag != "" || r.moves > 0:
					// Seated before they came (a tournament's call, a game taken up on
					// another node): worth a line. A game just opened for them is not.
					r.logT(lang.T("%s has come", s.Name))
				}
			}
			if !r.seats[i].seen && r.status == Playing && r.rt == nil && r.deadline.After(time.Time{}) && toMove(r.ref.State(), i) {
				// Their turn was waiting for them: its clock starts now, in full.
				now := r.hub.now()
				r.turnAt, r.deadline = now, now.Add(r.limit(i))
			}
			r.seats[i].seen = true
			r.seats[i].connected = true
			r.seats[i].absent = time.Time{}
			break
		}
	}
	r.subs[mb] = seatNo
	r.dirty = true
	r.publishLocked(r.hub.now())
	return seatNo, r.snap
}

// Detach ends a session's subscription. A human whose last session leaves gives up the seat
// (see Leave).
func (r *Room) Detach(mb *Mailbox) {
	r.mu.Lock()
	defer r.mu.Unlock()
	seatNo, ok := r.subs[mb]
	if !ok {
		return
	}
	delete(r.subs, mb)
	r.dirty = true
	if seatNo < 0 {
		return
	}
	for _, other := range r.subs {
		if other == seatNo {
			return // the same person is still here from another session
		}
	}
	r.leaveSeatLocked(seatNo)
}

// Drop ends a subscription whose connection dropped. A player of a running game keeps the
// seat for AbsentGrace, with the game going on (a turn may run out meanwhile), so that
// coming back with the same key (Attach) takes it again; after that a house bot plays on.
// Anywhere else it is Detach.
func (r *Room) Drop(mb *Mailbox) {
	r.mu.Lock()
	defer r.mu.Unlock()
	seatNo, ok := r.subs[mb]
	if !ok {
		return
	}
	if seatNo < 0 || r.status != Playing {
		r.mu.Unlock()
		r.Detach(mb)
		r.mu.Lock()
		return
	}
	delete(r.subs, mb)
	r.dirty = true
	r.releaseLocked(seatNo, r.hub.now()) // nobody reads the rules on a dropped connection
	for _, other := range r.subs {
		if other == seatNo {
			return // the same person is still here from another session
		}
	}
	s := &r.seats[seatNo]
	s.connected, s.absent = false, r.hub.now()
	s.note = say(lang.T("disconnected: %s plays on in %d s unless they return", r.entry.Strongest, games.Digits(int(r.grace.Seconds()))))
	r.logT(lang.T("%s lost their connection", s.Name))
}

// holdsSeat reports whether userID plays this running game in person: seated, not handed to
// a house bot.
func (r *Room) holdsSeat(userID string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.status != Playing {
		return false
	}
	for _, s := range r.seats {
		if s.Kind == Human && s.UserID == userID && !s.left && s.takeover == nil {
			return true
		}
	}
	return false
}

// Leave gives up userID's seat, attached or not (a player who cancelled after being seated).
func (r *Room) Leave(userID string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i, s := range r.seats {
		if userID != "" && s.UserID == userID && s.Kind == Human && !s.left {
			for mb, seatNo := range r.subs {
				if seatNo == i {
					delete(r.subs, mb)
				}
			}
			r.leaveSeatLocked(i)
		}
	}
}

// leaveSeatLocked: a human leaving a running game hands the seat to the game's strongest
// house bot so that the others can finish; leaving a waiting room frees the seat (and closes
// the room when no human is left).
func (r *Room) leaveSeatLocked(seatNo int) {
	r.releaseLocked(seatNo, r.hub.now())
	s := &r.seats[seatNo]
	s.connected = false
	r.dirty = true
	switch r.status {
	case Waiting:
		s.Seat = Seat{Kind: Open}
		if r.humansLocked() == 0 {
			r.close(r.hub.now(), lang.Text{})
		}
	case Playing:
		r.handToBot(seatNo)
		s.note = say(lang.T("left: %s plays on", r.entry.Strongest))
		r.logT(lang.T("%s left; %s plays on for them", s.Name, r.entry.Strongest))
	case Finished:
		s.left = true
	}
}

// Join seats a user in the first open seat of a waiting room.
func (r *Room) Join(userID, name string) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.status != Waiting {
		return -1, ErrRoomFull
	}
	for _, s := range r.seats {
		if s.Kind == Human && s.UserID == userID {
			return -1, ErrAlreadyHere
		}
	}
	for i := range r.seats {
		if r.seats[i].Kind == Open {
			r.seats[i] = seat{Seat: Seat{Kind: Human, Name: name, UserID: userID}}
			r.logT(lang.T("%s joined", name))
			r.maybeStart(r.hub.now())
			r.dirty = true
			return i, nil
		}
	}
	return -1, ErrRoomFull
}

// FillWithBot seats house bot name in every open seat of a waiting room, starting it.
func (r *Room) FillWithBot(name string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.status != Waiting {
		return ErrRoomFull
	}
	for i := range r.seats {
		if r.seats[i].Kind == Open {
			r.seats[i] = seat{Seat: Seat{Kind: HouseBot}}
			if err := r.seatBot(i, name); err != nil {
				r.seats[i] = seat{}
				return err
			}
		}
	}
	r.maybeStart(r.hub.now())
	r.dirty = true
	return nil
}

// Submit queues seat's action; the hub applies it on its next tick if the seat is then to
// move. The caller is the session of the seat's human (checked by userID).
func (r *Room) Submit(userID string, seatNo int, a games.Action) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if seatNo < 0 || seatNo >= len(r.seats) || r.seats[seatNo].UserID != userID || r.seats[seatNo].left {
		return ErrNotSeated
	}
	if r.status != Playing {
		return ErrNotPlaying
	}
	// Latest wins per seat: a second key press before the tick replaces the first.
	for i := range r.inbox {
		if r.inbox[i].seat == seatNo {
			r.inbox[i].action = a
			return nil
		}
	}
	r.inbox = append(r.inbox, input{seat: seatNo, action: a, at: r.hub.now()})
	if r.rt == nil {
		r.hub.poke(r) // played now, between ticks: a person sees their move at once
	}
	return nil
}

// VoteRematch records that seat wants to play again. When every human still here agrees,
// the hub opens the next room with the seats rotated and announces it in Snapshot.Next.
func (r *Room) VoteRematch(userID string, seatNo int) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if seatNo < 0 || seatNo >= len(r.seats) || r.seats[seatNo].UserID != userID {
		return ErrNotSeated
	}
	if r.status != Finished {
		return ErrNotPlaying
	}
	if r.next != "" {
		return nil
	}
	r.votes[seatNo] = true
	r.dirty = true
	for i, s := range r.seats {
		if s.Kind == Human && !s.left && !r.votes[i] {
			r.logT(lang.T("%s wants a rematch", r.seats[seatNo].Name))
			return nil
		}
	}
	for i, s := range r.seats {
		if s.left && s.UserID != "" && i != seatNo {
			return lang.Errorf("%s has left: no rematch", s.Name)
		}
	}
	return r.rematchLocked()
}

func (r *Room) rematchLocked() error {
	n := len(r.seats)
	seats := make([]Seat, n)
	for i := range r.seats {
		// Rotate by one so that everyone moves first in turn.
		src := r.seats[(i+1)%n]
		s := src.Seat
		if s.Kind == HouseBot && src.UserID == "" {
			s.Name = ""
		}
		seats[i] = s
	}
	next, err := r.hub.create(Spec{Game: r.entry, Config: r.cfg, Seats: seats, Private: r.private, Owner: r.owner, Addr: r.addr, MayHoldClock: r.mayHold})
	if err != nil {
		return err
	}
	r.next = next.id
	r.logT(lang.T("rematch: room %s", next.id))
	r.dirty = true
	return nil
}

// Close ends the room now (a teacher's decision, a finished room nobody needs): players and
// spectators go back to the lobby, programs are told their game ended without them. why is
// in English, for everyone; CloseSaying says it in each viewer's language.
func (r *Room) Close(why string) {
	t := lang.Text{}
	if why != "" {
		t = lang.T("%s", why)
	}
	r.CloseSaying(t)
}

// CloseSaying is Close with why said in each viewer's language (lang.T("…")).
func (r *Room) CloseSaying(why lang.Text) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.status != Closed {
		r.close(r.hub.now(), why)
		r.publishLocked(r.hub.now())
	}
}

// MovedTo closes the room as a game that goes on in room next on another node (a drain
// handed it over): its viewers on other nodes follow it there (Snapshot.Next), its people
// to their seats, without connecting again.
func (r *Room) MovedTo(next string, why lang.Text) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.status != Closed {
		r.next = next
		r.close(r.hub.now(), why)
		r.publishLocked(r.hub.now())
	}
}

func (r *Room) humansLocked() int {
	n := 0
	for _, s := range r.seats {
		if s.Kind == Human && !s.left {
			n++
		}
	}
	return n
}

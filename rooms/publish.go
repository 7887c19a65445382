package rooms

import (
	"fmt"
	"strings"
	"time"
)

// Snapshot returns the latest published snapshot.
func (r *Room) Snapshot() *Snapshot {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.snap == nil || r.dirty {
		r.publishLocked(r.hub.now())
	}
	return r.snap
}

func (r *Room) infoLocked() Info {
	info := Info{
		ID: r.id, Code: r.code, MatchID: r.matchID, Game: r.entry.Game.ID(), GameName: r.entry.Game.Name(),
		Config: r.cfg, Private: r.private, Status: r.status, Created: r.created, Tag: r.tag,
		Seats: make([]SeatInfo, len(r.seats)), Result: r.outcome, Fast: r.fast, MoveGap: r.gap,
		Unrated: r.unrated, Owner: r.owner, Addr: r.addr, Was: r.was,
	}
	for i, s := range r.seats {
		info.Seats[i] = SeatInfo{Name: s.Name, Kind: s.Kind, UserID: s.UserID, Bot: s.BotName, Connected: s.connected, Note: s.note.English(), NoteSaid: s.note, Takeover: s.takeover}
		if s.Kind == HouseBot && !s.left {
			info.Seats[i].Connected = true
		}
		if s.remote != nil && s.remote.answers > 0 {
			info.Seats[i].Think = s.remote.thought / time.Duration(s.remote.answers)
		}
	}
	for _, seatNo := range r.subs {
		if seatNo < 0 {
			info.Spectators++
		}
	}
	return info
}

// Info describes the room now.
func (r *Room) Info() Info {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.infoLocked()
}

// publishLocked builds a new snapshot and drops it in every mailbox. Caller holds the lock.
func (r *Room) publishLocked(now time.Time) {
	r.version++
	s := &Snapshot{Scene: Scene{
		Info:      r.infoLocked(),
		Version:   r.version,
		ToMove:    -1,
		Deadline:  r.deadline,
		Moves:     r.moves,
		Published: now,
		Log:       r.logEnglish(),
		LogSaid:   append([]Said(nil), r.log...),
		Outcome:   r.outcome,
		Saved:     r.saved,
		Next:      r.next,
		Votes:     append([]bool(nil), r.votes...),
		Error:     r.errText.English(),
		ErrorSaid: r.errText,
		Played:    -1,
	}, view: r.entry.View}
	if r.rt != nil && r.status == Playing {
		s.Played = now.Sub(r.startedAt)
	}
	if r.ref != nil {
		st := r.ref.State()
		s.State = st.Clone()
		if m := st.ToMove(); len(m) > 0 && r.status == Playing {
			s.ToMove = m[0]
		}
	}
	if r.status != Playing {
		s.Deadline = time.Time{}
	}
	if r.hold.on && r.status == Playing && s.ToMove == r.hold.seat {
		s.HeldLeft = r.hold.left
	}
	r.snap = s
	r.dirty = false
	if key := lobbyKey(s.Info); key != r.lobbyKey {
		r.lobbyKey = key
		r.hub.version.Add(1)
	}
	for mb := range r.subs {
		mb.Put(s)
	}
	for mb := range r.observers {
		mb.Put(s)
	}
}

// lobbyKey is what a lobby's room list shows of a room, to tell when it changed.
func lobbyKey(info Info) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %d", info.Status, info.Spectators)
	for _, s := range info.Seats {
		fmt.Fprintf(&b, " %d:%s", s.Kind, s.Name)
	}
	return b.String()
}

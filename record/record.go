// Package record turns a finished room into the match record the store keeps.
package record

import (
	"encoding/json"
	"time"

	"github.com/arena-classroom/arena/replay"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/store"
)

// Match builds the record of a finished room, ended at ended.
func Match(info rooms.Info, rp replay.Replay, ended time.Time) (store.MatchRecord, error) {
	cfg, err := json.Marshal(rp.Config)
	if err != nil {
		return store.MatchRecord{}, err
	}
	// The recorded result, in which players who left rank last; the replay keeps the
	// rules' own outcome.
	out, err := json.Marshal(info.Result)
	if err != nil {
		return store.MatchRecord{}, err
	}
	log, err := json.Marshal(rp)
	if err != nil {
		return store.MatchRecord{}, err
	}
	rec := store.MatchRecord{
		ID:   info.MatchID,
		Game: rp.Game, Seed: rp.Seed, Config: cfg, Outcome: out, Replay: log,
		StartedAt: info.Created, EndedAt: ended,
		// Live games are rated (guests are left out; practice is Practice's, unrated), but
		// for a game in which a person stopped their clock.
		Rated:   !info.Unrated,
		Private: info.Private,
	}
	for _, s := range info.Seats {
		seat := store.SeatRecord{Name: s.Name}
		if s.Kind == rooms.HouseBot && s.UserID == "" {
			seat.Bot = s.Bot
		} else {
			seat.ID = s.UserID
		}
		if s.Takeover != nil {
			seat.LeftAtMove, seat.ReplacedBy = s.Takeover.FromMove, s.Takeover.By
		}
		rec.Seats = append(rec.Seats, seat)
	}
	return rec, nil
}

// Practice builds the record of a practice game (bot --practice), played headless rather
// than in a room: its replay, with the rules' outcome, and its seats (the program's with its
// key, the house bots' with their names). The store keeps it private and unrated
// (store.SavePractice).
func Practice(id string, rp replay.Replay, seats []store.SeatRecord, started, ended time.Time) (store.MatchRecord, error) {
	cfg, err := json.Marshal(rp.Config)
	if err != nil {
		return store.MatchRecord{}, err
	}
	out, err := json.Marshal(rp.Outcome)
	if err != nil {
		return store.MatchRecord{}, err
	}
	log, err := json.Marshal(rp)
	if err != nil {
		return store.MatchRecord{}, err
	}
	return store.MatchRecord{
		ID: id, Game: rp.Game, Seed: rp.Seed, Config: cfg, Outcome: out, Replay: log, Seats: seats,
		StartedAt: started, EndedAt: ended, Practice: true, Private: true,
	}, nil
}

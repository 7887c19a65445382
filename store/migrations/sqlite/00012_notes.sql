-- 12: a program's own notes on its moves (the "note" of an action line), kept apart from
-- the public replay: shown to the seat's owner and to teachers only. turn is the id of the
-- turn line the note's action answered (the move's clock names it in the replay).
-- +goose Up
CREATE TABLE notes (
	match_id TEXT NOT NULL REFERENCES matches(id),
	seat     INTEGER NOT NULL,
	turn     INTEGER NOT NULL,
	owner    TEXT NOT NULL,              -- keys.Identity.ID of the program's key
	note     TEXT NOT NULL,
	PRIMARY KEY (match_id, seat, turn)
);

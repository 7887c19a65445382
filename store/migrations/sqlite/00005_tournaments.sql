-- 5: class tournaments, their entrants and the result of every game (the schedule is
-- rebuilt from these by the format: see package tournament).
-- +goose Up
CREATE TABLE tournaments (
	code       TEXT PRIMARY KEY,
	name       TEXT NOT NULL,
	game       TEXT NOT NULL,
	format     TEXT NOT NULL,              -- "swiss", "elimination:3", …
	options    TEXT NOT NULL,              -- JSON: games per pairing, rounds, best of, table size
	config     TEXT NOT NULL,              -- JSON: the game's settings
	seed       INTEGER NOT NULL,           -- every game's seed derives from it
	parallel   INTEGER NOT NULL,           -- games at once
	grace_ms   INTEGER NOT NULL,           -- how long a due player is waited for
	state      TEXT NOT NULL,              -- open, closed, running, paused, finished, cancelled
	created_by TEXT NOT NULL,
	created_at INTEGER NOT NULL,
	updated_at INTEGER NOT NULL
);
CREATE TABLE tournament_entrants (
	code   TEXT NOT NULL REFERENCES tournaments(code),
	seq    INTEGER NOT NULL,               -- order of entry
	id     TEXT NOT NULL,                  -- a key's fingerprint, or "house:NAME" for a house bot
	name   TEXT NOT NULL,
	kind   TEXT NOT NULL,                  -- person, program, house
	bot    TEXT NOT NULL,                  -- the house bot, "" for others
	rating REAL NOT NULL,                  -- seeding strength when entered
	PRIMARY KEY (code, id)
);
CREATE UNIQUE INDEX tournament_entrants_name ON tournament_entrants(code, name);
CREATE TABLE tournament_games (
	code     TEXT NOT NULL REFERENCES tournaments(code),
	round    INTEGER NOT NULL,
	pairing  INTEGER NOT NULL,
	leg      INTEGER NOT NULL,
	seats    TEXT NOT NULL,                -- JSON: entrant ids in seat order
	ranks    TEXT NOT NULL,                -- JSON: per seat, null for a forfeit
	forfeit  TEXT NOT NULL,                -- the entrant who forfeited, "" for none
	match_id TEXT NOT NULL,                -- the stored match, "" for a forfeit
	at       INTEGER NOT NULL,
	PRIMARY KEY (code, round, pairing, leg)
);

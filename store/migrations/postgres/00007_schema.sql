-- The schema of SQLite's migrations 1 to 7 in one: PostgreSQL's history starts at version 7,
-- so that a version names the same schema on both databases. Every later migration is a
-- file of the same number in each folder.
--
-- Where the types differ: unix milliseconds and seeds' bits are BIGINT, ratings DOUBLE
-- PRECISION, secrets BYTEA. Text compares byte by byte (COLLATE "C"), as SQLite's does,
-- so that names and ids sort the same on both. Tables whose listings break ties by
-- insertion order have the rowid that SQLite gives every table.
-- +goose Up
CREATE TABLE accounts (
	id         TEXT COLLATE "C" PRIMARY KEY,  -- key fingerprint "SHA256:…"
	name       TEXT COLLATE "C" NOT NULL,     -- the name used last
	created_at BIGINT NOT NULL,               -- unix ms
	seen_at    BIGINT NOT NULL
);
CREATE TABLE names (
	name       TEXT COLLATE "C" PRIMARY KEY,
	account_id TEXT COLLATE "C" NOT NULL REFERENCES accounts(id),
	claimed_at BIGINT NOT NULL,
	rowid      BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE
);
CREATE INDEX names_account ON names(account_id);
CREATE TABLE matches (
	id         TEXT COLLATE "C" PRIMARY KEY,
	game       TEXT COLLATE "C" NOT NULL,
	seed       BIGINT NOT NULL,               -- the uint64 seed's bits
	config     TEXT NOT NULL,                 -- JSON
	outcome    TEXT NOT NULL,                 -- JSON
	replay     TEXT NOT NULL,                 -- JSON
	started_at BIGINT NOT NULL,               -- unix ms
	ended_at   BIGINT NOT NULL,
	rowid      BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE
);
CREATE INDEX matches_ended ON matches(ended_at);
CREATE TABLE match_seats (
	match_id     TEXT COLLATE "C" NOT NULL REFERENCES matches(id),
	seat         INTEGER NOT NULL,
	name         TEXT COLLATE "C" NOT NULL,
	identity     TEXT COLLATE "C" NOT NULL,   -- keys.Identity.ID, "" for house bots
	bot          TEXT COLLATE "C" NOT NULL,   -- house bot name, "" for others
	left_at_move INTEGER NOT NULL DEFAULT -1,
	replaced_by  TEXT COLLATE "C" NOT NULL DEFAULT '',
	PRIMARY KEY (match_id, seat)
);
CREATE INDEX match_seats_identity ON match_seats(identity);
CREATE TABLE assignments (
	code       TEXT COLLATE "C" PRIMARY KEY,
	game       TEXT COLLATE "C" NOT NULL,
	vs         TEXT COLLATE "C" NOT NULL,     -- house bots, comma-separated
	games      INTEGER NOT NULL,
	config     TEXT NOT NULL,                 -- JSON
	seed       BIGINT NOT NULL,               -- the games' first seed: everyone plays the same games
	pass_pct   INTEGER NOT NULL,              -- wins needed, in percent
	created_by TEXT COLLATE "C" NOT NULL,     -- the teacher's key
	created_at BIGINT NOT NULL,
	rowid      BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE
);
CREATE TABLE assignment_runs (
	code     TEXT COLLATE "C" NOT NULL REFERENCES assignments(code),
	identity TEXT COLLATE "C" NOT NULL,
	name     TEXT COLLATE "C" NOT NULL,
	games    INTEGER NOT NULL,
	wins     INTEGER NOT NULL,
	draws    INTEGER NOT NULL,
	at       BIGINT NOT NULL,
	rowid    BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE
);
CREATE INDEX assignment_runs_code ON assignment_runs(code, identity);
CREATE TABLE ratings (
	game       TEXT COLLATE "C" NOT NULL,
	player     TEXT COLLATE "C" NOT NULL,     -- a key's fingerprint, or "bot:NAME"
	name       TEXT COLLATE "C" NOT NULL,     -- the name it was last rated under
	mu         DOUBLE PRECISION NOT NULL,
	sigma      DOUBLE PRECISION NOT NULL,
	games      INTEGER NOT NULL,
	updated_at BIGINT NOT NULL,
	PRIMARY KEY (game, player)
);
CREATE TABLE rating_history (
	match_id TEXT COLLATE "C" NOT NULL,
	game     TEXT COLLATE "C" NOT NULL,
	player   TEXT COLLATE "C" NOT NULL,
	mu       DOUBLE PRECISION NOT NULL,
	sigma    DOUBLE PRECISION NOT NULL,
	at       BIGINT NOT NULL,
	rowid    BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE
);
CREATE INDEX rating_history_player ON rating_history(game, player, at);
CREATE TABLE tournaments (
	code       TEXT COLLATE "C" PRIMARY KEY,
	name       TEXT COLLATE "C" NOT NULL,
	game       TEXT COLLATE "C" NOT NULL,
	format     TEXT COLLATE "C" NOT NULL,     -- "swiss", "elimination:3", …
	options    TEXT NOT NULL,                 -- JSON: games per pairing, rounds, best of, table size
	config     TEXT NOT NULL,                 -- JSON: the game's settings
	seed       BIGINT NOT NULL,               -- every game's seed derives from it
	parallel   INTEGER NOT NULL,              -- games at once
	grace_ms   BIGINT NOT NULL,               -- how long a due player is waited for
	state      TEXT COLLATE "C" NOT NULL,     -- open, closed, running, paused, finished, cancelled
	created_by TEXT COLLATE "C" NOT NULL,
	created_at BIGINT NOT NULL,
	updated_at BIGINT NOT NULL,
	rowid      BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE
);
CREATE TABLE tournament_entrants (
	code       TEXT COLLATE "C" NOT NULL REFERENCES tournaments(code),
	seq        INTEGER NOT NULL,              -- order of entry
	id         TEXT COLLATE "C" NOT NULL,     -- a key's fingerprint, or "house:NAME" for a house bot
	name       TEXT COLLATE "C" NOT NULL,
	kind       TEXT COLLATE "C" NOT NULL,     -- person, program, house
	bot        TEXT COLLATE "C" NOT NULL,     -- the house bot, "" for others
	rating     DOUBLE PRECISION NOT NULL,     -- seeding strength when entered
	entered_at BIGINT NOT NULL DEFAULT 0,     -- unix ms, 0 for entrants of schema 6 and before
	addr       TEXT COLLATE "C" NOT NULL DEFAULT '',
	PRIMARY KEY (code, id)
);
CREATE UNIQUE INDEX tournament_entrants_name ON tournament_entrants(code, name);
CREATE TABLE tournament_games (
	code     TEXT COLLATE "C" NOT NULL REFERENCES tournaments(code),
	round    INTEGER NOT NULL,
	pairing  INTEGER NOT NULL,
	leg      INTEGER NOT NULL,
	seats    TEXT NOT NULL,                   -- JSON: entrant ids in seat order
	ranks    TEXT NOT NULL,                   -- JSON: per seat, null for a forfeit
	forfeit  TEXT COLLATE "C" NOT NULL,       -- the entrant who forfeited, "" for none
	match_id TEXT COLLATE "C" NOT NULL,       -- the stored match, "" for a forfeit
	at       BIGINT NOT NULL,
	PRIMARY KEY (code, round, pairing, leg)
);
CREATE TABLE secrets (
	name  TEXT COLLATE "C" PRIMARY KEY,
	value BYTEA NOT NULL
);
CREATE TABLE tournament_starts (
	code     TEXT COLLATE "C" NOT NULL REFERENCES tournaments(code),
	round    INTEGER NOT NULL,
	pairing  INTEGER NOT NULL,
	leg      INTEGER NOT NULL,
	attempts INTEGER NOT NULL,                -- starts so far; the next start is attempt number attempts
	PRIMARY KEY (code, round, pairing, leg)
);

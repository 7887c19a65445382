-- The schema of a data directory made by the arena before its migrations moved to files
-- (git 3f83756, store/store.go's migrations 1 to 7, verbatim), which that release ran in one
-- transaction and recorded as PRAGMA user_version = 7. TestOpeningARelease7DataDirectory
-- builds such a database from it; never edit it.
CREATE TABLE accounts (
		id         TEXT PRIMARY KEY,          -- key fingerprint "SHA256:…"
		name       TEXT NOT NULL,             -- the name used last
		created_at INTEGER NOT NULL,          -- unix ms
		seen_at    INTEGER NOT NULL
	);
	CREATE TABLE names (
		name       TEXT PRIMARY KEY,
		account_id TEXT NOT NULL REFERENCES accounts(id),
		claimed_at INTEGER NOT NULL
	);
	CREATE INDEX names_account ON names(account_id);
	CREATE TABLE matches (
		id         TEXT PRIMARY KEY,
		game       TEXT NOT NULL,
		seed       INTEGER NOT NULL,          -- the uint64 seed's bits
		config     TEXT NOT NULL,             -- JSON
		outcome    TEXT NOT NULL,             -- JSON
		replay     TEXT NOT NULL,             -- JSON
		started_at INTEGER NOT NULL,          -- unix ms
		ended_at   INTEGER NOT NULL
	);
	CREATE INDEX matches_ended ON matches(ended_at);
	CREATE TABLE match_seats (
		match_id TEXT NOT NULL REFERENCES matches(id),
		seat     INTEGER NOT NULL,
		name     TEXT NOT NULL,
		identity TEXT NOT NULL,              -- keys.Identity.ID, "" for house bots
		bot      TEXT NOT NULL,              -- house bot name, "" for others
		PRIMARY KEY (match_id, seat)
	);
	CREATE INDEX match_seats_identity ON match_seats(identity);
ALTER TABLE match_seats ADD COLUMN left_at_move INTEGER NOT NULL DEFAULT -1;
	ALTER TABLE match_seats ADD COLUMN replaced_by TEXT NOT NULL DEFAULT '';
CREATE TABLE assignments (
		code       TEXT PRIMARY KEY,
		game       TEXT NOT NULL,
		vs         TEXT NOT NULL,              -- house bots, comma-separated
		games      INTEGER NOT NULL,
		config     TEXT NOT NULL,              -- JSON
		seed       INTEGER NOT NULL,           -- the games' first seed: everyone plays the same games
		pass_pct   INTEGER NOT NULL,           -- wins needed, in percent
		created_by TEXT NOT NULL,              -- the teacher's key
		created_at INTEGER NOT NULL
	);
	CREATE TABLE assignment_runs (
		code     TEXT NOT NULL REFERENCES assignments(code),
		identity TEXT NOT NULL,
		name     TEXT NOT NULL,
		games    INTEGER NOT NULL,
		wins     INTEGER NOT NULL,
		draws    INTEGER NOT NULL,
		at       INTEGER NOT NULL
	);
	CREATE INDEX assignment_runs_code ON assignment_runs(code, identity);
CREATE TABLE ratings (
		game       TEXT NOT NULL,
		player     TEXT NOT NULL,              -- a key's fingerprint, or "bot:NAME"
		name       TEXT NOT NULL,              -- the name it was last rated under
		mu         REAL NOT NULL,
		sigma      REAL NOT NULL,
		games      INTEGER NOT NULL,
		updated_at INTEGER NOT NULL,
		PRIMARY KEY (game, player)
	);
	CREATE TABLE rating_history (
		match_id TEXT NOT NULL,
		game     TEXT NOT NULL,
		player   TEXT NOT NULL,
		mu       REAL NOT NULL,
		sigma    REAL NOT NULL,
		at       INTEGER NOT NULL
	);
	CREATE INDEX rating_history_player ON rating_history(game, player, at);
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
CREATE TABLE secrets (
		name  TEXT PRIMARY KEY,
		value BLOB NOT NULL
	);
	CREATE TABLE tournament_starts (
		code     TEXT NOT NULL REFERENCES tournaments(code),
		round    INTEGER NOT NULL,
		pairing  INTEGER NOT NULL,
		leg      INTEGER NOT NULL,
		attempts INTEGER NOT NULL,             -- starts so far; the next start is attempt number attempts
		PRIMARY KEY (code, round, pairing, leg)
	);
ALTER TABLE tournament_entrants ADD COLUMN entered_at INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE tournament_entrants ADD COLUMN addr TEXT NOT NULL DEFAULT '';

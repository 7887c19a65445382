-- 1: accounts, names, matches.
-- +goose Up
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

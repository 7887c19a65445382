-- 6: the server's secrets (the key of the seeds nobody may predict, see package seed),
-- and how many times each tournament game was started with a player who could see it.
-- +goose Up
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

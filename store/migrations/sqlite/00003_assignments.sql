-- 3: assignments ("beat the reference bot") and the students' runs.
-- +goose Up
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

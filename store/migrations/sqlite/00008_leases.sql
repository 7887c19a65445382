-- 8: leases, what one node of a cluster holds at a time (the tournament director, a node's
-- letter for room codes) until it gives it back or its lease runs out. Ephemeral: store
-- copy leaves them behind. Times are unix ms on the clock of the process (SQLite has one).
-- +goose Up
CREATE TABLE leases (
	name    TEXT PRIMARY KEY,              -- "director", "node-letter/A", …
	holder  TEXT NOT NULL,                 -- the node that holds it
	since   INTEGER NOT NULL,              -- unix ms: held by holder without a break since
	expires INTEGER NOT NULL               -- unix ms: anyone may take it from then on
);

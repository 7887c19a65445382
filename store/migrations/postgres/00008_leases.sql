-- 8: leases, what one node of a cluster holds at a time (the tournament director, a node's
-- letter for room codes) until it gives it back or its lease runs out. Ephemeral: store
-- copy leaves them behind. Times are unix ms on the database server's clock, which every
-- node reads alike however their own clocks drift.
-- +goose Up
CREATE TABLE leases (
	name    TEXT COLLATE "C" PRIMARY KEY,  -- "director", "node-letter/A", …
	holder  TEXT COLLATE "C" NOT NULL,     -- the node that holds it
	since   BIGINT NOT NULL,               -- unix ms: held by holder without a break since
	expires BIGINT NOT NULL                -- unix ms: anyone may take it from then on
);

-- 4: ratings per game (OpenSkill), and each rated game's new rating of each player.
-- +goose Up
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

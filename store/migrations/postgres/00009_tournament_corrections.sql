-- 9: a teacher's corrections of tournament results: a game played again (replay) or taken
-- out of the standings (void). The result as it stood is kept here, with who changed it.
-- +goose Up
CREATE TABLE tournament_corrections (
	code     TEXT COLLATE "C" NOT NULL REFERENCES tournaments(code),
	seq      INTEGER NOT NULL,                -- 1, 2, … within the tournament
	round    INTEGER NOT NULL,
	pairing  INTEGER NOT NULL,
	leg      INTEGER NOT NULL,
	action   TEXT COLLATE "C" NOT NULL,       -- "replay" or "void"
	seats    TEXT NOT NULL,                   -- the result it replaced (tournament_games' columns)
	ranks    TEXT NOT NULL,
	forfeit  TEXT COLLATE "C" NOT NULL,
	match_id TEXT COLLATE "C" NOT NULL,
	at       BIGINT NOT NULL,
	by_id    TEXT COLLATE "C" NOT NULL,       -- the teacher's key
	by_name  TEXT NOT NULL,
	done_at  BIGINT NOT NULL,                 -- unix ms
	PRIMARY KEY (code, seq)
);

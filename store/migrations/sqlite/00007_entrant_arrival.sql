-- 7: when and from where each tournament entrant entered, for the teacher to see who
-- came before the start (throwaway keys show up as a crowd from one address).
-- +goose Up
ALTER TABLE tournament_entrants ADD COLUMN entered_at INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournament_entrants ADD COLUMN addr TEXT NOT NULL DEFAULT '';

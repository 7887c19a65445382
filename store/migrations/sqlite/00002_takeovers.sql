-- 2: takeovers: a house bot played on for a person or program who left (who lost).
-- +goose Up
ALTER TABLE match_seats ADD COLUMN left_at_move INTEGER NOT NULL DEFAULT -1;
ALTER TABLE match_seats ADD COLUMN replaced_by TEXT NOT NULL DEFAULT '';

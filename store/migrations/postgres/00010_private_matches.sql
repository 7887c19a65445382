-- 10: a match played in a private room is shown only to its players and to teachers.
-- 0 or 1, as in SQLite: store copy moves the column between the two as it is.
-- +goose Up
ALTER TABLE matches ADD COLUMN private INTEGER NOT NULL DEFAULT 0;

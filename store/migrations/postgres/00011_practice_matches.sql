-- 11: a practice game (bot --practice) is kept in its player's history, unrated, the
-- latest of each key only.
-- 0 or 1, as in SQLite: store copy moves the column between the two as it is.
-- +goose Up
ALTER TABLE matches ADD COLUMN practice INTEGER NOT NULL DEFAULT 0;

-- 11: a practice game (bot --practice) is kept in its player's history, unrated, the
-- latest of each key only.
-- +goose Up
ALTER TABLE matches ADD COLUMN practice INTEGER NOT NULL DEFAULT 0;

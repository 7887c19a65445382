-- 10: a match played in a private room is shown only to its players and to teachers.
-- +goose Up
ALTER TABLE matches ADD COLUMN private BOOLEAN NOT NULL DEFAULT false;

-- 13: a key's preferences: the language it reads (lang fr|en) and its keyboard's layout
-- (keyboard azerty|qwerty); '' while it has chosen none (the client's locale decides).
-- +goose Up
ALTER TABLE accounts ADD COLUMN lang TEXT NOT NULL DEFAULT '';
ALTER TABLE accounts ADD COLUMN keyboard TEXT NOT NULL DEFAULT '';

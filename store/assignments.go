package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Assignment is a teacher's "beat the reference bot": every student's program plays the same
// games against the same house bots, and passes with enough wins.
type Assignment struct {
	Code      string
	Game      string
	Vs        string // house bots, comma-separated
	Games     int
	Config    json.RawMessage
	Seed      uint64
	PassPct   int
	CreatedBy string
	CreatedAt time.Time
}

// Run is one complete run of an assignment by a student's program.
type Run struct {
	Code     string
	Identity string // the student's key
	Name     string
	Games    int
	Wins     int
	Draws    int
	At       time.Time
}

// ErrCodeTaken is returned by CreateAssignment for a code already in use.
var ErrCodeTaken = errors.New("that code is taken")

// CreateAssignment stores a new assignment.
func (s *Store) CreateAssignment(ctx context.Context, a Assignment) error {
	err := s.write(ctx, func() error {
		_, err := s.db.exec(ctx, `INSERT INTO assignments (code, game, vs, games, config, seed, pass_pct, created_by, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, a.Code, a.Game, a.Vs, a.Games, jsonText(a.Config), int64(a.Seed), a.PassPct,
			a.CreatedBy, a.CreatedAt.UnixMilli())
		return err
	})
	if err != nil {
		if _, found := s.Assignment(ctx, a.Code); found == nil {
			return ErrCodeTaken
		}
		return fmt.Errorf("create assignment: %w", err)
	}
	return nil
}

const assignmentColumns = `code, game, vs, games, config, seed, pass_pct, created_by, created_at`

func scanAssignment(r scanner) (Assignment, error) {
	var (
		a        Assignment
		cfg      string
		seed, at int64
	)
	if err := r.Scan(&a.Code, &a.Game, &a.Vs, &a.Games, &cfg, &seed, &a.PassPct, &a.CreatedBy, &at); err != nil {
		return Assignment{}, err
	}
	a.Config, a.Seed, a.CreatedAt = json.RawMessage(cfg), uint64(seed), time.UnixMilli(at).UTC()
	return a, nil
}

// Assignment finds one by code, or ErrNotFound.
func (s *Store) Assignment(ctx context.Context, code string) (Assignment, error) {
	a, err := scanAssignment(s.db.queryRow(ctx, `SELECT `+assignmentColumns+` FROM assignments WHERE code = ?`, code))
	if errors.Is(err, sql.ErrNoRows) {
		return Assignment{}, ErrNotFound
	}
	if err != nil {
		return Assignment{}, fmt.Errorf("assignment %s: %w", code, err)
	}
	return a, nil
}

// Assignments lists every assignment, the newest first, with its number of runs.
func (s *Store) Assignments(ctx context.Context) ([]Assignment, []int, error) {
	rows, err := s.db.query(ctx, `SELECT `+assignmentColumns+`, (SELECT COUNT(*) FROM assignment_runs r WHERE r.code = a.code)
		FROM assignments a ORDER BY created_at DESC, rowid DESC`)
	if err != nil {
		return nil, nil, fmt.Errorf("assignments: %w", err)
	}
	defer rows.Close()
	var out []Assignment
	var runs []int
	for rows.Next() {
		var n int
		a, err := scanAssignment(extraScanner{rows, &n})
		if err != nil {
			return nil, nil, fmt.Errorf("assignments: %w", err)
		}
		out, runs = append(out, a), append(runs, n)
	}
	return out, runs, rows.Err()
}

// extraScanner scans a row followed by one extra integer column.
type extraScanner struct {
	rows  rows
	extra *int
}

func (e extraScanner) Scan(dest ...any) error { return e.rows.Scan(append(dest, e.extra)...) }

// RecordRun stores a student's complete run.
func (s *Store) RecordRun(ctx context.Context, r Run) error {
	err := s.write(ctx, func() error {
		_, err := s.db.exec(ctx, `INSERT INTO assignment_runs (code, identity, name, games, wins, draws, at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			r.Code, r.Identity, r.Name, r.Games, r.Wins, r.Draws, r.At.UnixMilli())
		return err
	})
	if err != nil {
		return fmt.Errorf("record run of %s: %w", r.Code, err)
	}
	return nil
}

// BestRuns is each student's best run of an assignment (most wins, then most draws, then the
// earliest), students in the order of their names.
func (s *Store) BestRuns(ctx context.Context, code string) ([]Run, error) {
	rows, err := s.db.query(ctx, `SELECT code, identity, name, games, wins, draws, at FROM assignment_runs
		WHERE code = ? ORDER BY identity, wins DESC, draws DESC, at, rowid`, code)
	if err != nil {
		return nil, fmt.Errorf("runs of %s: %w", code, err)
	}
	defer rows.Close()
	var out []Run
	for rows.Next() {
		var r Run
		var at int64
		if err := rows.Scan(&r.Code, &r.Identity, &r.Name, &r.Games, &r.Wins, &r.Draws, &at); err != nil {
			return nil, fmt.Errorf("runs of %s: %w", code, err)
		}
		r.At = time.UnixMilli(at).UTC()
		if len(out) > 0 && out[len(out)-1].Identity == r.Identity {
			continue // a worse run of the same student
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	sortRunsByName(out)
	return out, nil
}

func sortRunsByName(runs []Run) {
	slices.SortFunc(runs, func(a, b Run) int {
		if c := strings.Compare(a.Name, b.Name); c != 0 {
			return c
		}
		return strings.Compare(a.Identity, b.Identity)
	})
}

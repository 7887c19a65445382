package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/arena-classroom/arena/keys"
)

// MaxNamesPerKey caps how many names one key may hold, so that nobody squats the class list
// by connecting under every name they can think of.
const MaxNamesPerKey = 3

// seenResolution is how stale an account's seen_at may grow before a login writes it again.
const seenResolution = time.Hour

// maxVariants bounds the search for a free variant (alice2, alice3, …).
const maxVariants = 1000

// ClaimName gives the key with fingerprint id its display name for this connection.
// wanted is an already sanitized name hint, or "" when the client gave none usable.
//
// The rules:
//   - A name belongs to the first key that claimed it, forever: names are never released, so
//     a name always means the same person in match lists and leaderboards.
//   - A key may hold up to MaxNamesPerKey names and appears under the one it connected with;
//     asking for one it holds gives it back.
//   - Asking for a name another key holds gives the first variant (alice2, alice3, …) that is
//     free or already held by this key, so the same key lands on the same variant every time.
//   - A key at its cap that asks for a new name keeps the name it used last.
//   - With no usable hint, a key keeps the name it used last, or gets keys.GeneratedName.
//
// Guests are never stored: a "guest:" id is refused.
func (s *Store) ClaimName(ctx context.Context, id, wanted string) (string, error) {
	if id == "" || strings.HasPrefix(id, "guest:") {
		return "", fmt.Errorf("claim name: %q is not a key identity", id)
	}
	if len(wanted) > keys.MaxNameLen {
		return "", fmt.Errorf("claim name: %q is longer than %d", wanted, keys.MaxNameLen)
	}
	// Most connections are a returning key asking for the name it has: answer those with a
	// read, not a durable write (every login used to cost an fsync).
	now := s.now().UnixMilli()
	var current string
	var seen int64
	err := s.db.queryRow(ctx, `SELECT name, seen_at FROM accounts WHERE id = ?`, id).Scan(&current, &seen)
	if err == nil && (wanted == "" || wanted == current) && now-seen < seenResolution.Milliseconds() {
		return current, nil
	}
	var name string
	err = s.write(ctx, func() error {
		tx, err := s.db.begin(ctx) // IMMEDIATE (see Open): claims are serialized
		if err != nil {
			return fmt.Errorf("claim name: %w", err)
		}
		defer tx.Rollback()
		if name, err = claimName(ctx, tx, id, wanted, now); err != nil {
			return fmt.Errorf("claim name %q: %w", wanted, err)
		}
		if err := tx.Commit(); err != nil {
			return fmt.Errorf("claim name %q: %w", wanted, err)
		}
		return nil
	})
	return name, err
}

func claimName(ctx context.Context, tx writeTx, id, wanted string, now int64) (string, error) {
	var current string
	err := tx.queryRow(ctx, `SELECT name FROM accounts WHERE id = ?`, id).Scan(&current)
	hasAccount := err == nil
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return "", err
	}
	use := func(name string) (string, error) {
		_, err := tx.exec(ctx, `INSERT INTO accounts (id, name, created_at, seen_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (id) DO UPDATE SET name = excluded.name, seen_at = excluded.seen_at`,
			id, name, now, now)
		return name, err
	}
	if wanted == "" {
		if hasAccount {
			return use(current)
		}
		wanted = keys.GeneratedName(id)
	}
	var held int
	if err := tx.queryRow(ctx, `SELECT COUNT(*) FROM names WHERE account_id = ?`, id).Scan(&held); err != nil {
		return "", err
	}
	for n := 1; n <= maxVariants; n++ {
		cand := keys.Variant(wanted, n)
		var owner string
		err := tx.queryRow(ctx, `SELECT account_id FROM names WHERE name = ?`, cand).Scan(&owner)
		switch {
		case err == nil && owner == id:
			return use(cand)
		case err == nil:
			continue // someone else's
		case !errors.Is(err, sql.ErrNoRows):
			return "", err
		}
		if hasAccount && held >= MaxNamesPerKey {
			return use(current)
		}
		// The account row first: names references it.
		if _, err := use(cand); err != nil {
			return "", err
		}
		if _, err := tx.exec(ctx, `INSERT INTO names (name, account_id, claimed_at) VALUES (?, ?, ?)`, cand, id, now); err != nil {
			return "", err
		}
		return cand, nil
	}
	if hasAccount {
		return use(current)
	}
	return "", errors.New("no free variant")
}

// Account is a key's stored profile.
type Account struct {
	ID    string    // fingerprint
	Name  string    // the name used last
	Names []string  // every name the key holds, in claim order
	Since time.Time // when the key first connected
	// Lang and Keyboard are the key's choices (lang fr, keyboard azerty); "" while it has
	// made none.
	Lang, Keyboard string
}

// Account looks up a key's account; ErrNotFound if it never connected.
func (s *Store) Account(ctx context.Context, id string) (Account, error) {
	a := Account{ID: id}
	var since int64
	err := s.db.queryRow(ctx, `SELECT name, created_at, lang, keyboard FROM accounts WHERE id = ?`, id).Scan(&a.Name, &since, &a.Lang, &a.Keyboard)
	a.Since = time.UnixMilli(since).UTC()
	if errors.Is(err, sql.ErrNoRows) {
		return Account{}, ErrNotFound
	}
	if err != nil {
		return Account{}, fmt.Errorf("account: %w", err)
	}
	rows, err := s.db.query(ctx, `SELECT name FROM names WHERE account_id = ? ORDER BY claimed_at, rowid`, id)
	if err != nil {
		return Account{}, fmt.Errorf("account: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return Account{}, fmt.Errorf("account: %w", err)
		}
		a.Names = append(a.Names, n)
	}
	if err := rows.Err(); err != nil {
		return Account{}, fmt.Errorf("account: %w", err)
	}
	return a, nil
}

// Preference is one of a key's choices: its column of accounts.
type Preference string

// The preferences a key may choose.
const (
	PrefLang     Preference = "lang"
	PrefKeyboard Preference = "keyboard"
)

// SetPreference stores a key's choice (value "" forgets it); ErrNotFound if the key never
// connected.
func (s *Store) SetPreference(ctx context.Context, id string, p Preference, value string) error {
	if p != PrefLang && p != PrefKeyboard {
		return fmt.Errorf("set preference: no preference %q", p)
	}
	if len(value) > 16 {
		return fmt.Errorf("set preference: a value of %d bytes", len(value))
	}
	return s.write(ctx, func() error {
		n, err := s.db.exec(ctx, `UPDATE accounts SET `+string(p)+` = ? WHERE id = ?`, value, id)
		if err != nil {
			return fmt.Errorf("set preference: %w", err)
		}
		if n == 0 {
			return ErrNotFound
		}
		return nil
	})
}

// ReleaseName frees name (a teacher's decision: a squatted class list, a student's new
// key): the key that held it keeps its other names, or gets its generated name back if it
// used this one last, and the next key to ask for name gets it. It returns the fingerprint
// that held it, or ErrNotFound when nobody did.
func (s *Store) ReleaseName(ctx context.Context, name string) (owner string, err error) {
	err = s.write(ctx, func() error {
		owner, err = s.releaseName(ctx, name)
		return err
	})
	return owner, err
}

func (s *Store) releaseName(ctx context.Context, name string) (string, error) {
	tx, err := s.db.begin(ctx)
	if err != nil {
		return "", fmt.Errorf("release name: %w", err)
	}
	defer tx.Rollback()
	var owner string
	err = tx.queryRow(ctx, `SELECT account_id FROM names WHERE name = ?`, name).Scan(&owner)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrNotFound
	}
	if err != nil {
		return "", fmt.Errorf("release name %q: %w", name, err)
	}
	if _, err := tx.exec(ctx, `DELETE FROM names WHERE name = ?`, name); err != nil {
		return "", fmt.Errorf("release name %q: %w", name, err)
	}
	// The holder's displayed name, if it was this one: its earliest other name, else its
	// generated one. seen_at is cleared so that its next login writes afresh.
	var other string
	err = tx.queryRow(ctx, `SELECT name FROM names WHERE account_id = ? ORDER BY claimed_at, rowid LIMIT 1`, owner).Scan(&other)
	if errors.Is(err, sql.ErrNoRows) {
		other = keys.GeneratedName(owner)
	} else if err != nil {
		return "", fmt.Errorf("release name %q: %w", name, err)
	}
	if _, err := tx.exec(ctx, `UPDATE accounts SET name = ?, seen_at = 0 WHERE id = ? AND name = ?`, other, owner, name); err != nil {
		return "", fmt.Errorf("release name %q: %w", name, err)
	}
	if err := tx.Commit(); err != nil {
		return "", fmt.Errorf("release name %q: %w", name, err)
	}
	return owner, nil
}

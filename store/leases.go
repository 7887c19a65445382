package store

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Lease is something one node of a cluster holds at a time (the tournament director, a
// node's letter for room codes) until it gives it back or stops renewing it: then it runs
// out, and another node may take it. Times are on the database's clock: the server's on
// PostgreSQL, shared by every node, the process's on SQLite.
type Lease struct {
	Name   string
	Holder string
	// Since is when Holder took the lease, renewed without a break since.
	Since time.Time
	// Expires is when the lease runs out unless Holder renews it; anyone may take it from
	// then on.
	Expires time.Time
}

// TakeLease takes the lease name for holder until ttl from now, if it is free (never
// taken, given back, or run out) or holder's already (a renewal, which keeps Since): ok,
// and the lease as taken. Otherwise nothing changes, and it returns the lease as another
// holder has it, not ok. It is one statement, atomic however many nodes ask at once: one
// of them takes a free lease, the others are told who.
//
// Expires is on the database's clock, which a node's own may not agree with: a holder
// should count its ttl from before the call on its own clock, and renew well before that
// ends. A ttl of zero or less takes a lease that has already run out (tests).
func (s *Store) TakeLease(ctx context.Context, name, holder string, ttl time.Duration) (Lease, bool, error) {
	if name == "" || holder == "" {
		return Lease{}, false, errors.New("take lease: a lease needs a name and a holder")
	}
	now, nowArgs := s.db.clock(s.now())
	// The clock is read once, into the proposed row's since: the conflict's branch reads
	// it there (excluded.since). The row is updated even when it stays another holder's,
	// so that RETURNING tells who holds it, in the same statement. (WHERE true: SQLite
	// reads an upsert's INSERT … SELECT so.)
	q := `INSERT INTO leases (name, holder, since, expires)
		SELECT CAST(? AS TEXT), CAST(? AS TEXT), c.now, c.now + ? FROM (SELECT ` + now + ` AS now) AS c WHERE true
		ON CONFLICT (name) DO UPDATE SET
			holder = CASE WHEN leases.holder = excluded.holder OR leases.expires <= excluded.since THEN excluded.holder ELSE leases.holder END,
			since = CASE WHEN leases.expires <= excluded.since THEN excluded.since ELSE leases.since END,
			expires = CASE WHEN leases.holder = excluded.holder OR leases.expires <= excluded.since THEN excluded.expires ELSE leases.expires END
		RETURNING holder, since, expires`
	args := append([]any{name, holder, ttl.Milliseconds()}, nowArgs...)
	l := Lease{Name: name}
	err := s.write(ctx, func() error {
		var since, expires int64
		if err := s.db.queryRow(ctx, q, args...).Scan(&l.Holder, &since, &expires); err != nil {
			return err
		}
		l.Since, l.Expires = time.UnixMilli(since).UTC(), time.UnixMilli(expires).UTC()
		return nil
	})
	if err != nil {
		return Lease{}, false, fmt.Errorf("take lease %s for %s: %w", name, holder, err)
	}
	return l, l.Holder == holder, nil
}

// ReleaseLease gives the lease name back if holder holds it (a node that drains frees what
// it held at once, rather than when it runs out); a lease another holder took meanwhile is
// left to it.
func (s *Store) ReleaseLease(ctx context.Context, name, holder string) error {
	err := s.write(ctx, func() error {
		_, err := s.db.exec(ctx, `DELETE FROM leases WHERE name = ? AND holder = ?`, name, holder)
		return err
	})
	if err != nil {
		return fmt.Errorf("release lease %s of %s: %w", name, holder, err)
	}
	return nil
}

// Leases lists the leases held now (not run out) whose names start with prefix ("" for
// all), by name.
func (s *Store) Leases(ctx context.Context, prefix string) ([]Lease, error) {
	cond, arg := s.db.prefix("name", prefix)
	now, nowArgs := s.db.clock(s.now())
	rows, err := s.db.query(ctx, `SELECT name, holder, since, expires FROM leases
		WHERE `+cond+` AND expires > `+now+` ORDER BY name`, append([]any{arg}, nowArgs...)...)
	if err != nil {
		return nil, fmt.Errorf("leases %q: %w", prefix, err)
	}
	defer rows.Close()
	var out []Lease
	for rows.Next() {
		var l Lease
		var since, expires int64
		if err := rows.Scan(&l.Name, &l.Holder, &since, &expires); err != nil {
			return nil, fmt.Errorf("leases %q: %w", prefix, err)
		}
		l.Since, l.Expires = time.UnixMilli(since).UTC(), time.UnixMilli(expires).UTC()
		out = append(out, l)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("leases %q: %w", prefix, err)
	}
	return out, nil
}

package director

import (
	"context"
	"errors"
	"github.com/arena-classroom/arena/lang"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/arena-classroom/arena/store"
)

// Who may enter a tournament is the teacher's to decide:
//   - an entrant removed before the start stays out (Options.Barred) until Allow;
//   - a tournament may take only keys the arena knew before it was created
//     (EntrantsKnown), or only a list the teacher sent (names or fingerprints, Allowed);
//   - keys first seen less than a day ago enter at a bounded rate per address (a class
//     behind one NAT address still enters; a batch of throwaway keys cannot fill a
//     tournament in seconds unseen).

// Entrants modes of Options.Entrants.
const (
	EntrantsAnyone = ""      // anyone with a key
	EntrantsKnown  = "known" // keys the arena saw before the tournament was created
	EntrantsList   = "list"  // the keys of Options.Allowed
)

// Fresh keys: entries from one address of keys first seen less than freshFor ago are
// bounded: freshBurst at once, then one every freshEvery.
const (
	freshFor   = 24 * time.Hour
	freshBurst = 20
	freshEvery = 3 * time.Second
)

// ErrEntry refuses an entry with a sentence for the student. Retry, when positive, says the
// refusal is temporary: try again after it.
type ErrEntry struct {
	Msg   string
	Retry time.Duration
	err   error // Msg's sentence, for lang.Say (none when it crossed a cluster's bus)
}

func (e *ErrEntry) Error() string { return e.Msg }
func (e *ErrEntry) Unwrap() error { return e.err }

// entryErr refuses an entry with err's sentence (a lang.Errorf), for retry (0: for good).
func entryErr(err error, retry time.Duration) *ErrEntry {
	return &ErrEntry{Msg: err.Error(), Retry: retry, err: err}
}

// IsEntryRefused reports whether err refuses an entry, and for how long when temporary.
func IsEntryRefused(err error) (refused bool, retry time.Duration) {
	var e *ErrEntry
	if errors.As(err, &e) {
		return true, e.Retry
	}
	return false, 0
}

// entryRate bounds the fresh keys' entries per tournament and address.
type entryRate struct {
	mu      sync.Mutex
	buckets map[string]*bucket // by tournament and address
}

type bucket struct {
	tokens float64
	last   time.Time
}

// take spends a token of key's bucket at now, or says how long until there is one.
func (r *entryRate) take(key string, now time.Time) (wait time.Duration) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.buckets == nil {
		r.buckets = map[string]*bucket{}
	}
	b := r.buckets[key]
	if b == nil {
		b = &bucket{tokens: freshBurst, last: now}
		r.buckets[key] = b
	}
	b.tokens = min(freshBurst, b.tokens+now.Sub(b.last).Seconds()/freshEvery.Seconds())
	b.last = now
	if b.tokens < 1 {
		return time.Duration((1 - b.tokens) * float64(freshEvery))
	}
	b.tokens--
	return 0
}

// admitEntry checks that e may enter t (house bots always may). Caller holds control.
func (d *Director) admitEntry(ctx context.Context, t store.Tournament, o Options, e store.Entrant) error {
	if e.Kind == store.EntrantHouse {
		return nil
	}
	if o.barred(e.ID) {
		return entryErr(lang.Errorf("your teacher removed this key from tournament %s: ask them to let it back in (tournament allow)", t.Code), 0)
	}
	acct, err := d.st.Account(ctx, e.ID)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return err
	}
	switch o.Entrants {
	case EntrantsKnown:
		if err != nil || !acct.Since.Before(t.CreatedAt) {
			return entryErr(lang.Errorf("tournament %s takes only the keys this arena knew before it opened: enter with the key you use in class, or ask your teacher", t.Code), 0)
		}
	case EntrantsList:
		if !listed(o.Allowed, e.ID, acct.Names) {
			return entryErr(lang.Errorf("tournament %s takes only its class list, and this key (%s) is not on it: ask your teacher", t.Code, shortID(e.ID)), 0)
		}
	}
	if err != nil || d.now().Sub(acct.Since) < freshFor {
		if wait := d.fresh.take(t.Code+"\x00"+e.Addr, d.now()); wait > 0 {
			return entryErr(lang.Errorf("many new keys are entering tournament %s from your address: try again in %d s (the starter kits do, by themselves)",
				t.Code, int((wait+time.Second-1)/time.Second)), wait)
		}
	}
	return nil
}

// listed reports whether a key (its fingerprint, or one of its names) is on the list.
func listed(list []string, id string, names []string) bool {
	for _, item := range list {
		if item == id || strings.HasPrefix(id, item) && strings.HasPrefix(item, "SHA256:") && len(item) >= 14 {
			return true
		}
		for _, n := range names {
			if strings.EqualFold(item, n) {
				return true
			}
		}
	}
	return false
}

func shortID(id string) string {
	if len(id) > 17 {
		return id[:17]
	}
	return id
}

// ParseClassList reads a teacher's class list: one name or key fingerprint a line; blank
// lines and lines starting with # are skipped.
func ParseClassList(text string) ([]string, error) {
	var out []string
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if strings.ContainsAny(line, " \t") {
			return nil, lang.Errorf("line %d: %q: one name or key fingerprint a line", i+1, line)
		}
		out = append(out, line)
	}
	if len(out) == 0 {
		return nil, lang.Errorf("the class list is empty: one name or key fingerprint a line")
	}
	return out, nil
}

// Allow lets the entrant called name (or of that key) enter tournament code again after a
// removal: before the start it may enter again; after it, it plays its games not forfeited
// yet.
func (d *Director) Allow(ctx context.Context, code, who string) error {
	if r := d.leader(); r != nil {
		return r.Control(ctx, "allow", code, who)
	}
	if err := d.elsewhere(); err != nil {
		return err
	}
	d.lockControl()
	defer d.control.Unlock()
	entrants, err := d.st.Entrants(ctx, code)
	if err != nil {
		return err
	}
	_, err = d.changeOptions(ctx, code, lang.T("its entries no longer change"), func(o *Options) error {
		id := ""
		for _, b := range o.Barred {
			if b.ID == who || strings.EqualFold(b.Name, who) {
				id = b.ID
			}
		}
		for _, e := range entrants {
			if id == "" && (e.ID == who || strings.EqualFold(e.Name, who)) {
				id = e.ID
			}
		}
		if id == "" || !o.barred(id) && !slices.Contains(o.Withdrawn, id) {
			return stateErr(lang.Errorf("tournament %s has nobody removed called %q", code, who))
		}
		o.Barred = slices.DeleteFunc(o.Barred, func(b BarredKey) bool { return b.ID == id })
		o.Withdrawn = slices.DeleteFunc(o.Withdrawn, func(b string) bool { return b == id })
		return nil
	}, lang.T("%s allowed back by the teacher", who))
	return err
}

// bar keeps a key removed before the start out until Allow. Caller holds control.
func (d *Director) bar(ctx context.Context, code string, e store.Entrant) error {
	_, err := d.changeOptions(ctx, code, lang.T("its entries no longer change"), func(o *Options) error {
		if !o.barred(e.ID) {
			o.Barred = append(o.Barred, BarredKey{ID: e.ID, Name: e.Name})
		}
		return nil
	}, lang.T("%s removed by the teacher: kept out until allowed back", e.Name))
	return err
}

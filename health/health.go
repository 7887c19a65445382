// Package health answers a balancer's and a service manager's questions on a listener of
// its own (arena serve --health ADDR): /healthz, is the process up; /readyz, does it serve
// (its store, bus and hub answer, and it is not draining). HAProxy sends new connections
// only to nodes whose /readyz says 200.
package health

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// A Check is one part a node needs to serve: the store, the bus, the hub's tick loop.
type Check struct {
	Name string
	// Probe says nil when the part answers. It is given a context that ends after
	// Health's timeout; a probe that outlives it counts as failed.
	Probe func(ctx context.Context) error
}

// Health is a node's answers to /healthz and /readyz.
type Health struct {
	version  string
	timeout  time.Duration
	draining atomic.Bool
	starting atomic.Bool

	mu     sync.Mutex
	checks []Check
}

// New is the health of a node of that version whose checks each answer within timeout.
// It is not ready until Started: a node that waits for its store or bus at start says so.
func New(version string, timeout time.Duration) *Health {
	h := &Health{version: version, timeout: timeout}
	h.starting.Store(true)
	return h
}

// Add adds a check of readiness.
func (h *Health) Add(c Check) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.checks = append(h.checks, c)
}

// Started says the node has its parts and serves.
func (h *Health) Started() { h.starting.Store(false) }

// Drain says the node takes no new connections: /readyz answers 503 from now on, so the
// balancer sends them elsewhere while the node's sessions end.
func (h *Health) Drain() { h.draining.Store(true) }

// Result is the answer of one check.
type Result struct {
	Name string
	Err  error
}

// Ready runs every check at once and says whether all passed, with each one's result.
func (h *Health) Ready(ctx context.Context) (bool, []Result) {
	switch {
	case h.draining.Load():
		return false, []Result{{Name: "draining", Err: fmt.Errorf("the node is draining: its sessions end, new ones go elsewhere")}}
	case h.starting.Load():
		return false, []Result{{Name: "starting", Err: fmt.Errorf("the node is starting: it waits for its store and bus")}}
	}
	out := h.Parts(ctx)
	ok := true
	for _, r := range out {
		if r.Err != nil {
			ok = false
		}
	}
	return ok, out
}

// Parts runs every check at once, whether the node is starting or draining or not, and
// says each one's result (arena_part_up).
func (h *Health) Parts(ctx context.Context) []Result {
	h.mu.Lock()
	checks := append([]Check(nil), h.checks...)
	h.mu.Unlock()
	out := make([]Result, len(checks))
	ctx, cancel := context.WithTimeout(ctx, h.timeout)
	defer cancel()
	var wg sync.WaitGroup
	for i, c := range checks {
		out[i].Name = c.Name
		done := make(chan error, 1)
		wg.Add(1)
		go func() {
			defer wg.Done()
			select {
			case err := <-done:
				out[i].Err = err
			case <-ctx.Done():
				out[i].Err = fmt.Errorf("no answer within %v", h.timeout)
			}
		}()
		go func() { done <- c.Probe(ctx) }()
	}
	wg.Wait()
	return out
}

// Handler serves /healthz and /readyz, in plain text a person can read with curl.
func (h *Health) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		fmt.Fprintf(w, "ok %s\n", h.version)
	})
	mux.HandleFunc("/readyz", func(w http.ResponseWriter, r *http.Request) {
		ok, results := h.Ready(r.Context())
		var b strings.Builder
		for _, res := range results {
			if res.Err != nil {
				fmt.Fprintf(&b, "%s: %v\n", res.Name, res.Err)
			} else {
				fmt.Fprintf(&b, "%s: ok\n", res.Name)
			}
		}
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		if !ok {
			w.WriteHeader(http.StatusServiceUnavailable)
			fmt.Fprint(w, "not ready\n"+b.String())
			return
		}
		fmt.Fprint(w, "ready\n"+b.String())
	})
	return mux
}

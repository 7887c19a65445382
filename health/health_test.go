package health_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/health"
)

func get(t *testing.T, h http.Handler, path string) (int, string) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
	body, _ := io.ReadAll(rec.Result().Body)
	return rec.Code, string(body)
}

// A node is up as soon as it runs, ready only once it has its parts and while each
// answers, and not ready again once it drains.
func TestReadinessFollowsTheNodesParts(t *testing.T) {
	h := health.New("0.17.0", time.Minute)
	storeDown := errors.New("connection refused")
	var storeErr error
	h.Add(health.Check{Name: "store", Probe: func(context.Context) error { return storeErr }})
	h.Add(health.Check{Name: "bus", Probe: func(context.Context) error { return nil }})

	if code, body := get(t, h.Handler(), "/healthz"); code != 200 || body != "ok 0.17.0\n" {
		t.Errorf("/healthz: %d %q", code, body)
	}
	if code, body := get(t, h.Handler(), "/readyz"); code != 503 || !strings.Contains(body, "starting") {
		t.Errorf("/readyz while starting: %d %q", code, body)
	}
	h.Started()
	if code, body := get(t, h.Handler(), "/readyz"); code != 200 || body != "ready\nstore: ok\nbus: ok\n" {
		t.Errorf("/readyz: %d %q", code, body)
	}
	storeErr = storeDown
	if code, body := get(t, h.Handler(), "/readyz"); code != 503 || !strings.Contains(body, "store: connection refused\nbus: ok\n") {
		t.Errorf("/readyz with the store down: %d %q", code, body)
	}
	storeErr = nil
	h.Drain()
	if code, body := get(t, h.Handler(), "/readyz"); code != 503 || !strings.Contains(body, "draining") {
		t.Errorf("/readyz while draining: %d %q", code, body)
	}
	if code, _ := get(t, h.Handler(), "/healthz"); code != 200 {
		t.Errorf("/healthz while draining: %d", code)
	}
}

// A part that does not answer makes the node not ready, within the timeout: the balancer's
// check is not held up by it.
func TestAPartThatHangsIsNotReady(t *testing.T) {
	h := health.New("0.17.0", 10*time.Millisecond)
	release := make(chan struct{})
	defer close(release)
	h.Add(health.Check{Name: "bus", Probe: func(context.Context) error { <-release; return nil }})
	h.Started()
	code, body := get(t, h.Handler(), "/readyz")
	if code != 503 || !strings.Contains(body, "bus: no answer within 10ms") {
		t.Errorf("/readyz: %d %q", code, body)
	}
}

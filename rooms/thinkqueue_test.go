package rooms

import (
	"testing"
	"time"
)

// The thinkers' queue serves rooms with people first, and never lets the others (practice,
// bots' games) hold more than their share, however many wait.
func TestThinkersServePeopleFirstAndKeepAShare(t *testing.T) {
	q := newThinkQueue(3, 1)
	q.acquire(false) // practice takes its one place
	got := make(chan string, 8)
	waitFor := func(name string, first bool) {
		go func() {
			q.acquire(first)
			got <- name
		}()
	}
	waitFor("practice 2", false) // over the share: waits although two places are free
	select {
	case name := <-got:
		t.Fatalf("%s got a place beyond the others' share", name)
	case <-time.After(50 * time.Millisecond): // room for a wrong answer to show; not a measure
	}
	q.acquire(true) // a person's room: one of the free places at once
	q.acquire(true) // and the last
	waitFor("person 3", true)
	for queued := 0; queued == 0; {
		q.mu.Lock()
		queued = len(q.waiting[0])
		q.mu.Unlock()
	}
	q.release(false) // practice's place: the person waiting comes first
	if name := <-got; name != "person 3" {
		t.Fatalf("%s got the place before the person's room", name)
	}
	q.release(true)
	if name := <-got; name != "practice 2" {
		t.Fatalf("%s, want practice 2 once a place and the share are free", name)
	}
}

package rooms

import (
	"testing"
	"time"

	"github.com/arena-classroom/arena/internal/until"
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
	// waiting is how many wait in the queue of a class (0: rooms with people): acquire
	// either takes a place at once or joins that queue.
	waiting := func(class int) int {
		q.mu.Lock()
		defer q.mu.Unlock()
		return len(q.waiting[class])
	}
	waitFor("practice 2", false) // over the share: waits although two places are free
	until.True(t, 10*time.Second, "practice 2 queueing (or taking a place)", func() bool { return waiting(1) == 1 || len(got) > 0 })
	select {
	case name := <-got:
		t.Fatalf("%s got a place beyond the others' share", name)
	default:
	}
	q.acquire(true) // a person's room: one of the free places at once
	q.acquire(true) // and the last
	waitFor("person 3", true)
	until.True(t, 10*time.Second, "person 3 queueing", func() bool { return waiting(0) == 1 })
	q.release(false) // practice's place: the person waiting comes first
	if name := <-got; name != "person 3" {
		t.Fatalf("%s got the place before the person's room", name)
	}
	q.release(true)
	if name := <-got; name != "practice 2" {
		t.Fatalf("%s, want practice 2 once a place and the share are free", name)
	}
}

package until

import (
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestTrueReturnsOnceTheConditionHolds(t *testing.T) {
	var n atomic.Int32
	True(t, 10*time.Second, "the third look", func() bool { return n.Add(1) == 3 })
	if got := n.Load(); got != 3 {
		t.Fatalf("looked %d times, want 3", got)
	}
}

// fake records a failure instead of ending the test.
type fake struct{ failed string }

func (f *fake) Helper() {}

func (f *fake) Fatalf(format string, args ...any) {
	f.failed = fmt.Sprintf(format, args...)
	panic(f)
}

func TestAFailureSaysWhatWasAwaitedAndWhatWasSeen(t *testing.T) {
	f := &fake{}
	func() {
		defer func() {
			if r := recover(); r != f {
				panic(r)
			}
		}()
		Seen(f, 10*time.Millisecond, "seat 2 taken", func() (string, bool) { return "seat 2 open", false })
	}()
	for _, want := range []string{"seat 2 taken", "seat 2 open", "10ms"} {
		if !strings.Contains(f.failed, want) {
			t.Errorf("failure %q does not say %q", f.failed, want)
		}
	}
}

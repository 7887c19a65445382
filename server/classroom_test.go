package server_test

import (
	"sync"
	"testing"

	"github.com/arena-classroom/arena/internal/sshtest"
)

// A lab of a hundred and fifty machines behind one NAT shares one address: when the class
// connects at once, on the default limits, everyone gets in.
func TestAClassBehindOneAddressConnectsAtOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("150 handshakes")
	}
	addr, _ := sshtest.Start(t, fakeApp{})
	const class = 150
	var wg sync.WaitGroup
	errs := make(chan error, class)
	for i := range class {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, err := sshtest.DialErr(addr, "student", sshtest.NewKey(t))
			if err != nil {
				errs <- err
				return
			}
			defer c.Close()
			sess, err := c.NewSession()
			if err != nil {
				errs <- err
				return
			}
			defer sess.Close()
			if out, err := sess.Output("whoami"); err != nil || len(out) == 0 {
				errs <- err
			}
			_ = i
		}()
	}
	wg.Wait()
	close(errs)
	failed := 0
	var first error
	for err := range errs {
		if failed == 0 {
			first = err
		}
		failed++
	}
	if failed > 0 {
		t.Fatalf("%d of %d could not connect; the first: %v", failed, class, first)
	}
}

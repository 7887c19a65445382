package bus_test

import (
	"net"
	"testing"
	"time"

	"github.com/arena-classroom/arena/cluster/bus"
	"github.com/arena-classroom/arena/cluster/clustertest"
)

// A bus that is down is unreachable (a starting node waits for it); a bus that refuses the
// node's key is not (the node says which line its nodes file lacks, and stops).
func TestABusThatIsDownIsToldFromARefusedKey(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	down := "nats://" + l.Addr().String()
	l.Close()
	b := clustertest.Start(t, "a")
	_, err = bus.Dial(bus.Config{URL: down, Name: "a", Key: b.Key(t, "a"), Timeout: time.Second})
	if err == nil || !bus.Unreachable(err) {
		t.Errorf("a bus that is down: %v, unreachable %v", err, bus.Unreachable(err))
	}
	_, err = bus.Dial(bus.Config{URL: b.ClientURL(), Name: "stranger", Key: b.Key(t, "stranger"), Timeout: time.Second})
	if err == nil || bus.Unreachable(err) {
		t.Errorf("a key the bus does not know: %v, unreachable %v", err, bus.Unreachable(err))
	}
}

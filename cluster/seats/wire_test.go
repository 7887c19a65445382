package seats

import (
	"reflect"
	"testing"

	"github.com/arena-classroom/arena/internal/wiretest"
)

// A room's calls on a program of another node survive their trip, every field set.
func TestTheSeatCallsRoundTrip(t *testing.T) {
	for _, typ := range []reflect.Type{reflect.TypeFor[seatBatch](), reflect.TypeFor[seatMsg]()} {
		t.Run(typ.String(), func(t *testing.T) { wiretest.RoundTrips(t, typ) })
	}
}

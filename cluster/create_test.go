package cluster

import (
	"reflect"
	"testing"

	"github.com/arena-classroom/arena/internal/wiretest"
	"github.com/arena-classroom/arena/rooms"
)

// Every setting of a room opened on another node crosses the bus: a rooms.Spec with all its
// fields set comes back from wireSpecOf and specOf the same, but for its seats and the game
// it takes up, which CreateOn and handOver carry themselves. A field added to rooms.Spec
// and forgotten here (a tournament's VoidWhenLost was) fails.
func TestASpecCrossesTheBusWhole(t *testing.T) {
	var spec rooms.Spec
	v := reflect.ValueOf(&spec).Elem()
	for i := range v.NumField() {
		switch v.Type().Field(i).Name {
		case "Game", "Seats", "Resume": // the game by its id, the seats and the moves apart
		default:
			wiretest.Fill(v.Field(i))
		}
	}
	e := sevenColors(t).Entry
	spec.Game = e
	back := wireSpecOf(spec).specOf(e)
	got, want := reflect.ValueOf(back), reflect.ValueOf(spec)
	for i := range want.NumField() {
		name := want.Type().Field(i).Name
		if name == "Game" {
			continue
		}
		if !reflect.DeepEqual(got.Field(i).Interface(), want.Field(i).Interface()) {
			t.Errorf("rooms.Spec.%s does not cross the bus: sent %v, got %v", name, want.Field(i), got.Field(i))
		}
	}
}

package botproto_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"math/big"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/botproto"
	"github.com/arena-classroom/arena/bots"
	paBots "github.com/arena-classroom/arena/bots/perfectaim"
	pa "github.com/arena-classroom/arena/games/perfectaim"
)

// aimTurn is a Perfect Aim "turn" line as docs/bots.md writes it.
type aimTurn struct {
	Type  string          `json:"type"`
	Match string          `json:"match"`
	ID    int             `json:"id"`
	Obs   pa.Obs          `json:"obs"`
	Time  botproto.Limits `json:"time"`
}

// midGame plays 4-way Perfect Aim with house bots that attack until a fireball flies and a
// super fireball or a boost has been picked up, and returns the state at the next decision.
func midGame(t *testing.T) *pa.State {
	t.Helper()
	st, err := pa.New(5, 0, 0, 4)
	if err != nil {
		t.Fatal(err)
	}
	players := []string{"zidane", "bobmorane", "anouslefouz", "zidane"}
	var bs [4]bots.Bot
	for i, n := range players {
		info, ok := bots.Find(paBots.All, n)
		if !ok {
			t.Fatalf("no house bot %s", n)
		}
		bs[i] = info.New(uint64(i))
	}
	for moves := 0; !st.Over(); moves++ {
		if len(st.Fireballs()) > 0 && moves > 20 {
			return st
		}
		seat := st.ToMove()[0]
		a := bs[seat].Choose(st, seat)
		if st.Validate(seat, a) != nil {
			a = pa.Wait
		}
		if _, err := st.Apply(seat, a); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("the game ended without a fireball in flight")
	return nil
}

// The observation has exactly the documented fields (docs/bots.md) (plus "fireballs"), with upstream's
// names, grids [y][x], exact times, and it survives a JSON round trip unchanged.
func TestPerfectAimTurnLine(t *testing.T) {
	st := midGame(t)
	seat := st.ToMove()[0]
	line, err := botproto.Encode(botproto.NewTurn("m_1", 7, st, seat, 100*time.Millisecond, 0))
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(line, &raw); err != nil {
		t.Fatal(err)
	}
	if got := slices.Sorted(maps.Keys(raw)); !reflect.DeepEqual(got, []string{"id", "match", "obs", "time", "type"}) {
		t.Fatalf("turn keys %v: Perfect Aim sends no \"legal\"", got)
	}
	var obs map[string]json.RawMessage
	if err := json.Unmarshal(raw["obs"], &obs); err != nil {
		t.Fatal(err)
	}
	if got := slices.Sorted(maps.Keys(obs)); !reflect.DeepEqual(got, []string{"background", "fireballs", "players", "size", "t", "tile_grid", "you"}) {
		t.Fatalf("obs keys %v", got)
	}
	var you map[string]any
	if err := json.Unmarshal(obs["you"], &you); err != nil {
		t.Fatal(err)
	}
	if got := slices.Sorted(maps.Keys(you)); !reflect.DeepEqual(got, []string{"action", "coins", "color", "shield", "speed", "super_fireballs", "x", "y"}) {
		t.Fatalf("you keys %v", got)
	}

	var turn aimTurn
	if err := json.Unmarshal(line, &turn); err != nil {
		t.Fatal(err)
	}
	o := turn.Obs
	if turn.Type != "turn" || turn.ID != 7 || turn.Time != (botproto.Limits{MoveMS: 100}) {
		t.Fatalf("turn %+v", turn)
	}
	// t is the exact instant, "num/den".
	if r, ok := new(big.Rat).SetString(o.T); !ok || r.Cmp(st.Clock()) != 0 || !strings.Contains(o.T, "/") {
		t.Fatalf("t %q, want %s as num/den", o.T, st.Clock())
	}
	me := st.Player(st.SeatColor(seat))
	if o.Size != 21 || o.You == nil || o.You.Color != me.Color.String() || o.You.X != me.X || o.You.Y != me.Y ||
		o.You.Coins != me.Coins || o.You.SuperFireballs != me.Supers || o.You.Shield != me.Shield || o.You.Action != string(me.Action) {
		t.Fatalf("you %+v, want %+v", o.You, me)
	}
	if want := big.NewRat(me.SpeedQ, 4).String(); o.You.Speed != want {
		t.Fatalf("speed %q, want %q", o.You.Speed, want)
	}
	// Grids are [y][x] with upstream's names.
	for y := range 21 {
		for x := range 21 {
			if o.TileGrid[y][x] != st.TileAt(x, y).String() || o.Background[y][x] != st.Background(x, y).String() {
				t.Fatalf("(%d,%d): tile %s background %s, want %s %s", x, y, o.TileGrid[y][x], o.Background[y][x], st.TileAt(x, y), st.Background(x, y))
			}
		}
	}
	if o.TileGrid[me.Y][me.X] != "PLAYER_"+me.Color.String() && o.TileGrid[me.Y][me.X] != "FIREBALL" {
		t.Fatalf("tile_grid[%d][%d] = %s, want the player", me.Y, me.X, o.TileGrid[me.Y][me.X])
	}
	var alive []string
	for c := pa.Red; c <= pa.Green; c++ {
		if st.Player(c).Alive {
			alive = append(alive, c.String())
		}
	}
	var listed []string
	for _, p := range o.Players {
		listed = append(listed, p.Color)
	}
	if !reflect.DeepEqual(listed, alive) {
		t.Fatalf("players %v, want the living in colour order %v", listed, alive)
	}
	// Every fireball with its direction and thrower, which tile_grid cannot show.
	var want []pa.FireballObs
	for _, f := range st.Fireballs() {
		want = append(want, pa.FireballObs{X: f.X, Y: f.Y, Action: string(f.Dir), Sender: f.Sender.String()})
		if o.TileGrid[f.Y][f.X] != "FIREBALL" {
			t.Fatalf("a fireball at (%d,%d) shows as %s", f.X, f.Y, o.TileGrid[f.Y][f.X])
		}
	}
	if len(want) == 0 || !reflect.DeepEqual(o.Fireballs, want) {
		t.Fatalf("fireballs %+v, want %+v", o.Fireballs, want)
	}
	// Round trip: decoding and encoding again gives the same bytes.
	again, err := json.Marshal(o)
	if err != nil {
		t.Fatal(err)
	}
	var c bytes.Buffer
	if err := json.Compact(&c, raw["obs"]); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again, c.Bytes()) {
		t.Fatalf("round trip changed the observation:\n%s\n%s", c.Bytes(), again)
	}
}

// The actions a bot sends decode to the engine's actions; anything else is an error.
func TestPerfectAimActionsDecode(t *testing.T) {
	for _, a := range pa.Actions {
		got, err := pa.Game.DecodeAction(json.RawMessage(fmt.Sprintf("%q", a)))
		if err != nil || got != a {
			t.Errorf("%s decodes to %v, %v", a, got, err)
		}
	}
	for _, bad := range []string{`"move_up"`, `"JUMP"`, `3`, `["WAIT"]`, `{"action":"WAIT"}`, `""`} {
		if _, err := pa.Game.DecodeAction(json.RawMessage(bad)); err == nil {
			t.Errorf("%s decodes", bad)
		}
	}
}

// `spec perfectaim` shows the real first turn of its example game (seed 1, RED at t = 1)
// and a real refusal.
func TestPerfectAimSpec(t *testing.T) {
	text, err := botproto.Spec(pa.Game, 500*time.Millisecond, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	var turnLine, warnLine string
	for _, l := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(l, `< {"type":"turn"`) && turnLine == "": // the first; a later one shows a fireball
			turnLine = strings.TrimPrefix(l, "< ")
		case strings.HasPrefix(l, `< {"type":"warn"`):
			warnLine = strings.TrimPrefix(l, "< ")
		}
	}
	st, err := pa.New(1, 0, 0, 2)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := botproto.Encode(botproto.NewTurn("m_example", 1, st, 0, 500*time.Millisecond, 5*time.Second))
	if turnLine+"\n" != string(want) {
		t.Fatalf("spec's turn line\n%s\nis not the game's\n%s", turnLine, want)
	}
	if !strings.Contains(warnLine, `"code":"wall"`) || !strings.Contains(warnLine, `"applied":"WAIT"`) {
		t.Fatalf("warn line %q", warnLine)
	}
	for _, w := range []string{"tile_grid[y][x]", "background[y][x]", "fireballs", "ATTACK_RIGHT", "legal: not sent",
		`"WAIT"`, "budget before the decision instant", `< {"type":"end"`, "permutation", "colors"} {
		if !strings.Contains(text, w) {
			t.Errorf("spec lacks %q", w)
		}
	}
	if !botproto.Documented(pa.Game) || botproto.SeedPublic(pa.Game) {
		t.Fatal("perfectaim is documented, and its seed hidden (it tells where the items appear)")
	}
}

// BenchmarkPerfectAimTurn: building and encoding one Perfect Aim turn, which a live room's
// Controller does under the room's lock.
func BenchmarkPerfectAimTurn(b *testing.B) {
	st, err := pa.New(1, 0, 0, 4)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var n int
	for b.Loop() {
		line, err := botproto.Encode(botproto.NewTurn("m_1", 1, st, 0, 100*time.Millisecond, 0))
		if err != nil {
			b.Fatal(err)
		}
		n = len(line)
	}
	b.ReportMetric(float64(n), "bytes/line")
}

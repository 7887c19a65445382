package botproto_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/botproto"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/sevencolors"
)

// The example turn line of `spec sevencolors` is what the server really sends for that game.
func TestSpecExampleIsARealTurn(t *testing.T) {
	text, err := botproto.Spec(sevencolors.Game, 300*time.Millisecond, 2*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	var turnLine string
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, `< {"type":"turn"`) {
			turnLine = strings.TrimPrefix(l, "< ")
		}
	}
	if turnLine == "" {
		t.Fatalf("no turn line in:\n%s", text)
	}
	var turn struct {
		ID  int `json:"id"`
		Obs struct {
			Size  int     `json:"size"`
			You   int     `json:"you"`
			Board [][]int `json:"board"`
		} `json:"obs"`
		Legal []int           `json:"legal"`
		Time  botproto.Limits `json:"time"`
	}
	if err := json.Unmarshal([]byte(turnLine), &turn); err != nil {
		t.Fatal(err)
	}
	st, err := sevencolors.Game.New(games.Config{"size": turn.Obs.Size}, 2, 42)
	if err != nil {
		t.Fatal(err)
	}
	want := st.Observation(0).(sevencolors.Observation)
	if turn.Obs.You != 1 || !reflect.DeepEqual(turn.Obs.Board, want.Board) {
		t.Fatalf("obs %+v, want %+v", turn.Obs, want)
	}
	var legal []int
	for _, a := range st.Legal(0) {
		legal = append(legal, a.(int))
	}
	if !reflect.DeepEqual(turn.Legal, legal) || turn.Time != (botproto.Limits{MoveMS: 300, BankMS: 2000}) {
		t.Fatalf("legal %v time %+v, want %v and the limits given", turn.Legal, turn.Time, legal)
	}
	for _, want := range []string{"size", "board[y][x]", "3..9", "default action"} {
		if !strings.Contains(text, want) {
			t.Errorf("spec does not mention %q", want)
		}
	}
}

func TestSpecOfAnUndocumentedGame(t *testing.T) {
	if _, err := botproto.Spec(fakeGame{}, time.Second, time.Second); err == nil {
		t.Fatal("no error for a game without a schema")
	}
	if botproto.Documented(fakeGame{}) || !botproto.Documented(sevencolors.Game) {
		t.Fatal("Documented")
	}
}

type fakeGame struct{ games.Game }

func (fakeGame) Describe() games.Description { return games.Description{} }

func (fakeGame) ID() string { return "nosuchgame" }

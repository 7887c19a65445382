package arena

import (
	"bytes"
	"encoding/json"
	"log"
	"os"
	"strings"
	"testing"
	"time"
)

// A session of two games: the strategy answers each turn with its id and match, sees the
// turn's time, a line that is not JSON is skipped, a panic leaves one turn unanswered, and
// the results go to the log, never to the output.
func TestPlayAnswersTurnsGameAfterGame(t *testing.T) {
	var logs bytes.Buffer
	log.SetOutput(&logs)
	defer log.SetOutput(os.Stderr)
	var seen []Time
	var left []time.Duration
	choose := func(obs struct{ N int }, legal []int) int {
		seen, left = append(seen, TurnTime()), append(left, TimeLeft())
		return legal[obs.N]
	}
	in := strings.Join([]string{
		`{"type":"hello","protocol":1,"game":"g","limits":{"move_ms":500,"bank_ms":5000}}`,
		`{"type":"start","match":"m_1","seat":1}`,
		`not json`,
		`{"type":"turn","match":"m_1","id":1,"obs":{"n":0},"legal":[7,8],"time":{"move_ms":500,"bank_ms":4200}}`,
		`{"type":"turn","match":"m_1","id":2,"obs":{"n":5},"legal":[7,8],"time":{"move_ms":500,"bank_ms":4100}}`,
		`{"type":"warn","match":"m_1","id":2,"code":"timeout","msg":"too late"}`,
		`{"type":"end","match":"m_1","outcome":{"ranks":[2,1],"scores":[1,3]}}`,
		`{"type":"start","match":"m_2","seat":0}`,
		`{"type":"turn","match":"m_2","id":1,"obs":{"n":1},"legal":[7,8],"time":{"move_ms":300,"bank_ms":5000}}`,
		`{"type":"end","match":"m_2","outcome":null,"note":"you resigned"}`,
	}, "\n") + "\n"
	var out bytes.Buffer
	if err := Play(strings.NewReader(in), &out, map[string]Strategy{"g": Typed(choose)}); err != nil {
		t.Fatal(err)
	}
	want := `{"type":"action","match":"m_1","id":1,"action":7}` + "\n" +
		`{"type":"action","match":"m_2","id":1,"action":8}` + "\n"
	if out.String() != want {
		t.Fatalf("output:\n%s\nwant:\n%s", out.String(), want)
	}
	if len(seen) != 3 || seen[0] != (Time{500, 4200}) || seen[2] != (Time{300, 5000}) {
		t.Fatalf("the strategy saw the times %v", seen)
	}
	if left[0] <= 0 || left[0] > 500*time.Millisecond || left[2] > 300*time.Millisecond {
		t.Fatalf("time left %v", left)
	}
	for _, s := range []string{"not JSON, skipped", "your strategy panicked", "warning timeout: too late",
		"game 1: rank 1 of 2, scores [1 3] (1 won so far)", "game 2 ended without you: you resigned"} {
		if !strings.Contains(logs.String(), s) {
			t.Errorf("the log lacks %q:\n%s", s, logs.String())
		}
	}
}

// A game the bot has no strategy for, and an error line, end the session with an error.
func TestPlayStopsOnAnUnknownGameOrAnError(t *testing.T) {
	var logs bytes.Buffer
	log.SetOutput(&logs)
	defer log.SetOutput(os.Stderr)
	strategies := map[string]Strategy{"g": Typed(func(obs, legal []int) int { return 0 })}
	for _, in := range []string{`{"type":"hello","game":"other"}`, `{"type":"error","msg":"no house bot \"x\""}`} {
		var out bytes.Buffer
		if err := Play(strings.NewReader(in+"\n"), &out, strategies); err == nil || out.Len() > 0 {
			t.Fatalf("%s: error %v, output %q", in, err, out.String())
		}
	}
	if !strings.Contains(logs.String(), "no strategy for other (it plays g)") || !strings.Contains(logs.String(), `error: no house bot "x"`) {
		t.Fatalf("log:\n%s", logs.String())
	}
}

// An action is encoded with encoding/json, whatever its Go type.
func TestActionsAreJSON(t *testing.T) {
	b, err := json.Marshal(action{"action", "m", 3, map[string][2]int{"attack": {1, 2}}})
	if err != nil || string(b) != `{"type":"action","match":"m","id":3,"action":{"attack":[1,2]}}` {
		t.Fatalf("%s %v", b, err)
	}
}

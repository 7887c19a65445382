package commands_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/match"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/server"
	"github.com/arena-classroom/arena/store"
)

// storeReviewedGame stores a 10×10 game of 7 Colors: seat 0 played by random for the key
// player (greedy plays otherwise there often), seat 1 by house bot greedy.
func storeReviewedGame(t *testing.T, st *store.Store, player gossh.Signer) string {
	t.Helper()
	e, _ := catalog.Get("sevencolors")
	p := match.Plan{Game: e.Game}
	for _, name := range []string{"random", "greedy"} {
		ent, err := match.Resolve(e.Game, e.Bots, match.SeatSpec{Bot: name}, nil)
		if err != nil {
			t.Fatal(err)
		}
		p.Entrants = append(p.Entrants, ent)
	}
	var err error
	if p.Jobs, err = match.Series(e.Game, games.Config{"size": 10}, 2, 1, 5); err != nil {
		t.Fatal(err)
	}
	var res match.Result
	if err := match.Run(context.Background(), p, match.Options{Parallel: 1, Replays: true}, func(r match.Result) error {
		res = r
		return nil
	}); err != nil || res.Void() || res.Replay == nil {
		t.Fatalf("%v %+v", err, res)
	}
	rec := store.MatchRecord{ID: "m_review_5", Game: "sevencolors", Seed: res.Replay.Seed, StartedAt: time.Now().Add(-time.Minute), EndedAt: time.Now(),
		Seats: []store.SeatRecord{{Name: "ada", ID: gossh.FingerprintSHA256(player.PublicKey())}, {Name: "greedy", Bot: "greedy"}}}
	if rec.Config, err = json.Marshal(res.Replay.Config); err != nil {
		t.Fatal(err)
	}
	if rec.Outcome, err = json.Marshal(res.Outcome); err != nil {
		t.Fatal(err)
	}
	if rec.Replay, err = json.Marshal(*res.Replay); err != nil {
		t.Fatal(err)
	}
	if err := st.SaveMatch(context.Background(), rec); err != nil {
		t.Fatal(err)
	}
	return rec.ID
}

// `replay ID --review --seat S` lists where the game turned for the seat's player, says how
// it judged, and exports the same as JSON; it is refused for another's seat (a teacher may
// review any), and its arguments are checked.
func TestReplayReviewOverSSH(t *testing.T) {
	ada, teacher := sshtest.NewKey(t), sshtest.NewKey(t)
	st := arenatest.Store(t)
	addr, _, _ := arenatest.Start(t, rooms.Config{}, commands.Options{Archive: st},
		func(c *server.Config) { c.AdminKeysFile = arenatest.AdminKeys(t, teacher) })
	id := storeReviewedGame(t, st, ada)
	c := sshtest.Dial(t, addr, "ada", ada)

	out, errOut, code := sshtest.Exec(t, c, "replay "+id+" --review --seat 0")
	if code != 0 || !strings.Contains(out, "where it turned: game "+id) || !strings.Contains(out, "with greedy in your seat") ||
		!strings.Contains(out, "opponents: seat 1 greedy by greedy (as in the game)") || !strings.Contains(out, ": you played ") ||
		!strings.Contains(out, "; greedy plays ") || !strings.Contains(out, "greedy plays otherwise at ") {
		t.Fatalf("review: %d\n%s\nstderr: %q", code, out, errOut)
	}
	t.Logf("\n%s", out)

	out, errOut, code = sshtest.Exec(t, c, "replay "+id+" --review --seat 0 --json")
	var rep struct {
		ID       string `json:"id"`
		Bot      string `json:"bot"`
		Reviewed int    `json:"reviewed"`
		Findings []struct {
			Move     int    `json:"move"`
			Played   string `json:"played"`
			BotPlays string `json:"bot_plays"`
			Gain     int    `json:"gain"`
		} `json:"findings"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != 0 || rep.ID != id || rep.Bot != "greedy" ||
		rep.Reviewed == 0 || len(rep.Findings) != rep.Reviewed || !strings.Contains(out, `"method":"each line plays`) {
		t.Fatalf("review --json: %v %d %q %q", err, code, out, errOut)
	}

	for _, tc := range []struct {
		who  string
		key  gossh.Signer
		args string
		code int
		want string
	}{
		{"ada", ada, " --review --seat 1", 1, "a review of seat 1 (greedy) is for that seat's player and teachers"},
		{"bob", sshtest.NewKey(t), " --review --seat 0", 1, "a review of seat 0 (ada) is for that seat's player and teachers"},
		{"ada", ada, " --review --seat 2", 1, "has seats 0 to 1"},
		{"ada", ada, " --review", 2, "usage: replay ID"},
		{"ada", ada, " --seat 0", 2, "usage: replay ID"},
		{"ada", ada, " --review --seat x", 2, "--seat x: a seat number"},
		{"ada", ada, " --review --seat 0 --position 3", 2, "usage: replay ID"},
	} {
		out, errOut, code := sshtest.Exec(t, sshtest.Dial(t, addr, tc.who, tc.key), "replay "+id+tc.args)
		if code != tc.code || out != "" || !strings.Contains(errOut, tc.want) {
			t.Errorf("%s: replay ID%s: %d %q %q, want %d and %q", tc.who, tc.args, code, out, errOut, tc.code, tc.want)
		}
	}
	// A teacher reviews anyone's seat, a house bot's too.
	prof := sshtest.Dial(t, addr, "prof", teacher)
	out, errOut, code = sshtest.Exec(t, prof, "replay "+id+" --review --seat 1")
	if code != 0 || !strings.Contains(out, "seat 1 (greedy)") || strings.Contains(out, "you played") {
		t.Fatalf("a teacher's review: %d %q %q", code, out, errOut)
	}
}

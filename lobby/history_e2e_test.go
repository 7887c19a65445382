package lobby_test

import (
	"context"
	"testing"
	"time"

	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/internal/until"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/store"
	"github.com/arena-classroom/arena/tournament/director"
)

// Over SSH: a person who played a game finds it in the lobby's History (0), with its
// opponent and result, replays it with enter and comes back with esc.
func TestAPersonFindsTheirGameInTheLobbysHistoryAndReplaysIt(t *testing.T) {
	st := arenatest.Store(t)
	cfg := rooms.Config{OnFinish: director.New(st, nil).OnFinish(st.SaveMatch)} // as arena serve records games
	addr, _, _ := arena(t, cfg, commands.Options{Archive: st})
	key := sshtest.NewKey(t)

	// alice plays greedy and leaves at once: greedy plays her seat out, and the game is stored.
	game := sshtest.NewTerm(t, sshtest.Dial(t, addr, "alice", key), sshtest.Command("play sevencolors --vs greedy --size 6"))
	game.WaitFor(t, "Your turn", 10*time.Second)
	game.Send(t, "q")
	game.WaitFor(t, "Leave this game?", 10*time.Second)
	game.Send(t, "y")
	var id string
	until.True(t, 20*time.Second, "the game stored", func() bool {
		recs, err := st.HistoryGames(context.Background(), store.GameQuery{Bot: "greedy", Limit: 1})
		if err != nil || len(recs) == 0 {
			return false
		}
		id = recs[0].ID
		return true
	})

	lobby := sshtest.NewTerm(t, sshtest.Dial(t, addr, "alice", key), sshtest.Size(80, 24))
	lobby.WaitFor(t, "History", 10*time.Second)
	lobby.Type(t, "0")
	lobby.WaitFor(t, "Your games, last first", 10*time.Second)
	lobby.WaitFor(t, "greedy", 10*time.Second)
	lobby.WaitFor(t, "lost", 10*time.Second)
	lobby.Type(t, "enter")
	lobby.WaitFor(t, "replay "+id, 10*time.Second)
	lobby.Type(t, "esc")
	lobby.WaitFor(t, "Your games, last first", 10*time.Second)
	lobby.Type(t, "esc")
	lobby.WaitFor(t, "Quick match", 10*time.Second)
}

package botsession

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/arena-classroom/arena/botcheck"
	"github.com/arena-classroom/arena/botproto"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/program"
	"github.com/arena-classroom/arena/server"
)

// CheckUsage is the check command's usage line.
//
// lang:keep the command line syntax
const CheckUsage = `usage: check --game GAME   (a program's session, as bot --game GAME: arena check's games, reported on stderr)`

// ServeCheck serves `check --game GAME`: arena check for a program that connects itself
// (botcheck). It plays the check's games against a house bot and reports on stderr; it is
// no practice, and stores nothing.
func (a *Sessions) ServeCheck(s *server.Session, stdin io.Reader, stdout, stderr io.Writer) int {
	l := s.Lang
	refuse := func(status int, err error) int { return refusal(stdout, stderr, status, lang.Say(err, l)) }
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	gameID := fs.String("game", "", "")
	if err := fs.Parse(s.Args[1:]); err != nil || fs.NArg() > 0 || *gameID == "" {
		return refusal(stdout, stderr, 2, CheckUsage)
	}
	e, err := catalog.Lookup(*gameID)
	if err != nil {
		return refuse(2, err)
	}
	if !botproto.Documented(e.Game) {
		return refuse(2, lang.Errorf("%s cannot be played by programs yet", lang.T(e.Game.Name())))
	}
	if s.Who.Guest {
		return refuse(1, lang.Errorf("checks need a public key, as bot sessions do: connect with ssh -i KEY (make one with ssh-keygen -t ed25519)"))
	}
	lim, release, err := a.bots.acquire(s.Who.ID)
	if err != nil {
		return refuse(ExitTryAgain, err)
	}
	defer release()

	cfg := a.rooms.Config()
	clock := program.Clock{Move: cfg.BotMove, Bank: cfg.BotBank, MaxStrikes: cfg.MaxStrikes}
	name := botName(s.Who, "")
	// Sentences come in the report: the check does not repeat them one by one.
	conn := program.NewConn(stdin, stdout, program.ConnOptions{
		Limits: lim.Limits,
		Bucket: a.bots.bucket(s.Who.ID),
		Lang:   l,
		First: botproto.Hello{Type: botproto.TypeHello, Protocol: botproto.Version, Game: e.Game.ID(),
			Name: name, Limits: program.ClockLimits(clock)},
	})
	defer func() {
		conn.Flush(5 * time.Second)
		conn.Close(nil)
	}()
	ctx, cancel := context.WithCancel(s.SSH.Context())
	defer cancel()
	go func() {
		select {
		case <-conn.Done():
		case <-ctx.Done():
			conn.Close(ctx.Err())
		}
	}()
	fmt.Fprintln(stderr, botcheck.Prefix+botcheck.IntroIn(e.Entry, name, l))
	rep, err := botcheck.Run(ctx, conn, e.Entry, name, botcheck.Options{Clock: clock})
	if err != nil {
		return refuse(1, err)
	}
	rep.Set(botcheck.RuleEnd, false, botcheck.NotChecked+l.Sprintf("over SSH the arena cannot see your program exit: arena check on your machine checks it"))
	if !rep.Left() {
		conn.Send(botproto.Error{Type: botproto.TypeError, Msg: l.Sprintf("arena check is over: this session ends here")})
	}
	rep.WriteIn(stderr, l)
	if rep.Failed() > 0 {
		return 1
	}
	return 0
}

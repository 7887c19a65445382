package lobby_test

import (
	"testing"
	"time"

	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/rooms"
)

// Over real SSH, a French person (LANG=fr_FR.UTF-8, as OpenSSH sends it): the lobby, its
// setup screen, a screen's error and a session's farewell are in French.
func TestAFrenchPersonOverSSH(t *testing.T) {
	addr, _, _ := arena(t, rooms.Config{TickHz: 100}, commands.Options{})
	fr := sshtest.Env("LANG=fr_FR.UTF-8")
	lobby := sshtest.NewTerm(t, sshtest.Dial(t, addr, "lea", sshtest.NewKey(t)), fr)
	lobby.WaitFor(t, "Partie rapide", 10*time.Second)
	lobby.Send(t, "2")
	lobby.WaitFor(t, "contre les bots maison", 10*time.Second)
	lobby.Send(t, "\x1b")
	lobby.WaitScreen(t, "Rejoindre avec un code", 10*time.Second)

	watch := sshtest.NewTerm(t, sshtest.Dial(t, addr, "lea", sshtest.NewKey(t)), sshtest.Command("watch nosuch"), fr)
	watch.WaitFor(t, `aucune salle "nosuch" en cours`, 10*time.Second)

	wall := sshtest.NewTerm(t, sshtest.Dial(t, addr, "lea", sshtest.NewKey(t)), sshtest.Command("wall"), fr)
	wall.WaitFor(t, "arena · lea", 10*time.Second)
	wall.Send(t, "\x1b")
	wall.WaitFor(t, "Le mur est fermé. Sans commande, ssh -t HOST ouvre l'accueil.", 10*time.Second)
}

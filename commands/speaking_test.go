package commands_test

import (
	"encoding/csv"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/internal/until"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/rooms"
)

// french is the locale OpenSSH sends from a French student's machine (SendEnv LANG).
const french = "LANG=fr_FR.UTF-8"

// execEnv runs cmd in a session that sent env first, as ssh's SendEnv does.
func execEnv(t *testing.T, c *gossh.Client, cmd string, env ...string) (stdout, stderr string, code int) {
	t.Helper()
	return sshtest.ExecEnv(t, c, cmd, env...)
}

// A French student's session (LANG=fr_FR.UTF-8) reads the commands in French: help, an
// unknown command, rooms, a usage error, a teacher's refusal; without a locale, English as
// before. Command names, flags and ids stay as they are typed.
func TestCommandsSpeakTheSessionsLanguage(t *testing.T) {
	teacher := sshtest.NewKey(t)
	addr := tournamentArena(t, teacher)
	ada := sshtest.Dial(t, addr, "ada", sshtest.NewKey(t))

	out, _, code := execEnv(t, ada, "help", french)
	for _, want := range []string{"Commandes (ssh -p PORT HÔTE COMMANDE) :\n", "  (aucune)  ", "l'accueil (demande un terminal)",
		"  play JEU [--vs BOT] [--size N]", "lancer une partie tout de suite", "\n  rooms ", "\n  help ", "ce texte",
		"COMMANDE --help écrit l'usage d'une commande."} {
		if code != 0 || !strings.Contains(out, want) {
			t.Fatalf("help in French lacks %q (exit %d):\n%s", want, code, out)
		}
	}
	if strings.Contains(out, "aide  ") {
		t.Fatalf("help translated a command's name:\n%s", out)
	}
	if en, _, _ := execEnv(t, ada, "help"); en != commands.CommandsHelp() || !strings.HasPrefix(en, "Commands (ssh -p PORT HOST COMMAND):\n") {
		t.Fatalf("help without a locale is not the English one:\n%s", en)
	}

	_, errOut, code := execEnv(t, ada, "nope", french)
	if code != 2 || !strings.HasPrefix(errOut, `arena : commande inconnue "nope"`) || !strings.Contains(errOut, "Commandes (") {
		t.Fatalf("an unknown command in French: exit %d, %q", code, errOut)
	}
	if _, errOut, _ := execEnv(t, ada, "nope"); !strings.HasPrefix(errOut, `arena: unknown command "nope"`) {
		t.Fatalf("an unknown command in English: %q", errOut)
	}

	if out, _, _ := execEnv(t, ada, "rooms", french); out != "aucune salle en cours\n" {
		t.Fatalf("rooms in French: %q", out)
	}

	_, errOut, code = execEnv(t, ada, "leaderboard", french)
	if code != 2 || !strings.HasPrefix(errOut, "usage : leaderboard JEU") {
		t.Fatalf("a usage error in French: exit %d, %q", code, errOut)
	}
	out, _, code = execEnv(t, ada, "tournament --help", french)
	if code != 0 || !strings.Contains(out, "tournament add CODE --bot BOT[,BOT…]        inscrire des bots maison (avant le début)") {
		t.Fatalf("tournament --help in French: exit %d:\n%s", code, out)
	}
	_, errOut, code = execEnv(t, ada, "tournament start T12345", french)
	if code != 1 || !strings.HasPrefix(errOut, "arena : seuls les enseignants (clés du fichier des clés d'enseignant) créent et dirigent des tournois") {
		t.Fatalf("a student's refusal in French: exit %d, %q", code, errOut)
	}
	_, errOut, code = execEnv(t, ada, "replay abc --position x", french)
	if code != 2 || !strings.HasPrefix(errOut, "arena : --position x : un numéro de coup") || !strings.Contains(errOut, "usage : replay ID") {
		t.Fatalf("replay's usage error in French: exit %d, %q", code, errOut)
	}
}

// A stored choice (lang fr) is the language of every command, --help included, whatever
// the terminal's locale says.
func TestAStoredLanguageSpeaksInEveryCommand(t *testing.T) {
	addr := namesArena(t, sshtest.NewKey(t))
	c := sshtest.Dial(t, addr, "ada", sshtest.NewKey(t))
	if _, errOut, code := execEnv(t, c, "lang fr"); code != 0 {
		t.Fatalf("lang fr: %d %q", code, errOut)
	}
	if out, _, _ := execEnv(t, c, "rooms --help", "LANG=en_US.UTF-8"); !strings.HasPrefix(out, "usage : rooms\n  les salles en cours") {
		t.Fatalf("rooms --help after lang fr: %q", out)
	}
}

// A teacher's exports: the CSV stays machine-readable, in English, whatever the session's
// language; --lang fr gives headers and words for people (semicolons and decimal commas, as
// a French spreadsheet reads them), --lang en English ones.
func TestExportsKeepMachineHeadersAndSpeakWithLang(t *testing.T) {
	teacher := sshtest.NewKey(t)
	addr := tournamentArena(t, teacher)
	prof := sshtest.Dial(t, addr, "prof", teacher)
	out, errOut, code := execEnv(t, prof, "tournament create --game sevencolors --format round-robin --size 6 --name FR1 --grace 5s", french)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	tcode := lines[len(lines)-1]
	if code != 0 || !strings.HasPrefix(out, "Tournoi "+tcode+` "FR1" : `) || !strings.Contains(out, "Ajouter des bots maison : ssh HÔTE tournament add "+tcode) {
		t.Fatalf("tournament create in French: exit %d %q\n%s", code, errOut, out)
	}
	if out, errOut, code := execEnv(t, prof, "tournament add "+tcode+" --bot greedy,random", french); code != 0 || out != "greedy inscrit à "+tcode+"\nrandom inscrit à "+tcode+"\n" {
		t.Fatalf("tournament add in French: exit %d %q %q", code, out, errOut)
	}
	enterAndLeave(t, addr, tcode, "bob") // a forfeit: a word of the games' CSV
	until.True(t, 10*time.Second, "bob entering", func() bool { return len(standings(t, prof, tcode).Standings) == 3 })
	if out, _, code := execEnv(t, prof, "tournament start "+tcode, french); code != 0 || !strings.HasPrefix(out, "Tournoi "+tcode+" lancé.\nSuivez-le : ") {
		t.Fatalf("tournament start in French: %d %q", code, out)
	}
	until.True(t, 60*time.Second, "the tournament's end", func() bool { return standings(t, prof, tcode).State == "finished" })

	read := func(cmd string, comma rune, env ...string) [][]string {
		t.Helper()
		out, errOut, code := execEnv(t, prof, cmd, env...)
		r := csv.NewReader(strings.NewReader(out))
		r.Comma = comma
		recs, err := r.ReadAll()
		if code != 0 || err != nil || len(recs) < 2 {
			t.Fatalf("%s: exit %d %q, %v:\n%s", cmd, code, errOut, err, out)
		}
		return recs
	}
	// Machine-readable by default, in a French session too.
	for _, env := range [][]string{nil, {french}} {
		recs := read("tournament standings "+tcode+" --csv", ',', env...)
		if got := strings.Join(recs[0][:10], ","); got != "rank,name,points,played,wins,draws,losses,byes,forfeits,absent" {
			t.Fatalf("standings CSV header %v: %q", env, got)
		}
		games := read("tournament games "+tcode+" --csv", ',', env...)
		if got := strings.Join(games[0], ","); got != "id,round,pairing,leg,players,ranks,points,result,how,forfeit,replay,room,at" {
			t.Fatalf("games CSV header %v: %q", env, got)
		}
		if !hasCell(games, 8, "forfeit") || !hasCell(games, 8, "played") {
			t.Fatalf("games CSV %v: how is not the machine's word: %q", env, games)
		}
	}
	recs := read("tournament standings "+tcode+" --csv --lang fr", ';')
	if got := strings.Join(recs[0][:10], ";"); got != "Rang;Nom;Points;Jouées;Victoires;Nuls;Défaites;Exempts;Forfaits;Absences" {
		t.Fatalf("standings CSV --lang fr header: %q", got)
	}
	for _, rec := range recs[1:] {
		if strings.Contains(rec[2], ".") {
			t.Fatalf("standings CSV --lang fr: points %q without the decimal comma", rec[2])
		}
	}
	games := read("tournament games "+tcode+" --csv --lang fr", ';')
	if games[0][0] != "Partie" || games[0][8] != "Fin" || !hasCell(games, 8, "forfait") || !hasCell(games, 8, "jouée") || hasCell(games, 8, "forfeit") {
		t.Fatalf("games CSV --lang fr: %q", games)
	}
	if en := read("tournament standings "+tcode+" --csv --lang en", ','); strings.Join(en[0][:3], ",") != "Rank,Name,Points" {
		t.Fatalf("standings CSV --lang en header: %q", en[0])
	}
	if _, errOut, code := execEnv(t, prof, "tournament standings "+tcode+" --csv --lang de", french); code != 2 || !strings.Contains(errOut, "l'arène parle en (English) et fr (français)") {
		t.Fatalf("--lang de: exit %d %q", code, errOut)
	}
	if _, errOut, code := execEnv(t, prof, "tournament standings "+tcode+" --lang fr"); code != 2 || !strings.Contains(errOut, "\nusage: tournament standings") {
		t.Fatalf("--lang without --csv: exit %d %q", code, errOut)
	}
	if out, _, _ := execEnv(t, prof, "tournament list", french); !strings.Contains(out, "terminé") || !strings.Contains(out, "PARTICIPANTS") {
		t.Fatalf("tournament list in French:\n%s", out)
	}
	if out, _, _ := execEnv(t, prof, "tournament games "+tcode, french); !strings.Contains(out, "forfait de bob") || !strings.HasPrefix(out, "PARTIE") {
		t.Fatalf("tournament games in French:\n%s", out)
	}
}

func hasCell(recs [][]string, col int, want string) bool {
	for _, rec := range recs[1:] {
		if col < len(rec) && rec[col] == want {
			return true
		}
	}
	return false
}

// rooms in French: the table's headings and the rooms' states, aligned as in English.
func TestRoomsInFrench(t *testing.T) {
	list := []rooms.Info{
		{ID: "K7QX2345", Game: "garden", Status: rooms.Playing, Spectators: 3, Seats: []rooms.SeatInfo{{Name: "alice"}, {Name: "minimax"}}},
		{ID: "AB12CD", Game: "sevencolors", Status: rooms.Waiting, Seats: []rooms.SeatInfo{{Name: "bob"}, {Kind: rooms.Open}}},
	}
	var b strings.Builder
	commands.WriteRoomsIn(&b, list, lang.French)
	assertTable(t, b.String(), 2, "SALLE", "JEU", "ÉTAT", ">SPECTATEURS", "JOUEURS")
	if !strings.Contains(b.String(), "en cours") || !strings.Contains(b.String(), "en attente") {
		t.Fatalf("rooms in French:\n%s", b.String())
	}
}

// Every usage and the help are whole in French, and no wider than their English (give or
// take the 30% French adds): a line over 120 columns is one English has too.
func TestFrenchUsagesAreWhole(t *testing.T) {
	type pair struct{ en, fr string }
	texts := []pair{{commands.CommandsHelpIn(lang.English), commands.CommandsHelpIn(lang.French)}}
	args := [][]string{{"tournament", "create", "--help"}}
	for _, n := range commands.CommandNames() {
		args = append(args, []string{n, "--help"})
	}
	for _, a := range args {
		texts = append(texts, pair{commands.UsageIn(a, lang.English), commands.UsageIn(a, lang.French)})
	}
	widest := func(text string) int {
		w := 0
		for _, line := range strings.Split(text, "\n") {
			w = max(w, len([]rune(line)))
		}
		return w
	}
	for _, p := range texts {
		if !strings.HasSuffix(p.fr, "\n") || strings.Count(p.fr, "\n") < strings.Count(p.en, "\n") {
			t.Fatalf("a French usage is cut:\n%s\nEnglish:\n%s", p.fr, p.en)
		}
		if w, limit := widest(p.fr), max(120, widest(p.en)*13/10); w > limit {
			t.Errorf("a French usage %d columns wide (English: %d):\n%s", w, widest(p.en), p.fr)
		}
	}
}

// On a terminal (ssh -t), an unknown command and a text command are refused in the
// terminal's language too, as are --help's usages.
func TestATerminalIsToldInItsLanguage(t *testing.T) {
	addr := namesArena(t, sshtest.NewKey(t))
	c := sshtest.Dial(t, addr, "ada", sshtest.NewKey(t))
	for _, tc := range []struct{ cmd, want string }{
		{"nope", `commande inconnue "nope"`},
		{"rooms", "rooms écrit du texte : lancez-la sans -t (ssh HÔTE rooms)"},
		{"watch --help", "usage : watch SALLE   (ssh -t)"},
	} {
		term := sshtest.NewTerm(t, c, sshtest.Env(french), sshtest.Command(tc.cmd))
		term.Wait(t, 10*time.Second)
		if out := term.Output(); !strings.Contains(out, tc.want) {
			t.Errorf("ssh -t %s in French: %q", tc.cmd, out)
		}
	}
}

package server

import (
	"io"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/arena-classroom/arena/games"
)

const plainPalette = games.Plain

// colors picks the palette and colour profile from the client's TERM and environment
// (COLORTERM, NO_COLOR, CLICOLOR_FORCE when the client sends them).
func colors(term string, env []string) (games.Palette, termenv.Profile) {
	if term == "" || term == "dumb" {
		return games.Plain, termenv.Ascii
	}
	out := termenv.NewOutput(io.Discard, termenv.WithEnvironment(environ(env)), termenv.WithUnsafe())
	switch p := out.EnvColorProfile(); p {
	case termenv.Ascii:
		return games.Plain, p
	case termenv.ANSI:
		return games.ANSI16, p
	default:
		return games.ANSI256, p
	}
}

// renderers are the lipgloss renderers, one per colour profile, shared by every session.
//
// A renderer made per session (wish's bm.MakeRenderer) writes, on the emulated PTY this
// server uses, an OSC 11 background query for any TERM but dumb and reads the answer from
// the session for up to a second; a client that never answers (bots, tests, some terminals)
// stalls, and the reader it leaves behind swallows the user's first key. Everything a
// renderer needs is the colour profile, from the pty-req and environment, and the
// background, assumed dark: so it never writes, and sessions with the same profile can
// share one (and the styles the App makes from it).
var renderers = func() map[termenv.Profile]*lipgloss.Renderer {
	rs := map[termenv.Profile]*lipgloss.Renderer{}
	for _, p := range []termenv.Profile{termenv.TrueColor, termenv.ANSI256, termenv.ANSI, termenv.Ascii} {
		r := lipgloss.NewRenderer(io.Discard, termenv.WithProfile(p))
		r.SetColorProfile(p)
		r.SetHasDarkBackground(true)
		rs[p] = r
	}
	return rs
}()

// rendererFor is the shared renderer of a colour profile.
func rendererFor(profile termenv.Profile) *lipgloss.Renderer {
	if r, ok := renderers[profile]; ok {
		return r
	}
	return renderers[termenv.Ascii]
}

// environ is a client's environment as termenv reads it.
type environ []string

func (e environ) Environ() []string { return e }

func (e environ) Getenv(key string) string {
	// The last assignment wins, as in a shell.
	v := ""
	for _, kv := range e {
		if k, val, ok := strings.Cut(kv, "="); ok && k == key {
			v = val
		}
	}
	return v
}

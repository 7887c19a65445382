package server

import (
	"io"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/ssh"
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

// newRenderer makes the session's lipgloss renderer without asking the terminal anything.
//
// wish's bm.MakeRenderer, on the emulated PTY this server uses, writes an OSC 11 background
// query for any TERM but dumb and reads the answer from the session for up to a second; a
// client that never answers (bots, tests, some terminals) stalls, and the reader it leaves
// behind swallows the user's first key. Everything the renderer needs is in the pty-req
// and environment, so the profile is set from there and the background assumed dark.
func newRenderer(sess ssh.Session, env []string, profile termenv.Profile) *lipgloss.Renderer {
	r := lipgloss.NewRenderer(sess, termenv.WithEnvironment(environ(env)), termenv.WithProfile(profile))
	r.SetColorProfile(profile)
	r.SetHasDarkBackground(true)
	return r
}

// plainRenderer is the renderer of sessions without a PTY: no colour, no queries.
func plainRenderer(sess ssh.Session) *lipgloss.Renderer {
	return newRenderer(sess, nil, termenv.Ascii)
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

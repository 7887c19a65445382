package tournament

import (
	"strings"
	"testing"
)

// TestInapplicableOptionsAreRefused: every format option a format does not take is refused
// with one sentence naming the option, the format, what to use instead and the format's own
// options; the options it takes pass.
func TestInapplicableOptionsAreRefused(t *testing.T) {
	refused := map[string]map[string]string{ // format → option → what the sentence offers
		"round-robin":        {OptRounds: "--games-per-pairing K", OptBestOf: "--games-per-pairing K", OptTableSize: "tables are for pools"},
		"double-round-robin": {OptRounds: "--games-per-pairing K", OptBestOf: "--games-per-pairing K", OptTableSize: "tables are for pools"},
		"swiss":              {OptBestOf: "--games-per-pairing K", OptTableSize: "tables are for pools"},
		"elimination":        {OptRounds: "--best-of N", OptGamesPerPairing: "--best-of N", OptTableSize: "tables are for pools"},
		"pools":              {OptRounds: "--games-per-pairing K", OptBestOf: "--games-per-pairing K"},
	}
	takes := map[string]string{
		"round-robin":        "(round-robin takes --games-per-pairing)",
		"double-round-robin": "(double-round-robin takes --games-per-pairing)",
		"swiss":              "(swiss takes --games-per-pairing and --rounds)",
		"elimination":        "(elimination takes --best-of)",
		"pools":              "(pools takes --games-per-pairing and --table-size)",
	}
	for _, format := range Names {
		for _, spec := range []string{format, format + ":3"} {
			for _, opt := range FormatOptionNames {
				err := Inapplicable(spec, opt)
				offer, refuse := refused[format][opt]
				if !refuse {
					if err != nil {
						t.Errorf("%s --%s: refused: %v", spec, opt, err)
					}
					continue
				}
				if err == nil {
					t.Errorf("%s --%s: not refused", spec, opt)
					continue
				}
				msg := err.Error()
				if !strings.HasPrefix(msg, "--"+opt+" does not apply to ") || !strings.Contains(msg, offer) ||
					!strings.HasSuffix(msg, takes[format]) || strings.Count(msg, ". ") > 0 || strings.Contains(msg, "\n") {
					t.Errorf("%s --%s: %q; want one sentence offering %q and ending %q", spec, opt, msg, offer, takes[format])
				}
			}
		}
	}
	// The sentence the issue asked for.
	if err := Inapplicable("round-robin", OptRounds); err == nil || !strings.Contains(err.Error(),
		"--rounds does not apply to a round robin, which plays every pairing once") {
		t.Errorf("round robin --rounds: %v", err)
	}
	if err := Inapplicable("no-such-format", OptRounds); err != nil {
		t.Errorf("an unknown format is Parse's to refuse: %v", err)
	}
	if FormatOptions("swiss:7")[1] != OptRounds || FormatOptions("nope") != nil {
		t.Errorf("FormatOptions: %v %v", FormatOptions("swiss:7"), FormatOptions("nope"))
	}
}

package games

// LegacyChance is a game whose source of chance changed after games were recorded (DiceWars
// and Garden Tensions moved from PCG to ChaCha8, docs/security.md): NewLegacy starts a game
// exactly as New did before, so that replays recorded then (replay format 1) still play
// again to their outcome. New games never use it.
type LegacyChance interface {
	NewLegacy(cfg Config, seats int, seed uint64) (State, error)
}

// PositionChance names a position's generator in the "chance" field of DiceWars' and Garden
// Tensions' positions: ChaCha8 (the default, left out when written) or PCG, the generator of
// positions written before ChaCha8, so that `arena position step` still rolls their dice.
const (
	ChanceChaCha8 = "chacha8"
	ChancePCG     = "pcg"
)

package garden

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/chance"
	"github.com/arena-classroom/arena/lang"
)

// A Garden Tensions position (POSITIONS.md), with the arena's additions: the phase "clan"
// (clans being chosen, turn 0) and the optional "rounds" (the round cap, default 50). Who
// played first is not written: the turn's parity and the seat to move tell it.
type position struct {
	Game        string       `json:"game"`
	Cells       []CellView   `json:"cells"`
	Players     []PlayerView `json:"players"`
	ToMove      int          `json:"to_move"`
	Phase       string       `json:"phase"`
	ActionsLeft int          `json:"actions_left"`
	Turn        int          `json:"turn"`
	Rounds      int          `json:"rounds"`
	Chance      string       `json:"chance,omitempty"` // "pcg" for a legacy generator
}

// posIn is a position as read: pointers tell a missing field from a zero.
type posIn struct {
	Game        *string     `json:"game"`
	Cells       []posCell   `json:"cells"`
	Players     []posPlayer `json:"players"`
	ToMove      *int        `json:"to_move"`
	Phase       *string     `json:"phase"`
	ActionsLeft *int        `json:"actions_left"`
	Turn        *int        `json:"turn"`
	Rounds      *int        `json:"rounds"`
	Chance      string      `json:"chance"`
}

type posCell struct {
	R         *int    `json:"r"`
	Q         *int    `json:"q"`
	Kind      *string `json:"kind"`
	Terrain   *string `json:"terrain"`
	Resource  *string `json:"resource"`
	Yield     *int    `json:"yield"`
	Owner     *int    `json:"owner"`
	Creatures *int    `json:"creatures"`
	Status    *string `json:"status"`
	Timer     int     `json:"timer"`
	Forged    int     `json:"forged"`
	Immobile  int     `json:"immobile"`
}

type posPlayer struct {
	Clan    *string `json:"clan"`
	Food    int     `json:"food"`
	Metal   int     `json:"metal"`
	Stone   int     `json:"stone"`
	Wood    int     `json:"wood"`
	Points  int     `json:"points"`
	Pending int     `json:"pending"`
}

// lang:keep the position format's reference (JSON fields and example), in English like the protocol's
const positionFormat = `{"game":"garden","cells":[{"r":2,"q":0,"kind":"simple","terrain":"grass","resource":"food",
   "yield":2,"owner":0,"creatures":3,"status":"normal","timer":0,"forged":0,"immobile":0},…29…],
 "players":[{"clan":"cooks","food":0,"metal":0,"stone":0,"wood":0,"points":0,"pending":0},…],
 "to_move":0,"phase":"conquest","actions_left":5,"turn":1,"rounds":50}
  cells         the 29 cells, each once, in any order: r 0..4, q 0..6 (not a cut corner);
                kind simple, sky, candy, bbq or pool, one of each special; a simple cell has
                terrain grass|sand|dirt, resource food|metal|stone|wood and yield 0..2, a
                special none (null or left out); owner a seat or -1, with creatures 1..5
                (0 exactly when the owner is -1); status normal, poisoned (timer 1..3, the
                ticks left) or protected; forged 0..3 (turn ends left), immobile 0..2 (its
                owner's turns left, 0 on an empty cell); status and flags may be left out
  players       the two seats: clan cooks|blacksmiths|miners|lumberjacks, different ("" only
                while clans are chosen); stocks, conquest points and pending (creatures to
                place, deported ones included) whole numbers ≥ 0
  to_move       the seat to decide
  phase         clan (the seat to move has no clan yet; turn 0), conquest or reinforcement
                (the seat to move has creatures to place and room for one)
  actions_left  conquest actions left, 0..5 (optional, default 5)
  turn          players' turns begun, 1..2·rounds (0 while clans are chosen)
  rounds        optional: the round cap, 5..200 (default 50)
  chance        optional: "chacha8" (default) or "pcg", the generator of positions written
                before ChaCha8 (docs/positions.md)
A position where a player holds no cell is over, and refused. Chance (dice, poison, a
random clan) comes from the seed given with the position.
`

func (game) PositionFormat() string { return positionFormat }

func (game) EncodePosition(st games.State) (json.RawMessage, error) {
	s, ok := st.(*State)
	if !ok {
		return nil, fmt.Errorf("Garden Tensions cannot write a position of %T", st) // lang:keep a developer's error: the arena hands each game its own states
	}
	p := position{Game: Game.ID(), Players: s.playerViews(), ToMove: s.toMove, Phase: s.phase.String(),
		ActionsLeft: s.actionsLeft, Turn: s.turn, Rounds: s.rounds}
	if s.rng.IsLegacy() {
		p.Chance = games.ChancePCG
	}
	for h := range Hex(NumCells) {
		p.Cells = append(p.Cells, s.cellView(h))
	}
	return json.Marshal(p)
}

// positionChance is the generator a position plays from: ChaCha8 of the position's stream, or
// the PCG that positions used before ChaCha8, as the position's "chance" says.
func positionChance(name string, seed uint64) (chance.Source, error) {
	switch name {
	case "", games.ChanceChaCha8:
		return chance.New(positionDomain, seed), nil
	case games.ChancePCG:
		return chance.Legacy(seed, legacyStream), nil
	}
	return chance.Source{}, bad("chance", lang.T("%q: %q (the default) or %q", name, games.ChanceChaCha8, games.ChancePCG))
}

// bad is a refusal of a position: a *games.PositionError naming field beneath a lang error
// that says it in the reader's language.
func bad(field string, t lang.Text) error {
	return &lang.Error{Text: lang.T("%s: %s", field, t), Wrapped: &games.PositionError{Field: field, Msg: t.String()}}
}

func (game) DecodePosition(raw json.RawMessage, seed uint64) (games.State, error) {
	var p posIn
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return nil, bad("position", lang.T("not a Garden Tensions position: %v", err))
	}
	switch {
	case p.Game == nil:
		return nil, bad("game", lang.T("missing"))
	case *p.Game != Game.ID():
		return nil, bad("game", lang.T("%q is not %q", *p.Game, Game.ID()))
	}
	src, err := positionChance(p.Chance, seed)
	if err != nil {
		return nil, err
	}
	s := &State{rounds: DefaultRounds, actionsLeft: ActionsPerTurn, rng: src}
	if err := s.readCells(p.Cells); err != nil {
		return nil, err
	}
	if err := s.readPlayers(p.Players); err != nil {
		return nil, err
	}
	if err := s.readTurn(p); err != nil {
		return nil, err
	}
	return s, nil
}

// readCells fills s.cells from a position's cells (rules 1, 2, 5).
func (s *State) readCells(cells []posCell) error {
	if len(cells) != NumCells {
		return bad("cells", lang.T("%d cells: the garden has %d", len(cells), NumCells))
	}
	var seen [NumCells]bool
	var specials [Pool + 1]int
	for i, pc := range cells {
		f := fmt.Sprintf("cells[%d]", i)
		if pc.R == nil || pc.Q == nil {
			return bad(f, lang.T("r and q are required"))
		}
		h := HexAt(*pc.R, *pc.Q)
		switch {
		case h == NoHex:
			return bad(f, lang.T("%s is off the garden or a cut corner", fmt.Sprintf("(%d,%d)", *pc.R, *pc.Q)))
		case seen[h]:
			return bad(f, lang.T("%s is listed twice", fmt.Sprintf("(%d,%d)", *pc.R, *pc.Q)))
		}
		seen[h] = true
		c, err := readCell(f, pc)
		if err != nil {
			return err
		}
		if c.Kind != Simple {
			if specials[c.Kind]++; specials[c.Kind] > 1 {
				return bad(f+".kind", lang.T("a second %s: the garden has one of each special cell", c.Kind))
			}
		}
		s.cells[h] = c
	}
	for k := Sky; k <= Pool; k++ {
		if specials[k] == 0 {
			return bad("cells", lang.T("no %s cell: the garden has one of each special cell", k))
		}
	}
	return nil
}

func readCell(f string, pc posCell) (Cell, error) {
	var c Cell
	kind, ok := indexOf(kindNames[:], pc.Kind)
	if !ok {
		return c, bad(f+".kind", lang.T("want simple, sky, candy, bbq or pool"))
	}
	c.Kind = Kind(kind)
	if c.Kind == Simple {
		t, ok := indexOf(terrainNames[:], pc.Terrain)
		if !ok {
			return c, bad(f+".terrain", lang.T("want grass, sand or dirt on a simple cell"))
		}
		r, ok := indexOf(resourceNames[:], pc.Resource)
		if !ok {
			return c, bad(f+".resource", lang.T("want food, metal, stone or wood on a simple cell"))
		}
		if pc.Yield == nil || *pc.Yield < 0 || *pc.Yield > 2 {
			return c, bad(f+".yield", lang.T("want 0, 1 or 2 on a simple cell"))
		}
		c.Terrain, c.Resource, c.Yield = Terrain(t), Resource(r), int8(*pc.Yield)
	} else if pc.Terrain != nil || pc.Resource != nil || pc.Yield != nil {
		return c, bad(f, lang.T("a special cell has no terrain, resource or yield"))
	}
	switch {
	case pc.Owner == nil:
		return c, bad(f+".owner", lang.T("missing: a seat or -1"))
	case *pc.Owner < -1 || *pc.Owner >= Players:
		return c, bad(f+".owner", lang.T("%s is not a seat (0, 1) or -1", strconv.Itoa(*pc.Owner)))
	case pc.Creatures == nil || *pc.Creatures < 0 || *pc.Creatures > MaxCreatures:
		return c, bad(f+".creatures", lang.T("want 0..%d", MaxCreatures))
	case (*pc.Owner == -1) != (*pc.Creatures == 0):
		return c, bad(f+".creatures", lang.T("%s with owner %s: an owned cell has 1..%d creatures, an empty one none", strconv.Itoa(*pc.Creatures), strconv.Itoa(*pc.Owner), MaxCreatures))
	}
	c.Owner, c.Creatures = int8(*pc.Owner), int8(*pc.Creatures)
	status := "normal"
	if pc.Status != nil {
		status = *pc.Status
	}
	st, ok := indexOf(statusNames[:], &status)
	switch {
	case !ok:
		return c, bad(f+".status", lang.T("want normal, poisoned or protected"))
	case Status(st) == Poisoned && (pc.Timer < 1 || pc.Timer > PoisonTicks):
		return c, bad(f+".timer", lang.T("%s: a poisoned cell ticks 1..%d more times", strconv.Itoa(pc.Timer), PoisonTicks))
	case Status(st) != Poisoned && pc.Timer != 0:
		return c, bad(f+".timer", lang.T("%s: only a poisoned cell has a timer", strconv.Itoa(pc.Timer)))
	case pc.Forged < 0 || pc.Forged > ForgedTurnEnds:
		return c, bad(f+".forged", lang.T("want 0..%d", ForgedTurnEnds))
	case pc.Immobile < 0 || pc.Immobile > ImmobileTurns:
		return c, bad(f+".immobile", lang.T("want 0..%d", ImmobileTurns))
	case pc.Immobile > 0 && c.Owner < 0:
		return c, bad(f+".immobile", lang.T("an empty cell is nobody's: it cannot be immobile"))
	}
	c.Status, c.Timer, c.Forged, c.Immobile = Status(st), int8(pc.Timer), int8(pc.Forged), int8(pc.Immobile)
	return c, nil
}

func indexOf(names []string, name *string) (int, bool) {
	if name == nil {
		return 0, false
	}
	for i, n := range names {
		if n == *name {
			return i, true
		}
	}
	return 0, false
}

func (s *State) readPlayers(players []posPlayer) error {
	if len(players) != Players {
		return bad("players", lang.T("%d players: Garden Tensions is played by %d", len(players), Players))
	}
	for seat, pp := range players {
		f := fmt.Sprintf("players[%d]", seat)
		clan := NoClan
		if pp.Clan != nil && *pp.Clan != "" {
			c, ok := clanByName(*pp.Clan)
			if !ok {
				return bad(f+".clan", lang.T("%q is not a clan: cooks, blacksmiths, miners or lumberjacks", *pp.Clan))
			}
			clan = c
		}
		for _, v := range []struct {
			name string
			n    int
		}{{"food", pp.Food}, {"metal", pp.Metal}, {"stone", pp.Stone}, {"wood", pp.Wood}, {"points", pp.Points}, {"pending", pp.Pending}} {
			if v.n < 0 {
				return bad(f+"."+v.name, lang.T("%s: want a whole number ≥ 0", strconv.Itoa(v.n)))
			}
		}
		s.players[seat] = Player{Clan: clan, Stock: [NumResources]int{pp.Food, pp.Metal, pp.Stone, pp.Wood}, Points: pp.Points, Pending: pp.Pending}
	}
	if c := s.players[0].Clan; c != NoClan && c == s.players[1].Clan {
		return bad("players[1].clan", lang.T("the %s are seat 0's clan too: the clans must differ", c))
	}
	return nil
}

// readTurn reads whose turn it is and where in it, and derives who played first.
func (s *State) readTurn(p posIn) error {
	if p.Rounds != nil {
		if *p.Rounds < MinRounds || *p.Rounds > MaxRounds {
			return bad("rounds", lang.T("%s: want %d..%d", strconv.Itoa(*p.Rounds), MinRounds, MaxRounds))
		}
		s.rounds = *p.Rounds
	}
	switch {
	case p.ToMove == nil:
		return bad("to_move", lang.T("missing"))
	case *p.ToMove < 0 || *p.ToMove >= Players:
		return bad("to_move", lang.T("%s is not a seat (0, 1)", strconv.Itoa(*p.ToMove)))
	case p.Phase == nil:
		return bad("phase", lang.T("missing: clan, conquest or reinforcement"))
	case p.Turn == nil:
		return bad("turn", lang.T("missing: the players' turns begun"))
	}
	phase, ok := indexOf(phaseNames[:], p.Phase)
	if !ok {
		return bad("phase", lang.T("%q: want clan, conquest or reinforcement", *p.Phase))
	}
	s.toMove, s.phase, s.turn = *p.ToMove, Phase(phase), *p.Turn
	if p.ActionsLeft != nil {
		if *p.ActionsLeft < 0 || *p.ActionsLeft > ActionsPerTurn {
			return bad("actions_left", lang.T("%s: want 0..%d", strconv.Itoa(*p.ActionsLeft), ActionsPerTurn))
		}
		s.actionsLeft = *p.ActionsLeft
	}
	me, other := s.players[s.toMove], s.players[1-s.toMove]
	if s.phase == ChoosingClans {
		switch {
		case s.turn != 0:
			return bad("turn", lang.T("%s while clans are chosen: want 0", strconv.Itoa(s.turn)))
		case me.Clan != NoClan:
			return bad("phase", lang.T("clan, but seat %d to move has its clan", s.toMove))
		}
		s.first = s.toMove
		if other.Clan != NoClan { // the other chose first
			s.first = 1 - s.toMove
		}
	} else {
		switch {
		case me.Clan == NoClan || other.Clan == NoClan:
			return bad("players", lang.T("a clan is missing: every seat has its clan once the turns begin"))
		case s.turn < 1 || s.turn > Players*s.rounds:
			return bad("turn", lang.T("%s: want 1..%d", strconv.Itoa(s.turn), Players*s.rounds))
		case s.phase == Reinforcement && me.Pending == 0:
			return bad("players", lang.T("seat %d has nothing to place: its reinforcement is over", s.toMove))
		case s.phase == Reinforcement && !s.roomFor(s.toMove):
			return bad("cells", lang.T("seat %d has no cell with room: its reinforcement is over", s.toMove))
		}
		s.first = s.toMove
		if s.turn%2 == 0 {
			s.first = 1 - s.toMove
		}
	}
	for seat := range Players {
		if s.CellsOf(seat) == 0 {
			return bad("cells", lang.T("seat %d holds no cell: the game is over", seat))
		}
	}
	return nil
}

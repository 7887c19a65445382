package garden

import (
	"strconv"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// Validate refuses, with one sentence naming the rule, what seat may not play now.
func (s *State) Validate(seat int, a games.Action) error {
	if s.Over() || seat != s.toMove {
		return games.ErrNotYourTurn
	}
	act, ok := a.(Action)
	if !ok {
		return illegal("malformed_action", lang.T("a Garden Tensions action is a command string, not %v", a))
	}
	switch {
	case act.Verb < Unreadable || act.Verb > End:
		return illegal("unknown_command", lang.T("command %d is not a command (rules: %s)", int(act.Verb), lang.T(ruleCommands)))
	case act.Clan < NoClan || act.Clan > Lumberjacks:
		return illegal("unknown_clan", lang.T("clan %d is not a clan (rules: %s)", int(act.Clan), lang.T(ruleClans)))
	}
	if act.Verb == Unreadable {
		_, err := Parse(act.Text)
		if err == nil { // an Unreadable built by hand around a good command
			err = illegal("unknown_command", lang.T("%q is not a command (rules: %s)", act.Text, lang.T(ruleCommands)))
		}
		return err
	}
	if err := s.checkCells(act); err != nil {
		return err
	}
	switch s.phase {
	case ChoosingClans:
		return s.checkClan(seat, act)
	case Reinforcement:
		return s.checkReinforcement(seat, act)
	}
	return s.checkConquest(seat, act)
}

// checkCells refuses what an action built by hand gets wrong: a cell off the garden, or a
// cell missing where the command names one.
func (s *State) checkCells(a Action) error {
	for _, h := range []Hex{a.From, a.To} {
		if h != NoHex && !h.Valid() {
			return illegal("off_garden", lang.T("cell number %d is off the garden: cells are 0..%d (rules: %s)", int(h), NumCells-1, lang.T(ruleGarden)))
		}
	}
	needFrom := a.Verb == Move || a.Verb == SkyAttack
	needTo := a.Verb != End && a.Verb != ClanChoice
	if needFrom && a.From == NoHex || needTo && a.To == NoHex || !needTo && (a.From != NoHex || a.To != NoHex) ||
		a.From != NoHex && a.Verb != Zone && !needFrom {
		return illegal("field_count", lang.T("%s names the wrong cells (rules: %s)", verbNames[a.Verb], lang.T(ruleCommands)))
	}
	return nil
}

func (s *State) checkClan(seat int, a Action) error {
	switch {
	case a.Verb != ClanChoice:
		return illegal("choose_clan", lang.T("choose your clan first: clan cooks, blacksmiths, miners, lumberjacks or random (rules: %s)", lang.T(ruleClans)))
	case a.Clan != NoClan && a.Clan == s.players[1-seat].Clan:
		return illegal("clan_taken", lang.T("the %s are already your opponent's clan: the clans must differ (rules: %s)", a.Clan.Said(), lang.T(ruleClans)))
	}
	return nil
}

func (s *State) checkReinforcement(seat int, a Action) error {
	switch a.Verb {
	case End:
		return nil
	case Place:
	default:
		return illegal("not_conquest", lang.T("%s is a conquest action: now place your %d creatures or send end (rules: %s)", verbNames[a.Verb], s.players[seat].Pending, lang.T(ruleTurn)))
	}
	c := s.cells[a.To]
	switch {
	case int(c.Owner) != seat:
		return illegal("not_yours", lang.T("%s is not yours: place creatures on your own cells (rules: %s)", a.To, lang.T(ruleTurn)))
	case c.Creatures >= MaxCreatures:
		return illegal("full_cell", lang.T("%s holds %d creatures, the most a cell holds (rules: %s)", a.To, MaxCreatures, lang.T(ruleCells)))
	}
	return nil
}

func (s *State) checkConquest(seat int, a Action) error {
	switch a.Verb {
	case End:
		return nil
	case Place:
		return illegal("not_reinforcement", lang.T("place comes in the reinforcement: send end to finish your conquest first (rules: %s)", lang.T(ruleTurn)))
	case ClanChoice:
		return illegal("clan_chosen", lang.T("the clans were chosen before the first turn (rules: %s)", lang.T(ruleClans)))
	}
	if s.actionsLeft <= 0 {
		return illegal("no_actions_left", lang.T("you have made your %d actions this turn: send end (rules: %s)", ActionsPerTurn, lang.T(ruleTurn)))
	}
	switch a.Verb {
	case Move:
		return s.checkMove(seat, a.From, a.To)
	case SkyAttack:
		return s.checkSky(seat, a.From, a.To)
	case BBQPower, PoolPower:
		return s.checkPower(seat, a.Verb, a.To)
	case Pillage:
		return s.checkPillage(seat, a.To)
	}
	return s.checkZone(seat, a)
}

// checkSource: an own cell with 2 creatures or more, not IMMOBILE (rule 8).
func (s *State) checkSource(seat int, from Hex) error {
	c := s.cells[from]
	switch {
	case int(c.Owner) != seat:
		return illegal("not_yours", lang.T("%s is not yours: move and attack from your own cells (rules: %s)", from, lang.T(ruleMove)))
	case c.Creatures < 2:
		return illegal("one_creature", lang.T("%s has one creature: it must stay, a move needs 2 or more (rules: %s)", from, lang.T(ruleMove)))
	case c.Immobile > 0:
		return illegal("immobile", lang.T("%s is IMMOBILE for %d more turns: it cannot move or attack (rules: %s)", from, int(c.Immobile), lang.T(ruleAbility)))
	}
	return nil
}

// checkEntry: taking a special cell needs its cost in hand (rule 8); extra is what the
// action itself spends of the same resource (Sky's metal).
func (s *State) checkEntry(seat int, to Hex, extra Cost) error {
	k := s.cells[to].Kind
	cost := CostOf(k)
	if cost.Amount == 0 {
		return nil
	}
	need := cost.Amount
	if extra.Resource == cost.Resource {
		need += extra.Amount
	}
	if have := s.players[seat].Stock[cost.Resource]; have < need {
		return illegal("special_cost", lang.T("entering %s needs %s and you have %s (rules: %s)", k.Said(), Amount(cost.Resource, need), strconv.Itoa(have), lang.T(ruleSpecial)))
	}
	return nil
}

func (s *State) checkMove(seat int, from, to Hex) error {
	if err := s.checkSource(seat, from); err != nil {
		return err
	}
	switch {
	case !Adjacent(from, to):
		return illegal("not_adjacent", lang.T("%s does not touch %s: move to a neighbour (rules: %s)", to, from, lang.T(ruleMove)))
	case int(s.cells[to].Owner) == seat:
		return illegal("own_cell", lang.T("%s is already yours: there is no move between your own cells (rules: %s)", to, lang.T(ruleMove)))
	}
	return s.checkEntry(seat, to, Cost{})
}

// checkSpecial: seat owns the special cell and holds what its power costs (rules 10, 11).
func (s *State) checkSpecial(seat int, k Kind) error {
	cost := CostOf(k)
	switch {
	case !s.Owns(seat, k):
		return illegal("no_special", lang.T("you do not hold %s: its power is its owner's (rules: %s)", k.Said(), lang.T(ruleSpecial)))
	case s.players[seat].Stock[cost.Resource] < cost.Amount:
		return illegal("no_resource", lang.T("%s's power costs %s and you have %s (rules: %s)", k.Said(), Amount(cost.Resource, cost.Amount), strconv.Itoa(s.players[seat].Stock[cost.Resource]), lang.T(ruleSpecial)))
	}
	return nil
}

// checkEnemy: to is the opponent's; rule is the heading the refusal cites.
func (s *State) checkEnemy(seat int, to Hex, rule string) error {
	if c := s.cells[to]; c.Empty() || int(c.Owner) == seat {
		return illegal("not_enemy", lang.T("%s is not an enemy cell: aim at one of your opponent's (rules: %s)", to, lang.T(rule)))
	}
	return nil
}

// checkNearby: to touches one of seat's cells.
func (s *State) checkNearby(seat int, to Hex, rule string) error {
	if !s.touchesOwn(seat, to) {
		return illegal("not_adjacent", lang.T("%s touches none of your cells (rules: %s)", to, lang.T(rule)))
	}
	return nil
}

func (s *State) checkSky(seat int, from, to Hex) error {
	if err := s.checkSpecial(seat, Sky); err != nil {
		return err
	}
	if err := s.checkSource(seat, from); err != nil {
		return err
	}
	if err := s.checkEnemy(seat, to, ruleSpecial); err != nil {
		return err
	}
	return s.checkEntry(seat, to, CostOf(Sky))
}

func (s *State) checkPower(seat int, v Verb, to Hex) error {
	if err := s.checkSpecial(seat, PowerKind(v)); err != nil {
		return err
	}
	if err := s.checkEnemy(seat, to, ruleSpecial); err != nil {
		return err
	}
	return s.checkNearby(seat, to, ruleSpecial)
}

// checkPoints: a clan ability costs 8 conquest points (rule 13).
func (s *State) checkPoints(seat int) error {
	if p := s.players[seat].Points; p < AbilityCost {
		return illegal("no_points", lang.T("clan abilities cost %d conquest points and you have %s (rules: %s)", AbilityCost, strconv.Itoa(p), lang.T(ruleAbility)))
	}
	return nil
}

func (s *State) checkPillage(seat int, to Hex) error {
	if err := s.checkPoints(seat); err != nil {
		return err
	}
	if err := s.checkEnemy(seat, to, ruleAbility); err != nil {
		return err
	}
	return s.checkNearby(seat, to, ruleAbility)
}

func (s *State) checkZone(seat int, a Action) error {
	clan := s.players[seat].Clan
	if (a.From != NoHex) != (clan == Lumberjacks) {
		if clan == Lumberjacks {
			return fieldCount("zone", lang.T("zone r1 q1 r2 q2: the Lumberjacks' zone attack names the cell it starts from"))
		}
		return fieldCount("zone", lang.T("zone r q: only the Lumberjacks' zone attack names a cell to start from"))
	}
	if err := s.checkPoints(seat); err != nil {
		return err
	}
	to := a.To
	switch clan {
	case Cooks:
		return s.checkNearby(seat, to, ruleAbility)
	case Blacksmiths:
		if int(s.cells[to].Owner) != seat {
			return illegal("not_yours", lang.T("%s is not yours: the Blacksmiths forge their own cells (rules: %s)", to, lang.T(ruleAbility)))
		}
		return nil
	case Miners:
		if err := s.checkEnemy(seat, to, ruleAbility); err != nil {
			return err
		}
		return s.checkNearby(seat, to, ruleAbility)
	}
	if err := s.checkSource(seat, a.From); err != nil {
		return err
	}
	if err := s.checkEnemy(seat, to, ruleAbility); err != nil {
		return err
	}
	if !Adjacent(a.From, to) {
		return illegal("not_adjacent", lang.T("%s does not touch %s: the Lumberjacks strike a neighbour (rules: %s)", to, a.From, lang.T(ruleAbility)))
	}
	return s.checkEntry(seat, to, Cost{})
}

// Legal lists seat's legal actions: in conquest the moves, Sky attacks, powers and abilities
// in that order, cells in row-major order, then "end"; in reinforcement each place, then
// "end"; while clans are chosen, the free clans. It decides with the same rules as Validate
// without building a sentence for each refusal (search bots call it at every node); a test
// holds the two to agreement.
func (s *State) Legal(seat int) []games.Action {
	if s.Over() || seat != s.toMove {
		return nil
	}
	var out []games.Action
	switch s.phase {
	case ChoosingClans:
		for _, c := range Clans {
			if c != s.players[1-seat].Clan {
				out = append(out, ClanAction(c))
			}
		}
		return out
	case Reinforcement:
		for _, h := range s.PlaceTargets(seat) {
			out = append(out, PlaceAction(h))
		}
		return append(out, EndAction)
	}
	for _, a := range s.ConquestActions(seat) {
		out = append(out, a)
	}
	return append(out, EndAction)
}

// PlaceTargets lists the cells seat may place a creature on, in row-major order.
func (s *State) PlaceTargets(seat int) []Hex {
	var out []Hex
	for h := range Hex(NumCells) {
		if c := s.cells[h]; int(c.Owner) == seat && c.Creatures < MaxCreatures {
			out = append(out, h)
		}
	}
	return out
}

// ConquestActions lists seat's legal conquest actions (not "end"), as Legal orders them.
func (s *State) ConquestActions(seat int) []Action {
	if seat != s.toMove || s.phase != Conquest || s.actionsLeft <= 0 || s.Over() {
		return nil
	}
	var out []Action
	p := s.players[seat]
	var mine, near, enemy uint32 // bit sets of cells: seat's, touching seat's, the opponent's
	for h := range Hex(NumCells) {
		switch int(s.cells[h].Owner) {
		case seat:
			mine |= 1 << uint(h)
			near |= adjacent[h]
		case 1 - seat:
			enemy |= 1 << uint(h)
		}
	}
	has := func(set uint32, h Hex) bool { return set&(1<<uint(h)) != 0 }
	source := func(h Hex) bool { c := s.cells[h]; return has(mine, h) && c.Creatures >= 2 && c.Immobile == 0 }
	affords := func(to Hex, extra Cost) bool {
		cost := CostOf(s.cells[to].Kind)
		need := cost.Amount
		if extra.Resource == cost.Resource {
			need += extra.Amount
		}
		return p.Stock[cost.Resource] >= need
	}
	for h := range Hex(NumCells) {
		if !source(h) {
			continue
		}
		for _, n := range neighbours[h] {
			if !has(mine, n) && affords(n, Cost{}) {
				out = append(out, MoveAction(h, n))
			}
		}
	}
	usable := func(k Kind) bool { return s.Owns(seat, k) && p.Stock[CostOf(k).Resource] >= CostOf(k).Amount }
	if usable(Sky) {
		for h := range Hex(NumCells) {
			if !source(h) {
				continue
			}
			for t := range Hex(NumCells) {
				if has(enemy, t) && affords(t, CostOf(Sky)) {
					out = append(out, SkyAction(h, t))
				}
			}
		}
	}
	for _, v := range []Verb{BBQPower, PoolPower} {
		if usable(PowerKind(v)) {
			for t := range Hex(NumCells) {
				if has(enemy, t) && has(near, t) {
					out = append(out, TargetAction(v, t))
				}
			}
		}
	}
	if p.Points < AbilityCost {
		return out
	}
	for t := range Hex(NumCells) {
		if has(enemy, t) && has(near, t) {
			out = append(out, TargetAction(Pillage, t))
		}
	}
	for t := range Hex(NumCells) {
		switch p.Clan {
		case Cooks:
			if has(near, t) {
				out = append(out, TargetAction(Zone, t))
			}
		case Blacksmiths:
			if has(mine, t) {
				out = append(out, TargetAction(Zone, t))
			}
		case Miners:
			if has(enemy, t) && has(near, t) {
				out = append(out, TargetAction(Zone, t))
			}
		case Lumberjacks:
			if !has(enemy, t) || !affords(t, Cost{}) {
				continue
			}
			for _, f := range neighbours[t] {
				if source(f) {
					out = append(out, ZoneFrom(f, t))
				}
			}
		}
	}
	return out
}

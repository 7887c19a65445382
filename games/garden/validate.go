package garden

import "github.com/arena-classroom/arena/games"

// Validate refuses, with one sentence naming the rule, what seat may not play now.
func (s *State) Validate(seat int, a games.Action) error {
	if s.Over() || seat != s.toMove {
		return games.ErrNotYourTurn
	}
	act, ok := a.(Action)
	if !ok {
		return games.Illegal("malformed_action", "a Garden Tensions action is a command string, not %v", a)
	}
	switch {
	case act.Verb < Unreadable || act.Verb > End:
		return games.Illegal("unknown_command", "command %d is not a command%s", act.Verb, games.Cite(ruleCommands))
	case act.Clan < NoClan || act.Clan > Lumberjacks:
		return games.Illegal("unknown_clan", "clan %d is not a clan%s", act.Clan, games.Cite(ruleClans))
	}
	if act.Verb == Unreadable {
		_, err := Parse(act.Text)
		if err == nil { // an Unreadable built by hand around a good command
			err = games.Illegal("unknown_command", "%q is not a command%s", act.Text, games.Cite(ruleCommands))
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
			return games.Illegal("off_garden", "cell number %d is off the garden: cells are 0..%d%s", h, NumCells-1, games.Cite(ruleGarden))
		}
	}
	needFrom := a.Verb == Move || a.Verb == SkyAttack
	needTo := a.Verb != End && a.Verb != ClanChoice
	if needFrom && a.From == NoHex || needTo && a.To == NoHex || !needTo && (a.From != NoHex || a.To != NoHex) ||
		a.From != NoHex && a.Verb != Zone && !needFrom {
		return games.Illegal("field_count", "%s names the wrong cells%s", verbNames[a.Verb], games.Cite(ruleCommands))
	}
	return nil
}

func (s *State) checkClan(seat int, a Action) error {
	switch {
	case a.Verb != ClanChoice:
		return games.Illegal("choose_clan", "choose your clan first: clan cooks, blacksmiths, miners, lumberjacks or random%s", games.Cite(ruleClans))
	case a.Clan != NoClan && a.Clan == s.players[1-seat].Clan:
		return games.Illegal("clan_taken", "the %s are already your opponent's clan: the clans must differ%s", a.Clan, games.Cite(ruleClans))
	}
	return nil
}

func (s *State) checkReinforcement(seat int, a Action) error {
	switch a.Verb {
	case End:
		return nil
	case Place:
	default:
		return games.Illegal("not_conquest", "%s is a conquest action: now place your %s or send end%s", verbNames[a.Verb], games.Count(s.players[seat].Pending, "creature", "creatures"), games.Cite(ruleTurn))
	}
	c := s.cells[a.To]
	switch {
	case int(c.Owner) != seat:
		return games.Illegal("not_yours", "%s is not yours: place creatures on your own cells%s", a.To, games.Cite(ruleTurn))
	case c.Creatures >= MaxCreatures:
		return games.Illegal("full_cell", "%s holds %d creatures, the most a cell holds%s", a.To, MaxCreatures, games.Cite(ruleCells))
	}
	return nil
}

func (s *State) checkConquest(seat int, a Action) error {
	switch a.Verb {
	case End:
		return nil
	case Place:
		return games.Illegal("not_reinforcement", "place comes in the reinforcement: send end to finish your conquest first%s", games.Cite(ruleTurn))
	case ClanChoice:
		return games.Illegal("clan_chosen", "the clans were chosen before the first turn%s", games.Cite(ruleClans))
	}
	if s.actionsLeft <= 0 {
		return games.Illegal("no_actions_left", "you have made your %d actions this turn: send end%s", ActionsPerTurn, games.Cite(ruleTurn))
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
		return games.Illegal("not_yours", "%s is not yours: move and attack from your own cells%s", from, games.Cite(ruleMove))
	case c.Creatures < 2:
		return games.Illegal("one_creature", "%s has one creature: it must stay, a move needs 2 or more%s", from, games.Cite(ruleMove))
	case c.Immobile > 0:
		return games.Illegal("immobile", "%s is IMMOBILE for %s: it cannot move or attack%s", from, games.Count(int(c.Immobile), "more turn", "more turns"), games.Cite(ruleAbility))
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
		return games.Illegal("special_cost", "entering %s needs %d %s and you have %d%s", k.Title(), need, cost.Resource, have, games.Cite(ruleSpecial))
	}
	return nil
}

func (s *State) checkMove(seat int, from, to Hex) error {
	if err := s.checkSource(seat, from); err != nil {
		return err
	}
	switch {
	case !Adjacent(from, to):
		return games.Illegal("not_adjacent", "%s does not touch %s: move to a neighbour%s", to, from, games.Cite(ruleMove))
	case int(s.cells[to].Owner) == seat:
		return games.Illegal("own_cell", "%s is already yours: there is no move between your own cells%s", to, games.Cite(ruleMove))
	}
	return s.checkEntry(seat, to, Cost{})
}

// checkSpecial: seat owns the special cell and holds what its power costs (rules 10, 11).
func (s *State) checkSpecial(seat int, k Kind) error {
	cost := CostOf(k)
	switch {
	case !s.Owns(seat, k):
		return games.Illegal("no_special", "you do not hold %s: its power is its owner's%s", k.Title(), games.Cite(ruleSpecial))
	case s.players[seat].Stock[cost.Resource] < cost.Amount:
		return games.Illegal("no_resource", "%s's power costs %d %s and you have %d%s", k.Title(), cost.Amount, cost.Resource, s.players[seat].Stock[cost.Resource], games.Cite(ruleSpecial))
	}
	return nil
}

// checkEnemy: to is the opponent's; rule is the heading the refusal cites.
func (s *State) checkEnemy(seat int, to Hex, rule string) error {
	if c := s.cells[to]; c.Empty() || int(c.Owner) == seat {
		return games.Illegal("not_enemy", "%s is not an enemy cell: aim at one of your opponent's%s", to, games.Cite(rule))
	}
	return nil
}

// checkNearby: to touches one of seat's cells.
func (s *State) checkNearby(seat int, to Hex, rule string) error {
	if !s.touchesOwn(seat, to) {
		return games.Illegal("not_adjacent", "%s touches none of your cells%s", to, games.Cite(rule))
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
		return games.Illegal("no_points", "clan abilities cost %d conquest points and you have %d%s", AbilityCost, p, games.Cite(ruleAbility))
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
			return fieldCount("zone", "zone r1 q1 r2 q2: the Lumberjacks' zone attack names the cell it starts from")
		}
		return fieldCount("zone", "zone r q: only the Lumberjacks' zone attack names a cell to start from")
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
			return games.Illegal("not_yours", "%s is not yours: the Blacksmiths forge their own cells%s", to, games.Cite(ruleAbility))
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
		return games.Illegal("not_adjacent", "%s does not touch %s: the Lumberjacks strike a neighbour%s", to, a.From, games.Cite(ruleAbility))
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

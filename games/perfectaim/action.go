package perfectaim

import (
	"encoding/json"
	"github.com/arena-classroom/arena/lang"
)

// Action is a player's choice, spelled as upstream's Action enum names ("WAIT", "MOVE_UP",
// …, "ATTACK_RIGHT"): the bot protocol's action string. A plain string with one of these
// values is accepted too.
type Action string

const (
	Wait        Action = "WAIT"
	MoveUp      Action = "MOVE_UP"
	MoveDown    Action = "MOVE_DOWN"
	MoveLeft    Action = "MOVE_LEFT"
	MoveRight   Action = "MOVE_RIGHT"
	AttackUp    Action = "ATTACK_UP"
	AttackDown  Action = "ATTACK_DOWN"
	AttackLeft  Action = "ATTACK_LEFT"
	AttackRight Action = "ATTACK_RIGHT"
)

// Actions lists the nine actions in upstream's declaration order (list(Action)).
var Actions = []Action{Wait, MoveUp, MoveDown, MoveLeft, MoveRight, AttackUp, AttackDown, AttackLeft, AttackRight}

// act is the engine's compact form of an Action: its index in Actions.
type act uint8

const (
	aWait act = iota
	aUp
	aDown
	aLeft
	aRight
	aAttackUp
	aAttackDown
	aAttackLeft
	aAttackRight
)

func (a act) isMove() bool   { return a >= aUp && a <= aRight }
func (a act) isAttack() bool { return a >= aAttackUp }

// dir maps a move or an attack to its direction 0..3 (UP, DOWN, LEFT, RIGHT).
func (a act) dir() int { return int(a-1) % 4 }

// swap is upstream's Action.swap: the opposite direction, WAIT for WAIT.
func (a act) swap() act {
	switch {
	case a.isMove():
		return moveOf(a.dir() ^ 1) // directions pair up: UP/DOWN are 0/1, LEFT/RIGHT 2/3
	case a.isAttack():
		return attackOf(a.dir() ^ 1)
	}
	return aWait
}

func (a act) Action() Action { return Actions[a] }

// dx, dy per direction UP, DOWN, LEFT, RIGHT.
var dirDX = [4]int{0, 0, -1, 1}
var dirDY = [4]int{-1, 1, 0, 0}

func moveOf(dir int) act   { return aUp + act(dir) }
func attackOf(dir int) act { return aAttackUp + act(dir) }

// parseAction accepts an Action or a plain string.
func parseAction(a any) (act, error) {
	var s string
	switch v := a.(type) {
	case Action:
		s = string(v)
	case string:
		s = v
	default:
		return 0, lang.Errorf("perfectaim: an action is one of %v, got %T", Actions, a)
	}
	if x, ok := Action(s).code(); ok {
		return x, nil
	}
	return 0, lang.Errorf("perfectaim: unknown action %q (one of %v)", s, Actions)
}

// code is the compact form; a direct switch, as bots call it in their searches.
func (a Action) code() (act, bool) {
	switch a {
	case Wait:
		return aWait, true
	case MoveUp:
		return aUp, true
	case MoveDown:
		return aDown, true
	case MoveLeft:
		return aLeft, true
	case MoveRight:
		return aRight, true
	case AttackUp:
		return aAttackUp, true
	case AttackDown:
		return aAttackDown, true
	case AttackLeft:
		return aAttackLeft, true
	case AttackRight:
		return aAttackRight, true
	}
	return 0, false
}

// Move is the move in the direction of a (WAIT stays WAIT).
func (a Action) Move() Action {
	x, ok := a.code()
	if !ok || x == aWait {
		return Wait
	}
	return moveOf(x.dir()).Action()
}

// Attack is the attack in the direction of a (WAIT stays WAIT).
func (a Action) Attack() Action {
	x, ok := a.code()
	if !ok || x == aWait {
		return Wait
	}
	return attackOf(x.dir()).Action()
}

// Swap is the opposite direction (WAIT stays WAIT).
func (a Action) Swap() Action {
	x, ok := a.code()
	if !ok {
		return Wait
	}
	return x.swap().Action()
}

// IsMove and IsAttack classify.
func (a Action) IsMove() bool   { x, ok := a.code(); return ok && x.isMove() }
func (a Action) IsAttack() bool { x, ok := a.code(); return ok && x.isAttack() }

// Apply moves (x, y) one cell for a move and leaves it for anything else (upstream apply).
func (a Action) Apply(x, y int) (int, int) {
	m, ok := a.code()
	if !ok || !m.isMove() {
		return x, y
	}
	d := m.dir()
	return x + dirDX[d], y + dirDY[d]
}

// decodeAction parses the bot protocol's JSON string.
func decodeAction(raw json.RawMessage) (Action, error) {
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", lang.Errorf("perfectaim: an action is a JSON string such as \"MOVE_UP\": %v", err)
	}
	x, err := parseAction(s)
	if err != nil {
		return "", err
	}
	return x.Action(), nil
}

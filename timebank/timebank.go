// Package timebank counts a program seat's time, in one place for live rooms and headless
// batches: each decision may take the move limit, time beyond it comes out of a bank for the
// whole game, a decision that exhausts both is a miss (the default action, an empty bank and
// a strike), and enough strikes take the program out of the game. A program started for the
// game gets a start-up allowance on its first decision.
package timebank

import "time"

// Rules are a seat's time rules.
type Rules struct {
	Move       time.Duration // per decision
	Bank       time.Duration // for the whole game, beyond Move
	MaxStrikes int           // misses before the program is out
	// Startup is extra time for the first decision of a program started for this game (an
	// exec: process loading its interpreter); programs already running get none.
	Startup time.Duration
}

// Default is the arena's default: 500 ms a decision, a 5 s bank, 3 strikes, no start-up.
func Default() Rules {
	return Rules{Move: 500 * time.Millisecond, Bank: 5 * time.Second, MaxStrikes: 3}
}

// DefaultStartup is the start-up allowance of a program started for a game.
const DefaultStartup = 2 * time.Second

// WithDefaults fills what is unset. The zero Rules are the default rules, bank included;
// rules with a Move of their own keep their bank as given (0 is a legitimate choice).
func (r Rules) WithDefaults() Rules {
	d := Default()
	if r.Move <= 0 && r.Bank == 0 {
		r.Bank = d.Bank
	}
	if r.Move <= 0 {
		r.Move = d.Move
	}
	if r.Bank < 0 {
		r.Bank = 0
	}
	if r.MaxStrikes <= 0 {
		r.MaxStrikes = d.MaxStrikes
	}
	if r.Startup < 0 {
		r.Startup = 0
	}
	return r
}

// Account is one seat's time in one game.
type Account struct {
	rules     Rules
	bank      time.Duration
	strikes   int
	decisions int
}

// New opens an account under rules (defaults filled in).
func New(rules Rules) *Account {
	rules = rules.WithDefaults()
	return &Account{rules: rules, bank: rules.Bank}
}

// Rules are the account's rules.
func (a *Account) Rules() Rules { return a.rules }

// Bank is the time left in the bank.
func (a *Account) Bank() time.Duration { return a.bank }

// Strikes counts the misses so far.
func (a *Account) Strikes() int { return a.strikes }

// allowance is the start-up allowance of the decision to come.
func (a *Account) allowance() time.Duration {
	if a.decisions == 0 {
		return a.rules.Startup
	}
	return 0
}

// Allowed is how long the next decision may take before it is a miss.
func (a *Account) Allowed() time.Duration { return a.rules.Move + a.bank + a.allowance() }

// Charge records a decision answered after used: what it took beyond the move limit (and
// the start-up allowance) comes out of the bank.
func (a *Account) Charge(used time.Duration) {
	if over := used - a.rules.Move - a.allowance(); over > 0 {
		a.bank = max(a.bank-over, 0)
	}
	a.decisions++
}

// Miss records a decision not answered in time: the bank is emptied and a strike counted.
// out reports that the program has had its MaxStrikes.
func (a *Account) Miss() (out bool) {
	a.bank = 0
	a.strikes++
	a.decisions++
	return a.strikes >= a.rules.MaxStrikes
}

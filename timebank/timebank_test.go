package timebank

import (
	"testing"
	"time"
)

const ms = time.Millisecond

func TestDefaults(t *testing.T) {
	if got := (Rules{}).WithDefaults(); got != Default() {
		t.Fatalf("zero rules: %+v, want the defaults %+v (a 5 s bank)", got, Default())
	}
	if got := (Rules{Move: 20 * ms}).WithDefaults(); got.Bank != 0 || got.MaxStrikes != 3 {
		t.Fatalf("rules with a move of their own keep a 0 bank: %+v", got)
	}
	if got := (Rules{Bank: -1, Startup: -1, Move: ms}).WithDefaults(); got.Bank != 0 || got.Startup != 0 {
		t.Fatalf("negative bank and start-up: %+v", got)
	}
}

func TestBankAndStrikes(t *testing.T) {
	a := New(Rules{Move: 100 * ms, Bank: 300 * ms, MaxStrikes: 2})
	if a.Allowed() != 400*ms {
		t.Fatalf("allowed %v", a.Allowed())
	}
	a.Charge(80 * ms) // within the move: the bank is untouched
	a.Charge(250 * ms)
	if a.Bank() != 150*ms || a.Allowed() != 250*ms {
		t.Fatalf("after 150 ms over: bank %v, allowed %v", a.Bank(), a.Allowed())
	}
	if a.Miss() || a.Bank() != 0 || a.Strikes() != 1 {
		t.Fatalf("first miss: bank %v strikes %d", a.Bank(), a.Strikes())
	}
	a.Charge(time.Second) // an empty bank stays empty
	if a.Bank() != 0 {
		t.Fatal("the bank went negative")
	}
	if !a.Miss() {
		t.Fatal("the second miss of two allowed is out")
	}
}

// The start-up allowance covers the first decision only, and costs no bank.
func TestStartup(t *testing.T) {
	a := New(Rules{Move: 20 * ms, Bank: 100 * ms, Startup: 2 * time.Second})
	if a.Allowed() != 2120*ms {
		t.Fatalf("first decision allowed %v", a.Allowed())
	}
	a.Charge(1500 * ms)
	if a.Bank() != 100*ms || a.Allowed() != 120*ms {
		t.Fatalf("after the first decision: bank %v, allowed %v", a.Bank(), a.Allowed())
	}
	b := New(Rules{Move: 20 * ms, Startup: time.Second})
	b.Miss()
	if b.Allowed() != 20*ms {
		t.Fatalf("a missed first decision uses up the allowance: %v", b.Allowed())
	}
}

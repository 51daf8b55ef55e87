package protocol

import (
	"testing"

	"github.com/kirin-shogi/kirin/movegen"
)

// TestNotSuicide replays the position where XBoard 4.9.1 forfeited Kirin
// against HaChu (chu, rule set hachu): every move loses, and the search
// chose f4e5, the King capturing into an attacked square. Chu has no check
// rule, so movegen lists it, but XBoard judges chu with one; the engine
// must play a move that leaves its King out of capture instead.
func TestNotSuicide(t *testing.T) {
	v, err := movegen.Lookup("chu")
	if err != nil {
		t.Fatal(err)
	}
	if v, err = v.WithRuleSet("hachu"); err != nil {
		t.Fatal(err)
	}
	pos, err := movegen.NewPosition(v, "4n1k1g3/5tet4/10m1/12/8p1p+f/12/4fcp5/4+h7/5KE5/2F4G2M1/2SCTG4C1/9+v2 b - 339")
	if err != nil {
		t.Fatal(err)
	}
	m, err := pos.ParseMoveXBoard("f4e5")
	if err != nil {
		t.Fatal(err)
	}
	if !leavesRoyal(pos, m) {
		t.Fatal("f4e5 should leave the King en prise")
	}
	got := notSuicide(pos, m)
	if got == m || leavesRoyal(pos, got) {
		t.Errorf("notSuicide played %s, want a move that keeps the King out of capture", pos.MoveXBoard(got))
	}
	// A move that keeps the King safe is kept.
	safe, err := pos.ParseMoveXBoard("f4f3")
	if err != nil {
		t.Fatal(err)
	}
	if leavesRoyal(pos, safe) {
		t.Fatal("f4f3 should be safe")
	}
	if notSuicide(pos, safe) != safe {
		t.Error("a safe move was replaced")
	}
	// Games with a check rule never list a move into check: left alone.
	sh, _ := movegen.Lookup("shogi")
	sp, _ := movegen.NewPosition(sh, "startpos")
	var list movegen.MoveList
	sp.GenerateLegal(&list)
	if first := list.Slice()[0]; notSuicide(sp, first) != first {
		t.Error("shogi move replaced")
	}
}

package movegen

import (
	"errors"
	"strings"
	"testing"
)

// TestLionTrading checks the chu lion-trading rules of each rule set (chu
// sheet, sections 5 and 9b) on hand-built positions: Black's Lion N or Rook R
// against White's Lion n. Kings stand in far corners.
func TestLionTrading(t *testing.T) {
	const (
		// A Go-Between (not a bridge) between the Lions guards the far Lion.
		gbGuard = "11k/12/12/6n5/6i5/6N5/12/12/12/12/12/K11 b - 1"
		// A Gold (a bridge) between the Lions; a Pawn guards the far Lion.
		goldBridge = "11k/12/6p5/6n5/6g5/6N5/12/12/12/12/12/K11 b - 1"
		// A Pawn behind the far Lion guards it; nothing between.
		pawnGuard = "11k/12/6p5/6n5/12/6N5/12/12/12/12/12/K11 b - 1"
		// Counter-strike: White's Gold on 9i just took a Lion; Black's Rook
		// can take White's unguarded Lion.
		counter = "11k/12/12/6n5/12/12/12/6R5/3g8/12/12/K11 b 9i 1"
		// The same, with a Pawn guarding White's Lion.
		counterGuarded = "11k/12/6p5/6n5/12/12/12/6R5/3g8/12/12/K11 b 9i 1"
		// Counter-strike where the capturer (a promoted Kirin, a Lion) stands
		// on the capture square 6d.
		counterSame = "11k/12/12/6+o5/12/12/12/6R5/12/12/12/K11 b 6d 1"
	)
	cases := []struct {
		name, sfen, move string
		legal            map[string]bool // by rule set
	}{
		{"jump over guard", gbGuard, "6f6d", map[string]bool{"jcsa": false, "lishogi": false, "hachu": false}},
		{"go-between first victim guards", gbGuard, "6f6e6d", map[string]bool{"jcsa": false, "lishogi": false, "hachu": true}},
		{"adjacent capture always legal", gbGuard, "6f6e", map[string]bool{"jcsa": true, "lishogi": true, "hachu": true}},
		{"bridge capture", goldBridge, "6f6e6d", map[string]bool{"jcsa": true, "lishogi": true, "hachu": true}},
		{"jump on guarded lion", pawnGuard, "6f6d", map[string]bool{"jcsa": false, "lishogi": false, "hachu": false}},
		{"counter-strike on unguarded lion", counter, "6h6d", map[string]bool{"jcsa": true, "lishogi": false, "hachu": false}},
		{"counter-strike on guarded lion", counterGuarded, "6h6d", map[string]bool{"jcsa": false, "lishogi": false, "hachu": false}},
		{"counter-strike on the capturer", counterSame, "6h6d", map[string]bool{"jcsa": true, "lishogi": true, "hachu": false}},
		{"no counter-strike without flag", strings.Replace(counterGuarded, " 9i ", " - ", 1), "6h6d", map[string]bool{"jcsa": true, "lishogi": true, "hachu": true}},
	}
	base, err := Lookup("chu")
	if err != nil {
		t.Fatal(err)
	}
	for _, rs := range []string{"jcsa", "lishogi", "hachu"} {
		v, err := base.WithRuleSet(rs)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			pos, err := NewPosition(v, c.sfen)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			_, err = pos.ParseMoveUSI(c.move)
			got := err == nil
			if err != nil && !errors.Is(err, ErrIllegal) {
				t.Fatalf("%s/%s: %v", rs, c.name, err)
			}
			if got != c.legal[rs] {
				t.Errorf("%s/%s: %s legal = %v, want %v", rs, c.name, c.move, got, c.legal[rs])
			}
		}
	}
}

// TestLionCaptureFlag checks that a non-Lion capturing a Lion sets the
// counter-strike square (SFEN third field) for one move only, and that a Lion
// capturing a Lion does not.
func TestLionCaptureFlag(t *testing.T) {
	v, _ := Lookup("chu")
	pos, err := NewPosition(v, "11k/12/12/6n5/12/12/12/6R5/12/12/12/K11 b - 1")
	if err != nil {
		t.Fatal(err)
	}
	m, err := pos.ParseMoveUSI("6h6d")
	if err != nil {
		t.Fatal(err)
	}
	pos.Make(m)
	if f := strings.Fields(pos.SFEN())[2]; f != "6d" {
		t.Fatalf("after Rook x Lion the third field is %q, want 6d", f)
	}
	if pos.Key() != pos.ComputeKey() {
		t.Fatal("key differs from a key computed from scratch")
	}
	m, err = pos.ParseMoveUSI("1a1b")
	if err != nil {
		t.Fatal(err)
	}
	pos.Make(m)
	if f := strings.Fields(pos.SFEN())[2]; f != "-" {
		t.Fatalf("one move later the third field is %q, want -", f)
	}
	pos.Unmake()
	pos.Unmake()
	if f := strings.Fields(pos.SFEN())[2]; f != "-" || pos.Key() != pos.ComputeKey() {
		t.Fatalf("unmake did not restore the flag: %s", pos.SFEN())
	}
	lions, _ := NewPosition(v, "11k/12/12/6n5/6N5/12/12/12/12/12/12/K11 b - 1")
	m, err = lions.ParseMoveUSI("6e6d")
	if err != nil {
		t.Fatal(err)
	}
	lions.Make(m)
	if f := strings.Fields(lions.SFEN())[2]; f != "-" {
		t.Fatalf("Lion x Lion set the counter-strike square %q", f)
	}
}

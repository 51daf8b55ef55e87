package movegen

import "testing"

// TestCornerLeaper is a regression test: a (3,1) leaper in the top-left
// corner once indexed below the mailbox.
func TestCornerLeaper(t *testing.T) {
	vs, err := ParseVariants("camel.ini", `[camel]
board = 9x9
zone = 0
check = true
start = 4k4/9/9/9/9/9/9/9/4K4 b - 1
piece = K king K royal
piece = C camel C value=300
piece = Z zebra Z value=300
piece = G giraffe G value=300
`)
	if err != nil {
		t.Fatal(err)
	}
	for _, sfen := range []string{"C3k4/9/9/9/9/9/9/9/4K4 b - 1", "Z3k4/9/9/9/9/9/9/9/4K4 b - 1",
		"G3k4/9/9/9/9/9/9/9/4K4 b - 1", "4k3g/9/9/9/9/9/9/9/4K4 w - 1", "4k4/9/9/9/9/9/9/9/z3K4 w - 1"} {
		pos, err := NewPosition(vs[0], sfen)
		if err != nil {
			t.Fatalf("%s: %v", sfen, err)
		}
		var l MoveList
		pos.GenerateLegal(&l)
		if l.N == 0 {
			t.Errorf("%s: no moves", sfen)
		}
	}
}

// TestManyPins is a regression test: a king pinned along more than sixteen
// lines once had pins dropped, so moves leaving it attacked were generated.
func TestManyPins(t *testing.T) {
	vs, err := ParseVariants("riders.ini", `[riders]
board = 25x25
zone = 0
check = true
start = 24k/25/25/25/25/25/25/25/25/25/25/25/12K12/25/25/25/25/25/25/25/25/25/25/25/25 b - 1
piece = K king K royal
piece = W wazir W value=100
piece = R rook R value=500
piece = B bishop B value=400
piece = N nightrider NN value=400
piece = C camelrider CC value=400
piece = Z zebrarider ZZ value=400
`)
	if err != nil {
		t.Fatal(err)
	}
	pos, err := NewPosition(vs[0], "25/25/25/25/25/25/8z1c3c1z8/25/6z3n3n3z6/10WW1WW10/6c1nWbWrWbWn1c6/9WWWWWWW9/10rWKWr10/9WWWWWWW9/6c1nWbWrWbWn1c6/10WW1WW10/6z3n3n3z6/25/8z1c3c1z8/25/25/25/25/25/24k b - 1")
	if err != nil {
		t.Fatal(err)
	}
	var l MoveList
	pos.GenerateLegal(&l)
	for _, m := range l.Slice() {
		pos.Make(m)
		if pos.Attacked(pos.king[Black], White) {
			t.Errorf("%s leaves the king attacked", pos.v.SquareUSI(m.From()))
		}
		pos.Unmake()
	}
	if l.N == 0 {
		t.Error("no legal moves at all")
	}
}

// TestAttackCoverage checks that the concluder refuses multi-leg captures
// the attack tests could not see.
func TestAttackCoverage(t *testing.T) {
	base := "[cov]\nboard = 9x9\nzone = 0\nstart = 4k4/9/9/9/4X4/9/9/9/4K4 b - 1\npiece = K king K royal\n"
	for _, c := range []struct {
		betza string
		ok    bool
	}{
		{"KNADcaKmabK", true},   // the lion: its jumps cover the double moves
		{"KcaKmabK", false},     // double moves without the jumps
		{"fWfDfcavWfabW", true}, // linear lion power with its forward jump
		{"fWfcavW", false},
		{"KADGHcavKmabK@liondog", true},
		{"KADcavKmabK@liondog", false}, // no three-square jumps
	} {
		_, err := ParseVariants("cov.ini", base+"piece = X thing "+c.betza+" value=500\n")
		if (err == nil) != c.ok {
			t.Errorf("%s: error %v, want ok=%v", c.betza, err, c.ok)
		}
	}
}

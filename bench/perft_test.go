package bench

import (
	"testing"

	"github.com/kirin-shogi/kirin/movegen"
)

// TestClassifyLionDog checks the perft categories of a lion dog's three-leg
// moves, which can capture on the second intermediate square without the
// first and can end on the first intermediate square (out two, back one).
// The lion dog stands on 13m with White pawns straight ahead.
func TestClassifyLionDog(t *testing.T) {
	v, err := movegen.Lookup("tai")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, rowL, rowK string
		want             Counts
	}{
		// s1 empty, s2 a pawn: the jump to s2, C23 (over s1, take s2, on
		// to s3) and R21 (take s2, back to s1) capture once each; 23 jumps
		// on the other squares, one pass.
		{"pawn on s2", "25", "12p12", Counts{Nodes: 27, Captures: 3, Promotions: 3, Passes: 1}},
		// s1 and s2 pawns: jumps to s1 and s2, igui on s1 (one victim
		// each); C12 (s1 and s2, end on s2), C13 (s1 and s2, end on s3) and
		// R21 (s2, then back onto s1) take two; 24 destinations in all and
		// a pass through another neighbour.
		{"pawns on s1 and s2", "12p12", "12p12", Counts{Nodes: 29, Captures: 6, Promotions: 6, Double: 3, Igui: 1, Passes: 1}},
	}
	for _, c := range cases {
		sfen := "24[cp]/25/25/25/25/25/25/25/25/25/" + c.rowK + "/" + c.rowL + "/12[LD]12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1"
		pos, err := movegen.NewPosition(v, sfen)
		if err != nil {
			t.Fatal(err)
		}
		from, _ := v.ParseSquareUSI("13m")
		var l movegen.MoveList
		pos.GenerateLegal(&l)
		var got Counts
		for _, m := range l.Slice() {
			if m.From() == from {
				classify(pos, m, &got)
			}
		}
		if got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}

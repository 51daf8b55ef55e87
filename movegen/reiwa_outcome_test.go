package movegen

import "testing"

// TestReiwaOutcome covers Reiwa dai's own game-end rules: mate (no move keeps
// a royal), a forced pass that leaves a royal en prise, and repetition that is
// illegal unless the side repeating is in check.
func TestReiwaOutcome(t *testing.T) {
	const (
		// White's King 8a faces Black's Rook 8k; Black's King 1o.
		rookOnFile = "7k7/15/15/15/15/15/15/15/15/15/7R7/15/15/15/14K"
		// Black's Rook 9h, White's King 8a.
		rookBeside = "7k7/15/15/15/15/15/15/6R8/15/15/15/15/15/15/14K"
	)
	cases := []struct {
		name  string
		sfen  string
		moves []string
		want  Outcome
	}{
		{"forced pass leaves the king en prise", rookOnFile + " w pass 1", nil, Outcome{BlackWins, ReasonCheckmate}},
		{"in check but free to move", rookOnFile + " w - 1", nil, Outcome{Result: Ongoing}},
		{"repeating a position is illegal", rookBeside + " b - 1",
			[]string{"9h8h", "8a7a", "8h9h", "7a8a"}, Outcome{BlackWins, ReasonRepeatIllegal}},
		{"a side in check may repeat", rookBeside + " b - 1",
			[]string{"9h8h", "8a9a", "8h9h", "9a8a"}, Outcome{Result: Ongoing}},
	}
	for _, c := range cases {
		pos := play(t, "reiwadai", "", c.sfen, c.moves...)
		if got := pos.Outcome(); got != c.want {
			t.Errorf("%s: Outcome() = %+v, want %+v (position %s)", c.name, got, c.want, pos.SFEN())
		}
	}
}

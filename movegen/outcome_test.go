package movegen

import (
	"errors"
	"testing"
)

// play sets up a position and plays USI moves (XBoard text if xb is set).
func play(t *testing.T, variant, ruleSet, sfen string, moves ...string) *Position {
	t.Helper()
	v, err := Lookup(variant)
	if err != nil {
		t.Fatal(err)
	}
	if ruleSet != "" {
		if v, err = v.WithRuleSet(ruleSet); err != nil {
			t.Fatal(err)
		}
	}
	pos, err := NewPosition(v, sfen)
	if err != nil {
		t.Fatal(err)
	}
	for i, text := range moves {
		m, err := pos.ParseMoveUSI(text)
		if err != nil {
			if m, err = pos.ParseMoveXBoard(text); err != nil {
				t.Fatalf("move %d %s: %v (position %s)", i+1, text, err, pos.SFEN())
			}
		}
		if o := pos.Outcome(); o.Result != Ongoing {
			t.Fatalf("game already over before move %d %s: %v", i+1, text, o)
		}
		pos.Make(m)
	}
	return pos
}

func repeat(n int, moves ...string) []string {
	var out []string
	for i := 0; i < n; i++ {
		out = append(out, moves...)
	}
	return out
}

// TestOutcome covers each way a game ends, one scenario per rule.
func TestOutcome(t *testing.T) {
	cases := []struct {
		name, variant, ruleSet, sfen string
		moves                        []string
		want                         Outcome
	}{
		{"start is ongoing", "chu", "", "startpos", nil, Outcome{Result: Ongoing}},
		{"royal captured", "chu", "", "kp10/12/12/12/12/12/12/12/12/12/12/RK10 b - 1",
			[]string{"12l12a"}, Outcome{BlackWins, ReasonRoyalCaptured}},
		{"king lost but prince left", "chu", "", "k+e10/12/12/12/12/12/12/12/12/12/12/RK10 b - 1",
			[]string{"12l12a"}, Outcome{Result: Ongoing}},
		{"checkmate", "shogi", "", "4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1",
			nil, Outcome{BlackWins, ReasonCheckmate}},
		{"bare king after the reply", "heian", "", "4k4/9/4s4/4G4/9/9/9/4K4 b - 1",
			[]string{"5d5c", "5a4a"}, Outcome{BlackWins, ReasonBareKing}},
		{"bared side may reply", "heian", "", "4k4/9/4s4/4G4/9/9/9/4K4 b - 1",
			[]string{"5d5c"}, Outcome{Result: Ongoing}},
		{"bare back is a draw", "heian", "", "4k4/5s3/5G3/9/9/9/9/4K4 b - 1",
			[]string{"4c4b", "5a4b"}, Outcome{Draw, ReasonBareKings}},
		{"no reply when none can bare back", "heian", "", "4k4/9/9/8p/8G/9/9/S3K4 b - 1",
			[]string{"1e1d"}, Outcome{BlackWins, ReasonBareKing}},
		{"okisaki: the captured piece in hand counts", "okisaki", "", "4k5/10/4p5/4G5/10/10/10/10/10/4K5 b - 1",
			[]string{"6d6c"}, Outcome{BlackWins, ReasonBareKing}},
		{"chu: no reply when the lone King is safe", "chu", "", "6k4s/12/7K4/12/12/12/12/12/12/12/12/G10R b - 1",
			[]string{"1l1a"}, Outcome{BlackWins, ReasonBareKing}},
		{"chu: a bared King that can take the lone King replies", "chu", "", "6k4s/7K4/12/12/12/12/12/12/12/12/12/G10R b - 1",
			[]string{"1l1a"}, Outcome{Result: Ongoing}},
		{"chu: and wins by taking it", "chu", "", "6k4s/7K4/12/12/12/12/12/12/12/12/12/G10R b - 1",
			[]string{"1l1a", "6a5b"}, Outcome{WhiteWins, ReasonRoyalCaptured}},
		{"okisaki bare needs an empty hand", "okisaki", "", "4k5/10/4p5/4G5/10/10/10/10/10/4K5 b p 1",
			[]string{"6d6c", "6a5a"}, Outcome{Result: Ongoing}},
		{"four-fold repetition draws", "shogi", "", "4k4/9/9/9/9/9/9/9/4K4 b - 1",
			repeat(3, "5i5h", "5a5b", "5h5i", "5b5a"), Outcome{Draw, ReasonRepetition}},
		{"third occurrence goes on", "shogi", "", "4k4/9/9/9/9/9/9/9/4K4 b - 1",
			repeat(2, "5i5h", "5a5b", "5h5i", "5b5a"), Outcome{Result: Ongoing}},
		{"perpetual check loses", "shogi", "", "4k4/9/9/9/9/9/8K/9/4R4 w - 1",
			repeat(3, "5a4a", "5i4i", "4a5a", "4i5i"), Outcome{WhiteWins, ReasonPerpetualCheck}},
		{"hachu: a pass answering a pass is illegal", "chu", "hachu", "11k/12/12/12/12/6n5/12/12/6N5/12/12/K11 b - 1",
			[]string{"@@@@", "@@@@"}, Outcome{BlackWins, ReasonRepeatIllegal}},
		{"jcsa: passes repeat four times for a draw", "chu", "jcsa", "11k/12/12/12/12/6n5/12/12/6N5/12/12/K11 b - 1",
			repeat(6, "@@@@"), Outcome{Draw, ReasonRepetition}},
		{"dai: any repetition is illegal", "dai", "", "14k/15/15/15/7p7/15/15/15/15/15/7P7/15/15/15/K14 b - 1",
			[]string{"15o15n", "1a1b", "15n15o", "1b1a"}, Outcome{BlackWins, ReasonRepeatIllegal}},
		{"impasse: short side loses", "okisaki", "", "10/4K5/10/PPPPPPPPP1/10/Q8R/B9/10/4k5/9r b - 1",
			nil, Outcome{BlackWins, ReasonImpasse}},
	}
	for _, c := range cases {
		pos := play(t, c.variant, c.ruleSet, c.sfen, c.moves...)
		if got := pos.Outcome(); got != c.want {
			t.Errorf("%s: Outcome() = %+v, want %+v (position %s)", c.name, got, c.want, pos.SFEN())
		}
		if pos.Key() != pos.ComputeKey() {
			t.Errorf("%s: Outcome changed the position", c.name)
		}
		if over := c.want.Reason == ReasonBareKing || c.want.Reason == ReasonBareKings; over && !pos.GameOver() {
			t.Errorf("%s: GameOver() = false, want true: a decided game has no moves", c.name)
		}
	}
}

// TestMoveLimit checks the caller's draw limit.
func TestMoveLimit(t *testing.T) {
	pos := play(t, "shogi", "", "startpos", "7g7f", "3c3d", "2g2f")
	if o := pos.Outcome(); o.Result != Ongoing {
		t.Fatalf("no limit: %v", o)
	}
	pos.SetMoveLimit(3)
	if o := pos.Outcome(); o != (Outcome{Draw, ReasonMoveLimit}) {
		t.Fatalf("limit 3 after 3 plies: %v", o)
	}
}

// TestDropRules checks nifu and the pawn-drop mate, as legal-move changes.
func TestDropRules(t *testing.T) {
	nifu := play(t, "shogi", "", "4k4/9/9/9/9/9/4P4/9/4K4 b P 1")
	if _, err := nifu.ParseMoveUSI("P*5e"); !errors.Is(err, ErrIllegal) {
		t.Errorf("nifu: P*5e accepted (%v)", err)
	}
	if _, err := nifu.ParseMoveUSI("P*4e"); err != nil {
		t.Errorf("P*4e refused: %v", err)
	}
	mate := play(t, "shogi", "", "7lk/9/7G1/9/9/9/9/9/4K4 b P 1")
	if _, err := mate.ParseMoveUSI("P*1b"); !errors.Is(err, ErrIllegal) {
		t.Errorf("pawn-drop mate P*1b accepted (%v)", err)
	}
	if !mate.DropMates(NewDrop(mate.v.byID["P"], MakeSquare(1, 8))) {
		t.Error("DropMates does not see the mate")
	}
	if _, err := mate.ParseMoveUSI("P*1c"); err != nil {
		t.Errorf("P*1c refused: %v", err)
	}
}

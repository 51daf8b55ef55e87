package movegen

import (
	"math/rand/v2"
	"testing"
)

// bruteMoveMates lists the legal moves on the board of the side to move, by
// a piece other than its royal, onto the box around the enemy royal after
// which the moved piece attacks that royal in one step or leap and the
// opponent has no legal move: MoveMate's question answered by making every
// move.
func bruteMoveMates(pos *Position) []Move {
	own, k := pos.king[pos.side], pos.king[pos.side.Other()]
	return bruteMates(pos, func(m Move) bool {
		return !m.IsDrop() && !m.IsPass() && m.From() != own
	}, func(m Move) bool {
		d := m.To()
		for _, ry := range pos.v.rays[pos.board[d]] {
			if ry.mode&modeCapture != 0 && int(d)+ry.off == int(k) {
				return true
			}
		}
		return false
	})
}

// TestMoveMateAgainstBruteForce checks MoveMate against making every move
// (bruteMoveMates) on random walks (mateWalks) of the games with the check
// rule among the perft positions and of a shogi with full Knights and
// Camels: a mate of the kind is found exactly when one exists, the move
// returned is one of them, and the position is unchanged. The test fails
// if too few positions had a mate to tell anything.
func TestMoveMateAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(55, 1))
	starts, leap := mateStarts(t, false)
	pos, err := NewPosition(leap, leap.StartSFEN)
	if err != nil {
		t.Fatal(err)
	}
	starts = append(starts, pos)
	positions, withMate := 0, 0
	games := map[string]int{}
	check := func(pos *Position) {
		if pos.InCheck() || pos.GameOver() {
			return
		}
		positions++
		got := unchangedBy(t, pos, "MoveMate", pos.MoveMate)
		if !pos.v.plainAttacks {
			if got != NullMove {
				t.Fatalf("%s: MoveMate answered %s where it does not look", pos.v.Name, pos.MoveUSI(got))
			}
			return
		}
		want := bruteMoveMates(pos)
		if len(want) > 0 {
			withMate++
			games[pos.v.Name]++
		}
		checkMateAnswer(t, pos, "MoveMate", got, want)
	}
	// Without drops the pieces thin out slowly: longer walks.
	plies := func(start *Position) int {
		if start.v.Drops {
			return 120
		}
		return 400
	}
	mateWalks(rng, starts, plies, func(m Move) bool { return !m.IsPass() }, check)
	if positions < 5000 || withMate < 200 {
		t.Fatalf("only %d positions, %d with a move mate: the walks test too little", positions, withMate)
	}
	t.Logf("%d positions, %d with a move mate (by game %v)", positions, withMate, games)
}

// TestMoveMateCases checks MoveMate's answer on hand-made positions.
func TestMoveMateCases(t *testing.T) {
	for _, c := range []struct{ game, sfen, want string }{
		{"shogi", "4k4/9/4PG3/9/9/9/9/9/4K4 b - 1", "4c5b"},                       // the Gold, guarded by the Pawn
		{"shogi", "4k4/9/5G3/9/9/9/9/9/4K4 b - 1", ""},                            // an unguarded Gold is taken
		{"shogi", "4k4/9/4P4/9/9/9/9/9/4K4 b - 1", ""},                            // so is a Pawn
		{"shogi", "3lkl3/9/4P4/9/4L4/9/9/9/4K4 b - 1", "5c5b+"},                   // the Lance guards 5b through 5c
		{"shogi", "3lkl3/3s1s3/2R6/9/9/9/9/9/4K4 b - 1", ""},                      // R-5c mates from two cells off: not looked for
		{"shogi", "3lkl3/3brl3/9/9/2N6/9/9/9/8K b - 1", "7e6c"},                   // a Knight's leap, not promoted
		{"shogi", "4k4/9/9/9/9/9/4pg3/9/4K4 w - 1", "4g5h"},                       // White mates
		{"shogi", "4k4/9/4PG3/9/9/9/9/9/4K4 w - 1", ""},                           // ... but not with Black's pieces
		{"heian", "4k4/9/4G4/4L4/8p/9/9/4K4 b - 1", "5c5b"},                       // the Lance guards 5b through 5c
		{"heian", "4k4/9/4G4/9/8p/9/9/4K4 b - 1", ""},                             // alone the Gold is taken
		{"heiandai", "6k6/13/6G6/6A6/13/12p/13/13/13/13/13/13/6K6 b - 1", "7c7b"}, // the Free Chariot guards 7b
		{"heiandai", "6k6/13/6G6/13/13/12p/13/13/13/13/13/13/6K6 b - 1", ""},
	} {
		pos := play(t, c.game, "", c.sfen)
		got := ""
		if m := pos.MoveMate(); m != NullMove {
			got = pos.MoveUSI(m)
		}
		if got != c.want {
			t.Errorf("%s %s: MoveMate = %q, want %q", c.game, c.sfen, got, c.want)
		}
		if got != "" {
			m := pos.MoveMate()
			pos.Make(m)
			if !pos.InCheck() || pos.hasLegalMove() {
				t.Errorf("%s %s: %s is no mate", c.game, c.sfen, got)
			}
			pos.Unmake()
		}
	}
}

package movegen

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// leapGame is shogi with a Knight that leaps in all eight directions and a
// Camel (a (1,3) leaper), two of each in hand for both sides: drops that
// check by a leap and attack the royal's neighbours off their lines, which
// no built-in drop game has (DropMate's ring must not count them for other
// drops). The Knight is worth more than the Gold, so that DropMate tries it
// first.
const leapGame = `[leapshogi]
title      = Leap shogi
board      = 9x9
zone       = 3
promotion  = shogi
deadpieces = forbid
drops      = true
check      = true
start      = lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 2C2c 1
piece = K  king            K     royal
piece = R  rook            R     value=1300
piece = +R dragon          RF    value=1600
piece = B  bishop          B     value=1100
piece = +B horse           BW    value=1400
piece = G  gold            WfF   value=800
piece = S  silver          FfW   value=700
piece = +S promoted-silver WfF   value=800
piece = N  knight          N     value=900
piece = +N promoted-knight WfF   value=1000
piece = C  camel           C     value=400
piece = L  lance           fR    value=400
piece = +L promoted-lance  WfF   value=900
piece = P  pawn            fW    value=100 nifu nodropmate
piece = +P tokin           WfF   value=1000
`

// bruteDropMates lists the legal drops of the side to move onto the box
// around the enemy royal after which the opponent is in check and has no
// legal move: DropMate's question answered by making every drop.
func bruteDropMates(pos *Position) []Move {
	us := pos.side
	return bruteMates(pos, func(m Move) bool {
		return m.IsDrop() && !pos.v.Pieces[m.DropType()].NoDropMate
	}, func(Move) bool {
		return pos.attacked(pos.king[us.Other()], us)
	})
}

// bruteMates lists the legal moves of the side to move that keep accepts,
// onto the box around the enemy royal, after which checks (asked with the
// move made) holds and the opponent has no legal move.
func bruteMates(pos *Position, keep func(Move) bool, checks func(Move) bool) []Move {
	var list MoveList
	pos.GenerateLegal(&list)
	k := pos.king[pos.side.Other()]
	var mates []Move
	for _, m := range list.Slice() {
		dr, dc := m.To().Row()-k.Row(), m.To().Col()-k.Col()
		if !keep(m) || dr < -2 || dr > 2 || dc < -2 || dc > 2 {
			continue
		}
		pos.Make(m)
		if checks(m) && !pos.hasLegalMove() {
			mates = append(mates, m)
		}
		pos.Unmake()
	}
	return mates
}

// TestDropMateAgainstBruteForce checks DropMate against making every drop
// near the enemy royal (bruteDropMates) on random walks of the drop games
// with the check rule among the perft positions, and on hand-made shogi
// positions: a drop mate is found exactly when one exists, the drop it
// returns is one of them, the general path (plainAttacks off) agrees, and
// the position is unchanged. The walks prefer
// captures and drops next to a royal so that hands fill and mates occur;
// the test fails if too few positions had a mate to tell anything.
func TestDropMateAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(54, 1))
	starts, leap := mateStarts(t, true)
	for _, sfen := range []string{
		leap.StartSFEN,
		// N*4c, tried first, attacks 6b off its line and is taken by the
		// Silver; G*4a then leaves the King 6b.
		"3pk4/4gsS2/9/9/9/9/9/9/8K b GN 1",
	} {
		pos, err := NewPosition(leap, sfen)
		if err != nil {
			t.Fatal(err)
		}
		if m := pos.DropMate(); sfen != leap.StartSFEN && m != NullMove {
			t.Errorf("%s: DropMate = %s, want none", sfen, pos.MoveUSI(m))
		}
		starts = append(starts, pos)
	}
	for _, sfen := range []string{
		"4k4/9/4P4/9/9/9/9/9/4K4 b G 1",    // G*5b, the pawn guarding it
		"4k4/9/4P4/9/9/9/9/9/4K4 b S 1",    // S*5b leaves 4b and 6b
		"3gkg3/9/4P4/9/9/9/9/9/4K4 b P 1",  // P*5b would mate: the pawn-drop mate
		"3lkl3/3brl3/9/9/9/9/9/9/8K b N 1", // N*6c mates from a knight's leap
		"4k4/9/9/9/9/9/9/9/4K4 b R 1",      // no mate with a lone rook
		"k8/9/1P7/9/9/9/9/9/4K4 b L 1",     // L*9c is no mate: 8a and 8b are free
		"ln1g1g1nl/1r2k2b1/p1ppsppp1/4p3p/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b GSp 1",
	} {
		starts = append(starts, play(t, "shogi", "", sfen))
	}
	positions, withMate, plain := 0, 0, 0
	check := func(pos *Position) {
		if pos.InCheck() || pos.GameOver() {
			return
		}
		positions++
		got := unchangedBy(t, pos, "DropMate", pos.DropMate)
		// The same question through the general path, which makes the
		// drop and tries every reply.
		v := pos.v
		general := *v
		general.plainAttacks = false
		pos.v = &general
		slow := pos.DropMate()
		pos.v = v
		if (slow == NullMove) != (got == NullMove) {
			t.Fatalf("%s: DropMate = %s, by making the drop %s", pos.SFEN(), moveOrNone(pos, got), moveOrNone(pos, slow))
		}
		if v.plainAttacks {
			plain++
		}
		want := bruteDropMates(pos)
		if len(want) > 0 {
			withMate++
		}
		checkMateAnswer(t, pos, "DropMate", got, want)
	}
	mateWalks(rng, starts, func(*Position) int { return 120 }, Move.IsDrop, check)
	if positions < 5000 || withMate < 50 || plain < positions/2 {
		t.Fatalf("only %d positions, %d with a drop mate, %d by the plain path: the walks test too little", positions, withMate, plain)
	}
	t.Logf("%d positions, %d with a drop mate, %d by the plain path", positions, withMate, plain)
}

// mateStarts returns the perft start positions of the games with the check
// rule (and drops, if drops is set), and the test shogi with full Knights
// and Camels (leapGame).
func mateStarts(t *testing.T, drops bool) ([]*Position, *Variant) {
	t.Helper()
	var starts []*Position
	for _, c := range perftStarts(t) {
		if _, pos := c.start(t); pos.v.Check && (pos.v.Drops || !drops) {
			starts = append(starts, pos)
		}
	}
	leap, err := ParseVariants("leap.ini", leapGame)
	if err != nil {
		t.Fatal(err)
	}
	return starts, leap[0]
}

// unchangedBy returns find's answer and fails the test if find, the mate
// finder named, changed the position.
func unchangedBy(t *testing.T, pos *Position, name string, find func() Move) Move {
	t.Helper()
	key, board, near := pos.key, pos.board, pos.near
	m := find()
	if pos.key != key || pos.board != board || pos.near != near {
		t.Fatalf("%s %s: %s changed the position", pos.v.Name, pos.SFEN(), name)
	}
	return m
}

// checkMateAnswer fails the test unless got, the answer of the mate finder
// named, is NullMove where want (every mate of its kind, by brute force) is
// empty and one of want where it is not.
func checkMateAnswer(t *testing.T, pos *Position, name string, got Move, want []Move) {
	t.Helper()
	switch {
	case got == NullMove && len(want) > 0:
		t.Fatalf("%s %s: %s found none, %s mates", pos.v.Name, pos.SFEN(), name, pos.MoveUSI(want[0]))
	case got != NullMove && !slices.Contains(want, got):
		t.Fatalf("%s %s: %s returned %s, not a mate of its kind", pos.v.Name, pos.SFEN(), name, pos.MoveUSI(got))
	}
}

// mateWalks plays 12 random walks from each start, of up to plies(start)
// plies, calling check on every position. The walks prefer captures, then
// the moves within two cells of the enemy royal that near accepts, then
// anything, so that the pieces close in on the royals.
func mateWalks(rng *rand.Rand, starts []*Position, plies func(*Position) int, near func(Move) bool, check func(*Position)) {
	var list MoveList
	for _, start := range starts {
		for walk := 0; walk < 12; walk++ {
			pos := start.Clone()
			for ply := 0; ply < plies(start) && !pos.GameOver(); ply++ {
				check(pos)
				list.N = 0
				pos.GenerateLegal(&list)
				if list.N == 0 {
					break
				}
				var pick Move
				k := pos.king[pos.side.Other()]
				for try := 0; try < 8 && pick == NullMove; try++ {
					m := list.Moves[rng.IntN(list.N)]
					toward := near(m) && abs(m.To().Row()-k.Row()) <= 2 && abs(m.To().Col()-k.Col()) <= 2
					if pos.IsCapture(m) || toward && rng.IntN(2) == 0 {
						pick = m
					}
				}
				if pick == NullMove {
					pick = list.Moves[rng.IntN(list.N)]
				}
				pos.Make(pick)
			}
		}
	}
}

// moveOrNone writes m in USI, or "none" for NullMove.
func moveOrNone(pos *Position, m Move) string {
	if m == NullMove {
		return "none"
	}
	return pos.MoveUSI(m)
}

// TestDropMateCases checks DropMate's answer on hand-made shogi positions.
func TestDropMateCases(t *testing.T) {
	for _, c := range []struct{ sfen, want string }{
		{"4k4/9/4P4/9/9/9/9/9/4K4 b G 1", "G*5b"},
		{"4k4/9/4P4/9/9/9/9/9/4K4 b S 1", ""},
		{"3gkg3/9/4P4/9/9/9/9/9/4K4 b P 1", ""}, // the pawn-drop mate is not a move
		{"3lkl3/3brl3/9/9/9/9/9/9/8K b N 1", "N*6c"},
		{"3lkl3/3brl3/9/9/9/9/9/9/8K b L 1", ""}, // the lance checks from nowhere it can stand
		{"4k4/9/9/9/9/9/9/9/4K4 b R 1", ""},
		{"4k4/9/9/9/9/9/9/9/4K4 w r 1", ""}, // White to move: Black's king stands far away
		{"4k4/9/9/9/9/9/4p4/9/4K4 w g 1", "G*5h"},
	} {
		pos := play(t, "shogi", "", c.sfen)
		got := ""
		if m := pos.DropMate(); m != NullMove {
			got = pos.MoveUSI(m)
		}
		if got != c.want {
			t.Errorf("%s: DropMate = %q, want %q", c.sfen, got, c.want)
		}
	}
}

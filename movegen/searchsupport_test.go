package movegen

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestGenerateCaptures walks random games from every perft position and
// checks at each ply that GenerateCaptures returns exactly the legal moves
// that IsCapture accepts, GenerateQuiets exactly the others, and that
// CapturedValue agrees with IsCapture.
func TestGenerateCaptures(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var all, caps, quiets MoveList
	checked := 0
	for _, c := range perftStarts(t) {
		_, pos := c.start(t)
		for ply := 0; ply < 40; ply++ {
			all.N, caps.N, quiets.N = 0, 0, 0
			pos.GenerateLegal(&all)
			pos.GenerateCaptures(&caps)
			pos.GenerateQuiets(&quiets)
			var want, wantQuiet []Move
			for _, m := range all.Slice() {
				val, royal := pos.CapturedValue(m)
				if pos.IsCapture(m) {
					want = append(want, m)
				} else {
					wantQuiet = append(wantQuiet, m)
					if val != 0 || royal {
						t.Fatalf("%s %s: %s is no capture but CapturedValue says %d", c.name, pos.SFEN(), pos.MoveUSI(m), val)
					}
				}
			}
			if pos.MustPass() {
				want = []Move{ForcedPass}
			}
			got := slices.Clone(caps.Slice())
			slices.Sort(want)
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Fatalf("%s %s: captures %d, want %d", c.name, pos.SFEN(), len(got), len(want))
			}
			gotQuiet := slices.Clone(quiets.Slice())
			slices.Sort(wantQuiet)
			slices.Sort(gotQuiet)
			if !slices.Equal(gotQuiet, wantQuiet) {
				t.Fatalf("%s %s: quiet moves %d, want %d", c.name, pos.SFEN(), len(gotQuiet), len(wantQuiet))
			}
			checked++
			if all.N == 0 {
				break
			}
			// Prefer captures so the walk reaches open positions.
			next := all.Moves[rng.IntN(all.N)]
			if len(want) > 0 && rng.IntN(2) == 0 {
				next = want[rng.IntN(len(want))]
			}
			pos.Make(next)
		}
	}
	if checked < 500 {
		t.Fatalf("only %d positions checked", checked)
	}
}

// TestIsLegal walks random games from every perft position and checks at
// each ply that IsLegal accepts exactly the moves of GenerateLegal: every
// legal move, and none of the moves that were legal a few plies earlier
// unless they are legal here too, nor random bit patterns.
func TestIsLegal(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var all MoveList
	checked, rejected := 0, 0
	for _, c := range perftStarts(t) {
		_, pos := c.start(t)
		var earlier []Move // moves legal somewhere earlier in this walk
		for ply := 0; ply < 40; ply++ {
			all.N = 0
			pos.GenerateLegal(&all)
			legal := map[Move]bool{}
			for _, m := range all.Slice() {
				legal[m] = true
				if !pos.IsLegal(m) {
					t.Fatalf("%s %s: IsLegal rejects the legal %s", c.name, pos.SFEN(), pos.MoveUSI(m))
				}
			}
			for k := 0; k < 20; k++ { // garbage, as a corrupt table entry gives
				if m := Move(rng.Uint32()); pos.IsLegal(m) != legal[m] {
					t.Fatalf("%s %s: IsLegal(%08x) = %v, legal %v", c.name, pos.SFEN(), uint32(m), !legal[m], legal[m])
				}
			}
			for _, m := range earlier {
				if got := pos.IsLegal(m); got != legal[m] {
					t.Fatalf("%s %s: IsLegal(%08x) = %v, legal %v", c.name, pos.SFEN(), uint32(m), got, legal[m])
				}
				if !legal[m] {
					rejected++
				}
			}
			checked++
			if all.N == 0 {
				break
			}
			for k := 0; k < 8; k++ {
				earlier = append(earlier, all.Moves[rng.IntN(all.N)])
			}
			if len(earlier) > 200 {
				earlier = earlier[len(earlier)-200:]
			}
			pos.Make(all.Moves[rng.IntN(all.N)])
		}
	}
	if checked < 500 || rejected < 1000 {
		t.Fatalf("only %d positions checked, %d stale moves rejected", checked, rejected)
	}
}

// TestSquareSum walks random games from every perft position with a random
// square table set and checks after every Make and Unmake that SquareSum
// equals the sum recomputed from the board, that Clone keeps it, and that
// RoyalSquare holds a royal of its side whenever the side has one.
func TestSquareSum(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var all MoveList
	checked := 0
	for _, c := range perftStarts(t) {
		v, pos := c.start(t)
		if pos.SetSquareTable(make([]int64, 5)) == nil {
			t.Fatal("a square table of the wrong size was accepted")
		}
		table := make([]int64, 2*len(v.Pieces)*NumCells)
		for i := range table {
			table[i] = rng.Int64N(1<<40) - 1<<39
		}
		if err := pos.SetSquareTable(table); err != nil {
			t.Fatal(err)
		}
		check := func(when string) {
			t.Helper()
			for col := Color(0); col < ColorCount; col++ {
				var want int64
				for _, s := range v.cells {
					if p := pos.board[s]; p.isPiece() && p.Color() == col {
						want += table[int(p)*NumCells+int(s)]
					}
				}
				if got := pos.SquareSum(col); got != want {
					t.Fatalf("%s %s %s: SquareSum(%v) = %d, want %d", c.name, pos.SFEN(), when, col, got, want)
				}
				r := pos.RoyalSquare(col)
				if pos.RoyalCount(col) > 0 && !(pos.board[r].isPiece() && pos.board[r].Color() == col && v.Pieces[pos.board[r].Type()].Royal) {
					t.Fatalf("%s %s %s: RoyalSquare(%v) = %s holds no royal of its side", c.name, pos.SFEN(), when, col, v.SquareUSI(r))
				}
			}
			checked++
		}
		for ply := 0; ply < 60; ply++ {
			all.N = 0
			pos.GenerateLegal(&all)
			if all.N == 0 {
				break
			}
			m := all.Moves[rng.IntN(all.N)]
			pos.Make(m)
			check("after make")
			pos.Unmake()
			check("after unmake")
			pos.Make(m)
			if ply%10 == 0 {
				pos = pos.Clone()
				check("after clone")
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d checks", checked)
	}
}

// perftStarts returns the perft cases with distinct positions.
func perftStarts(t *testing.T) []perftCase {
	t.Helper()
	seen := map[string]bool{}
	var out []perftCase
	for _, c := range perftCases {
		if !seen[c.variant+c.sfen] {
			seen[c.variant+c.sfen] = true
			out = append(out, c)
		}
	}
	return out
}

// start returns the case's variant and a fresh position.
func (c perftCase) start(t *testing.T) (*Variant, *Position) {
	t.Helper()
	v := perftVariant(t, c.variant)
	pos, err := NewPosition(v, c.sfen)
	if err != nil {
		t.Fatal(err)
	}
	return v, pos
}

package movegen

import (
	"sort"
	"strings"
	"testing"
)

// loneBoard returns a position of v with an empty board and no pieces, for
// placing one piece by hand.
func loneBoard(v *Variant) *Position {
	pos := &Position{v: v}
	for i := range pos.board {
		pos.board[i] = Edge
	}
	for _, s := range v.cells {
		pos.board[s] = Empty
	}
	return pos
}

// TestAppendEmptyMovesMatchesGenerator places every piece type of every
// built-in game, for both colours, on every square of an otherwise empty
// board and checks that AppendEmptyMoves gives exactly the distinct
// destinations GeneratePseudo gives (passes left out).
func TestAppendEmptyMovesMatchesGenerator(t *testing.T) {
	list := new(MoveList)
	var got []Square
	for _, v := range Builtin() {
		pos := loneBoard(v)
		for pt := 1; pt < len(v.Pieces); pt++ {
			for c := Color(0); c < ColorCount; c++ {
				p := MakePiece(PieceType(pt), c)
				for _, s := range v.cells {
					pos.board[s] = p
					pos.list[c][0], pos.count[c], pos.side = s, 1, c
					list.N = 0
					pos.GeneratePseudo(list)
					pos.board[s], pos.count[c] = Empty, 0
					want := map[Square]bool{}
					for _, m := range list.Slice() {
						if m.From() != s || m.To() == s {
							continue // drops cannot occur; passes are not counted
						}
						want[m.To()] = true
					}
					got = v.AppendEmptyMoves(got[:0], p, s)
					seen := map[Square]bool{}
					for _, q := range got {
						if seen[q] || !want[q] {
							t.Fatalf("%s %s %s on %s: AppendEmptyMoves gives %s (duplicate or not generated)",
								v.Name, c, v.Pieces[pt].Name, v.SquareUSI(s), v.SquareUSI(q))
						}
						seen[q] = true
					}
					if len(seen) != len(want) {
						t.Fatalf("%s %s %s on %s: %d empty-board moves, the generator has %d",
							v.Name, c, v.Pieces[pt].Name, v.SquareUSI(s), len(seen), len(want))
					}
				}
			}
		}
	}
}

// TestAppendEmptyMovesCounts pins a few counts that are known by hand.
func TestAppendEmptyMovesCounts(t *testing.T) {
	shogi, err := Lookup("shogi")
	if err != nil {
		t.Fatal(err)
	}
	tai, err := Lookup("tai")
	if err != nil {
		t.Fatal(err)
	}
	id := func(v *Variant, s string) PieceType {
		pt, ok := v.PieceByID(s)
		if !ok {
			t.Fatalf("%s has no piece %s", v.Name, s)
		}
		return pt
	}
	var emperor PieceType
	for pt := range tai.Pieces {
		if tai.Pieces[pt].kinds.set&kindEmperor != 0 {
			emperor = PieceType(pt)
		}
	}
	if emperor == 0 {
		t.Fatal("tai has no emperor")
	}
	for _, tc := range []struct {
		v        *Variant
		t        PieceType
		c        Color
		row, col int
		want     int
	}{
		{shogi, id(shogi, "K"), Black, 4, 4, 8},
		{shogi, id(shogi, "K"), Black, 0, 0, 3},
		{shogi, id(shogi, "R"), Black, 0, 0, 16},
		{shogi, id(shogi, "R"), White, 4, 4, 16},
		{shogi, id(shogi, "B"), Black, 4, 4, 16},
		{shogi, id(shogi, "B"), Black, 0, 0, 8},
		{shogi, id(shogi, "P"), Black, 4, 4, 1},
		{shogi, id(shogi, "P"), Black, 0, 4, 0}, // Black's last rank
		{shogi, id(shogi, "P"), White, 0, 4, 1},
		{shogi, id(shogi, "N"), Black, 8, 4, 2},
		{shogi, id(shogi, "N"), Black, 1, 4, 0},
		{shogi, id(shogi, "G"), Black, 8, 0, 3},
		{tai, emperor, Black, 12, 12, 624},
	} {
		got := tc.v.AppendEmptyMoves(nil, MakePiece(tc.t, tc.c), MakeSquare(tc.row, tc.col))
		if len(got) != tc.want {
			sort.Slice(got, func(i, j int) bool { return got[i] < got[j] })
			t.Errorf("%s %s %s at row %d col %d: %d moves, want %d", tc.v.Name, tc.c, tc.v.Pieces[tc.t].Name, tc.row, tc.col, len(got), tc.want)
		}
	}
	// Off the board, or no piece: nothing.
	if n := len(shogi.AppendEmptyMoves(nil, MakePiece(id(shogi, "K"), Black), MakeSquare(0, 9))); n != 0 {
		t.Errorf("a king off the board has %d moves", n)
	}
	if n := len(shogi.AppendEmptyMoves(nil, Empty, MakeSquare(4, 4))); n != 0 {
		t.Errorf("an empty square has %d moves", n)
	}
}

// TestAppendEmptyMovesAllocs checks that the accessor does not allocate when
// dst has room.
func TestAppendEmptyMovesAllocs(t *testing.T) {
	for _, v := range Builtin() {
		dst := make([]Square, 0, MaxFiles*MaxRanks)
		s := MakeSquare(v.Ranks/2, v.Files/2)
		n := testing.AllocsPerRun(20, func() {
			for pt := 1; pt < len(v.Pieces); pt++ {
				dst = v.AppendEmptyMoves(dst[:0], MakePiece(PieceType(pt), Black), s)
			}
		})
		if n != 0 {
			t.Errorf("%s: AppendEmptyMoves allocates %.1f times per run", v.Name, n)
		}
	}
}

// TestUniversalLeaper: tai's emperor is the only universal leaper of the
// built-in games; the check agrees with the piece's move text (@emperor),
// and the leaper reaches every other square of an empty board.
func TestUniversalLeaper(t *testing.T) {
	found := 0
	for _, v := range Builtin() {
		cells := v.Files*v.Ranks - 1
		for pt := PieceType(0); int(pt) <= len(v.Pieces); pt++ {
			got := v.UniversalLeaper(pt)
			if pt == 0 || int(pt) == len(v.Pieces) {
				if got {
					t.Errorf("%s: type %d (no piece) is a universal leaper", v.Name, pt)
				}
				continue
			}
			if want := strings.Contains(v.Pieces[pt].Betza, "@emperor"); got != want {
				t.Errorf("%s %s (%s): UniversalLeaper %v", v.Name, v.Pieces[pt].Name, v.Pieces[pt].Betza, got)
			}
			if got {
				from := MakeSquare(0, 0)
				if n := len(v.AppendEmptyMoves(nil, MakePiece(pt, Black), from)); n != cells {
					t.Errorf("%s %s: %d empty-board moves from a corner, want %d", v.Name, v.Pieces[pt].Name, n, cells)
				}
				found++
				if v.Name != "tai" || v.Pieces[pt].ID != "E" {
					t.Errorf("%s %s is a universal leaper", v.Name, v.Pieces[pt].Name)
				}
			}
		}
	}
	if found == 0 {
		t.Error("no universal leaper found (tai's emperor is one)")
	}
}

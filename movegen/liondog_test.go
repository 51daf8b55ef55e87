package movegen

import (
	"fmt"
	"math/rand"
	"sort"
	"strings"
	"testing"
)

// dogGame is a small royal-capture game with a lion dog, to test @liondog
// against a brute-force reading of the rule (tai sheet §3.2 LIONDOG): up to
// three single steps along one line, each landing on an empty or enemy
// square and capturing there, coming back toward the start only after a
// capture and never past it; plus jumps to the first three squares. Moves
// count by effect (end square and captured squares); the pass is left out.
const dogGame = `[dog]
board = 9x9
zone = 0
start = 4k4/9/9/9/4D4/9/9/9/4K4 b - 1
piece = K king     K                    royal
piece = D liondog  KADGHcavKmabK@liondog value=1500
piece = G gold     WfF                  value=300
piece = P pawn     fW                   value=100
`

// dogEffects lists the brute-force effects of the lion dog on from.
func dogEffects(pos *Position, from Square) map[string]bool {
	us := pos.side
	out := map[string]bool{}
	add := func(end int, caps []int) {
		c := append([]int(nil), caps...)
		sort.Ints(c)
		if end == int(from) && len(c) == 0 {
			return // the pass
		}
		out[fmt.Sprint(end, c)] = true
	}
	friend := func(q Piece) bool { return q == Edge || q.isPiece() && q.Color() == us }
	for d := 1; d <= 8; d++ {
		off := dirOffset[d]
		for k := 1; k <= 3; k++ {
			s := int(from) + k*off
			if q := pos.board[s]; !friend(q) {
				if q == Empty {
					add(s, nil)
				} else {
					add(s, []int{s})
				}
			}
		}
		var walk func(k, steps int, caps []int, captured bool)
		walk = func(k, steps int, caps []int, captured bool) {
			if steps == 3 {
				return
			}
			for _, dk := range []int{1, -1} {
				nk := k + dk
				if nk < 0 || dk < 0 && !captured {
					continue
				}
				s := int(from) + nk*off
				q := pos.board[s]
				taken := false
				for _, c := range caps {
					taken = taken || c == s
				}
				switch {
				case nk == 0 || taken || q == Empty:
					add(s, caps)
					walk(nk, steps+1, caps, false)
				case !friend(q):
					nc := append(append([]int(nil), caps...), s)
					add(s, nc)
					walk(nk, steps+1, nc, true)
				}
			}
		}
		walk(0, 0, nil, false)
	}
	return out
}

// kirinDogEffects lists the effects of Kirin's legal moves of the piece on
// from, found by making each move and comparing boards.
func kirinDogEffects(t *testing.T, pos *Position, from Square) map[string]bool {
	out := map[string]bool{}
	var l MoveList
	pos.GenerateLegal(&l)
	before := pos.board
	key, sfen := pos.Key(), pos.SFEN()
	for _, m := range l.Slice() {
		if m.IsPass() || m.From() != from {
			continue
		}
		pos.Make(m)
		end := -1
		var caps []int
		for s := range before {
			if before[s] != pos.board[s] && before[s].isPiece() && before[s].Color() == pos.side {
				caps = append(caps, s)
			}
			if pos.board[s] == before[from] && before[s] != before[from] || s == int(from) && pos.board[s] == before[from] {
				end = s
			}
		}
		if pos.Key() != pos.ComputeKey() {
			t.Fatalf("%s: key wrong after %s", sfen, pos.MoveUSI(m))
		}
		pos.Unmake()
		if pos.SFEN() != sfen || pos.Key() != key {
			t.Fatalf("%s: unmake of %s did not restore", sfen, pos.MoveUSI(m))
		}
		effect := fmt.Sprint(end, caps)
		if out[effect] {
			t.Errorf("%s: two moves with the effect %s (%s)", sfen, effect, pos.MoveUSI(m))
		}
		out[effect] = true
	}
	return out
}

func TestLionDogBruteForce(t *testing.T) {
	vs, err := ParseVariants("dog.ini", dogGame)
	if err != nil {
		t.Fatal(err)
	}
	v := vs[0]
	rng := rand.New(rand.NewSource(3))
	letters := []byte("GPgpGPgp")
	checked := 0
	for n := 0; n < 400; n++ {
		var b [9][9]byte
		b[0][4], b[8][4] = 'k', 'K'
		dr, dc := rng.Intn(9), rng.Intn(9)
		if b[dr][dc] != 0 {
			continue
		}
		b[dr][dc] = 'D'
		for k := rng.Intn(14); k > 0; k-- {
			r, c := rng.Intn(9), rng.Intn(9)
			if b[r][c] == 0 {
				b[r][c] = letters[rng.Intn(len(letters))]
			}
		}
		pos, err := NewPosition(v, gridSFEN(&b)+" b - 1")
		if err != nil {
			continue
		}
		from := MakeSquare(dr, dc)
		want, got := dogEffects(pos, from), kirinDogEffects(t, pos, from)
		for e := range want {
			if !got[e] {
				t.Errorf("%s: Kirin lacks the effect %s", pos.SFEN(), e)
			}
		}
		for e := range got {
			if !want[e] {
				t.Errorf("%s: Kirin has the extra effect %s", pos.SFEN(), e)
			}
		}
		checked++
	}
	if checked < 300 {
		t.Fatalf("only %d positions checked", checked)
	}
}

// TestLionDogText checks the three-leg move text in each dialect.
func TestLionDogText(t *testing.T) {
	vs, err := ParseVariants("dog.ini", dogGame)
	if err != nil {
		t.Fatal(err)
	}
	pos, err := NewPosition(vs[0], "4k4/9/4p4/4p4/4D4/9/9/9/4K4 b - 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ usi, xb, hodges string }{
		{"5e5d5c5b", "e5e6,e6e7,e7e8", "Dx5dx5c-5b"}, // C13: both pawns, end on 5b
		{"5e5d5c5d", "e5e6,e6e7,e7e6", "Dx5dx5c-5d"}, // R21: both pawns, end on 5d
	} {
		m, err := pos.ParseMoveUSI(c.usi)
		if err != nil {
			t.Fatalf("%s: %v", c.usi, err)
		}
		if got := pos.MoveXBoard(m); got != c.xb {
			t.Errorf("%s: XBoard %q, want %q", c.usi, got, c.xb)
		}
		if got := pos.MoveHodges(m); got != c.hodges {
			t.Errorf("%s: Hodges %q, want %q", c.usi, got, c.hodges)
		}
		if back, err := pos.ParseMoveXBoard(c.xb); err != nil || back != m {
			t.Errorf("%s: XBoard text does not read back: %v", c.usi, err)
		}
		if back, err := pos.ParseMoveHodges(c.hodges); err != nil || back != m {
			t.Errorf("%s: Hodges text does not read back: %v", c.usi, err)
		}
	}
}

// gridSFEN writes the board field of a 9x9 grid of SFEN letters (0 = empty).
func gridSFEN(b *[9][9]byte) string {
	var rows []string
	for r := 0; r < 9; r++ {
		var sb strings.Builder
		e := 0
		for c := 0; c < 9; c++ {
			if b[r][c] == 0 {
				e++
				continue
			}
			if e > 0 {
				fmt.Fprint(&sb, e)
				e = 0
			}
			sb.WriteByte(b[r][c])
		}
		if e > 0 {
			fmt.Fprint(&sb, e)
		}
		rows = append(rows, sb.String())
	}
	return strings.Join(rows, "/")
}

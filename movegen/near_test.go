package movegen

import (
	"math/rand/v2"
	"testing"
)

// nearFromBoard computes Position.near from the board alone.
func nearFromBoard(pos *Position) (near [ColorCount][NumCells]uint8) {
	for _, s := range pos.v.cells {
		for d := 1; d <= 8; d++ {
			if q := pos.board[int(s)+dirOffset[d]]; q.isPiece() {
				near[q.Color()][s] |= 1 << (d - 1)
			}
		}
	}
	return near
}

// TestNearMask walks random games from every perft position, taking moves
// back now and then, and checks after every Make and Unmake that the
// incrementally kept neighbour masks equal the ones computed from the
// board (on the playing cells, the only ones the capture generator reads),
// and that undoing the whole walk restores the start's masks exactly.
func TestNearMask(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var list MoveList
	checked := 0
	check := func(name string, pos *Position) {
		t.Helper()
		want := nearFromBoard(pos)
		for c := Color(0); c < ColorCount; c++ {
			for _, s := range pos.v.cells {
				if pos.near[c][s] != want[c][s] {
					t.Fatalf("%s %s: near[%d][%s] = %08b, want %08b", name, pos.SFEN(), c, pos.v.SquareUSI(s), pos.near[c][s], want[c][s])
				}
			}
		}
		checked++
	}
	for _, c := range perftStarts(t) {
		_, pos := c.start(t)
		start := pos.near
		check(c.name, pos)
		made := 0
		for ply := 0; ply < 60; ply++ {
			if made > 0 && rng.IntN(4) == 0 {
				pos.Unmake()
				made--
				check(c.name, pos)
				continue
			}
			list.N = 0
			pos.GenerateLegal(&list)
			if list.N == 0 {
				break
			}
			pos.Make(list.Moves[rng.IntN(list.N)])
			made++
			check(c.name, pos)
		}
		for ; made > 0; made-- {
			pos.Unmake()
		}
		if pos.near != start {
			t.Fatalf("%s: the masks differ from the start's after taking every move back", c.name)
		}
	}
	if checked < 500 {
		t.Fatalf("only %d positions checked", checked)
	}
}

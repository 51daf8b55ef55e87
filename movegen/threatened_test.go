package movegen

import "testing"

// TestThreatenedAgainstCaptures checks Threatened, in random games of every
// built-in game, against the side to move's pseudo-legal captures: a piece
// of the other side is threatened when one of those captures lands on it
// from a piece worth less than it, or when any does and no piece of its
// own side attacks its square (Attacked, which its own tests check against
// the moves). The emperor's captures are left out, as Attacked leaves them
// out, and so are the positions where the side to move must pass (its
// pieces attack all the same, but it has no captures to show it).
func TestThreatenedAgainstCaptures(t *testing.T) {
	plies := randomGamePlies()
	for _, v := range Builtin() {
		t.Run(v.Name, func(t *testing.T) {
			checked, threatened := 0, 0
			randomGame(t, v, 12, plies, func(pos *Position) {
				if !pos.mustPass {
					c, n := checkThreats(t, pos)
					checked += c
					threatened += n
				}
			})
			if threatened == 0 || threatened == checked {
				t.Fatalf("nothing told apart: %d of %d pieces threatened", threatened, checked)
			}
			t.Logf("%d pieces checked, %d threatened", checked, threatened)
		})
	}
}

// checkThreats compares Threatened with the side to move's captures for
// every piece of the other side and returns how many pieces it checked and
// how many were threatened.
func checkThreats(t *testing.T, pos *Position) (checked, threatened int) {
	t.Helper()
	v := pos.v
	us := pos.SideToMove()
	them := us.Other()
	var pseudo MoveList
	pos.GeneratePseudo(&pseudo)
	// least[s] is the least Value of a piece of ours that captures on s.
	least := map[Square]int{}
	for _, m := range pseudo.Slice() {
		if m.IsDrop() || m.IsPass() || !pos.board[m.To()].isPiece() || pos.board[m.To()].Color() != them {
			continue
		}
		p := pos.board[m.From()]
		if v.kinds[p]&kindEmperor != 0 {
			continue
		}
		val := pos.seeValue(p.Type())
		if old, ok := least[m.To()]; !ok || val < old {
			least[m.To()] = val
		}
	}
	for _, s := range pos.Pieces(them) {
		value := pos.seeValue(pos.board[s].Type())
		lv, attacked := least[s]
		want := attacked && (lv < value || !pos.Attacked(s, them))
		if got := pos.Threatened(s, us, value); got != want {
			t.Fatalf("%s: Threatened(%s) = %v, the captures say %v (least attacker %d, value %d)",
				pos.SFEN(), v.SquareUSI(s), got, want, lv, value)
		}
		checked++
		if want {
			threatened++
		}
	}
	return checked, threatened
}

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

// TestThreatAgainstCaptures checks Threat, in random games of every
// built-in game, against the side to move's pseudo-legal captures: for
// every piece of the side to move, the best gain over the captures it
// makes from its square (a victim's Value where no enemy piece attacks the
// victim's square, else that Value less the capturer's; royals and losses
// count nothing). A piece with moves beyond single legs (a lion's second
// step, a hook mover's turn, the emperor's reach) may capture more than
// Threat counts, never less.
func TestThreatAgainstCaptures(t *testing.T) {
	plies := randomGamePlies()
	for _, v := range Builtin() {
		t.Run(v.Name, func(t *testing.T) {
			pieces, threats := 0, 0
			randomGame(t, v, 13, plies, func(pos *Position) {
				if pos.mustPass {
					return
				}
				them := pos.SideToMove().Other()
				var pseudo MoveList
				pos.GeneratePseudo(&pseudo)
				best := map[Square]int{}
				for _, m := range pseudo.Slice() {
					if m.IsDrop() || m.IsPass() {
						continue
					}
					q := pos.board[m.To()]
					if !q.isPiece() || q.Color() != them || v.Pieces[q.Type()].Royal {
						continue
					}
					victim, own := v.Pieces[q.Type()].Value, v.Pieces[pos.board[m.From()].Type()].Value
					g := victim - own
					if !pos.attacked(m.To(), them) {
						g = victim
					}
					best[m.From()] = max(best[m.From()], g)
				}
				for _, s := range pos.Pieces(pos.SideToMove()) {
					got, want := pos.Threat(s), best[s]
					pieces++
					if got > 0 {
						threats++
					}
					if got > want || got < want && !v.special[pos.board[s]] {
						t.Fatalf("%s: Threat(%s) = %d, captures from there gain %d", pos.SFEN(), v.SquareUSI(s), got, want)
					}
				}
			})
			if threats == 0 || threats == pieces {
				t.Fatalf("nothing told apart: %d of %d pieces threaten", threats, pieces)
			}
			t.Logf("%d pieces, %d threaten", pieces, threats)
		})
	}
}

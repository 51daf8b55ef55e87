package movegen

// SEERoyal is the value static exchange evaluation gives a royal piece: more
// than any exchange can win, so an exchange never lets a royal capture onto
// a square the other side still attacks.
const SEERoyal = 1 << 20

// seeMax bounds the captures one exchange follows (more never occur on one
// square in practice; an exchange cut there is scored as if it stopped).
const seeMax = 32

// SEE is the static exchange evaluation of move m: the material, in
// Value units, the side to move wins (negative: loses) if after m the two
// sides take turns capturing on m's destination, each with its least
// valuable attacker and each free to stop when going on would lose. It
// counts everything m itself captures (a lion's intermediate victims too)
// and then only the exchange on the destination.
//
// Like every exchange evaluation it is a static estimate: it ignores pins
// and checks, promotions during the exchange (a piece keeps the value it
// had before it moved), the chu lion-trading rules, and the emperor (which
// never takes part, as in Attacked). Attackers are the pieces Attacked
// counts: single-leg captures and hook movers, with pieces behind an
// attacker joining once it has moved (x-rays). A drop or a quiet move
// scores 0 if the destination is safe, else minus what the exchange there
// loses.
//
// SEE reads the position only; it moves pieces off the board while it
// works and puts them back before it returns.
func (pos *Position) SEE(m Move) int {
	if m.IsPass() {
		return 0
	}
	to := m.To()
	captured, royal := pos.CapturedValue(m)
	if royal {
		captured += SEERoyal
	}
	var onType PieceType // the type of the piece m leaves on to
	var lifted [seeMax + 3]struct {
		s Square
		p Piece
	}
	n := 0
	lift := func(s Square) {
		lifted[n].s, lifted[n].p = s, pos.board[s]
		pos.board[s] = Empty
		n++
	}
	if m.IsDrop() {
		onType = m.DropType()
	} else {
		from := m.From()
		onType = pos.board[from].Type()
		if from == to || pos.spiritTrade(onType, m) {
			// Igui leaves nothing on the square; a Spirit taken by a
			// non-royal makes the opponent pass.
			return captured
		}
		lift(from)
		// Pieces a lion captured on the way no longer block.
		them := pos.side.Other()
		for _, s := range [2]Square{m.Mid(), m.Mid2()} {
			if s != NoSquare && s != from && pos.board[s].isPiece() && pos.board[s].Color() == them {
				lift(s)
			}
		}
	}
	onSquare := pos.seeValue(onType) // and its value
	var swap [seeMax + 1]int
	swap[0] = captured
	side := pos.side.Other()
	d := 0
	for d < seeMax {
		s, val := pos.leastAttacker(to, side)
		if s == NoSquare {
			break
		}
		d++
		swap[d] = onSquare - swap[d-1]
		t := pos.board[s].Type()
		if v := pos.v; v.hasSpirit && v.Pieces[onType].Spirit && !v.Pieces[t].Royal {
			break // spirit trading: the other side must pass
		}
		onSquare, onType = val, t
		lift(s)
		side = side.Other()
	}
	for i := n - 1; i >= 0; i-- {
		pos.board[lifted[i].s] = lifted[i].p
	}
	// Fold back: the side making capture k-1 gets the better of stopping
	// (swap[k-1]) and the opponent's best reply.
	for ; d > 0; d-- {
		swap[d-1] = -max(-swap[d-1], swap[d])
	}
	return swap[0]
}

// spiritTrade reports whether move m, made by a piece of type t, takes a
// Spirit with a non-royal piece, which makes the opponent pass.
func (pos *Position) spiritTrade(t PieceType, m Move) bool {
	v := pos.v
	if !v.hasSpirit || v.Pieces[t].Royal {
		return false
	}
	them := pos.side.Other()
	for _, s := range [3]Square{m.Mid(), m.Mid2(), m.To()} {
		if s != NoSquare && s != m.From() && pos.board[s].isPiece() && pos.board[s].Color() == them && v.Pieces[pos.board[s].Type()].Spirit {
			return true
		}
	}
	return false
}

// seeValue is the value of a piece of type t in an exchange.
func (pos *Position) seeValue(t PieceType) int {
	info := &pos.v.Pieces[t]
	if info.Royal {
		return SEERoyal
	}
	return info.Value
}

// leastAttacker returns the square and exchange value of side by's least
// valuable piece that attacks s (as attacked counts attacks), or NoSquare.
// Ties go to the first attack vector in the variant's fixed order, then to
// the hook movers in piece-list order.
func (pos *Position) leastAttacker(s Square, by Color) (Square, int) {
	v := pos.v
	best, bestVal := NoSquare, 0
	for i := range v.attack {
		if t := pos.rayAttacker(s, i, by); t != NoSquare {
			if val := pos.seeValue(pos.board[t].Type()); best == NoSquare || val < bestVal {
				best, bestVal = t, val
			}
		}
	}
	if v.hasHooks {
		for i := 0; i < pos.count[by]; i++ {
			h := pos.list[by][i]
			q := pos.board[h]
			if v.kinds[q]&kindHook == 0 || !pos.hookReaches(q, h, s) {
				continue
			}
			if val := pos.seeValue(q.Type()); best == NoSquare || val < bestVal {
				best, bestVal = h, val
			}
		}
	}
	return best, bestVal
}

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
// works and puts them back before it returns. SEEAtLeast answers the
// question a search usually asks, faster.
func (pos *Position) SEE(m Move) int {
	var ex exchange
	captured, exchanges := pos.startExchange(m, &ex)
	if !exchanges {
		return captured
	}
	to := m.To()
	onSquare := pos.seeValue(ex.onType) // the value of the piece on to
	var swap [seeMax + 1]int
	swap[0] = captured
	side := pos.side.Other()
	d := 0
	for d < seeMax {
		s, val := pos.leastAttacker(to, side, -SEERoyal)
		if s == NoSquare {
			break
		}
		d++
		swap[d] = onSquare - swap[d-1]
		if pos.spiritTaken(ex.onType, s) {
			break // spirit trading: the other side must pass
		}
		onSquare, ex.onType = val, pos.board[s].Type()
		ex.lift(pos, s)
		side = side.Other()
	}
	ex.restore(pos)
	// Fold back: the side making capture k-1 gets the better of stopping
	// (swap[k-1]) and the opponent's best reply.
	for ; d > 0; d-- {
		swap[d-1] = -max(-swap[d-1], swap[d])
	}
	return swap[0]
}

// SEEAtLeast reports whether SEE(m) >= threshold, with the same answer
// but usually less work: it stops as soon as the side that is ahead of the
// threshold can end the exchange there, so a move whose piece is worth less
// than the margin, or an exchange decided after one capture, needs no
// further attack test.
func (pos *Position) SEEAtLeast(m Move, threshold int) bool {
	var ex exchange
	captured, exchanges := pos.startExchange(m, &ex)
	if !exchanges {
		return captured >= threshold
	}
	// balance starts as the mover's margin over the threshold if the
	// exchange stops after m. From then on it is what the side to capture
	// next would stand over its own goal (the mover's: SEE >= threshold;
	// the opponent's: below it) if it captured and the exchange stopped;
	// ok says whose goal holds as things stand (true: the mover's).
	balance := captured - threshold
	if balance < 0 {
		ex.restore(pos)
		return false // stopping after m is the most the mover can get
	}
	balance = pos.seeValue(ex.onType) - balance
	if balance <= 0 {
		ex.restore(pos)
		return true // even losing the mover keeps the threshold
	}
	ok := true
	side := pos.side.Other()
	for d := 0; d < seeMax; d++ {
		// The capture after side's would take the piece side leaves on the
		// square, and pays only if that piece is worth at least cut (the
		// balance; one more when the opponent recaptures, since ties count
		// for the mover). So any attacker cheaper than cut settles the
		// exchange, least or not.
		cut := balance
		if !ok {
			cut++ // side is the mover; the opponent would recapture
		}
		s, val := pos.leastAttacker(m.To(), side, cut)
		if s == NoSquare {
			break
		}
		ok = !ok // side captures, and its goal holds for now
		if pos.spiritTaken(ex.onType, s) || val < cut {
			break // spirit trading (the other side must pass), or settled
		}
		balance = val - balance
		ex.onType = pos.board[s].Type()
		ex.lift(pos, s)
		side = side.Other()
	}
	ex.restore(pos)
	return ok
}

// exchange is the state of one exchange evaluation: the type of the piece
// standing on the destination and the pieces lifted off the board (the
// mover, a lion's victims and each attacker that has captured), to be put
// back.
type exchange struct {
	onType PieceType
	lifted [seeMax + 3]struct {
		s Square
		p Piece
	}
	n int
}

// lift takes the piece on s off the board.
func (ex *exchange) lift(pos *Position, s Square) {
	ex.lifted[ex.n].s, ex.lifted[ex.n].p = s, pos.board[s]
	pos.board[s] = Empty
	ex.n++
}

// restore puts every lifted piece back.
func (ex *exchange) restore(pos *Position) {
	for i := ex.n - 1; i >= 0; i-- {
		pos.board[ex.lifted[i].s] = ex.lifted[i].p
	}
	ex.n = 0
}

// startExchange makes move m for an exchange evaluation: it returns what m
// captures (a royal counted at SEERoyal) and whether an exchange on m's
// destination follows. Passes, igui and a Spirit taken by a non-royal end
// at m; otherwise the mover and a lion's victims are lifted off the board
// and ex.onType is the type m leaves on the destination.
func (pos *Position) startExchange(m Move, ex *exchange) (captured int, exchanges bool) {
	if m.IsPass() {
		return 0, false
	}
	captured, royal := pos.CapturedValue(m)
	if royal {
		captured += SEERoyal
	}
	if m.IsDrop() {
		ex.onType = m.DropType()
		return captured, true
	}
	from := m.From()
	ex.onType = pos.board[from].Type()
	if from == m.To() || pos.spiritTrade(ex.onType, m) {
		// Igui leaves nothing on the square; a Spirit taken by a non-royal
		// makes the opponent pass.
		return captured, false
	}
	ex.lift(pos, from)
	// Pieces a lion captured on the way no longer block.
	them := pos.side.Other()
	for _, s := range [2]Square{m.Mid(), m.Mid2()} {
		if s != NoSquare && s != from && pos.board[s].isPiece() && pos.board[s].Color() == them {
			ex.lift(pos, s)
		}
	}
	return captured, true
}

// spiritTaken reports whether the piece on s, capturing a piece of type on
// in an exchange, takes a Spirit with a non-royal piece: the other side must
// then pass, so the exchange ends.
func (pos *Position) spiritTaken(on PieceType, s Square) bool {
	v := pos.v
	return v.hasSpirit && v.Pieces[on].Spirit && !v.Pieces[pos.board[s].Type()].Royal
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
// valuable piece that attacks s (as attacked counts attacks), or NoSquare;
// an attacker worth less than cut is returned as soon as it is found,
// least or not (a caller that needs the least passes -SEERoyal).
// Ties go to the first attack vector in the variant's fixed order, then to
// the hook movers in piece-list order; so the search can stop at the first
// attacker worth the variant's least value (seeLeast).
func (pos *Position) leastAttacker(s Square, by Color, cut int) (Square, int) {
	v := pos.v
	best, bestVal := NoSquare, 0
	for i := range v.attack {
		if t := pos.rayAttacker(s, i, by); t != NoSquare {
			if val := pos.seeValue(pos.board[t].Type()); best == NoSquare || val < bestVal {
				best, bestVal = t, val
				if val == v.seeLeast || val < cut {
					return best, bestVal // nothing later can be cheaper, or need be
				}
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

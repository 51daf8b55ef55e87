package movegen

import "math/bits"

// GeneratePseudo appends every pseudo-legal move of the side to move: moves
// the pieces can make and drops, with promotion choices, but without the
// legality filters (self-check, lion trading, drop mate). A position where
// the game is over still gets its moves; see GenerateLegal. While a forced
// pass is pending (spirit trading, MustPass) the only move is ForcedPass.
func (pos *Position) GeneratePseudo(list *MoveList) {
	v := pos.v
	us := pos.side
	if pos.mustPass {
		// Spirit trading: the only move is the forced pass.
		list.add(ForcedPass)
		return
	}
	passed := false
	if pos.capsOnly {
		pos.generateCaptures(list, &passed)
		return
	}
	if pos.quietsOnly {
		pos.generateQuiets(list, &passed)
	} else {
		for i := 0; i < pos.count[us]; i++ {
			pos.generatePiece(list, pos.list[us][i], &passed)
		}
	}
	if v.Drops {
		pos.generateDrops(list)
	}
}

// generatePiece appends the pseudo-legal moves of the side to move's piece
// on from (all of them, or the quiet ones when quietsOnly is set;
// generateCaptures is the capture-only counterpart, so capsOnly is never
// set here).
// *passed tells whether a pass was already generated (a pass is one move,
// whichever piece makes it); generatePiece sets it when it adds one.
func (pos *Position) generatePiece(list *MoveList, from Square, passed *bool) {
	v := pos.v
	us := pos.side
	p := pos.board[from]
	rays := v.rays[p]
	for k := range rays {
		r := &rays[k]
		if r.overN != 0 && pos.clearPath(from, r.over, r.overN) {
			continue // the slide along r.over makes this move
		}
		to := int(from)
		for n := 0; n < r.max; n++ {
			to += r.off
			q := pos.board[to]
			if q == Empty {
				if r.mode&modeMove == 0 {
					continue
				}
				if v.asIs(p, from, Square(to)) { // (never capsOnly here)
					list.add(NewMove(from, Square(to)))
				} else {
					pos.addMove(list, from, Square(to), p, false, NewMove(from, Square(to)))
				}
				continue
			}
			if q != Edge && q.Color() != us && r.mode&modeCapture != 0 {
				pos.addMove(list, from, Square(to), p, true, NewMove(from, Square(to)))
			}
			break
		}
	}
	if v.special[p] {
		pos.generateSpecial(list, from, p, passed)
	}
}

// generateCaptures appends the captures of every piece of the side to
// move (GenerateCaptures; pos.capsOnly is set): by king steps (the piece's
// step mask against the enemy's neighbour mask of its square), by slides
// along the king lines (those an adjacent friend blocks are skipped and an
// adjacent enemy is taken from the masks alone), and, for the few pieces
// that have them (capMore), by other single legs and special moves
// (moreCaptures). It is generatePiece's capture part for all pieces in one
// loop, the quiescence search's hot path.
func (pos *Position) generateCaptures(list *MoveList, passed *bool) {
	v := pos.v
	us := pos.side
	enemy := &v.enemy[us.Other()]
	near := &pos.near[us.Other()]
	board := &pos.board
	for _, from := range pos.list[us][:pos.count[us]] {
		p := board[from]
		own, opp := pos.near[us][from], near[from]
		for m := opp & v.capNear[p]; m != 0; m &= m - 1 {
			to := Square(int(from) + dirOffset[bits.TrailingZeros8(m)+1])
			if v.asIs(p, from, to) {
				list.add(NewMove(from, to))
			} else {
				pos.addMove(list, from, to, p, true, NewMove(from, to))
			}
		}
		for m := v.capLines[p] &^ own; m != 0; m &= m - 1 {
			b := bits.TrailingZeros8(m) & 7
			off := dirOffset[b+1]
			to := int(from) + off
			if opp&(1<<b) == 0 { // not next to an enemy: slide on
				for n := int(v.capLineMax[p][b]); n > 1 && board[to] == Empty; n-- {
					to += off
				}
				if !enemy[board[to]] {
					continue
				}
			}
			if v.asIs(p, from, Square(to)) {
				list.add(NewMove(from, Square(to)))
			} else {
				pos.addMove(list, from, Square(to), p, true, NewMove(from, Square(to)))
			}
		}
		if v.capMore[p] {
			pos.moreCaptures(list, from, p, passed)
		}
	}
}

// moreCaptures appends the captures of the piece p on from that
// generateCaptures leaves to it: by single legs other than king steps and
// king-line slides, where the empty squares only end a slide, and by
// special moves.
func (pos *Position) moreCaptures(list *MoveList, from Square, p Piece, passed *bool) {
	v := pos.v
	enemy := &v.enemy[pos.side.Other()]
	board := &pos.board
	for _, off := range v.capJumps[p] {
		to := Square(int(from) + off)
		if !enemy[board[to%NumCells]] { // (% drops the bounds check)
			continue
		}
		if v.asIs(p, from, to) {
			list.add(NewMove(from, to))
		} else {
			pos.addMove(list, from, to, p, true, NewMove(from, to))
		}
	}
	slides := v.capSlides[p]
	for k := range slides {
		r := &slides[k]
		if r.overN != 0 && pos.clearPath(from, r.over, r.overN) {
			continue // the slide along r.over makes this move
		}
		to := int(from) + r.off
		for n := 1; n < r.max && board[to] == Empty; n++ {
			to += r.off
		}
		if !enemy[board[to]] {
			continue
		}
		if v.asIs(p, from, Square(to)) {
			list.add(NewMove(from, Square(to)))
		} else {
			pos.addMove(list, from, Square(to), p, true, NewMove(from, Square(to)))
		}
	}
	if v.special[p] {
		pos.generateSpecial(list, from, p, passed)
	}
}

// generateQuiets appends the moves of every piece of the side to move that
// capture nothing (GenerateQuiets; pos.quietsOnly is set), the way
// generateCaptures finds the captures: king steps to empty cells from the
// piece's step mask and the neighbour masks (a cell in neither side's mask
// that is on the board is empty), slides along the king lines whose first
// cell is empty, and, for the few pieces that have them (moveMore), other
// single legs and special moves (moreQuiets; generateSpecial's captures
// addMove leaves out).
func (pos *Position) generateQuiets(list *MoveList, passed *bool) {
	v := pos.v
	us := pos.side
	board := &pos.board
	for _, from := range pos.list[us][:pos.count[us]] {
		p := board[from]
		full := pos.near[us][from] | pos.near[us.Other()][from] | v.edgeNear[from]
		for m := v.moveNear[p] &^ full; m != 0; m &= m - 1 {
			to := Square(int(from) + dirOffset[bits.TrailingZeros8(m)+1])
			if v.asIs(p, from, to) {
				list.add(NewMove(from, to))
			} else {
				pos.addMove(list, from, to, p, false, NewMove(from, to))
			}
		}
		for m := v.moveLines[p] &^ full; m != 0; m &= m - 1 {
			b := bits.TrailingZeros8(m) & 7
			off := dirOffset[b+1]
			to := Square(int(from) + off) // empty: not in full
			for n := 1; ; n++ {
				if v.asIs(p, from, to) {
					list.add(NewMove(from, to))
				} else {
					pos.addMove(list, from, to, p, false, NewMove(from, to))
				}
				to = Square(int(to) + off)
				if n >= int(v.moveLineMax[p][b]) || board[to%NumCells] != Empty {
					break
				}
			}
		}
		if v.moveMore[p] {
			pos.moreQuiets(list, from, p, passed)
		}
	}
}

// moreQuiets appends the moves of the piece p on from that capture nothing
// and that generateQuiets leaves to it: by single legs other than king
// steps and king-line slides, and by special moves.
func (pos *Position) moreQuiets(list *MoveList, from Square, p Piece, passed *bool) {
	v := pos.v
	board := &pos.board
	for _, off := range v.moveJumps[p] {
		to := Square(int(from) + off)
		if board[to%NumCells] != Empty { // (% drops the bounds check)
			continue
		}
		if v.asIs(p, from, to) {
			list.add(NewMove(from, to))
		} else {
			pos.addMove(list, from, to, p, false, NewMove(from, to))
		}
	}
	slides := v.moveSlides[p]
	for k := range slides {
		r := &slides[k]
		if r.overN != 0 && pos.clearPath(from, r.over, r.overN) {
			continue // the slide along r.over makes this move
		}
		to := int(from)
		for n := 0; n < r.max; n++ {
			to += r.off
			if board[to%NumCells] != Empty {
				break
			}
			if v.asIs(p, from, Square(to)) {
				list.add(NewMove(from, Square(to)))
			} else {
				pos.addMove(list, from, Square(to), p, false, NewMove(from, Square(to)))
			}
		}
	}
	if v.special[p] {
		pos.generateSpecial(list, from, p, passed)
	}
}

// generateSpecial appends the moves of the piece p on from that are not
// single legs: lion dog paths, hook moves, the emperor's leaps and the
// two-leg (lion) moves with their passes.
func (pos *Position) generateSpecial(list *MoveList, from Square, p Piece, passed *bool) {
	v := pos.v
	us := pos.side
	if v.kinds[p]&kindLionDog != 0 {
		pos.generateLionDog(list, from, p)
	}
	if v.kinds[p]&kindHook != 0 {
		pos.generateHooks(list, from, p)
	}
	if v.kinds[p]&kindEmperor != 0 {
		for _, t := range v.cells {
			if q := pos.board[t]; t != from && (q == Empty || q.Color() != us) {
				pos.addMove(list, from, t, p, q != Empty, NewMove(from, t))
			}
		}
	}
	for k := range v.legs[p] {
		la := &v.legs[p][k]
		s1 := int(from) + la.off1
		q1 := pos.board[s1]
		if la.pass {
			if q1 == Empty && !*passed && !pos.capsOnly {
				*passed = true
				list.add(Move(from) | Move(from)<<moveFromShift | movePass | Move(la.dir1)<<moveLeg1Shift)
			}
			continue
		}
		if !q1.isPiece() || q1.Color() == us {
			continue
		}
		for j := 0; j < la.n2; j++ {
			s2 := s1 + la.off2[j]
			m := NewMove(from, Square(s2)).withLegs(la.dir1, 0)
			if s2 == int(from) {
				pos.addMove(list, from, from, p, true, m)
				continue
			}
			q2 := pos.board[s2]
			if q2 == Empty && la.mode2&modeMove != 0 || q2.isPiece() && q2.Color() != us && la.mode2&modeCapture != 0 {
				pos.addMove(list, from, Square(s2), p, true, m)
			}
		}
	}
}

// generateLionDog adds the lion dog's three-step paths from `from` along
// each of the 8 lines (see kindLionDog). s1, s2, s3 are the first three
// squares; a path never lands on a friend or leaves the board, and captures
// happen outward (s1 before s2).
func (pos *Position) generateLionDog(list *MoveList, from Square, p Piece) {
	us := pos.side
	for d := uint32(1); d <= 8; d++ {
		off := dirOffset[d]
		s1, s2, s3 := int(from)+off, int(from)+2*off, int(from)+3*off
		q1, q2 := pos.board[s1], pos.board[s2]
		if q1 == Edge || q1.isPiece() && q1.Color() == us || q2 == Edge || q2.isPiece() && q2.Color() == us {
			continue
		}
		enemy1 := q1 != Empty
		enemy2 := q2 != Empty
		q3 := pos.board[s3]
		open3 := q3 == Empty || q3.isPiece() && q3.Color() != us
		if open3 && (enemy1 || enemy2) {
			// C13 (capture s1, on to s3) or C23 (over an empty s1, take s2).
			pos.addMove(list, from, Square(s3), p, true, NewMove(from, Square(s3)).withLegs(d, d))
		}
		if enemy2 {
			// R21: capture s2 and come back to s1.
			pos.addMove(list, from, Square(s1), p, true, NewMove(from, Square(s1)).withLegs(d, d))
		}
	}
}

// addMove appends m with its promotion choices, following the variant's
// promotion and dead-piece rules. The common case, a piece that cannot
// promote or a move that neither starts nor ends where a promotion or a
// dead square could matter, adds m alone from two table loads; the rest
// is addPromotions.
func (pos *Position) addMove(list *MoveList, from, to Square, p Piece, capture bool, m Move) {
	if pos.capsOnly && !capture || pos.quietsOnly && capture {
		return
	}
	if pos.v.asIs(p, from, to) {
		list.add(m)
		return
	}
	pos.addPromotions(list, from, to, p, capture, m)
}

// asIs reports whether a move of p from `from` to `to` is added as it is,
// without promotion choices or a dead-piece test: addMove's common case,
// which the capture loops test themselves before calling it.
func (v *Variant) asIs(p Piece, from, to Square) bool {
	free := &v.promoFree[p.Color()]
	return v.plain[p] || free[from] && free[to]
}

// addPromotions is addMove past the common case.
func (pos *Position) addPromotions(list *MoveList, from, to Square, p Piece, capture bool, m Move) {
	v := pos.v
	info := &v.Pieces[p.Type()]
	if info.PromotesTo == 0 && !(v.hasContagion && capture) {
		list.add(m)
		return
	}
	us := pos.side
	if v.Promotion == PromoCapture {
		if capture && pos.promotedType(m, p) != p.Type() {
			m |= movePromote
		}
		list.add(m)
		return
	}
	var may bool
	if v.Promotion == PromoShogi {
		may = v.inZone[us][from] || v.inZone[us][to]
	} else {
		may = !v.inZone[us][from] && v.inZone[us][to] || capture && (v.inZone[us][from] || v.inZone[us][to])
	}
	if !may && info.LastRank && to.Row() == v.lastRow[us] {
		may = true
	}
	dead := v.dead[p][to]
	if dead && v.DeadPieces == DeadForbid {
		may = true
	}
	if may {
		list.add(m | movePromote)
		if info.MustPromote {
			return
		}
	}
	if dead && (v.DeadPieces == DeadForbid || v.DeadPieces == DeadPromote && may) {
		return
	}
	list.add(m)
}

// generateDrops appends every drop of the side to move: any piece in hand on
// any empty square, except where it could never move, and pawns (nifu
// pieces) on a file that holds an unpromoted one of the same side.
func (pos *Position) generateDrops(list *MoveList) {
	v := pos.v
	us := pos.side
	for _, t := range v.HandTypes {
		if pos.hand[us][t] == 0 {
			continue
		}
		p := MakePiece(t, us)
		dead := v.dead[p]
		nifu := v.Pieces[t].Nifu
		for f := 0; f < v.Files; f++ {
			if nifu && pos.fileHas(f, p) {
				continue
			}
			for r := 0; r < v.Ranks; r++ {
				s := MakeSquare(r, f)
				if pos.board[s] == Empty && (dead == nil || !dead[s]) && (!pos.dropsMasked || pos.dropMask.has(s)) {
					list.add(NewDrop(t, s))
				}
			}
		}
	}
}

// fileHas reports whether column f holds piece p.
func (pos *Position) fileHas(f int, p Piece) bool {
	for r := 0; r < pos.v.Ranks; r++ {
		if pos.board[MakeSquare(r, f)] == p {
			return true
		}
	}
	return false
}

// passOf returns the pass of the side to move's piece on from through the
// empty square mid (any of its pass squares if mid is NoSquare), if the
// piece has such a pass.
func (pos *Position) passOf(from, mid Square) (Move, bool) {
	p := pos.board[from]
	if !p.isPiece() || p.Color() != pos.side {
		return NullMove, false
	}
	for k := range pos.v.legs[p] {
		la := &pos.v.legs[p][k]
		s1 := Square(int(from) + la.off1)
		if la.pass && pos.board[s1] == Empty && (mid == NoSquare || mid == s1) {
			return Move(from) | Move(from)<<moveFromShift | movePass | Move(la.dir1)<<moveLeg1Shift, true
		}
	}
	return NullMove, false
}

// generateHooks adds the bent moves of a hook mover on from: along each
// first direction over empty squares to an empty corner, then along each
// turned line, moving to empty squares and capturing the first enemy. A
// destination reached through two corners is one move.
func (pos *Position) generateHooks(list *MoveList, from Square, p Piece) {
	us := pos.side
	pos.hookStamp++
	stamp := pos.hookStamp
	for _, h := range pos.v.hooks[p] {
		for c := int(from) + h.off1; pos.board[c] == Empty; c += h.off1 {
			for k := 0; k < h.n; k++ {
				for t := c + h.off2[k]; ; t += h.off2[k] {
					q := pos.board[t]
					if q == Empty || q != Edge && q.Color() != us {
						if pos.hookSeen[t] != stamp {
							pos.hookSeen[t] = stamp
							pos.addMove(list, from, Square(t), p, q != Empty, NewMove(from, Square(t)))
						}
					}
					if q != Empty {
						break
					}
				}
			}
		}
	}
}

// hookReaches reports whether the hook mover p on h could capture on t by a
// bent move: t = h + k*first + j*turned with k, j >= 1, the path empty.
func (pos *Position) hookReaches(p Piece, h, t Square) bool {
	dr, dc := t.Row()-h.Row(), t.Col()-h.Col()
	for _, hd := range pos.v.hooks[p] {
		for i := 0; i < hd.n; i++ {
			a, b := hd.r1, hd.r2[i]
			n1, n2 := a[0]*a[0]+a[1]*a[1], b[0]*b[0]+b[1]*b[1]
			kk, jj := dr*a[0]+dc*a[1], dr*b[0]+dc*b[1]
			if kk%n1 != 0 || jj%n2 != 0 {
				continue
			}
			k, j := kk/n1, jj/n2
			if k < 1 || j < 1 || k*a[0]+j*b[0] != dr || k*a[1]+j*b[1] != dc {
				continue
			}
			ok := true
			s := int(h)
			for n := 0; n < k && ok; n++ {
				s += hd.off1
				ok = pos.board[s] == Empty
			}
			for n := 1; n < j && ok; n++ {
				s += hd.off2[i]
				ok = pos.board[s] == Empty
			}
			if ok {
				return true
			}
		}
	}
	return false
}

// promotedType returns the type the piece p becomes by move m, which must be
// a capture or a promotion, judged on the board before the move: with
// contagion (tai), a non-royal mover whose promotion is not royal becomes
// the contagion type of the last contagious piece it captures (victims in
// capture order: first and second intermediate squares, then the
// destination); otherwise it takes its normal promotion. It returns p's own
// type when the piece does not change (a promoted piece that captured).
func (pos *Position) promotedType(m Move, p Piece) PieceType {
	v := pos.v
	info := &v.Pieces[p.Type()]
	if v.hasContagion && !info.Royal && (info.PromotesTo == 0 || !v.Pieces[info.PromotesTo].Royal) {
		var c PieceType
		from := m.From()
		for i, s := range [3]Square{m.Mid(), m.Mid2(), m.To()} {
			// A lion dog's "out two, back one" ends on Mid, captured first.
			if s != NoSquare && s != from && !(i == 2 && s == m.Mid()) {
				if q := pos.board[s]; q.isPiece() && q.Color() != p.Color() && v.Pieces[q.Type()].Contagion != 0 {
					c = v.Pieces[q.Type()].Contagion
				}
			}
		}
		if c != 0 {
			return c
		}
	}
	if info.PromotesTo == 0 {
		return p.Type()
	}
	return info.PromotesTo
}

package movegen

import "math/bits"

// buildMoveMate fills moveCheck, mateVecs, vecBlocked and ringCover from
// dropCheck and the capture rays. A game of more than 64 attack vectors
// gets none, and MoveMate looks in vain there.
func (v *Variant) buildMoveMate(nt int) {
	if len(v.attack) > 64 {
		return
	}
	for m := range v.vecBlocked {
		for i, a := range v.attack {
			if a.near&uint8(m) != 0 {
				v.vecBlocked[m] |= 1 << i
			}
		}
	}
	for p := 2; p < 2*nt; p++ {
		info := &v.Pieces[Piece(p).Type()]
		if info.Royal {
			continue
		}
		v.buildRingCover(p)
		c := Piece(p).Color()
		checks := v.dropCheck[p]
		if info.PromotesTo != 0 {
			checks |= v.dropCheck[MakePiece(info.PromotesTo, c)]
		}
		v.moveCheck[c] |= checks
		for b := range boxOffsets {
			for i := range v.attack {
				if checks&(1<<b) != 0 && v.capRange[p][i] > 0 {
					v.mateVecs[c][b] |= 1 << i
				}
			}
		}
	}
}

// buildRingCover fills ringCover[p]: for each box cell, the centre's
// neighbours that piece p standing there attacks along a capture ray, the
// cells between taken as empty.
func (v *Variant) buildRingCover(p int) {
	for b, o := range boxOffsets {
		for dir := 1; dir <= 8; dir++ {
			t := dirOffset[dir] - o // from the box cell to the neighbour
			for _, ry := range v.rays[p] {
				for n := 1; t != 0 && ry.mode&modeCapture != 0 && n <= ry.max && n <= 4; n++ {
					if n*ry.off == t {
						v.ringCover[p][b] |= 1 << (dir - 1)
					}
				}
			}
		}
	}
}

// MoveMate returns a move on the board by the side to move that checkmates
// at once, or NullMove if there is none of the kind it looks for: a piece
// other than the royal moved (and promoted, where it may) within two files
// and ranks of the enemy royal, so that it attacks the royal from there in
// one step or leap. Other mates (a drop, which is DropMate's; a check
// along a line from further off; a check only by the line the mover opens)
// it does not look for. It answers only in games with the check rule where
// every piece moves and captures along the same single-leg rays
// (plainAttacks: shogi, okisaki, heian, heian dai), and NullMove in the
// others.
//
// The movers onto a cell are the pieces of the side to move that attack it
// (the attack vectors, on the board as it stands). A mover's piece must
// attack, from its new cell, every neighbour of the royal that the royal
// could step to unattacked now (mateRing), except its own cell and those
// in line with the cell it leaves, where its move may open an attack;
// what is left is tried on the board set by hand, the mover on its cell
// and the royal lifted: the royal taking it or stepping to a cell the side
// to move would not attack, another piece taking it (defenderReaches).
// Only a move that passes these is asked whether it is legal. The position
// is unchanged when it returns.
func (pos *Position) MoveMate() Move {
	v := pos.v
	if !v.plainAttacks {
		return NullMove
	}
	us, them := pos.side, pos.side.Other()
	k, own := pos.king[them], pos.king[us]
	if k == NoSquare {
		return NullMove
	}
	ring := mateRing{k: k}
	for c := v.moveCheck[us]; c != 0; c &= c - 1 {
		b := bits.TrailingZeros32(c)
		d := Square(int(k) + boxOffsets[b])
		if q := pos.board[d]; q == Edge || q != Empty && q.Color() == us {
			continue
		}
		// A vector whose first cell beyond d holds an enemy piece or lies
		// off the board brings no mover.
		vecs := v.mateVecs[us][b] &^ v.vecBlocked[pos.near[them][d]|v.edgeNear[d]]
		for ; vecs != 0; vecs &= vecs - 1 {
			if s := pos.rayAttacker(d, bits.TrailingZeros64(vecs), us); s != NoSquare && s != own {
				if m := pos.moveMates(s, d, b, &ring); m != NullMove {
					return m
				}
			}
		}
	}
	return NullMove
}

// mateRing is what the neighbours of the enemy royal on k offer it against
// the moves MoveMate tries, each read when first asked for (bit d-1 for
// dirOffset[d]): known marks the neighbours read, free those the royal
// could step to (empty or holding a piece of the side to move) that the
// side to move does not attack. The side to move attacks nothing through
// the royal, which would be in check.
type mateRing struct {
	k           Square
	known, free uint8
}

// unguarded returns the free neighbours among those in mask.
func (r *mateRing) unguarded(pos *Position, mask uint8) uint8 {
	us := pos.side
	for m := mask &^ r.known; m != 0; m &= m - 1 {
		dir := bits.TrailingZeros8(m) + 1
		r.known |= 1 << (dir - 1)
		e := Square(int(r.k) + dirOffset[dir])
		if q := pos.board[e]; q != Edge && (q == Empty || q.Color() == us) && !pos.attacked(e, us) {
			r.free |= 1 << (dir - 1)
		}
	}
	return r.free & mask
}

// moveMates returns the move of the piece on s to d, box cell b of the
// enemy royal, as it is or promoted, that attacks the royal from d and
// mates (MoveMate), or NullMove.
func (pos *Position) moveMates(s, d Square, b int, ring *mateRing) Move {
	v := pos.v
	mover := pos.board[s]
	promoted := v.Pieces[mover.Type()].PromotesTo
	own := uint8(0) // d as a neighbour of the royal
	if dir := dirOf(boxOffsets[b]); dir != 0 {
		own = 1 << (dir - 1)
	}
	for try := 0; try < 2; try++ {
		p, m := mover, NewMove(s, d)
		if try == 1 {
			if promoted == 0 {
				break
			}
			p, m = MakePiece(promoted, mover.Color()), m|movePromote
		}
		if v.dropCheck[p]&(1<<b) == 0 || !opensTo(ring.unguarded(pos, ^v.ringCover[p][b]&^own), s, ring.k) {
			continue
		}
		if pos.movedMates(s, d, ring.k, p, own != 0) && pos.IsLegal(m) {
			return m
		}
	}
	return NullMove
}

// opensTo reports whether each of the royal's neighbours in need (bit d-1
// for dirOffset[d]; the royal on k) is in line with s, so that the move
// from s could open an attack on it.
func opensTo(need uint8, s, k Square) bool {
	for ; need != 0; need &= need - 1 {
		if !inLine(s, Square(int(k)+dirOffset[bits.TrailingZeros8(need)+1])) {
			return false
		}
	}
	return true
}

// movedMates reports whether the opponent, its royal on k, has no reply to
// the piece on s moved to d (next to the royal if next is set) and become
// p, attacking the royal from there: the board is set by hand and
// restored.
func (pos *Position) movedMates(s, d, k Square, p Piece, next bool) bool {
	us := pos.side
	mover, taken, royal := pos.board[s], pos.board[d], pos.board[k]
	pos.board[s], pos.board[d], pos.board[k] = Empty, p, Empty
	// The mover's cell first: the royal takes an unguarded checker.
	mate := !next || pos.attackedBare(d, us)
	for dir := 1; dir <= 8 && mate; dir++ {
		e := Square(int(k) + dirOffset[dir])
		if q := pos.board[e]; e != d && q != Edge && (q == Empty || q.Color() == us) {
			mate = pos.attackedBare(e, us)
		}
	}
	pos.board[k] = royal
	mate = mate && !pos.defenderReaches(d, k)
	pos.board[s], pos.board[d] = mover, taken
	return mate
}

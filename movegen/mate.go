package movegen

import "math/bits"

// boxOffsets are the cell offsets of the 5x5 box around a cell, less the
// cell itself: the cells from which a dropped piece can check by a step or
// leap of up to two files or ranks (DropMate). The guard rows and columns
// keep every one of them inside the mailbox.
var boxOffsets = func() (o [24]int) {
	n := 0
	for dr := -2; dr <= 2; dr++ {
		for dc := -2; dc <= 2; dc++ {
			if dr != 0 || dc != 0 {
				o[n] = dr*Stride + dc
				n++
			}
		}
	}
	return o
}()

// buildDropChecks fills dropCheck and dropCheckFar for every piece of the
// variant's nt types, from their capture rays, boxSteps and plainAttacks,
// and MoveMate's tables (buildMoveMate): built only for a game with the
// check rule.
func (v *Variant) buildDropChecks(nt int) {
	v.dropCheck, v.dropCheckFar = [256]uint32{}, [256]uint32{}
	v.boxSteps, v.plainAttacks = nil, false
	v.moveCheck, v.mateVecs = [ColorCount]uint32{}, [ColorCount][len(boxOffsets)]uint64{}
	v.vecBlocked, v.ringCover = [256]uint64{}, [256][len(boxOffsets)]uint8{}
	if !v.Check {
		return
	}
	for p := 2; p < 2*nt; p++ {
		for b, o := range boxOffsets {
			for _, ry := range v.rays[p] {
				if ry.mode&modeCapture == 0 {
					continue
				}
				// The piece stands on k+o and must reach k: -o away.
				switch {
				case ry.off == -o:
					v.dropCheck[p] |= 1 << b
				case 2*ry.off == -o && ry.max >= 2:
					v.dropCheckFar[p] |= 1 << b
				}
			}
		}
		v.dropCheckFar[p] &^= v.dropCheck[p]
	}
	v.buildBoxSteps()
	v.buildMoveMate(nt)
	v.plainAttacks = !v.hasHooks && !v.hasEmperor
	for p := 2; p < 2*nt; p++ {
		if v.special[p] {
			v.plainAttacks = false
		}
		for _, ry := range v.rays[p] {
			if ry.mode != modeBoth {
				v.plainAttacks = false
			}
		}
	}
}

// DropMate returns a drop by the side to move that checkmates at once, or
// NullMove if there is none of the kind it looks for: a piece from hand
// dropped within two files and ranks of the enemy royal that attacks it
// from there, by a step or a leap or along a line with the cell between
// them empty. Other mates (a move on the board, a drop that checks from
// further off) it does not look for. It answers only in games with drops
// and the check rule, and never with a drop of a NoDropMate piece (the
// pawn-drop mate), which the rules forbid.
//
// Each drop it returns is legal and leaves the opponent in check without a
// legal reply. A drop is passed over when the royal could take the dropped
// piece or step to a cell the side to move does not attack, read from the
// board with the piece set down and the royal lifted (royalEscapes). What
// is left is decided, where every piece moves and captures along the same
// single-leg rays (plainAttacks, as in shogi and okisaki), by the other
// replies alone: another piece taking the dropped one, and, for a check
// across an empty cell, a piece moved or dropped onto that cell, each
// tried by hand for the royal's safety (defenderReaches, checkBlocked); in
// other games by making the drop and trying every reply (hasLegalMove).
// The position is unchanged when it returns.
func (pos *Position) DropMate() Move {
	v := pos.v
	if !v.Drops || !v.Check {
		return NullMove
	}
	us, them := pos.side, pos.side.Other()
	k := pos.king[them]
	if k == NoSquare {
		return NullMove
	}
	// The cells from which some piece in hand would check, and of those
	// the empty ones.
	var want, empty uint32
	for _, t := range v.mateHand {
		if pos.hand[us][t] != 0 {
			p := MakePiece(t, us)
			want |= v.dropCheck[p] | v.dropCheckFar[p]
		}
	}
	for c := want; c != 0; c &= c - 1 {
		b := bits.TrailingZeros32(c)
		if pos.board[int(k)+boxOffsets[b]] == Empty {
			empty |= 1 << b
		}
	}
	if empty == 0 {
		return NullMove
	}
	var ring royalRing
	for _, t := range v.mateHand {
		if pos.hand[us][t] == 0 {
			continue
		}
		p := MakePiece(t, us)
		near, far := v.dropCheck[p]&empty, v.dropCheckFar[p]&empty
		for c := near | far; c != 0; c &= c - 1 {
			b := bits.TrailingZeros32(c)
			d := Square(int(k) + boxOffsets[b])
			mid := NoSquare // the cell between a far checker and the royal
			if far&(1<<b) != 0 {
				if mid = Square((int(d) + int(k)) / 2); pos.board[mid] != Empty {
					continue // the line to the royal is blocked
				}
			}
			if pos.royalEscapes(&ring, p, d, k) {
				continue
			}
			m := NewDrop(t, d)
			if v.plainAttacks {
				pos.board[d] = p
				held := pos.defenderReaches(d, k) || mid != NoSquare && pos.checkBlocked(mid, k)
				pos.board[d] = Empty
				if !held && pos.IsLegal(m) {
					return m
				}
				continue
			}
			if !pos.IsLegal(m) {
				continue
			}
			pos.Make(m)
			mate := !pos.hasLegalMove()
			pos.Unmake()
			if mate {
				return m
			}
		}
	}
	return NullMove
}

// royalRing is what a royal's neighbours offer it against a drop next to
// it (royalEscapes), kept for all the drops DropMate tries: which of them
// the side to move attacks with the royal lifted off, each read when first
// asked for (bit d-1 for dirOffset[d]).
type royalRing struct {
	known, guarded uint8
}

// guards reports whether the side to move attacks cell e, next to the
// royal in direction dir, with the royal lifted off (the caller lifts it)
// and nothing else changed.
func (r *royalRing) guards(pos *Position, dir int, e Square) bool {
	bit := uint8(1) << (dir - 1)
	if r.known&bit == 0 {
		r.known |= bit
		if pos.attackedBare(e, pos.side) {
			r.guarded |= bit
		}
	}
	return r.guarded&bit != 0
}

// royalEscapes reports whether the royal on k, of the side not to move,
// could step out of the check of piece p dropped on the empty cell d: to a
// neighbouring cell (d included) that holds none of its own pieces and
// that the side to move would not attack with p on d and the royal gone
// from k. A drop adds only p's own attacks and takes away only those along
// a line through d, so a neighbour out of line with d keeps what the ring
// read before the drop, and one in line with d is read with p set down.
// The board is set by hand (the royal lifted) and restored. The neighbour
// masks are not touched, so the attack test is one that does not read
// them (attackedBare).
func (pos *Position) royalEscapes(ring *royalRing, p Piece, d, k Square) bool {
	us := pos.side
	them := us.Other()
	royal := pos.board[k]
	pos.board[k] = Empty
	// The dropped piece first: the royal takes an unguarded checker.
	escapes := false
	if dir := int(dirOf(int(d) - int(k))); dir != 0 {
		escapes = !ring.guards(pos, dir, d)
	}
	for dir := 1; dir <= 8 && !escapes; dir++ {
		e := Square(int(k) + dirOffset[dir])
		q := pos.board[e]
		if e == d || q == Edge || q != Empty && q.Color() == them {
			continue
		}
		if inLine(d, e) {
			// The drop may block a line to e: read e with p set down.
			pos.board[d] = p
			escapes = !pos.reaches(p, d, e) && !pos.attackedBare(e, us)
			pos.board[d] = Empty
		} else {
			escapes = !ring.guards(pos, dir, e) && !pos.reaches(p, d, e)
		}
	}
	pos.board[k] = royal
	return escapes
}

// inLine reports whether cells a and b share a rank, a file or a
// diagonal.
func inLine(a, b Square) bool {
	dr, dc := a.Row()-b.Row(), a.Col()-b.Col()
	return dr == 0 || dc == 0 || dr == dc || dr == -dc
}

// reaches reports whether piece p, standing on s, captures on t along one
// of the attack vectors, on the board as it stands (the cells between
// empty).
func (pos *Position) reaches(p Piece, s, t Square) bool {
	v := pos.v
	dr, dc := t.Row()-s.Row(), t.Col()-s.Col()
	if dr < -boxReach || dr > boxReach || dc < -boxReach || dc > boxReach {
		return false // not asked for: DropMate's cells are closer
	}
	for _, st := range v.boxSteps[(dr+boxReach)*(2*boxReach+1)+dc+boxReach] {
		if int(v.capRange[p][st.vec]) < int(st.n) {
			continue
		}
		off := v.attack[st.vec].off
		x := int(s) + off
		for ; x != int(t) && pos.board[x] == Empty; x += off {
		}
		if x == int(t) {
			return true
		}
	}
	return false
}

// boxReach bounds the rank and file distances that reaches answers for:
// DropMate asks only between cells of the 5x5 box around a royal that are
// next to it or two away from it.
const boxReach = 3

// boxStep is one way to cover a displacement along an attack vector: n
// steps of vector vec.
type boxStep struct{ vec, n uint8 }

// buildBoxSteps fills boxSteps: for each displacement of up to boxReach
// ranks and files, the attack vectors that cover it in whole steps, with
// their counts.
func (v *Variant) buildBoxSteps() {
	w := 2*boxReach + 1
	v.boxSteps = make([][]boxStep, w*w)
	for dr := -boxReach; dr <= boxReach; dr++ {
		for dc := -boxReach; dc <= boxReach; dc++ {
			diff := dr*Stride + dc
			for i, a := range v.attack {
				for n := 1; n <= a.max && n <= boxReach; n++ {
					if n*a.off == diff {
						k := (dr+boxReach)*w + dc + boxReach
						v.boxSteps[k] = append(v.boxSteps[k], boxStep{uint8(i), uint8(n)})
					}
				}
			}
		}
	}
}

// defenderReaches reports whether the side not to move, its royal on k,
// can move a piece other than the royal onto c (taking what stands there)
// without leaving the royal attacked: taking the checker on c, or blocking
// its line there (the royal's own moves are royalEscapes'). Only for
// plainAttacks variants, where the attack vectors find every such mover.
func (pos *Position) defenderReaches(c, k Square) bool {
	them := pos.side.Other()
	for i := range pos.v.attack {
		if s := pos.rayAttacker(c, i, them); s != NoSquare && s != k && pos.safeWith(s, c, k) {
			return true
		}
	}
	return false
}

// checkBlocked reports whether the side not to move, its royal on k, can
// put a piece on the empty cell c without leaving the royal attacked: a
// drop that the rules allow there (a drop opens no line), or a move
// (defenderReaches).
func (pos *Position) checkBlocked(c, k Square) bool {
	them := pos.side.Other()
	for _, t := range pos.v.HandTypes {
		if pos.hand[them][t] != 0 && pos.mayDrop(MakePiece(t, them), c) {
			return true
		}
	}
	return pos.defenderReaches(c, k)
}

// safeWith reports whether the royal on k is safe from the side to move
// once the piece on s has moved to t (taking whatever stands there): the
// board is set by hand and restored.
func (pos *Position) safeWith(s, t, k Square) bool {
	mover, taken := pos.board[s], pos.board[t]
	pos.board[t], pos.board[s] = mover, Empty
	safe := !pos.attackedBare(k, pos.side)
	pos.board[s], pos.board[t] = mover, taken
	return safe
}

// attackedBare is attacked without the neighbour masks, for a board set by
// hand: whether side by attacks s.
func (pos *Position) attackedBare(s Square, by Color) bool {
	v := pos.v
	for i := range v.attack {
		if pos.rayAttacker(s, i, by) != NoSquare {
			return true
		}
	}
	return v.hasHooks && pos.hookAttacks(s, by)
}

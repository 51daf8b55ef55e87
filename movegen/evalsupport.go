package movegen

// AppendEmptyMoves appends to dst the distinct squares that piece p standing
// on from could move to if every other square of the board were empty, and
// returns the extended slice. These are the destinations GeneratePseudo
// gives the piece on such a board: its single-leg moves (steps, jumps and
// slides with the move mode), its hook moves and an emperor's whole board.
// Two-leg moves and lion dog paths need a victim on their first squares, so
// on an empty board they add nothing but the pass, which is not counted;
// capture-only moves are not counted either.
//
// It reads only the variant's concluded tables and allocates only when dst
// has too little capacity. It exists for table builders such as the
// evaluator's mobility tables; it knows nothing about scores.
func (v *Variant) AppendEmptyMoves(dst []Square, p Piece, from Square) []Square {
	if !p.isPiece() || !v.OnBoard(from) {
		return dst
	}
	var seen [NumCells]bool
	add := func(s Square) {
		if !seen[s] {
			seen[s] = true
			dst = append(dst, s)
		}
	}
	seen[from] = true // a pass is not a destination
	for _, r := range v.rays[p] {
		if r.mode&modeMove == 0 {
			continue
		}
		to := int(from)
		for n := 0; n < r.max; n++ {
			to += r.off
			if to < 0 || to >= NumCells || !v.OnBoard(Square(to)) {
				break
			}
			add(Square(to))
		}
	}
	if v.kinds[p]&kindHook != 0 {
		for _, h := range v.hooks[p] {
			for c := int(from) + h.off1; c >= 0 && c < NumCells && v.OnBoard(Square(c)); c += h.off1 {
				for k := 0; k < h.n; k++ {
					for t := c + h.off2[k]; t >= 0 && t < NumCells && v.OnBoard(Square(t)); t += h.off2[k] {
						add(Square(t))
					}
				}
			}
		}
	}
	if v.kinds[p]&kindEmperor != 0 {
		for _, t := range v.cells {
			add(t)
		}
	}
	return dst
}

// UniversalLeaper reports whether pieces of type t move like tai's emperor
// (@emperor): to any square of the board not held by a friend. The
// evaluation treats every loose piece as attacked while the enemy has one.
func (v *Variant) UniversalLeaper(t PieceType) bool {
	return int(t) > 0 && int(t) < len(v.Pieces) && v.Pieces[t].kinds.set&kindEmperor != 0
}

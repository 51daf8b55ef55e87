package movegen

// Mobility returns how many squares the piece on s reaches with its
// single-leg moves (its rays, as GeneratePseudo walks them): the empty
// squares it may move to and the enemy pieces it may capture, each square
// once whatever the promotion choices. A friendly piece or the edge ends a
// ray. Special moves (a lion's two steps, a hook mover's bend, igui,
// ranging captures) add nothing, and neither do drops; 0 for an empty
// square. It is an evaluation's measure of how free a piece is, not a
// move count, and it does not allocate.
func (pos *Position) Mobility(s Square) int {
	p := pos.board[s]
	if !p.isPiece() {
		return 0
	}
	them := p.Color().Other()
	rays := pos.v.rays[p]
	n := 0
	for k := range rays {
		r := &rays[k]
		if r.overN != 0 && pos.clearPath(s, r.over, r.overN) {
			continue // the slide along r.over reaches this square
		}
		to := int(s)
		for range r.max {
			to += r.off
			q := pos.board[to]
			if q == Empty {
				if r.mode&modeMove != 0 {
					n++
				}
				continue
			}
			if q != Edge && q.Color() == them && r.mode&modeCapture != 0 {
				n++
			}
			break
		}
	}
	return n
}

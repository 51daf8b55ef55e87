package movegen

// normalizeRays makes a piece's single-leg rays generate every move once
// where its Betza atoms overlap (Reiwa's Buddhist Spirit, Lion plus Queen
// KNAD...Q; the Mountain Crane's fF steps and fB slides):
//
//   - a ray whose offset and moves another ray of the piece already covers
//     (same offset, at least its range, at least its modes) is dropped: K
//     steps under a Q slide;
//   - a jump (range 1) to k = 2 or 3 steps along a slide that reaches that
//     far with at least its modes duplicates the slide when the k-1 squares
//     between are empty, so it gets over/overN and GeneratePseudo makes it
//     only when one of those squares is occupied: D and A jumps beside a Q
//     slide.
//
// The moves a piece can make do not change; the built-in games before Reiwa
// have no such overlaps.
func normalizeRays(rs []ray) []ray {
	covers := func(a, b ray) bool { // a makes every move b makes
		return a.off == b.off && a.max >= b.max && a.mode&b.mode == b.mode
	}
	var out []ray
	for i, r := range rs {
		dup := false
		for j, o := range rs {
			// Of two identical rays keep the first.
			if j != i && covers(o, r) && (!covers(r, o) || j < i) {
				dup = true
				break
			}
		}
		if dup {
			continue
		}
		if r.max == 1 {
			for _, o := range rs {
				if o.max < 2 || o.mode&r.mode != r.mode {
					continue
				}
				for k := 2; k <= 3 && k <= o.max; k++ {
					if k*o.off == r.off {
						r.over, r.overN = o.off, k-1
					}
				}
			}
		}
		out = append(out, r)
	}
	return out
}

// clearPath reports whether the n squares from+off, from+2*off, ... are
// empty.
func (pos *Position) clearPath(from Square, off, n int) bool {
	s := int(from)
	for i := 0; i < n; i++ {
		s += off
		if pos.board[s] != Empty {
			return false
		}
	}
	return true
}

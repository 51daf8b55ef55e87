package movegen

// attacked reports whether side by attacks square s: whether one of its
// pieces could capture there with a single-leg move, or a hook mover by a
// bent move. Two-leg moves and lion dog paths add no squares (the concluder
// checks that every square they capture on is also a single-leg capture of
// the same piece: checkAttackCoverage). An emperor is not counted: its
// captures depend on protection (emperorCaptureOK).
//
// A king line whose first cell holds a piece of the other side, or is off
// the board, cannot attack; the neighbour masks say which those are, so
// attacked needs them in step with the board (Make and Unmake keep them;
// SEE and DropMate, which set pieces by hand, use leastAttacker and
// attackedBare).
func (pos *Position) attacked(s Square, by Color) bool {
	v := pos.v
	blocked := pos.near[by.Other()][s] | v.edgeNear[s]
	for i := range v.attack {
		if v.attack[i].near&blocked == 0 && pos.rayAttacker(s, i, by) != NoSquare {
			return true
		}
	}
	return v.hasHooks && pos.hookAttacks(s, by)
}

// hookAttacks reports whether one of side by's hook movers attacks s by a
// bent move. Hook movers reach squares off their lines; the attack vectors
// cannot describe them, so each one is asked.
func (pos *Position) hookAttacks(s Square, by Color) bool {
	v := pos.v
	for i := 0; i < pos.count[by]; i++ {
		h := pos.list[by][i]
		if q := pos.board[h]; v.kinds[q]&kindHook != 0 && pos.hookReaches(q, h, s) {
			return true
		}
	}
	return false
}

// rayAttacker returns the square of the piece of side by that attacks s
// along attack vector i (the first piece met on the line, if its capture
// range reaches), or NoSquare.
func (pos *Position) rayAttacker(s Square, i int, by Color) Square {
	v := pos.v
	a := &v.attack[i]
	t := int(s)
	for n := 1; n <= a.max; n++ {
		t -= a.off
		q := pos.board[t]
		if q == Empty {
			continue
		}
		if q != Edge && q.Color() == by && int(v.capRange[q][i]) >= n {
			return Square(t)
		}
		break
	}
	return NoSquare
}

// Attacked reports whether side by attacks square s.
func (pos *Position) Attacked(s Square, by Color) bool { return pos.attacked(s, by) }

// RoyalThreatened reports whether the royal piece on s is threatened by
// its enemy as InCheck counts it: attacked, or (with an emperor) one the
// enemy emperor's capture rule lets it take. It is meant for display (a
// board highlighting royals in check), for either side.
func (pos *Position) RoyalThreatened(s Square) bool {
	p := pos.board[s]
	if !p.isPiece() {
		return false
	}
	if pos.v.Check {
		return pos.attacked(s, p.Color().Other())
	}
	return pos.royalThreatened(s, p.Color().Other())
}

// InCheck reports whether the side to move has a royal piece under attack
// (in royal-capture games with an emperor, also one the enemy emperor's
// capture rule lets it take).
func (pos *Position) InCheck() bool {
	us := pos.side
	if pos.v.Check {
		return pos.attacked(pos.king[us], us.Other())
	}
	switch pos.royals[us] {
	case 0:
		return false
	case 1:
		return pos.royalThreatened(pos.king[us], us.Other())
	}
	for i := 0; i < pos.count[us]; i++ {
		s := pos.list[us][i]
		if pos.v.Pieces[pos.board[s].Type()].Royal && pos.royalThreatened(s, us.Other()) {
			return true
		}
	}
	return false
}

// Threatened reports whether side by threatens the piece on s, worth
// value in an exchange (its Value; SEERoyal for a royal): whether by
// attacks s with a piece worth less than value, or attacks s at all while
// no piece of the other side defends it. Attacks are the ones Attacked
// counts. It is an evaluation's test of a piece en prise (the side to
// move's pieces that the other side threatens are what a stand-pat score
// leaves out), not an exchange evaluation: pins, x-rays and the order of
// the recaptures play no part.
func (pos *Position) Threatened(s Square, by Color, value int) bool {
	if !pos.attacked(s, by) {
		return false
	}
	if _, val := pos.leastAttacker(s, by, value); val < value {
		return true
	}
	return !pos.attacked(s, by.Other())
}

// Threat returns the most the piece on s could win with one capture where
// it stands, by the attacks the repetition rules count (pieceAttacks:
// single legs, hook movers' bent captures, the emperor's captures its rule
// allows; a lion's double capture counts as its better victim alone): over
// the enemy pieces it attacks, the victim's Value where no enemy piece
// defends it, else the victim's Value less the attacker's; 0 when it
// attacks nothing, or nothing but royals and defended pieces worth no more
// than itself. It is a search's test of what a move just made threatens,
// not an exchange evaluation.
func (pos *Position) Threat(s Square) int {
	p := pos.board[s]
	if !p.isPiece() {
		return 0
	}
	v := pos.v
	enemy := p.Color().Other()
	own := v.Pieces[p.Type()].Value
	best := 0
	gain := func(t Square) {
		info := &v.Pieces[pos.board[t].Type()]
		if info.Royal {
			return
		}
		g := info.Value - own
		if g < info.Value && !pos.attacked(t, enemy) {
			g = info.Value
		}
		best = max(best, g)
	}
	if v.kinds[p]&(kindHook|kindEmperor) != 0 {
		for _, t := range pos.list[enemy][:pos.count[enemy]] {
			if pos.pieceAttacks(p, s, t) {
				gain(t)
			}
		}
		return best
	}
	for _, r := range v.rays[p] {
		if r.mode&modeCapture == 0 {
			continue
		}
		x := int(s)
		for n := 0; n < r.max; n++ {
			x += r.off
			q := pos.board[x]
			if q == Empty {
				continue
			}
			if q != Edge && q.Color() == enemy {
				gain(Square(x))
			}
			break
		}
	}
	return best
}

package eval

import "github.com/kirin-shogi/kirin/movegen"

// New builds the evaluator of a concluded variant with its BuiltinWeights,
// precomputing every table (see the package documentation for the terms
// and their scales).
func New(v *movegen.Variant) *Evaluator {
	return NewWith(v, BuiltinWeights(v))
}

// NewWith builds the evaluator of a concluded variant with the given
// weights. A Material slice of the wrong length is replaced by the
// defaults', and a Square or King table of the wrong length is left out.
func NewWith(v *movegen.Variant, w Weights) *Evaluator {
	w = w.Clone()
	if len(w.Material) != len(v.Pieces) {
		w.Material = DefaultWeights(v).Material
	}
	if len(w.Square) != SquareCount(v) {
		w.Square = nil
	}
	if len(w.King) != KingCount(v) {
		w.King = nil
	}
	e := newEvaluator(v, true)
	e.w = w
	e.tempo = w.Tempo
	e.zone = w.Zone != 0 || w.ZoneHand != 0
	e.reach = w.Reach != 0
	e.chase = w.Chase != 0 || w.ChaseMob != 0 || w.ChaseEdge != 0 || w.ChaseRoyal != 0
	e.endSafety = w.EndGuard != 0 || w.EndPressure != 0
	for t := 1; t < len(v.Pieces); t++ {
		st := newTypeStats(v, movegen.PieceType(t))
		for _, s := range cells(v) {
			score := w.Material[t] + st.placement(&w, s) + promotion(v, &w, movegen.PieceType(t), s)
			if w.Square != nil {
				score += w.Square[SquareIndex(v, movegen.PieceType(t), s)]
			}
			e.setPSQ(movegen.PieceType(t), s, int32(score))
		}
	}
	for _, t := range e.handTypes {
		e.hand[t] = int32(w.Material[t] + v.Pieces[t].Value*w.Hand/WeightUnit)
	}
	if !v.Drops {
		for _, s := range cells(v) {
			e.royalEnd[s] = int32(royalCentreBonus(v, w.Centre, s))
		}
	}
	for c := range e.press {
		for p := range e.press[c] {
			a := e.press[c][p][1]
			e.press[c][p][0] = a * int32(w.Pressure) / WeightUnit
		}
	}
	return e
}

// materialValue is the material worth of type t: its Value, and for a
// royal at least the Value of the strongest non-royal piece. Where a side
// can have several royals (chu's crown prince, tai's emperor and prince)
// losing one is not the end of the game but is a heavy loss, so a King
// with Value 0 must not look free; with one royal a side the term is the
// same for both sides and cancels.
func materialValue(v *movegen.Variant, t movegen.PieceType) int {
	info := &v.Pieces[t]
	if !info.Royal {
		return info.Value
	}
	best := info.Value
	for i := 1; i < len(v.Pieces); i++ {
		if !v.Pieces[i].Royal {
			best = max(best, v.Pieces[i].Value)
		}
	}
	return best
}

// NewMaterial builds an evaluator that counts material only: PieceInfo.Value
// for every piece on the board and in hand, no other term and no tempo. It
// is meant as a weak reference opponent (a 1-ply material player in
// self-play tests).
func NewMaterial(v *movegen.Variant) *Evaluator {
	e := newEvaluator(v, false)
	e.w = DefaultWeights(v)
	for t := 1; t < len(v.Pieces); t++ {
		for _, s := range cells(v) {
			e.setPSQ(movegen.PieceType(t), s, int32(materialValue(v, movegen.PieceType(t))))
		}
	}
	for _, t := range e.handTypes {
		e.hand[t] = int32(v.Pieces[t].Value)
	}
	return e
}

// newEvaluator sets up what both kinds of evaluator share: the piece data,
// the royal box, the hand types and the start position's phase material.
func newEvaluator(v *movegen.Variant, full bool) *Evaluator {
	e := &Evaluator{
		v:         v,
		full:      full,
		psq:       make([]psqEntry, 2*len(v.Pieces)*movegen.NumCells),
		packed:    make([]int64, 2*len(v.Pieces)*movegen.NumCells),
		handTypes: append([]movegen.PieceType(nil), v.HandTypes...),
		huntNear:  huntNearTable(),
	}
	for t := 1; t < len(v.Pieces); t++ {
		info := &v.Pieces[t]
		d := pieceData{royal: info.Royal, leaper: v.UniversalLeaper(movegen.PieceType(t)), attack: int32(min(attackBase+max(info.Value, 0)/attackDiv, attackMax))}
		if !info.Royal {
			d.phase = int32(info.Value)
		}
		e.anyLeaper = e.anyLeaper || d.leaper
		for c := movegen.Color(0); c < movegen.ColorCount; c++ {
			p := movegen.MakePiece(movegen.PieceType(t), c)
			e.piece[p] = d
			e.piece[p].lastRow = lastRow(v, p)
			if !d.royal {
				e.guard[c][p] = 1
			}
			e.press[c.Other()][p][1] = d.attack
		}
	}
	// The royal's box: the eight king steps first, then the rest.
	for r := 1; r <= boxRadius; r++ {
		for dr := -r; dr <= r; dr++ {
			for dc := -r; dc <= r; dc++ {
				if max(abs(dr), abs(dc)) == r {
					e.boxOff = append(e.boxOff, dr*movegen.Stride+dc)
				}
			}
		}
		if r == 1 {
			e.boxAdj = len(e.boxOff)
		}
	}
	for b := range e.step {
		e.step[b] = movegen.KingStep(b + 1)
	}
	if pos, err := movegen.NewPosition(v, v.StartSFEN); err == nil {
		e.startPhase = int32(phaseMaterial(e, pos))
	}
	return e
}

// lastRow is the row of the last rank of p's owner if p, standing on any
// square of it, has no move off it on an empty board (Variant.
// AppendEmptyMoves; a piece with no move there at all counts), else -1.
// Promotion is not seen: a Side Mover that captures on its last rank may
// promote there and leave.
func lastRow(v *movegen.Variant, p movegen.Piece) int8 {
	row := 0
	if p.Color() == movegen.White {
		row = v.Ranks - 1
	}
	var to []movegen.Square
	for f := 0; f < v.Files; f++ {
		to = v.AppendEmptyMoves(to[:0], p, movegen.MakeSquare(row, f))
		for _, s := range to {
			if s.Row() != row {
				return -1
			}
		}
	}
	return int8(row)
}

// phaseMaterial sums the non-royal material of both sides, on the board and
// in hand.
func phaseMaterial(e *Evaluator, pos *movegen.Position) int {
	m := 0
	for c := movegen.Color(0); c < movegen.ColorCount; c++ {
		for _, s := range pos.Pieces(c) {
			m += int(e.piece[pos.At(s)].phase)
		}
		for _, t := range e.handTypes {
			m += pos.Hand(c, t) * int(e.piece[movegen.MakePiece(t, c)].phase)
		}
	}
	return m
}

// setPSQ stores the score of a Black piece of type t on s, and the same
// score for a White one on the square turned by 180 degrees, White's
// equivalent (movegen's White moves are Black's turned the same way).
func (e *Evaluator) setPSQ(t movegen.PieceType, s movegen.Square, score int32) {
	pb := movegen.MakePiece(t, movegen.Black)
	pw := movegen.MakePiece(t, movegen.White)
	d := &e.piece[pb]
	e.psq[int(pb)*movegen.NumCells+int(s)] = psqEntry{score, d.phase}
	e.psq[int(pw)*movegen.NumCells+int(rotate(e.v, s))] = psqEntry{score, d.phase}
	pk := pack(score, d.phase)
	e.packed[int(pb)*movegen.NumCells+int(s)] = pk
	e.packed[int(pw)*movegen.NumCells+int(rotate(e.v, s))] = pk
}

// pack puts a piece-square score and phase material into one int64 so
// that sums of packed values are sums of both (see unpack): the position
// adds them up incrementally (Attach).
func pack(score, phase int32) int64 { return int64(phase)<<32 + int64(score) }

// unpack splits a sum of packed values into the score and phase sums. The
// score sum must fit in 32 bits, which holds for any board: 625 pieces of
// at most a few thousand each.
func unpack(sum int64) (score, phase int) {
	low := int32(sum)
	return int(low), int((sum - int64(low)) >> 32)
}

// cells lists the playing squares of v.
func cells(v *movegen.Variant) []movegen.Square {
	out := make([]movegen.Square, 0, v.Files*v.Ranks)
	for r := 0; r < v.Ranks; r++ {
		for f := 0; f < v.Files; f++ {
			out = append(out, movegen.MakeSquare(r, f))
		}
	}
	return out
}

// rotate turns a square by 180 degrees: the same square from the other
// side's point of view.
func rotate(v *movegen.Variant, s movegen.Square) movegen.Square {
	return movegen.MakeSquare(v.Ranks-1-s.Row(), v.Files-1-s.Col())
}

// typeStats is what the placement term needs to know about one piece type,
// as Black.
type typeStats struct {
	info *movegen.PieceInfo
	v    *movegen.Variant
	// mob is the number of empty-board moves from each cell.
	mob []int
	// total and n: the average mobility over the cells where the piece can
	// move is total/n.
	total, n int
	// stepper marks forward-only steppers (see forwardStepper).
	stepper bool
}

// newTypeStats computes the mobility table of type t (as Black) and its
// average.
func newTypeStats(v *movegen.Variant, t movegen.PieceType) *typeStats {
	p := movegen.MakePiece(t, movegen.Black)
	st := &typeStats{info: &v.Pieces[t], v: v, mob: make([]int, movegen.NumCells), stepper: forwardStepper(v, p)}
	buf := make([]movegen.Square, 0, movegen.MaxFiles*movegen.MaxRanks)
	for _, s := range cells(v) {
		m := len(v.AppendEmptyMoves(buf[:0], p, s))
		st.mob[s] = m
		if m > 0 {
			st.total += m
			st.n++
		}
	}
	return st
}

// placement is the placement term of a Black piece of the type on s:
// Value*Mobility/256 per unit of relative mobility above or below its
// average, -Value*Immobile/256 where it can never move, and the rank term
// (forward). Royals get none (their placement is the royal terms).
func (st *typeStats) placement(w *Weights, s movegen.Square) int {
	val := st.info.Value
	if st.info.Royal || val <= 0 || st.n == 0 {
		return 0
	}
	if st.mob[s] == 0 {
		return -val * w.Immobile / WeightUnit
	}
	// (m - avg) / avg with avg = total/n.
	return val*(st.mob[s]*st.n-st.total)*w.Mobility/(st.total*WeightUnit) + st.forward(w, s)
}

// forward is the rank part of placement for a Black piece of the type on
// s: up to Value*Advance/256 on the enemy's back rank for forward-only
// steppers, and in a game where no promotion zone draws pieces forward
// (tai promotes on capture) up to Value*Forward/256 for every other piece;
// less in proportion nearer home, nothing on the home rank.
func (st *typeStats) forward(w *Weights, s movegen.Square) int {
	var scale int
	switch st.rankKind() {
	case rankAdvance:
		scale = w.Advance
	case rankForward:
		scale = w.Forward
	default:
		return 0
	}
	return st.info.Value * st.rankShare(s) * scale / ((st.v.Ranks - 1) * WeightUnit)
}

// Kinds of rank term (forward).
const (
	rankNone = iota
	rankAdvance
	rankForward
)

// rankKind tells which weight scales the type's rank term: Advance for a
// forward-only stepper, Forward for another non-royal piece in a game
// without a promotion zone, none otherwise.
func (st *typeStats) rankKind() int {
	switch {
	case st.v.Ranks <= 1:
		return rankNone
	case st.stepper:
		return rankAdvance
	case st.v.ZoneDepth <= 0 || st.v.Promotion == movegen.PromoCapture:
		return rankForward
	}
	return rankNone
}

// rankShare is the ranks a Black piece on s stands from its home rank:
// the rank term is Value*rankShare/(Ranks-1) times its weight.
func (st *typeStats) rankShare(s movegen.Square) int { return st.v.Ranks - 1 - s.Row() }

// forwardStepper reports whether every empty-board move of Black piece p
// from the middle of the board is a single step forward (straight or
// diagonal): a Pawn, a Stone General. Such pieces can never come back, so
// advancing them is their only way to matter.
func forwardStepper(v *movegen.Variant, p movegen.Piece) bool {
	from := movegen.MakeSquare(v.Ranks/2, v.Files/2)
	moves := v.AppendEmptyMoves(nil, p, from)
	for _, s := range moves {
		if s.Row() != from.Row()-1 || abs(s.Col()-from.Col()) > 1 {
			return false
		}
	}
	return len(moves) > 0
}

// promotion is the promotion potential of a Black piece of type t on s: a
// fraction of min(promoted - base value, promoGainCap * base value) that
// grows as the piece nears its zone, Promo[k]/256 of it k ranks short (0:
// inside). Pieces that do not promote, or would promote to something
// worth no more, get nothing; so do all pieces of a game without a
// promotion zone.
func promotion(v *movegen.Variant, w *Weights, t movegen.PieceType, s movegen.Square) int {
	gain, k := promotionGain(v, t, s)
	if k < 0 {
		return 0
	}
	return gain * w.Promo[k] / WeightUnit
}

// promotionGain returns the promotion gain of a Black piece of type t and
// how many ranks short of its zone s is (0: inside), or k = -1 if the
// promotion term does not apply there.
func promotionGain(v *movegen.Variant, t movegen.PieceType, s movegen.Square) (gain, k int) {
	info := &v.Pieces[t]
	if info.Royal || info.Promoted || info.PromotesTo == 0 || v.ZoneDepth <= 0 || v.Promotion == movegen.PromoCapture {
		return 0, -1
	}
	gain = v.Pieces[info.PromotesTo].Value - info.Value
	if gain <= 0 {
		return 0, -1
	}
	gain = min(gain, promoGainCap*max(info.Value, 0))
	// Ranks to go before the zone (Black's zone is rows 0..ZoneDepth-1).
	d := max(s.Row()-(v.ZoneDepth-1), 0)
	if d >= len(Weights{}.Promo) {
		return 0, -1
	}
	return gain, d
}

// royalCentreBonus is the endgame bonus of a royal on s: centre on the
// central squares, falling linearly to 0 on the outermost ring.
func royalCentreBonus(v *movegen.Variant, centre int, s movegen.Square) int {
	// Distances in half squares, so that boards of even size have their
	// four central squares at the same distance.
	dr := abs(2*s.Row() - (v.Ranks - 1))
	dc := abs(2*s.Col() - (v.Files - 1))
	far := max(v.Ranks-1, v.Files-1)
	if far == 0 {
		return 0
	}
	return centre * (far - max(dr, dc)) / far
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

package eval

import (
	"math/bits"

	"github.com/kirin-shogi/kirin/movegen"
)

// Scales of the terms, in centipawns or as fractions of a piece's Value.
// doc.go explains each.
const (
	// tempo is the bonus of the side to move.
	tempo = 10
	// centreDiv: placement is Value/centreDiv per unit of relative mobility.
	centreDiv = 16
	// deadDiv: a piece on a square where it can never move loses
	// Value/deadDiv.
	deadDiv = 2
	// advanceDiv: a forward-only stepper on the enemy's back rank gains
	// Value/advanceDiv, less in proportion nearer home.
	advanceDiv = 2
	// forwardDiv: in a game with no promotion zone, a piece other than a
	// royal or a forward-only stepper gains Value/forwardDiv on the
	// enemy's back rank, less in proportion nearer home.
	forwardDiv = 8
	// promoGainCap caps a piece's promotion gain at promoGainCap times its
	// own value.
	promoGainCap = 4
	// simplifyDiv: a material lead gains lead/simplifyDiv when the trailing
	// side has lost everything (see simplify).
	simplifyDiv = 4
	// handNum/handDen: a piece in hand is worth Value * handNum / handDen.
	handNum, handDen = 9, 8
	// guardBonus is the worth of one friendly piece next to a royal; at most
	// guardMax of them count.
	guardBonus, guardMax = 12, 3
	// Each enemy piece in the box of radius boxRadius around a royal costs
	// attackBase + Value/attackDiv, at most attackMax, twice as much when
	// adjacent.
	boxRadius                        = 2
	attackBase, attackDiv, attackMax = 10, 32, 50
	// zoneHandMax caps the enemy pieces in hand that Weights.ZoneHand
	// counts (zoneCost).
	zoneHandMax = 8
	// dangerDiv: a royal whose middle-game safety costs C centipawns costs
	// Weights.Danger/256 × C²/dangerDiv more (royalSafety).
	dangerDiv = 1000
	// royalCentre is the endgame bonus of a royal on the central squares.
	royalCentre = 50
	// chaseMax: the chase term applies once the side behind in non-royal
	// material has at most chaseMax non-royal pieces, in hand included.
	chaseMax = 4
	// hunt: a side ahead by huntFull or more in non-royal material gains
	// huntStep for every king step its piece is inside huntRadius of the
	// nearest enemy royal (less in proportion to a smaller lead; see hunt).
	huntRadius, huntStep, huntFull = 6, 4, 1000
	// After quietFree plies without a capture, promotion or drop the score
	// shrinks by 1/quietDiv per further ply, to at most quietMax/quietDiv
	// off (see stagnation).
	quietFree, quietMax, quietDiv = 20, 100, 200
	// looseDiv: while the enemy has a universal leaper, a non-royal piece
	// with no friend next to it costs Value/looseDiv (see loose).
	looseDiv = 4
	// Scores beyond ±scoreKnee are bent towards ±scoreCap (compress),
	// which stays below the search's mate scores.
	scoreKnee, scoreCap = 20000, 30000
	// phaseOne is the phase of a full board: the middle-game weight is
	// phase/phaseOne and the endgame weight (phaseOne-phase)/phaseOne.
	phaseOne = 256
)

// pieceData is what Evaluate needs to know about a piece (type and colour)
// besides its square.
type pieceData struct {
	// phase is the piece's Value if it counts towards the phase (non-royal),
	// else 0.
	phase int32
	// attack is the pressure the piece exerts on an enemy royal near it.
	attack int32
	royal  bool
	// leaper marks a universal leaper (tai's emperor; see loose).
	leaper bool
	// lastRow is the row of the owner's last rank if no move of the piece
	// standing anywhere on that rank leaves it (on an empty board, by
	// movegen's Variant.AppendEmptyMoves: heian dai's Side Mover and Iron,
	// and pieces with no move there at all), else -1. The chase's last
	// stage reads it (chaseTerm).
	lastRow int8
}

// psqEntry is what Evaluate reads for a piece on a square, in one place.
type psqEntry struct {
	score int32
	phase int32
}

// Evaluator scores positions of one variant. Build it with New or
// NewMaterial; it is read-only afterwards and safe for concurrent use.
type Evaluator struct {
	v *movegen.Variant
	// full is false for the material-only evaluator.
	full bool
	// psq[int(p)*movegen.NumCells+int(s)] is material, placement and
	// promotion potential of piece p on square s, for p's owner.
	psq []psqEntry
	// packed holds psq's score and phase as one int64 (pack): the square
	// table an attached position sums incrementally (Attach).
	packed []int64
	// piece holds per-piece data indexed by movegen.Piece.
	piece [256]pieceData
	// handTypes lists the types that can be in hand; hand[t] is the worth
	// of one piece of type t in hand.
	handTypes []movegen.PieceType
	hand      [movegen.MaxPieceTypes + 1]int32
	// royalEnd[s] is the endgame centralisation bonus of a royal on s (the
	// same for both colours: it is symmetric under the 180-degree turn).
	royalEnd [movegen.NumCells]int32
	// startPhase is the phase material of the start position; 0 means the
	// phase is always full.
	startPhase int32
	// boxOff lists the cell offsets of the box around a royal, the king
	// steps first (boxAdj of them).
	boxOff []int
	boxAdj int
	// step[b] is the cell offset of bit b of movegen's Neighbours masks.
	step [8]int
	// w are the weights the tables were built from.
	w Weights
	// tempo is the side to move's bonus.
	tempo int
	// guard[c][q] is 1 if q is a non-royal piece of c (a guard next to
	// c's royal); press[c][q] is the attack value of q if q is a piece of
	// c's opponent, scaled by Pressure ([0]) and unscaled ([1], for the
	// endgame safety), side by side so one walk of the box reads both;
	// all are 0 for empty and edge cells (royalSafety).
	guard [movegen.ColorCount][256]int8
	press [movegen.ColorCount][256][2]int32
	// anyLeaper is true when the variant has a universal leaper (loose).
	anyLeaper bool
	// zone is true when the weights give the attacked squares next to a
	// royal a cost (zoneCost).
	zone bool
	// reach is true when the weights give the squares the pieces reach a
	// worth (reach).
	reach bool
	// chase is true when the weights give the chase term or its last
	// stage a worth (chaseTerm, lastStand).
	chase bool
	// endSafety is true when the weights give the endgame royal safety a
	// worth (EndGuard, EndPressure).
	endSafety bool
	// huntNear[int(s)-int(r)+movegen.NumCells] is huntRadius minus the
	// king distance from s to r where that is positive, else 0 (see
	// huntNearTable).
	huntNear []int8
}

// MarginScale returns the weights' Margin (100 when unset): the
// search.Scaler method, by which the search widens its margins for this
// evaluation.
func (e *Evaluator) MarginScale() int {
	if e.w.Margin == 0 {
		return 100
	}
	return e.w.Margin
}

// defaultLMPWorse is LMPWorse when the weights leave it unset: the
// search's own default.
const defaultLMPWorse = 50

// LMPWorse returns the weights' LMPWorse (50 when unset): the
// search.Pruner method, by which the search sets how many quiet moves
// late-move pruning tries where the evaluation is not improving.
func (e *Evaluator) LMPWorse() int {
	if e.w.LMPWorse == 0 {
		return defaultLMPWorse
	}
	return e.w.LMPWorse
}

// LMPFactor returns the weights' LMPFactor (0 when unset: the search's
// Params.LMPFactor): the search.Pruner method, by which the search sets
// how fast late-move pruning's count of quiet moves grows with depth.
func (e *Evaluator) LMPFactor() int { return e.w.LMPFactor }

// RootReductions reports whether the search reduces late quiet root moves
// in this game (the weights' rootlmr; on when unset): the
// search.RootReducer method.
func (e *Evaluator) RootReductions() bool { return !e.w.NoRootLMR }

// LateLosingCaptures reports whether the search tries the captures that
// lose in the exchange after the quiet moves in this game (the weights'
// latebad; on when unset): a search.MoveRuler method.
func (e *Evaluator) LateLosingCaptures() bool { return !e.w.NoLateBad }

// ReducedChecks reports whether the search reduces late quiet moves that
// give check in this game (the weights' checklmr; off when unset): a
// search.MoveRuler method.
func (e *Evaluator) ReducedChecks() bool { return e.w.ReduceChecks }

// ContinuationPruning reports whether the search prunes late quiet moves
// by their continuation history in this game (the weights' contprune; on
// when unset): a search.MoveRuler method.
func (e *Evaluator) ContinuationPruning() bool { return !e.w.NoContPrune }

// ThreatRFP reports whether the search withholds reverse futility where
// the move into a node threatens more than the node's lead in this game
// (the weights' rfpthreat; off when unset): a search.MoveRuler method.
func (e *Evaluator) ThreatRFP() bool { return e.w.RFPThreat }

// QuiescenceExchange reports whether the quiescence search leaves out a
// capture by a more valuable piece only where it loses in the exchange, in
// a game without drops as in those with them (the weights' qsee; off when
// unset): a search.MoveRuler method.
func (e *Evaluator) QuiescenceExchange() bool { return e.w.QSEE }

// ThreatExtension returns the weights' ThreatExt (0 when unset: the
// search's Params.ThreatExt): the search.Extender method, by which the
// search extends a move at the horizon that threatens to win more than
// it.
func (e *Evaluator) ThreatExtension() int { return e.w.ThreatExt }

// CutoffCount returns the weights' CutoffCnt (0 when unset: the search's
// Params.CutoffCnt): the search.CutoffCounter method, by which the search
// reduces late quiet moves a ply more once the earlier ones were refuted
// more often than it.
func (e *Evaluator) CutoffCount() int { return e.w.CutoffCnt }

// Variant returns the variant the evaluator was built for.
func (e *Evaluator) Variant() *movegen.Variant { return e.v }

// Attach makes pos keep the sums of the evaluator's piece-square table
// incrementally (movegen's SetSquareTable), so that Evaluate on it need not
// loop over the pieces. A search attaches its own copy of the position
// once; Evaluate gives the same score either way.
func (e *Evaluator) Attach(pos *movegen.Position) {
	if pos.Variant() == e.v {
		// The table is sized for e.v, so this cannot fail.
		_ = pos.SetSquareTable(e.packed)
	}
}

// attached reports whether pos sums this evaluator's table (Attach).
func (e *Evaluator) attached(pos *movegen.Position) bool {
	t := pos.SquareTable()
	return len(t) > 0 && &t[0] == &e.packed[0]
}

// Evaluate returns the score of pos in centipawns from the side to move's
// point of view. pos must be a position of the evaluator's variant. It does
// not allocate and only reads the evaluator's tables, so several goroutines
// may share one Evaluator (each with its own Position).
func (e *Evaluator) Evaluate(pos *movegen.Position) int {
	return compress(e.raw(pos)) + e.tempo
}

// raw is the evaluation of pos before compress and the tempo: every term,
// stagnation applied. It is linear in the weights (see Linear).
func (e *Evaluator) raw(pos *movegen.Position) int {
	var side [movegen.ColorCount]int
	var safety, end, mat [movegen.ColorCount]int
	// royalSq[c] holds the squares of two of c's royals (hunt's targets;
	// royalTerms chooses them).
	var royalSq [movegen.ColorCount][2]movegen.Square
	phase := 0
	attached := e.attached(pos)
	for c := movegen.Color(0); c < movegen.ColorCount; c++ {
		var sum int
		if attached {
			sum, mat[c] = unpack(pos.SquareSum(c))
		} else {
			for _, s := range pos.Pieces(c) {
				en := &e.psq[int(pos.At(s))*movegen.NumCells+int(s)]
				sum += int(en.score)
				mat[c] += int(en.phase)
			}
		}
		for _, t := range e.handTypes {
			if n := pos.Hand(c, t); n != 0 {
				sum += n * int(e.hand[t])
				mat[c] += n * int(e.piece[movegen.MakePiece(t, c)].phase)
			}
		}
		phase += mat[c]
		if e.full {
			safety[c], end[c] = e.royalTerms(pos, c, &royalSq[c])
		}
		side[c] = sum
	}
	us, them := pos.SideToMove(), pos.SideToMove().Other()
	score := side[us] - side[them]
	if e.full {
		if e.anyLeaper {
			score += e.loose(pos, us)
		}
		ph := e.phase(phase)
		// Truncating division is symmetric in sign, so the mirror of a
		// position scores exactly the opposite.
		score += ((safety[us]-safety[them])*ph + (end[us]-end[them])*(phaseOne-ph)) / phaseOne
		score += e.simplify(mat[us], mat[them])
		if e.reach {
			score += e.reachTerm(pos, us)
		}
		if e.w.King != nil {
			score += e.kingTerm(pos, us)
		}
		switch lead := mat[us] - mat[them]; {
		case lead > 0:
			score += e.hunt(pos, us, royalSq[them], lead)
			if e.chase {
				score += e.chaseTerm(pos, us, royalSq[them][0], lead)
			}
		case lead < 0:
			score -= e.hunt(pos, them, royalSq[us], -lead)
			if e.chase {
				score -= e.chaseTerm(pos, them, royalSq[us][0], -lead)
			}
		}
		score = stagnation(score, pos.Quiet())
	}
	return score
}

// reachTerm is the worth of the squares the side to move's non-royal
// pieces reach (movegen's Position.Mobility) less that of the other
// side's: Weights.Reach/16 centipawns a square. The placement term knows
// only how free a piece is on an empty board; this one sees the board as
// it stands: blocked lines, a piece hemmed in by its own side, open files.
func (e *Evaluator) reachTerm(pos *movegen.Position, us movegen.Color) int {
	n := 0
	for c := movegen.Color(0); c < movegen.ColorCount; c++ {
		sum := 0
		for _, s := range pos.Pieces(c) {
			if !e.piece[pos.At(s)].royal {
				sum += pos.Mobility(s)
			}
		}
		if c == us {
			n += sum
		} else {
			n -= sum
		}
	}
	return n * e.w.Reach / huntUnit
}

// kingTerm is the king-relative table's sum (Weights.King) for the side to
// move's pieces less the other side's: each non-royal piece on the board
// takes its entry beside its own side's royal and its entry beside the
// enemy's.
func (e *Evaluator) kingTerm(pos *movegen.Position, us movegen.Color) int {
	kt := e.w.King
	n := 0
	for c := movegen.Color(0); c < movegen.ColorCount; c++ {
		own, foe := pos.RoyalSquare(c), pos.RoyalSquare(c.Other())
		sum := 0
		for _, s := range pos.Pieces(c) {
			p := pos.At(s)
			if e.piece[p].royal {
				continue
			}
			o, f := kingIndices(c, p.Type(), s, own, foe)
			if o >= 0 {
				sum += kt[o]
			}
			if f >= 0 {
				sum += kt[f]
			}
		}
		if c == us {
			n += sum
		} else {
			n -= sum
		}
	}
	return n
}

// compress keeps a score inside ±scoreCap: unchanged up to scoreKnee, then
// bent so that it nears scoreCap without reaching it. A tai side has about
// 180,000 in material, and a search reads any score near 31,000 as a won
// game (and clamps evaluations there); bending instead of cutting keeps a
// larger lead scoring higher, so an engine far ahead still sees what
// gains. It is odd (compress(-s) = -compress(s)) and never decreases:
// x past the knee, a centipawn more lead adds (10000/(10000+x))² of one
// (a gold in tai still shows at a lead of 100,000).
func compress(s int) int {
	switch {
	case s > scoreKnee:
		x := s - scoreKnee
		return scoreKnee + (scoreCap-scoreKnee)*x/(x+scoreCap-scoreKnee)
	case s < -scoreKnee:
		return -compress(-s)
	}
	return s
}

// royalTerms returns side c's royal safety (averaged over its royals) and
// its endgame terms (centralisation, and the endgame safety averaged over
// its royals), and stores the squares of two of its royals in sq, the hunt's
// targets: with three or more (tai's emperor, prince and promoted drunk
// elephant) the two of least royalRank. Not the first two in piece-list
// order: that order depends on the moves that led to the position, and is
// turned round in its mirror.
func (e *Evaluator) royalTerms(pos *movegen.Position, c movegen.Color, sq *[2]movegen.Square) (safe, end int) {
	switch pos.RoyalCount(c) {
	case 0:
		return 0, 0
	case 1:
		s := pos.RoyalSquare(c)
		sq[0] = s
		safe, endSafe := e.royalSafety(pos, s, c)
		return safe, int(e.royalEnd[s]) + endSafe
	}
	royals, endSafe := 0, 0
	var rank [2]int
	for _, s := range pos.Pieces(c) {
		p := pos.At(s)
		if !e.piece[p].royal {
			continue
		}
		switch r := e.royalRank(p, s); {
		case royals == 0 || r < rank[0]:
			sq[1], rank[1] = sq[0], rank[0]
			sq[0], rank[0] = s, r
		case royals == 1 || r < rank[1]:
			sq[1], rank[1] = s, r
		}
		royals++
		mid, late := e.royalSafety(pos, s, c)
		safe += mid
		endSafe += late
		end += int(e.royalEnd[s])
	}
	return safe / royals, end + endSafe/royals
}

// royalRank orders the royals of one side for royalTerms: by type, then by
// square, a White royal's square turned by 180 degrees so that a position
// and its mirror order their royals alike.
func (e *Evaluator) royalRank(p movegen.Piece, s movegen.Square) int {
	row, col := s.Row(), s.Col()
	if p.Color() == movegen.White {
		row, col = e.v.Ranks-1-row, e.v.Files-1-col
	}
	return (int(p.Type())*e.v.Ranks+row)*e.v.Files + col
}

// stagnation scales a score towards 0 as the plies without a capture,
// promotion or drop pile up: unchanged for quietFree plies, then 1/quietDiv
// less per ply, down to (quietDiv-quietMax)/quietDiv. None of these games
// has a fifty-move rule, and a side ahead that shuffles never wins; with
// this the side ahead gains by the exchange or the break that restarts the
// count, which is how a locked position is opened. It scales both signs
// alike, so colour symmetry holds.
func stagnation(score, quiet int) int {
	if quiet <= quietFree {
		return score
	}
	return score * (quietDiv - min(quiet-quietFree, quietMax)) / quietDiv
}

// hunt rewards the side c, ahead in non-royal material by lead, for
// bringing its pieces near the other side's royal (at most two squares in
// royals; a zero square is no royal): huntStep per king step inside
// huntRadius, per non-royal piece, scaled by min(lead, huntFull)/huntFull.
// A material lead alone does not win these games: the royal must be mated
// or captured, or (bare king) everything else taken, and on a big board a
// shallow search sees none of that. The term gives it a gradient towards
// the royal. Antisymmetric by construction: the caller gives it to the side
// ahead, whichever that is.
func (e *Evaluator) hunt(pos *movegen.Position, c movegen.Color, royals [2]movegen.Square, lead int) int {
	if royals[0] == 0 {
		return 0
	}
	near := 0
	// The weight of a piece is huntRadius minus its distance to the
	// nearer royal: the larger of the two table entries.
	w0 := e.huntNear[movegen.NumCells-int(royals[0]):]
	w1 := w0
	if royals[1] != 0 {
		w1 = e.huntNear[movegen.NumCells-int(royals[1]):]
	}
	pieces := pos.Pieces(c)
	switch pos.RoyalCount(c) {
	case 0, 1:
		// Sum every piece, then take c's one royal back out: cheaper than
		// asking each piece whether it is royal.
		if royals[1] == 0 {
			for _, s := range pieces {
				near += int(w0[s])
			}
		} else {
			for _, s := range pieces {
				near += int(max(w0[s], w1[s]))
			}
		}
		if r := pos.RoyalSquare(c); r != movegen.NoSquare {
			near -= int(max(w0[r], w1[r]))
		}
	default:
		for _, s := range pieces {
			// Most pieces are far away: look at the piece only when near.
			if w := max(w0[s], w1[s]); w != 0 && !e.piece[pos.At(s)].royal {
				near += int(w)
			}
		}
	}
	return near * e.w.Hunt * min(lead, huntFull) / (huntFull * huntUnit)
}

// chaseTerm rewards side c, ahead in non-royal material by lead, once the
// other side is down to chaseMax non-royal pieces or fewer (pieces in hand
// count): Chase/16 for every king step each non-royal piece of c stands
// nearer to the nearest of those pieces on the board than the board's
// larger side, less ChaseMob/16 for every square those pieces reach
// (Position.Mobility), scaled by min(lead, huntFull)/huntFull like the
// hunt. Such an ending is won by taking the last pieces (bare king) or by
// mating the royal they shield, and the last pieces run: the hunt pulls
// towards the royal only, and a search of ten plies sees no capture of a
// piece that keeps two steps away, so the side ahead shuffled until the
// move limit (docs/matches.md). Royals do not chase: a royal walking
// after the last pieces walks into their mate. With one piece or none
// left beside one royal (royal is its square), that one on the board, on
// its last rank (c's first) and unable to leave it (pieceData.lastRow),
// and one royal of c's, the chase gives way to its last stage
// (lastStand). Antisymmetric by construction, like the hunt.
func (e *Evaluator) chaseTerm(pos *movegen.Position, c movegen.Color, royal movegen.Square, lead int) int {
	them := c.Other()
	theirs := pos.Pieces(them)
	left := len(theirs) - pos.RoyalCount(them)
	for _, t := range e.handTypes {
		left += pos.Hand(them, t)
	}
	if left > chaseMax {
		return 0
	}
	var targets [chaseMax]movegen.Square
	n, reach, bound := 0, 0, 0
	for _, s := range theirs {
		if d := &e.piece[pos.At(s)]; !d.royal {
			targets[n] = s
			n++
			reach += pos.Mobility(s)
			if s.Row() == int(d.lastRow) {
				bound++
			}
		}
	}
	if left <= 1 && n == left && bound == n && pos.RoyalCount(them) == 1 && pos.RoyalCount(c) == 1 {
		return e.lastStand(pos, c, royal, lead)
	}
	if n == 0 {
		return 0
	}
	far := max(e.v.Files, e.v.Ranks)
	near := 0
	for _, s := range pos.Pieces(c) {
		if e.piece[pos.At(s)].royal {
			continue
		}
		d := far
		for _, t := range targets[:n] {
			d = min(d, kingDistance(s, t))
		}
		near += far - d
	}
	return (near*e.w.Chase - reach*e.w.ChaseMob) * min(lead, huntFull) / (huntFull * huntUnit)
}

// lastStand is the chase's last stage for side c, ahead in non-royal
// material by lead, against one royal on w with at most one non-royal
// piece beside it, on c's first rank and unable to leave it (chaseTerm
// decides): ChaseEdge/16 for every rank w stands nearer to c's far rank
// than the board is long, ChaseRoyal/16 for every king step c's royal
// stands nearer to w than the board's larger side, scaled like the
// hunt. In heian dai the last piece was most often a Side Mover on c's
// first rank, its own last, where it can only slide along the rank: the
// chase pulled c's pieces back towards it, the hunt forward to the
// royal, and they stood between the two until the move limit
// (docs/matches.md, "Forty-second session"). Gold-like pieces mate a
// royal on the rank ahead of them, so this drives the royal there, and
// c's own royal comes to help.
func (e *Evaluator) lastStand(pos *movegen.Position, c movegen.Color, w movegen.Square, lead int) int {
	// Ranks w stands from c's first rank, the far rank's Ranks-1 (row 0
	// is Black's far rank).
	up := e.v.Ranks - 1 - w.Row()
	if c == movegen.White {
		up = w.Row()
	}
	far := max(e.v.Files, e.v.Ranks)
	near := far - kingDistance(pos.RoyalSquare(c), w)
	return (e.w.ChaseEdge*up + e.w.ChaseRoyal*near) * min(lead, huntFull) / (huntFull * huntUnit)
}

// kingDistance is the number of king steps between squares a and b.
func kingDistance(a, b movegen.Square) int {
	return max(abs(a.Row()-b.Row()), abs(a.Col()-b.Col()))
}

// huntNearTable builds Evaluator.huntNear. An index is the difference of
// two cells, rows times movegen.Stride plus columns; a difference names one
// row and column offset only while the columns differ by less than
// Stride-MaxFiles+1, which holds for every entry the table does not leave
// at 0 (columns at most huntRadius-1 apart), so the lookup is exact.
func huntNearTable() []int8 {
	t := make([]int8, 2*movegen.NumCells)
	for dr := -(huntRadius - 1); dr < huntRadius; dr++ {
		for dc := -(huntRadius - 1); dc < huntRadius; dc++ {
			t[movegen.NumCells+dr*movegen.Stride+dc] = int8(huntRadius - max(abs(dr), abs(dc)))
		}
	}
	return t
}

// simplify rewards the side ahead in non-royal material for every piece
// the other side has lost: a lead of L is worth L * (lost share of the
// trailing side's start material) / simplifyDiv more. Trading down when
// ahead is how a won game is won, above all under the bare-king rule and
// where the royal must be hunted down on a large board; without the term
// the engine keeps its lead and shuffles. It is antisymmetric, so a
// position and its mirror still score opposite.
func (e *Evaluator) simplify(us, them int) int {
	lead, trailing, sign := us-them, them, 1
	if lead < 0 {
		lead, trailing, sign = -lead, us, -1
	}
	startSide := int(e.startPhase) / 2
	if lead == 0 || startSide <= 0 || trailing >= startSide {
		return 0
	}
	return sign * (lead * (startSide - trailing) / startSide) * e.w.Simplify / WeightUnit
}

// phase converts the phase material (both sides, board and hand) into the
// middle-game weight, 0 (bare board) to phaseOne (start material or more).
func (e *Evaluator) phase(material int) int {
	if e.startPhase <= 0 || material >= int(e.startPhase) {
		return phaseOne
	}
	return material * phaseOne / int(e.startPhase)
}

// royalSafety scores the surroundings of c's royal on s: friendly guards on
// the adjacent squares, enemy pieces in the box around it; safe by the
// middle-game weights (Guard, Pressure, the zone), end by the endgame ones
// (EndGuard, EndPressure).
func (e *Evaluator) royalSafety(pos *movegen.Position, s movegen.Square, c movegen.Color) (safe, end int) {
	guards, guard := 0, &e.guard[c]
	// The neighbour masks say which adjacent cells hold pieces: with one
	// royal every friend there is a guard; only enemies need a look.
	if pos.RoyalCount(c) == 1 {
		guards = bits.OnesCount8(pos.Neighbours(c, s))
	} else {
		for _, off := range e.boxOff[:e.boxAdj] {
			guards += int(guard[pos.At(movegen.Square(int(s)+off))])
		}
	}
	pressure, attack := e.boxSum(pos, s, c)
	safe = e.w.Guard*min(guards, guardMax) - pressure
	if e.zone {
		safe -= e.zoneCost(pos, s, c)
	}
	if safe < 0 && e.w.Danger != 0 {
		safe -= safe * safe * e.w.Danger / (WeightUnit * dangerDiv)
	}
	if e.endSafety {
		end = e.w.EndGuard*min(guards, guardMax) - attack*e.w.EndPressure/WeightUnit
	}
	return safe, end
}

// boxSum adds up press[c] over the enemy pieces in the box around c's
// royal on s, doubled next to it: the pressure on the royal scaled by
// Pressure, and its attack unscaled.
func (e *Evaluator) boxSum(pos *movegen.Position, s movegen.Square, c movegen.Color) (pressure, attack int) {
	t := &e.press[c]
	for m := pos.Neighbours(c.Other(), s); m != 0; m &= m - 1 {
		p := &t[pos.At(movegen.Square(int(s)+e.step[bits.TrailingZeros8(m)&7]))]
		pressure += 2 * int(p[0])
		attack += 2 * int(p[1])
	}
	for _, off := range e.boxOff[e.boxAdj:] {
		p := &t[pos.At(movegen.Square(int(s)+off))]
		pressure += int(p[0])
		attack += int(p[1])
	}
	return pressure, attack
}

// zoneCost is what the squares next to c's royal on s cost c: Zone for
// each square that holds no piece of c and that the enemy attacks, and
// ZoneHand more for each such square per enemy piece in hand. A material
// count sees none of the danger of a royal whose neighbourhood the enemy
// controls; in shogi that is how games are lost, with the attacker's
// pieces in hand dropped onto those squares. Squares c holds are left out:
// nothing can be dropped there, and leaving them out saves most of the
// attack tests around a castled king.
func (e *Evaluator) zoneCost(pos *movegen.Position, s movegen.Square, c movegen.Color) int {
	them := c.Other()
	n := 0
	for m := ^pos.Neighbours(c, s); m != 0; m &= m - 1 {
		if t := movegen.Square(int(s) + e.step[bits.TrailingZeros8(m)]); pos.At(t) != movegen.Edge && pos.Attacked(t, them) {
			n++
		}
	}
	if n == 0 {
		return 0
	}
	inHand := 0
	for _, t := range e.handTypes {
		inHand += pos.Hand(them, t)
	}
	return n * (e.w.Zone + e.w.ZoneHand*min(inHand, zoneHandMax))
}

// loose is what the loose pieces cost the side to move's opponent minus
// what they cost the side to move: Value/looseDiv for every non-royal
// piece with no friend on the 8 squares around it, while the other side
// has a universal leaper. Tai's emperor may take any non-royal piece
// anywhere on the board, so every unprotected piece is attacked at once; a
// search sees one of them go and not the next, and the 1-ply material
// engine picked the full engine's advanced pieces off one by one. Most of
// a piece's defenders stand next to it, which the neighbour masks tell at
// one load a piece. One pass over each side's pieces finds both its
// leapers and its loose material.
func (e *Evaluator) loose(pos *movegen.Position, us movegen.Color) int {
	var leaper [movegen.ColorCount]bool
	var cost [movegen.ColorCount]int
	for c := movegen.Color(0); c < movegen.ColorCount; c++ {
		for _, s := range pos.Pieces(c) {
			d := &e.piece[pos.At(s)]
			leaper[c] = leaper[c] || d.leaper
			if pos.Neighbours(c, s) == 0 {
				// phase is the Value of a non-royal piece, 0 for a royal.
				cost[c] += int(d.phase)
			}
		}
	}
	them := us.Other()
	score := 0
	if leaper[us] {
		score += cost[them] * e.w.Loose / WeightUnit
	}
	if leaper[them] {
		score -= cost[us] * e.w.Loose / WeightUnit
	}
	return score
}

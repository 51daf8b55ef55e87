package search

import (
	"slices"

	"github.com/kirin-shogi/kirin/movegen"
)

// Move-ordering bands: each kind of move sorts above every move of the next.
const (
	orderTT      = 1 << 30
	orderRoyal   = 1 << 29
	orderCapture = 1 << 26
	orderPromo   = 1 << 25
	orderKiller  = 1 << 24
	orderCounter = orderKiller - 1
	historyMax   = 1 << 14
	// historyBonusMax is the largest history bonus (rewardQuiet).
	historyBonusMax = 8000
)

// The continuation history's size in bits of its index, by the board
// (contBitsFor): 2^21 16-bit entries (4 MB a thread) on boards of up to
// contLargeCells cells, 2^16 (128 KB) on larger ones. A chu node scores
// some 200 quiet moves, two entries each, and the 4 MB table did not stay
// in a core's cache: its reads took 18.8% of chu's search time. With the
// small table chu searched 8-25% more nodes a second and beat the large
// one at 5+0.05 (docs/matches.md, "Twenty-first session"). The small
// boards keep the large table, on which their search was tuned.
const (
	contBitsSmall  = 21
	contBitsLarge  = 16
	contLargeCells = 100
)

// contBitsFor is the continuation history's size in bits for variant v.
func contBitsFor(v *movegen.Variant) int {
	if v.Files*v.Ranks > contLargeCells {
		return contBitsLarge
	}
	return contBitsSmall
}

// lmpCount is how many quiet moves late-move pruning lets a node of the
// given depth (up to lmpDepth) try: lmpBase + lmpFactor depth² (by default
// 6 + 2 depth²: 8, 14, 24, ... 134), and lmpWorse percent of that (half
// unless the game's Evaluator is a Pruner) when the static evaluation is
// not improving on the side's last turn. The search counts the quiet moves
// it tried only up to 64 (the length of a ply's quiets list), so a limit
// above 64 never binds: in effect the default pruning reaches depth 5 when
// the evaluation improves and depth 7 when it does not and worse is 50.
// The SPRT that kept it measured exactly this, in shogi.
func (m *margins) lmpCount(depth int, improving bool) int {
	n := m.lmpBase + m.lmpFactor*depth*depth
	if !improving {
		n = n * m.lmpWorse / 100
	}
	return n
}

// enter does what every node does first: count it, poll for the end of the
// search every 64 nodes, track the selective depth, and score a game that
// the rules have ended (StaticOutcome). done reports that the node is
// finished with score s (0 when the search was stopped).
func (w *worker) enter(ply int) (s int, done bool) {
	w.pvLen[ply] = ply
	w.nodes++
	if w.nodes&63 == 0 {
		w.poll()
	}
	if w.stopped {
		return 0, true
	}
	w.seldepth = max(w.seldepth, ply)
	if o := w.pos.StaticOutcome(); o.Result != movegen.Ongoing {
		return resultScore(o.Result, w.pos.SideToMove(), ply, w.draw[w.pos.SideToMove()]), true
	}
	return 0, false
}

// search is the principal-variation search below the root: a window
// (alpha, beta), the remaining depth in plies and the distance from the root.
// cutNode marks a zero-window node expected to fail high, as Stockfish's
// search does: the zero-window search of any move after the first, and the
// first move's child of an expected all-node. A node's first move passes
// the opposite expectation down (a PV node's passes none), and so do the
// null move and the full-depth re-search of a reduced move that failed
// high. Late quiet moves at a cut node are reduced two plies more.
func (w *worker) search(alpha, beta, depth, ply int, pvNode, cutNode bool) int {
	if s, done := w.enter(ply); done {
		return s
	}
	pos := w.pos
	us := pos.SideToMove()
	key := pos.Key()
	w.keys[w.rootLen+ply] = key
	fr := &w.stack[ply]
	inCheck := fr.inCheck
	if !fr.checked {
		inCheck = w.inCheck()
	}
	if s, ok := w.repetition(ply); ok {
		return s
	}
	if ply >= MaxPly-1 {
		return w.evaluate()
	}
	w.stack[ply+2].cutoffs = 0
	// Mate distance pruning: no line from here beats a win already found
	// nearer the root.
	alpha = max(alpha, -Mate+ply)
	beta = min(beta, Mate-ply-1)
	if alpha >= beta {
		return alpha
	}
	off := w.e.opts.Off
	// singularTest: this is the singular extension's test search of the
	// node, without the move excluded.
	excluded := fr.excluded
	singularTest := excluded != movegen.NullMove
	if inCheck && depth >= w.e.margins.checkExtDepth && (w.e.margins.checkExtMax == 0 || depth <= w.e.margins.checkExtMax) &&
		ply < 2*w.rootDepth && off&Extensions == 0 && !fr.lossyCheck && !singularTest {
		depth++
	}
	if depth <= 0 {
		return w.quiesce(alpha, beta, ply, 0)
	}

	ttMove := movegen.NullMove
	hit, ttHit := w.e.tt.Probe(key)
	ttScore := 0
	if ttHit {
		ttMove = hit.Move
		ttScore = scoreFromTT(hit.Score, ply)
		if !pvNode && !singularTest && off&TableCutoffs == 0 && hit.Depth >= depth && (hit.Bound == BoundExact ||
			hit.Bound == BoundLower && ttScore >= beta || hit.Bound == BoundUpper && ttScore <= alpha) {
			return ttScore
		}
	}

	eval := -Infinity
	if !inCheck {
		eval = w.evaluate()
	}
	fr.eval = eval
	improving := ply >= 2 && eval > w.stack[ply-2].eval
	prune := off&Pruning == 0
	if !pvNode && !inCheck && !IsMate(beta) && !singularTest {
		// The table's score, where its bound says the position is worth
		// more (a lower bound above the evaluation) or less (an upper
		// bound below it), stands in for the evaluation in reverse
		// futility and the null move's test (Stockfish's adjusted
		// evaluation).
		adj := eval
		if ttHit && !IsMate(ttScore) &&
			(hit.Bound == BoundLower && ttScore > eval || hit.Bound == BoundUpper && ttScore < eval) {
			adj = ttScore
		}
		// Reverse futility: far above beta with little depth left. The
		// margin is a ply narrower where the evaluation is improving, so a
		// node of depth 1 that improves and stands at or above beta
		// returns its evaluation.
		rfpDepth := depth
		if improving {
			rfpDepth--
		}
		if prune && depth <= w.e.margins.rfpDepth && adj-w.e.margins.rfp*rfpDepth >= beta && !w.lastMoveThreatens(ply, adj-beta) {
			return adj
		}
		// Null move: if passing still fails high, a real move will.
		if off&NullMove == 0 && depth >= 3 && adj >= beta && w.nullMoveOK(ply) {
			r := w.e.margins.nullBase + depth/w.e.margins.nullDiv
			fr.move = movegen.NullMove
			w.stack[ply+1].checked, w.stack[ply+1].lossyCheck = false, false
			fr.cont = 0
			pos.Make(movegen.ForcedPass)
			s := -w.search(-beta, -beta+1, depth-1-r, ply+1, false, !cutNode)
			pos.Unmake()
			if w.stopped {
				return 0
			}
			if s >= beta {
				if IsMate(s) {
					s = beta
				}
				return s
			}
		}
	}

	// A mate at once (drop or move next to the enemy royal) ends the
	// node. Asked after reverse futility and the null move: a node those
	// cut fails high without the test, which would only have scored the
	// same cut as a mate. Shogi's bench: 10% fewer instructions, the same
	// trees but for 0.1% of the nodes (issue 15, fifty-sixth session).
	if (w.dropMate || w.moveMate) && !inCheck && !singularTest {
		if s, ok := w.mateScore(key, ply, depth, true); ok {
			return s
		}
	}

	// Singular extension: when the table move is the only move that
	// holds the table's score (every other one fails low against a margin
	// below it, in a search of half the depth), it is searched a ply
	// deeper; when another move reaches the margin too and that is above
	// beta, the node fails high at once (multi-cut); when the table
	// score alone is above beta, the table move is searched a ply
	// shallower. Only where the side to move has a single royal (issue
	// 15): with two, losing one does not end the game, and the extension
	// is neither meant nor measured there.
	ext := 0
	if depth >= w.e.margins.seDepth && ttMove != movegen.NullMove && !singularTest &&
		hit.Depth >= depth-3 && hit.Bound != BoundUpper && !IsMate(ttScore) &&
		ply < 2*w.rootDepth && off&Extensions == 0 && pos.RoyalCount(us) == 1 && pos.IsLegal(ttMove) {
		sBeta := ttScore - w.e.margins.singular*depth
		fr.excluded = ttMove
		s := w.search(sBeta-1, sBeta, (depth-1)/2, ply, false, cutNode)
		fr.excluded = movegen.NullMove
		if w.stopped {
			return 0
		}
		switch {
		case s < sBeta:
			ext = 1
		case sBeta >= beta:
			return sBeta
		case ttScore >= beta:
			ext = -1
		}
	}

	alphaOrig := alpha
	best, bestMove := -Infinity, movegen.NullMove
	nQuiets := 0
	ms := moveStages{stage: stageTT, ttMove: ttMove}
	anyMove := false
	lmpMoves := w.e.margins.lmpCount(depth, improving)
	prev1, prev2 := w.prevConts(ply)
	for i := 0; ; i++ {
		m, order, ok := w.nextMove(&ms, ply)
		if !ok {
			break
		}
		if m == excluded {
			continue
		}
		anyMove = true
		quiet := order < orderPromo || order == orderTT && !pos.IsCapture(m) && !m.IsPromotion()
		pruneHere := prune && !pvNode && !inCheck && best > -MateBound
		// Late-move pruning and futility for quiet moves. In the last
		// stage the moves come best first and the quiet ones after the
		// promotions, so once a quiet move there is pruned every later one
		// is pruned too (their tests can only stay true): stop producing
		// them, which spares the picker sorting the rest of the list.
		if quiet && pruneHere && (depth <= w.e.margins.lmpDepth && nQuiets >= lmpMoves || depth <= 2 && eval+w.e.margins.futility*depth <= alpha) {
			if ms.stage == stageRest {
				ms.skipQuiets()
			}
			continue
		}
		// lmr is the late-move reduction of this move before the
		// adjustments (continuation pruning and the reduction below).
		lmr := int(w.e.lmr[min(depth, 63)][min(i, 63)])
		// Continuation pruning: a late quiet move that is neither a killer
		// nor the counter move, whose depth once reduced (the depth less
		// one less lmr) is below Params.ContPrune, and that has done badly
		// after both previous moves (contPrunable).
		if quiet && pruneHere && i > 0 && order < orderCounter && w.e.margins.contPrune > 0 &&
			depth-1-lmr < w.e.margins.contPrune && w.contPrunable(m, prev1, prev2) {
			continue
		}
		// Futility for captures: near the leaves, a capture that cannot
		// lift the score to alpha even with a margin is not searched.
		if !quiet && pruneHere && depth <= 2 && order < orderRoyal {
			if val, _ := pos.CapturedValue(m); eval+val+max(w.promoGain(m), 0)+w.e.margins.capture*depth <= alpha {
				continue
			}
		}
		// A royal's capture onto a defended square (royalExposed) is
		// left out at PV nodes as well, and for a side with a single
		// royal, whose game it loses, even before a move has held: in
		// tai the emperor has one onto nearly every enemy piece, more
		// than the losing captures' list holds, and nodes of depth 1
		// tried a hundred of them before the move that refuted their
		// parent (issue 15, docs/matches.md, "Fiftieth session").
		if !quiet && prune && !inCheck && depth <= royalExposedDepth && order < orderRoyal &&
			(best > -MateBound || pos.RoyalCount(us) == 1) && w.royalExposed(m) {
			continue
		}
		if pruneHere && (quiet || order < orderRoyal) && w.seeLoses(m, quiet, depth) {
			continue
		}
		// escape: a quiet move of a piece that the opponent threatens
		// where it stands (Position.Threatened) saves material, and is
		// reduced less (Stockfish 11's reduction of moves that escape a
		// capture).
		escape := false
		if quiet && depth >= 3 && i >= 3 && !inCheck && !m.IsDrop() && !m.IsPass() {
			if info := &w.v.Pieces[pos.MovedType(m)]; !info.Royal {
				escape = pos.Threatened(m.From(), us.Other(), info.Value)
			}
		}
		fr.move = m
		fr.cont = w.contKey(m)
		w.makeMove(m, ply)
		if inCheck && !w.v.Check && w.royalLeftEnPrise(us, ply) {
			// The opponent takes the royal next: score that loss
			// without entering the child.
			pos.Unmake()
			best = max(best, -Mate+ply+2)
			continue
		}
		var s int
		newDepth := depth - 1
		if m == ttMove {
			newDepth += ext
		}
		if newDepth == 0 && w.horizonThreat(m, ply) {
			newDepth = 1
		}
		if i == 0 {
			s = -w.search(-beta, -alpha, newDepth, ply+1, pvNode, !pvNode && !cutNode)
		} else {
			// A quiet move that gives check is not reduced (issue 15,
			// docs/matches.md, "Thirty-fourth session"): in shogi the
			// checks, drops above all, are the moves of a mating attack,
			// and the root already spares them (rootReduction). A
			// game's Evaluator can have them reduced (MoveRuler).
			r := 0
			if depth >= 3 && i >= 3 && quiet && !inCheck && (!w.stack[ply+1].inCheck || w.e.margins.reduceChecks) && off&Reductions == 0 {
				r = lmr
				if pvNode {
					r--
				}
				if !improving {
					r++
				}
				if order >= orderCounter {
					r--
				}
				// Two plies more at a cut node: +50.9 ± 24.9 Elo in
				// shogi at 2+0.02 (issue 15, docs/matches.md,
				// "Twenty-fifth session"). With the small history bonus
				// of before, one ply more had lost in short runs.
				if cutNode {
					r += 2
				}
				if escape {
					r -= w.e.margins.escapeLMR
				}
				// A ply more where this node's earlier moves (and
				// its earlier siblings') kept being refuted
				// (Params.CutoffCnt).
				if w.e.margins.cutoffCnt > 0 && w.stack[ply+1].cutoffs > w.e.margins.cutoffCnt {
					r++
				}
				r = max(0, min(r, newDepth-1))
			}
			s = -w.search(-alpha-1, -alpha, newDepth-r, ply+1, false, true)
			if s > alpha && r > 0 {
				s = -w.search(-alpha-1, -alpha, newDepth, ply+1, false, !cutNode)
			}
			if s > alpha && s < beta && pvNode {
				s = -w.search(-beta, -alpha, newDepth, ply+1, true, false)
			}
		}
		pos.Unmake()
		if w.stopped {
			return 0
		}
		if s > best {
			best = s
			if s > alpha {
				alpha = s
				bestMove = m
				w.updatePV(ply, m)
				if s >= beta {
					if quiet {
						w.rewardQuiet(ply, m, depth, nQuiets)
					}
					fr.cutoffs++
					if ttMove == movegen.NullMove {
						fr.cutoffs++
					}
					break
				}
			}
		}
		if quiet && nQuiets < len(w.quiets[ply]) {
			w.quiets[ply][nQuiets] = m
			nQuiets++
		}
	}
	if !anyMove {
		if singularTest {
			// The excluded move was the only one.
			return alpha
		}
		// No legal move: the rules say what that means.
		return resultScore(pos.Outcome().Result, us, ply, w.draw[us])
	}
	if best == -Infinity {
		// Every move was pruned: score the node by its static value.
		best = alpha
	}
	if !singularTest {
		w.e.tt.Store(key, bestMove, scoreToTT(best, ply), depth, boundOf(best, alphaOrig, beta))
	}
	return best
}

// mateScore scores a node whose side to move mates at once by a drop or a
// move next to the enemy royal (movegen's DropMate and MoveMate, as the
// worker asks for them): the win a ply away, stored in the table at the
// node's depth with the mating move (where store says the node may store),
// and the move becomes the node's line. ok is false when neither finds
// one. Without them, in the shogi family, a quiescence search stood pat
// where the side to move drops a Gold next to the enemy King and mates,
// and a node near the leaves could prune that drop or move; with them a
// node finds the mate without generating, ordering or pruning a move.
func (w *worker) mateScore(key uint64, ply, depth int, store bool) (int, bool) {
	m := movegen.NullMove
	if w.dropMate {
		m = w.pos.DropMate()
	}
	if m == movegen.NullMove && w.moveMate {
		m = w.pos.MoveMate()
	}
	if m == movegen.NullMove {
		return 0, false
	}
	s := Mate - ply - 1
	if store {
		w.e.tt.Store(key, m, scoreToTT(s, ply), depth, BoundExact)
	}
	w.pvLen[ply+1] = ply + 1
	w.updatePV(ply, m)
	return s, true
}

// boundOf is how a node's fail-soft score best, searched with the window
// (alpha, beta), relates to its true value.
func boundOf(best, alpha, beta int) Bound {
	switch {
	case best >= beta:
		return BoundLower
	case best <= alpha:
		return BoundUpper
	}
	return BoundExact
}

// The stages in which search produces a node's moves (moveStages): the
// table move alone, then the captures, then every other move, then the
// captures that lose in the exchange (losingCapture), which the captures
// stage puts aside. A node that a table move or a capture cuts off never
// generates its quiet moves. Apart from the losing captures the order is
// the one scoreMoves gives a full list, since its captures band lies above
// everything but the table move.
const (
	stageTT = iota
	stageGenCaptures
	stageCaptures
	stageGenRest
	stageRest
	stageBad
	stageDone
)

// moveStages is the state of one node's staged move production.
type moveStages struct {
	stage  int
	next   int // the next rank to pick from the current list
	ttMove movegen.Move
	nBad   int // losing captures put off until after the quiet moves
}

// skipQuiets ends the quiet moves, spent or cut short (late-move pruning),
// or stands in for them where the rules force a pass: the losing captures
// put off until after them still come.
func (ms *moveStages) skipQuiets() {
	ms.stage, ms.next = stageBad, 0
}

// nextMove returns the node's next move with its ordering score, or false
// when every move has been produced. It reuses w.moves[ply] for each
// stage's list and keeps the losing captures in w.bad[ply] (up to 32; any
// beyond come in their captures' order).
func (w *worker) nextMove(ms *moveStages, ply int) (movegen.Move, int32, bool) {
	pm := w.moves[ply]
	pos := w.pos
	for {
		switch ms.stage {
		case stageTT:
			ms.stage = stageGenCaptures
			if ms.ttMove != movegen.NullMove && pos.IsLegal(ms.ttMove) {
				return ms.ttMove, orderTT, true
			}
			ms.ttMove = movegen.NullMove
		case stageGenCaptures:
			pm.list.N = 0
			pos.GenerateCaptures(&pm.list)
			w.prepareStage(pm, ms, ply, false)
			ms.stage = stageCaptures
		case stageGenRest:
			ms.skipQuiets()
			if !pos.MustPass() { // else the forced pass was the only move
				pm.list.N = 0
				pos.GenerateQuiets(&pm.list)
				w.prepareStage(pm, ms, ply, true)
				ms.stage = stageRest
			}
		case stageCaptures:
			if ms.next < pm.list.N {
				m, order := pm.pick(ms.next)
				ms.next++
				if order < orderRoyal && !w.e.margins.noLateBad && ms.nBad < len(w.bad[ply]) && w.losingCapture(m) {
					w.bad[ply][ms.nBad] = m
					ms.nBad++
					continue
				}
				return m, order, true
			}
			ms.stage++
		case stageRest:
			if ms.next < pm.list.N {
				m, order := pm.pick(ms.next)
				ms.next++
				return m, order, true
			}
			ms.skipQuiets()
		case stageBad:
			if ms.next < ms.nBad {
				m := w.bad[ply][ms.next]
				ms.next++
				return m, orderCapture, true
			}
			ms.stage++
		default:
			return movegen.NullMove, 0, false
		}
	}
}

// prepareStage drops the table move from a freshly generated list (the
// captures, or the quiet moves of the last stage: quiets), then scores
// what is left and rewinds the picker.
func (w *worker) prepareStage(pm *plyMoves, ms *moveStages, ply int, quiets bool) {
	n := 0
	for _, m := range pm.list.Slice() {
		if m == ms.ttMove {
			continue
		}
		pm.list.Moves[n] = m
		n++
	}
	pm.list.N = n
	w.scoreMoves(pm, ply, quiets)
	ms.next = 0
}

// seeLoses reports whether move m (quiet or a capture) loses so much
// material in the exchange on its square (SEE) that a node of this depth
// does not search it: up to Params.SEECaptureDepth (6) a capture that loses
// more than SEECapture (150) a ply, up to SEEQuietDepth (7) a quiet move
// that loses more than SEEQuiet (25) times the depth squared. The margins
// are material (movegen Values, Pawn = 100), not evaluation units, so a
// Scaler does not widen them.
func (w *worker) seeLoses(m movegen.Move, quiet bool, depth int) bool {
	mg := &w.e.margins
	if quiet {
		return depth <= mg.seeQuietDepth && !w.pos.SEEAtLeast(m, -mg.seeQuiet*depth*depth)
	}
	return depth <= mg.seeCaptureDepth && !w.pos.SEEAtLeast(m, -mg.seeCapture*depth)
}

// inCheck reports whether the side to move is in check as the search sees
// it: a royal under attack (Position.InCheck) while that side has no other
// royal. With two or more (tai's emperor and prince, a promoted prince in
// chu and dai) losing one does not lose the game, so a threat to one is a
// threat to material: such a node gets no check extension and is pruned and
// evaluated like any other. In tai, where the emperor's capture rule
// threatens an unguarded royal from anywhere, the check extension chained
// on such threats: a depth-3 search of the position in
// docs/experiments/issue15-tai-qtable-position.txt took 15.6 million nodes
// (issue 15, docs/matches.md, "Forty-sixth session").
func (w *worker) inCheck() bool {
	return w.pos.RoyalCount(w.pos.SideToMove()) <= 1 && w.pos.InCheck()
}

// makeMove makes move m from the node at ply and tells the child whether it
// is in check (so it does not test again) and whether the check extension
// is due: a check by a move that loses material in the exchange on its
// square (SEE < 0, a piece the defender can simply take) is not extended
// (lossyCheck). Only moves that give check pay for the exchange
// evaluation.
func (w *worker) makeMove(m movegen.Move, ply int) {
	pos := w.pos
	pos.Make(m)
	w.prefetchNode(true)
	child := &w.stack[ply+1]
	child.checked, child.inCheck, child.lossyCheck = true, w.inCheck(), false
	if child.inCheck {
		pos.Unmake()
		child.lossyCheck = !pos.SEEAtLeast(m, 0)
		pos.Make(m)
	}
}

// royalLeftEnPrise reports, just after a move by side us from the node at
// ply, in check (us has one royal, under threat), whether the move leaves
// that royal to be captured at once in a game without the check rule,
// where such a move is legal: the game goes on, us still has a single
// royal, the opponent threatens it (Position.RoyalThreatened, the
// emperor's capture rule included), and the position is no recurrence
// that the repetition rule decides (the child would return that verdict
// before any capture). The search scores such a move as the loss it is
// without searching it: a king in check has a hundred moves in chu and a
// tai emperor nine hundred, and nearly all of them cost a child and the
// royal's capture below it (issue 15, docs/matches.md, "Fifty-first
// session").
func (w *worker) royalLeftEnPrise(us movegen.Color, ply int) bool {
	pos := w.pos
	if pos.RoyalCount(us) != 1 || pos.StaticOutcome().Result != movegen.Ongoing || !pos.RoyalThreatened(pos.RoyalSquare(us)) {
		return false
	}
	w.keys[w.rootLen+ply+1] = pos.Key() // as search does on entering the child
	_, decided := w.repetition(ply + 1)
	return !decided
}

// losingCapture reports whether the capture m, by a piece worth more than
// its victim, loses material in the exchange on its square (SEE < 0). The
// main search tries such captures after the quiet moves.
func (w *worker) losingCapture(m movegen.Move) bool {
	val, _ := w.pos.CapturedValue(m)
	return w.attackerValue(m) > val && !w.pos.SEEAtLeast(m, 0)
}

// lastMoveThreatens reports, where Params.RFPThreat asks for it, whether
// the move into the node at ply left its piece threatening to win more
// than lead (Position.Threat): a static evaluation that does not see the
// threat is no ground for reverse futility.
func (w *worker) lastMoveThreatens(ply, lead int) bool {
	if !w.e.margins.rfpThreat || ply == 0 {
		return false
	}
	m := w.stack[ply-1].move
	if m == movegen.NullMove || m.IsPass() {
		return false
	}
	return w.pos.Threat(m.To()) > lead
}

// horizonThreat reports, where Params.ThreatExt (or the game's
// Extender) asks for the threat extension, whether move m, just made from
// ply ply at the horizon, leaves its piece threatening to win more than
// the extension's bound (Position.Threat) without giving check (the
// quiescence search answers a check already, with every evasion or the
// royal's capture): the move is then searched a ply deeper, so that
// the reply to the threat is searched instead of a quiescence search
// standing pat on an evaluation that does not see it.
func (w *worker) horizonThreat(m movegen.Move, ply int) bool {
	bound := w.e.margins.threatExt
	if bound <= 0 || m.IsPass() || w.stack[ply+1].inCheck {
		return false
	}
	return w.pos.Threat(m.To()) > bound
}

// nullMoveOK reports whether a null move is sound enough here: not twice in
// a row, not when the rules force a pass anyway, and not with so little
// material that zugzwang is likely.
func (w *worker) nullMoveOK(ply int) bool {
	pos := w.pos
	if ply == 0 || w.stack[ply-1].move == movegen.NullMove || pos.MustPass() {
		return false
	}
	us := pos.SideToMove()
	return len(pos.Pieces(us)) > pos.RoyalCount(us)+2
}

// updatePV makes m followed by the child's line the line of this ply.
func (w *worker) updatePV(ply int, m movegen.Move) {
	w.pv[ply][ply] = m
	n := w.pvLen[ply+1]
	if n < ply+1 {
		n = ply + 1
	}
	copy(w.pv[ply][ply+1:n], w.pv[ply+1][ply+1:n])
	w.pvLen[ply] = n
}

// rewardQuiet records a quiet move that caused a cut-off: a killer at this
// ply, a history bonus, and a penalty for the quiet moves tried before it.
func (w *worker) rewardQuiet(ply int, m movegen.Move, depth, nQuiets int) {
	fr := &w.stack[ply]
	if fr.killers[0] != m {
		fr.killers[1] = fr.killers[0]
		fr.killers[0] = m
	}
	us := w.pos.SideToMove()
	// The bonus, 40 d² + 160 d − 120 up to historyBonusMax, is a tenth of
	// historyMax at depth 5: with d² up to 400, an entry moved so little a
	// cut-off that the gravity update (bumpHistory) hardly worked and the
	// tables did not follow recent cut-offs. In shogi at 20,000 nodes a
	// move it scored +29.9 ± 18.0 Elo (issue 15, docs/matches.md,
	// "Twenty-fifth session").
	bonus := int32(min(40*depth*depth+160*depth-120, historyBonusMax))
	prev1, prev2 := w.prevConts(ply)
	if prev1 != 0 {
		*w.counterAfter(us, prev1) = m
	}
	w.bumpHistory(us, m, bonus, prev1, prev2)
	for _, q := range w.quiets[ply][:nQuiets] {
		w.bumpHistory(us, q, -bonus, prev1, prev2)
	}
}

// prevConts returns the continuation keys of the moves one and two plies
// before ply (0 where there is none: the root's past, a null move, a
// pass).
func (w *worker) prevConts(ply int) (prev1, prev2 uint32) {
	if ply >= 1 {
		prev1 = w.stack[ply-1].cont
	}
	if ply >= 2 {
		prev2 = w.stack[ply-2].cont
	}
	return prev1, prev2
}

// contKey names move m of the side to move for the continuation history
// and the counter-move table: a flag bit, the colour, the moved piece type
// (7 bits) and the destination cell (10 bits). A pass or a null move moves
// no piece and has key 0.
func (w *worker) contKey(m movegen.Move) uint32 {
	pt := w.pos.MovedType(m)
	if pt == 0 || m == movegen.NullMove {
		return 0
	}
	return 1<<18 | uint32(w.pos.SideToMove())<<17 | uint32(pt)<<10 | uint32(m.To())&1023
}

// counterAfter is the counter-move slot of side us after the opponent's
// move with continuation key prev (not 0): by that move's piece type and
// destination, the fields contKey packs.
func (w *worker) counterAfter(us movegen.Color, prev uint32) *movegen.Move {
	return &w.counter[us][prev>>10&127][prev&1023]
}

// contIndex is the continuation history's entry for the move with key cur
// after the move with key prev: the previous move's key hashed to a random
// base, XORed with the current key so that the moves of one piece after
// one move lie close together.
func (w *worker) contIndex(prev, cur uint32) uint32 {
	return (uint32(uint64(prev)*0x9e3779b97f4a7c15>>w.contShift) ^ cur) & uint32(len(w.cont)-1)
}

// contPrunable reports whether the continuation history of quiet move m
// is negative after each of the moves with keys prev1 and prev2; a move
// that is not there (key 0: the root's past, a null move, a pass) counts
// as negative, so after a null move the move two plies back decides
// alone.
func (w *worker) contPrunable(m movegen.Move, prev1, prev2 uint32) bool {
	cur := w.contKey(m)
	if cur == 0 {
		return false
	}
	return (prev1 == 0 || w.cont[w.contIndex(prev1, cur)] < 0) && (prev2 == 0 || w.cont[w.contIndex(prev2, cur)] < 0)
}

// contScore is the continuation history's score for the move with key cur
// after the moves with keys prev1 and prev2 (either may be 0: none).
func (w *worker) contScore(cur, prev1, prev2 uint32) int32 {
	var s int32
	if prev1 != 0 {
		s += int32(w.cont[w.contIndex(prev1, cur)])
	}
	if prev2 != 0 {
		s += int32(w.cont[w.contIndex(prev2, cur)])
	}
	return s
}

// bumpHistory moves the history entry of m, and its continuation entries
// after the moves with keys prev1 and prev2, towards ±historyMax by bonus,
// the more slowly the closer each is (the "gravity" update).
func (w *worker) bumpHistory(us movegen.Color, m movegen.Move, bonus int32, prev1, prev2 uint32) {
	h := &w.history[us][w.pos.MovedType(m)][m.To()]
	*h += bonus - *h*abs32(bonus)/historyMax
	b := &w.butterfly[bfIndex(us, m)]
	v := int32(*b)
	*b = int16(v + bonus - v*abs32(bonus)/historyMax)
	cur := w.contKey(m)
	if cur == 0 {
		return
	}
	for _, p := range [2]uint32{prev1, prev2} {
		if p != 0 {
			c := &w.cont[w.contIndex(p, cur)]
			v := int32(*c)
			*c = int16(v + bonus - v*abs32(bonus)/historyMax)
		}
	}
}

// bfIndex is the butterfly history's entry of side us's move m: the
// colour, a drop flag, the origin cell (a drop's piece type) and the
// destination cell, 21 bits in all.
func bfIndex(us movegen.Color, m movegen.Move) uint32 {
	f := uint32(m.From())
	if m.IsDrop() {
		f |= 1 << 10
	}
	return uint32(us)<<21 | f<<10 | uint32(m.To())
}

func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

// scoreMoves gives each move its ordering key: royal captures, other
// captures by most valuable victim then least valuable attacker,
// promotions by the value they add, killers, then history. (The table move
// comes before all of them, in a stage of its own: nextMove.) A list of
// quiet moves (GenerateQuiets: quiets) captures nothing, so its moves are
// not asked what they capture.
func (w *worker) scoreMoves(pm *plyMoves, ply int, quiets bool) {
	pos := w.pos
	us := pos.SideToMove()
	fr := &w.stack[ply]
	prev1, prev2 := w.prevConts(ply)
	counter := movegen.NullMove
	if prev1 != 0 {
		counter = *w.counterAfter(us, prev1)
	}
	bfWeight := int32(w.e.margins.butterfly)
	for i, m := range pm.list.Slice() {
		var s int32
		val, royal, capture := 0, false, false
		if !quiets {
			val, royal = pos.CapturedValue(m)
			capture = val > 0 || pos.IsCapture(m)
		}
		switch {
		case royal:
			s = orderRoyal
		case capture:
			s = orderCapture + int32(val)*64 - int32(w.attackerValue(m))/8
			if m.IsPromotion() {
				s += int32(w.promoGain(m))
			}
		case m.IsPromotion():
			s = orderPromo + int32(max(w.promoGain(m), 0))
		case m == fr.killers[0]:
			s = orderKiller + 1
		case m == fr.killers[1]:
			s = orderKiller
		case m == counter: // never NullMove: a list holds no null move
			s = orderCounter
		default:
			s = w.history[us][pos.MovedType(m)][m.To()] + w.contScore(w.contKey(m), prev1, prev2) +
				int32(w.butterfly[bfIndex(us, m)])*bfWeight/100
		}
		pm.keys[i] = orderKey(m, s)
	}
}

// royalRisk is what a capture by a royal piece risks, for move ordering
// and the quiescence search's defended-square test: a royal is worth more
// than any exchange, even where the game goes on after its loss.
const royalRisk = 20000

// attackerValue is the value of the piece that makes move m.
func (w *worker) attackerValue(m movegen.Move) int {
	info := &w.v.Pieces[w.pos.MovedType(m)]
	if info.Royal {
		return royalRisk
	}
	return info.Value
}

// royalExposedDepth is the depth up to which the main search leaves out a
// royal's captures onto defended squares (royalExposed).
const royalExposedDepth = 3

// royalExposed reports whether the capture m is made by a royal piece onto a
// square the opponent defends (attacks with a piece other than its
// emperor). Such a capture risks the royal for a piece: in a game with one
// royal it loses, and in tai, where the emperor can take almost any piece
// on the board, it is most of a node's captures. The quiescence search
// leaves these out at every depth (with any capture by a more valuable
// piece); the main search does near the leaves. The quiescence search's
// wider test did not pay in the main search: chu's bench to depth 9 took
// 6% more instructions with it, since every capture then needs an attack
// test and the nodes it saved (1.4%) did not make up for that.
func (w *worker) royalExposed(m movegen.Move) bool {
	return w.attackerValue(m) == royalRisk && w.pos.Attacked(m.To(), w.pos.SideToMove().Other())
}

// promoGain is the value a promoting move adds (promoted minus base value).
// A promotion to a royal piece (chu's, dai's, reiwa dai's and tai's drunk
// elephant becoming a crown prince) gains royalRisk: the side gets another
// royal to lose before the game is lost, which the evaluation counts at
// least as the strongest non-royal piece, so the piece's own small Value
// would make futility and delta pruning throw the move away (in tai, whose
// drunk elephant is worth more than its prince, as a loss).
func (w *worker) promoGain(m movegen.Move) int {
	info := &w.v.Pieces[w.pos.MovedType(m)]
	if info.PromotesTo == 0 {
		return 0
	}
	to := &w.v.Pieces[info.PromotesTo]
	if to.Royal && !info.Royal {
		return royalRisk
	}
	return to.Value - info.Value
}

// orderKey packs a move and its ordering score so that keys compare like
// scores (ties broken by the move, which keeps the order deterministic).
func orderKey(m movegen.Move, score int32) uint64 {
	return uint64(uint32(score)^1<<31)<<32 | uint64(m)
}

// pickSelect is how many moves pick finds by selection before it orders
// the rest a chunk at a time: most nodes cut off after the first few moves.
// Of the others, a node near the leaves tries only its first few quiet
// moves (late-move pruning) out of hundreds in shogi, so pick sorts only
// the best pickChunk of the rest at first, and chunks as long as the rank
// reached after that (doubling), so a node that tries every move pays
// about one sort in all.
const (
	pickSelect = 4
	pickChunk  = 8
)

// pick returns the move of rank i, best first, with its ordering score. It
// must be called with i = 0, 1, 2, ... in turn.
func (pm *plyMoves) pick(i int) (movegen.Move, int32) {
	n := pm.list.N
	switch {
	case i < pickSelect:
		if i == 0 {
			pm.ordered = 0
		}
		best, bestKey := i, pm.keys[i]
		for j, k := range pm.keys[i+1 : n] {
			if k > bestKey {
				best, bestKey = i+1+j, k
			}
		}
		pm.keys[i], pm.keys[best] = bestKey, pm.keys[i]
	case i >= pm.ordered:
		rest := pm.keys[i:n]
		k := min(max(pickChunk, i), len(rest))
		if k < len(rest) {
			selectBest(rest, k)
		}
		slices.Sort(rest[:k])
		slices.Reverse(rest[:k])
		pm.ordered = i + k
	}
	k := pm.keys[i]
	return movegen.Move(uint32(k)), int32(uint32(k>>32) ^ 1<<31)
}

// selectBest rearranges a so that its k largest keys (0 < k < len(a)) come
// first, in no particular order: Hoare's selection, narrowing to the side
// of each partition that holds rank k-1.
func selectBest(a []uint64, k int) {
	lo, hi := 0, len(a)-1
	for lo < hi {
		// The median of the ends and the middle as the pivot.
		x, y, z := a[lo], a[lo+(hi-lo)/2], a[hi]
		if x > y {
			x, y = y, x
		}
		p := max(x, min(y, z))
		i, j := lo, hi
		for i <= j {
			for a[i] > p {
				i++
			}
			for a[j] < p {
				j--
			}
			if i <= j {
				a[i], a[j] = a[j], a[i]
				i++
				j--
			}
		}
		// Now a[lo:j+1] >= p >= a[i:hi+1], and any cell between holds p.
		switch {
		case k-1 <= j:
			hi = j
		case k-1 >= i:
			lo = i
		default:
			return
		}
	}
}

// qMax is the quiescence search's depth limit (plies below the main
// search): deeper, the static evaluation stands. From Params.QRecapture
// plies on only recaptures on the square of the last move are tried, and
// below the first quiescence ply at most Params.QBreadth captures (the
// best by victim and attacker value) per node. Tai's emperor can take
// almost any piece on the board, so an unlimited capture search explodes.
const qMax = 16

// qDefendedMargin: in a game without drops the quiescence search leaves
// out a capture onto a defended square by a piece worth more than the
// victim plus this (material, Pawn = 100); see qLoses.
const qDefendedMargin = 50

// qLoses reports whether the quiescence search leaves out capture m, made
// by a piece worth attacker (attackerValue) more than its victim's val. In
// a drop game it does when m loses material in the exchange on its square
// (SEE < 0). In a game without drops it does when the square is defended
// at all and the attacker is worth more than the victim by more than
// qDefendedMargin, whoever wins the exchange there. That was the test in
// every game until 2f701be made it the exchange's; against the 1-ply
// material player at depth 3 dai's games then took 442 plies on average
// instead of 402 (14 of 100 drawn at the 600-ply cap instead of 6) and
// reiwa dai's 326 instead of 253, while in self-play at 20,000 nodes the
// defended test scored 64 - 67 - 22 in chu and 140 - 166 - 2 in shogi
// against the exchange's (docs/matches.md, "Nineteenth session"). A game
// without drops takes the exchange's test too where its MoveRuler asks
// (QuiescenceExchange) or Params.QSEE does: heian, never measured then,
// gained +43.7 ± 21.9 Elo with it (issue 15, "Eighty-sixth session").
func (w *worker) qLoses(m movegen.Move, attacker, val int) bool {
	pos := w.pos
	if w.v.Drops || w.e.margins.qSEE {
		return !pos.SEEAtLeast(m, 0)
	}
	return attacker > val+qDefendedMargin && pos.Attacked(m.To(), pos.SideToMove().Other())
}

// qOrderRecapture is the quiescence search's ordering score of a capture
// on the square the opponent's last move went to, where the node has more
// captures than it tries (Params.QBreadth): above every other capture but
// a royal's, whose MVV/LVA scores stay below it.
const qOrderRecapture = orderRoyal / 2

// qMoves generates and orders the moves of a quiescence node at ply, qply
// plies below the main search: every legal move where the side to move
// searches its evasions, else its captures, by victim then attacker value
// (MVV/LVA), a royal's capture first. From Params.QRecapture on only the
// recaptures on the last move's square (and royal captures) remain; below
// the first ply at most Params.QBreadth are tried, and where a node has
// more, its recaptures come first. A tai node can have a hundred and more captures,
// many of larger pieces than the one that just took, and by victim and
// attacker value alone the recapture that decides the exchange ranked past
// the limit: the engine counted a piece as won back that it would lose,
// and the 1-ply material player took the difference (issue 15,
// TestQuiescenceRecaptureFirst). It returns how many moves the node tries,
// best first from pm.pick.
func (w *worker) qMoves(ply, qply int, evasion bool) int {
	pos := w.pos
	pm := w.moves[ply]
	pm.list.N = 0
	if evasion {
		pos.GenerateLegal(&pm.list)
	} else {
		pos.GenerateCaptures(&pm.list)
	}
	last := movegen.NoSquare
	if qply > 0 && ply > 0 {
		last = w.stack[ply-1].move.To()
	}
	breadth := w.e.margins.qBreadth
	only := qply >= w.e.margins.qRecapture && !evasion && last != movegen.NoSquare
	crowded := !evasion && pm.list.N > breadth
	n := 0
	for _, m := range pm.list.Slice() {
		val, royal := pos.CapturedValue(m)
		recapture := last != movegen.NoSquare && m.To() == last
		if only && !recapture && !royal {
			continue
		}
		a := int32(w.attackerValue(m)) / 8
		s := int32(val)*64 - a
		switch {
		case royal:
			s = orderRoyal
		case recapture && crowded:
			s = qOrderRecapture - a
		}
		pm.keys[n] = orderKey(m, s)
		n++
	}
	pm.list.N = n
	if !evasion && qply > 0 {
		n = min(n, breadth)
	}
	return n
}

// qsearch is the quiescence search of a node not yet entered: a capture's
// (or a forced pass's) child inside the quiescence search, or the root of
// Engine.Quiesce. It enters the node (enter counts it) and resolves it
// (quiesce).
func (w *worker) qsearch(alpha, beta, ply, qply int) int {
	if s, done := w.enter(ply); done {
		return s
	}
	return w.quiesce(alpha, beta, ply, qply)
}

// quiesce resolves captures until the position is quiet, so the static
// evaluation is not taken in the middle of an exchange. In the check games a
// side in check searches all its evasions instead of standing pat. qply
// counts the plies since the main search ended. The node must have been
// entered: by qsearch, or by search at the horizon, which has counted the
// node already, so that a horizon node counts once (issue 15,
// docs/matches.md, "Fifty-first session").
func (w *worker) quiesce(alpha, beta, ply, qply int) int {
	pos := w.pos
	us := pos.SideToMove()
	if ply >= MaxPly-1 || qply >= qMax {
		return w.evaluate()
	}
	if pos.MustPass() {
		// The rules force a pass: the opponent moves again.
		w.stack[ply].move = movegen.ForcedPass
		pos.Make(movegen.ForcedPass)
		s := -w.qsearch(-beta, -alpha, ply+1, qply+1)
		pos.Unmake()
		return s
	}
	// The table: any stored result of this position (a main-search node
	// or a first quiescence ply) is at least as deep as this one. Only a
	// first quiescence ply stores its result, and not over a main-search
	// one: deeper plies search fewer captures (Params.QRecapture and
	// QBreadth), so their result is not the position's value.
	key := pos.Key()
	var hit TTHit
	found := false
	if w.qTable {
		hit, found = w.e.tt.Probe(key)
	}
	store := w.qTable && qply == 0 && (!found || hit.Depth == 0)
	if found {
		s := scoreFromTT(hit.Score, ply)
		if hit.Bound == BoundExact || hit.Bound == BoundLower && s >= beta || hit.Bound == BoundUpper && s <= alpha {
			return s
		}
	}
	alphaOrig := alpha
	evasion := w.v.Check && pos.InCheck()
	best := -Infinity
	stand := 0
	if !evasion {
		stand = w.evaluate()
		if stand >= beta {
			if store {
				w.e.tt.Store(key, movegen.NullMove, scoreToTT(stand, ply), 0, BoundLower)
			}
			return stand
		}
		if qply == 0 && (w.dropMate || w.moveMate) {
			if s, ok := w.mateScore(key, ply, 0, store); ok {
				return s
			}
		}
		alpha = max(alpha, stand)
		best = stand
	}
	pm := w.moves[ply]
	n := w.qMoves(ply, qply, evasion)
	if evasion && n == 0 {
		return resultScore(pos.Outcome().Result, us, ply, w.draw[us])
	}
	for i := 0; i < n; i++ {
		m, _ := pm.pick(i)
		if !evasion {
			val, royal := pos.CapturedValue(m)
			if !royal {
				gain := val
				if m.IsPromotion() {
					gain += w.promoGain(m)
				}
				// Delta pruning: even winning this piece cannot reach alpha.
				if stand+gain+w.e.margins.delta <= alpha {
					continue
				}
				// A capture by a more valuable piece that is likely to
				// lose material: leave it out (qLoses).
				if a := w.attackerValue(m); a > val && w.qLoses(m, a, val) {
					continue
				}
			}
		}
		w.stack[ply].move = m
		pos.Make(m)
		w.prefetchNode(w.qTable)
		s := -w.qsearch(-beta, -alpha, ply+1, qply+1)
		pos.Unmake()
		if w.stopped {
			return 0
		}
		if s > best {
			best = s
			if s > alpha {
				alpha = s
				w.updatePV(ply, m)
				if s >= beta {
					break
				}
			}
		}
	}
	if best == -Infinity {
		// In check with every evasion searched and none better: a loss
		// was already scored by the children, so this is unreachable
		// unless all were pruned.
		best = alpha
	}
	if store {
		w.e.tt.Store(key, movegen.NullMove, scoreToTT(best, ply), 0, boundOf(best, alphaOrig, beta))
	}
	return best
}

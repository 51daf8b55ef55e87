package search

import (
	"slices"
	"sync/atomic"
	"unsafe"

	"github.com/kirin-shogi/kirin/movegen"
)

// rootMove is one move at the root with its latest score and line.
type rootMove struct {
	move  movegen.Move
	score int // this iteration's score, -Infinity if only a bound
	prev  int // last iteration's score, for aspiration and ordering
	pv    [MaxPly]movegen.Move
	pvLen int
}

// frame is the per-ply state of the search stack.
type frame struct {
	move movegen.Move // the move made from this node (NullMove: null move)
	cont uint32       // the move's continuation key (contKey; 0: none)
	eval int
	// checked: the parent's makeMove set inCheck, whether the side to
	// move here is in check; a node entered otherwise (the root's
	// children, a null move's) tests it itself.
	checked, inCheck bool
	// lossyCheck: the move into this node gave check but loses material
	// in the exchange (makeMove), so the node is not extended.
	lossyCheck bool
	killers    [2]movegen.Move
	// excluded: the node is searched without this move (the singular
	// extension's test search of the same position).
	excluded movegen.Move
	// cutoffs counts the fail highs of the nodes at this ply since the
	// node two plies up started (Params.CutoffCnt): each one, two where
	// the node had no table move.
	cutoffs int
}

// plyMoves holds the move list of one ply and, once scored, each move
// packed with its ordering score into one sort key (orderKey).
type plyMoves struct {
	list movegen.MoveList
	keys [movegen.MaxMoves]uint64
	// ordered: keys[:ordered] are in their final order (pick).
	ordered int
}

// worker is one search thread: a private copy of the position and every
// table the search writes, allocated once so that searching allocates
// nothing.
type worker struct {
	e         *Engine
	id        int
	pos       *movegen.Position
	v         *movegen.Variant
	nodes     uint64
	published atomic.Uint64
	stopped   bool
	seldepth  int
	rootDepth int
	completed int
	bestScore int
	root      []rootMove
	keys      []uint64 // game history keys, then one per search ply
	rootLen   int
	// draw[c] is a draw's score for c to move (Options.Contempt, signed by
	// the side the search plays for).
	draw    [movegen.ColorCount]int
	stack   [MaxPly + 2]frame
	moves   [MaxPly + 1]*plyMoves
	pv      [MaxPly + 1][MaxPly + 1]movegen.Move
	pvLen   [MaxPly + 1]int
	history [movegen.ColorCount][movegen.MaxPieceTypes + 1][movegen.NumCells]int32
	// counter[c][pt][to] is the quiet move of c that last refuted the
	// opponent's move of a pt to cell to (the counter-move heuristic).
	counter [movegen.ColorCount][movegen.MaxPieceTypes + 1][movegen.NumCells]movegen.Move
	// cont is the continuation history: how well a quiet move (its piece
	// and destination) did after a move one or two plies before, hashed
	// (contIndex) since tai's exact table would have 10^10 entries; its
	// size depends on the board (contBitsFor), and contShift is 64 less
	// its bits.
	cont      []int16
	contShift uint
	// butterfly is the quiet moves' history by origin and destination
	// (bfIndex), beside history's by piece type and destination: it tells
	// a drop from a move of the same piece, and one piece's moves apart
	// by where they start.
	butterfly []int16
	quiets    [MaxPly + 1][64]movegen.Move
	bad       [MaxPly + 1][32]movegen.Move // losing captures put off (nextMove)
	// evals caches static evaluations (evaluate).
	evals [evalCacheSize]evalEntry
	// qTable: the quiescence search probes and stores the table. Quiesce
	// turns it off, since it must return the whole line to a quiet
	// position, which a table cut-off would cut short.
	qTable bool
	// dropMate: the nodes look for a mate by a drop (movegen's DropMate;
	// games with drops and the check rule).
	dropMate bool
	// moveMate: the nodes look for a mate by a move on the board next to
	// the enemy royal (movegen's MoveMate; the games of dropMate: measured
	// only there, and heian's bench found no such mate).
	moveMate bool
	// pace is the main thread's record of its iterations for the time
	// plan (doneAfter).
	pace pace
}

// pace is what the main thread remembers of a search's iterations to
// decide when to stop: how often the best move changed, when it last did,
// and the score of each iteration.
type pace struct {
	best       movegen.Move
	changes    float64 // best-move changes, halved at every iteration
	lastChange int     // the iteration at which the best move last changed
	scores     [MaxPly + 1]int
}

// evalCacheSize is the number of entries of a worker's evaluation cache
// (a power of two; 128 KB).
const evalCacheSize = 1 << 13

// evalEntry is one cached static evaluation: the mixed key (evalKey) and
// the score.
type evalEntry struct {
	key   uint64
	score int32
}

// evaluate returns the static evaluation of the worker's position, from
// the cache when the position was evaluated before: the quiescence search
// meets the same position again and again through captures made in
// another order. An Evaluator's score depends only on what the position's
// Key covers and on Quiet (see Evaluator), so the two together name it.
func (w *worker) evaluate() int {
	pos := w.pos
	k := w.evalKey()
	en := &w.evals[k&(evalCacheSize-1)]
	if en.key == k && k != 0 {
		return int(en.score)
	}
	// An evaluation at or beyond MateBound would read as a decided game,
	// and one beyond the table's 16 bits would wrap: keep it inside.
	s := min(max(w.e.ev.Evaluate(pos), -MaxEval), MaxEval)
	*en = evalEntry{key: k, score: int32(s)}
	return s
}

// evalKey is the evaluation cache's key of the worker's position: its Key
// mixed with its Quiet count.
func (w *worker) evalKey() uint64 {
	return w.pos.Key() ^ uint64(w.pos.Quiet())*0x9e3779b97f4a7c15
}

// prefetchNode starts loading the table bucket and the evaluation cache
// entry of the position just reached, while the search does the node's
// first tests: both are random reads that would otherwise wait for
// memory.
func (w *worker) prefetchNode(table bool) {
	if table {
		w.e.tt.prefetch(w.pos.Key())
	}
	prefetch(unsafe.Pointer(&w.evals[w.evalKey()&(evalCacheSize-1)]))
}

func newWorker(e *Engine, id int) *worker {
	return &worker{e: e, id: id}
}

func (w *worker) clearTables() {
	clear(w.history[:])
	clear(w.counter[:])
	clear(w.cont[:])
	clear(w.butterfly)
	for i := range w.stack {
		w.stack[i].killers = [2]movegen.Move{}
	}
}

// sizeCont gives the continuation history the size for variant v's board
// (contBitsFor), empty, unless it has that size already.
func (w *worker) sizeCont(v *movegen.Variant) {
	if bits := contBitsFor(v); len(w.cont) != 1<<bits {
		w.cont, w.contShift = hugeSlice[int16](1<<bits), uint(64-bits)
	}
	if w.butterfly == nil {
		w.butterfly = hugeSlice[int16](movegen.ColorCount << 21)
	}
}

// movesAt returns the move storage of a ply, allocating it on first use
// (tai's lists are large, and most searches never go deep).
func (w *worker) movesAt(ply int) *plyMoves {
	if w.moves[ply] == nil {
		w.moves[ply] = new(plyMoves)
	}
	return w.moves[ply]
}

// prepare copies the position and builds the root move list.
func (w *worker) prepare(pos *movegen.Position, lim *Limits) {
	w.pos = pos.Clone()
	if a, ok := w.e.ev.(Attacher); ok {
		a.Attach(w.pos)
	}
	w.v = pos.Variant()
	w.sizeCont(w.v)
	w.qTable = w.e.opts.Off&TableCutoffs == 0
	w.dropMate = w.v.Drops && w.v.Check && w.e.opts.Off&DropMates == 0
	w.moveMate = w.v.Drops && w.v.Check && w.e.opts.Off&MoveMates == 0
	w.nodes = 0
	w.published.Store(0)
	w.stopped = false
	w.seldepth = 0
	w.completed = 0
	w.pace = pace{best: movegen.NullMove}
	w.keys = w.pos.HistoryKeys(w.keys[:0])
	w.rootLen = len(w.keys)
	us := w.pos.SideToMove()
	w.draw[us], w.draw[us.Other()] = -w.e.opts.Contempt, w.e.opts.Contempt
	w.keys = slices.Grow(w.keys, MaxPly+2)[:w.rootLen+MaxPly+2]
	for i := range MaxPly + 1 {
		w.movesAt(i)
	}
	w.root = w.root[:0]
	if w.pos.StaticOutcome().Result != movegen.Ongoing {
		return
	}
	var list movegen.MoveList
	w.pos.GenerateLegal(&list)
	for _, m := range list.Slice() {
		if len(lim.SearchMoves) > 0 && !slices.Contains(lim.SearchMoves, m) {
			continue
		}
		w.root = append(w.root, rootMove{move: m, score: -Infinity, prev: -Infinity})
	}
	// Captures first on the first iteration.
	slices.SortStableFunc(w.root, func(a, b rootMove) int {
		va, _ := w.pos.CapturedValue(a.move)
		vb, _ := w.pos.CapturedValue(b.move)
		return vb - va
	})
}

// poll publishes the node count and checks for the end of the search.
func (w *worker) poll() {
	w.published.Store(w.nodes)
	if w.e.stop.Load() {
		w.stopped = true
		return
	}
	if w.id == 0 && w.e.shouldStop() {
		w.e.stop.Store(true)
		w.stopped = true
	}
}

// iterate runs iterative deepening; report is nil for helper threads.
func (w *worker) iterate(report func(Info)) {
	e := w.e
	lim := &e.limits
	maxDepth := MaxPly - 1
	if lim.Depth > 0 {
		maxDepth = min(lim.Depth, maxDepth)
	}
	multiPV := min(e.opts.MultiPV, len(w.root))
	for depth := 1 + w.id%2; depth <= maxDepth; depth++ {
		w.rootDepth = depth
		for i := range w.root {
			w.root[i].prev = w.root[i].score
			w.root[i].score = -Infinity
		}
		for k := 0; k < multiPV; k++ {
			w.aspirate(depth, k, report)
			if w.stopped {
				break
			}
		}
		if w.stopped {
			break
		}
		w.completed = depth
		w.bestScore = w.root[0].score
		w.published.Store(w.nodes)
		if report != nil {
			for k := 0; k < multiPV; k++ {
				report(e.info(w, k, depth))
			}
		}
		if w.id != 0 {
			continue
		}
		w.recordIteration(depth)
		if e.stop.Load() || w.doneAfter(depth) {
			break
		}
	}
	w.published.Store(w.nodes)
	if w.id == 0 && w.completed == 0 {
		// Stopped inside the first iteration: the move ordering's first
		// move is still a legal move to play.
		w.bestScore = w.root[0].score
	}
}

// doneAfter reports whether the main thread should start no new iteration.
func (w *worker) doneAfter(depth int) bool {
	e := w.e
	lim := &e.limits
	s := w.root[0].score
	if lim.Mate > 0 && s >= MateBound && MateIn(s) <= lim.Mate {
		return true
	}
	if lim.Infinite || e.pondering.Load() || !e.timed {
		return false
	}
	if len(w.root) == 1 && depth >= 4 {
		return true // the only move: no need to think
	}
	if lim.MoveTime > 0 {
		return false // a fixed time per move is used in full
	}
	// An iteration takes several times longer than the one before, so
	// stop early rather than start one that cannot finish.
	f := w.paceFactor(depth)
	return float64(e.clock()) >= float64(e.budget.soft)*0.6*f
}

// Time plan factors (paceFactor): the share of the target time a search
// may use before it starts no new iteration is scaled by how unsettled the
// search is, within [paceMin, paceMax].
const (
	paceMin = 0.5
	paceMax = 2.5
	// paceStable is the factor once the best move has not changed for
	// paceStableIters iterations.
	paceStable      = 0.7
	paceStableIters = 6
	// paceChange is the factor added per (decayed) best-move change.
	paceChange = 0.8
	// paceFall is the factor added per Pawn (margins.pawn) the score
	// fell; the trend's factor stays within [paceFallMin, paceFallMax].
	paceFall    = 0.5
	paceFallMin = 0.75
	paceFallMax = 1.5
)

// recordIteration records the main thread's iteration of the given depth,
// just completed, for the time plan (paceFactor).
func (w *worker) recordIteration(depth int) {
	p := &w.pace
	p.scores[depth] = w.root[0].score
	p.changes /= 2
	if m := w.root[0].move; m != p.best {
		if p.best != movegen.NullMove {
			p.changes++
		}
		p.best = m
		p.lastChange = depth
	}
}

// paceFactor is the time plan's factor after the iteration of the given
// depth (recordIteration): more time where the best move keeps changing or
// the score is falling (below the average of the last search's score and
// the iteration three before), less where the best move has been the same
// for many iterations.
func (w *worker) paceFactor(depth int) float64 {
	p := &w.pace
	e := w.e
	s := p.scores[depth]
	f := 1 + paceChange*p.changes
	if depth-p.lastChange >= paceStableIters {
		f *= paceStable
	}
	if !IsMate(s) && depth > 3 {
		ref := p.scores[depth-3]
		if e.lastScoreOK && !IsMate(e.lastScore) {
			ref = (ref + e.lastScore) / 2
		}
		if !IsMate(ref) {
			fall := 1 + paceFall*float64(ref-s)/float64(e.margins.pawn)
			f *= min(max(fall, paceFallMin), paceFallMax)
		}
	}
	return min(max(f, paceMin), paceMax)
}

// aspirate searches line k at depth with an aspiration window around the
// previous score, widening it until the score falls inside.
func (w *worker) aspirate(depth, k int, report func(Info)) {
	alpha, beta := -Infinity, Infinity
	delta := w.e.margins.aspiration
	prev := w.root[k].prev
	if depth >= 4 && !IsMate(prev) && prev > -Infinity && w.e.opts.Off&Aspiration == 0 {
		alpha, beta = max(prev-delta, -Infinity), min(prev+delta, Infinity)
	}
	for {
		s := w.rootSearch(depth, alpha, beta, k)
		if w.stopped {
			return
		}
		switch {
		case s <= alpha:
			beta = (alpha + beta) / 2
			alpha = max(s-delta, -Infinity)
		case s >= beta:
			beta = min(s+delta, Infinity)
		default:
			return
		}
		delta += delta
		if delta > 1000 {
			alpha, beta = -Infinity, Infinity
		}
	}
}

// rootSearch searches the root moves from index k on (the lines before k
// are already settled in this iteration) and sorts them by score.
func (w *worker) rootSearch(depth, alpha, beta, k int) int {
	pos := w.pos
	w.pvLen[0] = 0
	w.keys[w.rootLen] = pos.Key()
	best := -Infinity
	inCheck := w.inCheck()
	w.stack[1].cutoffs, w.stack[2].cutoffs = 0, 0
	for i := k; i < len(w.root); i++ {
		rm := &w.root[i]
		m := rm.move
		w.stack[0].move = m
		quiet := w.rootQuiet(m, inCheck)
		w.stack[0].cont = w.contKey(m)
		pos.Make(m)
		var s int
		if i == k {
			s = -w.search(-beta, -alpha, depth-1, 1, true, false)
		} else {
			r := w.rootReduction(quiet, depth, i-k)
			s = -w.search(-alpha-1, -alpha, depth-1-r, 1, false, true)
			if s > alpha && r > 0 {
				s = -w.search(-alpha-1, -alpha, depth-1, 1, false, true)
			}
			if s > alpha && s < beta {
				s = -w.search(-beta, -alpha, depth-1, 1, true, false)
			}
		}
		pos.Unmake()
		if w.stopped {
			break
		}
		if i == k || s > alpha {
			rm.score = s
			rm.pv[0] = m
			n := copy(rm.pv[1:], w.pv[1][1:w.pvLen[1]])
			rm.pvLen = 1 + n
		} else {
			rm.score = -Infinity
		}
		if s > best {
			best = s
		}
		if s > alpha {
			alpha = s
			if s >= beta {
				break
			}
		}
	}
	slices.SortStableFunc(w.root[k:], func(a, b rootMove) int { return b.score - a.score })
	return best
}

// rootQuiet reports whether the root move m, not yet made, is quiet for
// rootReduction: it captures nothing, does not promote, and the root is not
// in check (inCheck).
func (w *worker) rootQuiet(m movegen.Move, inCheck bool) bool {
	return !inCheck && !w.pos.IsCapture(m) && !m.IsPromotion()
}

// rootReduction is how many plies less than the iteration's depth a root
// move, the n-th of its line's moves (0: the first), is first searched,
// with the null window: a late quiet move (rootQuiet) that does not give
// check is reduced like one at a PV node below the root (search), and
// searched again at full depth if it beats alpha. It must be called with
// the move made, so that a check shows as the opponent in check. A game
// whose Evaluator turns them off (RootReducer) reduces no root move.
func (w *worker) rootReduction(quiet bool, depth, n int) int {
	if !quiet || depth < 3 || n < 3 || w.e.opts.Off&Reductions != 0 || w.e.margins.noRootLMR || w.inCheck() {
		return 0
	}
	r := int(w.e.lmr[min(depth, 63)][min(n, 63)]) - 1
	return max(0, min(r, depth-2))
}

// repetition scores a position that occurred before in the game or the
// search with the same side to move, following the game's rule; ok is false
// when the position is new or the rule lets play go on. The key scan finds
// recurrences cheaply; the verdict comes from the rules engine
// (RepetitionVerdict), which takes the first recurrence as final: a draw,
// or a loss for the side that checked (or, by the JCSA and lishogi rules,
// attacked) with every move of the cycle, or for the side that repeated
// where the rules forbid it.
func (w *worker) repetition(ply int) (score int, ok bool) {
	if w.v.Repetition == movegen.RepNone {
		return 0, false
	}
	n := w.rootLen + ply
	key := w.keys[n]
	i := n - 2
	for i >= 0 && w.keys[i] != key {
		i -= 2
	}
	if i < 0 {
		return 0, false
	}
	o := w.pos.RepetitionVerdict()
	if o.Result == movegen.Ongoing {
		return 0, false
	}
	return resultScore(o.Result, w.pos.SideToMove(), ply, w.draw[w.pos.SideToMove()]), true
}

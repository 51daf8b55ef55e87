package search

import (
	"fmt"
	"math"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/kirin-shogi/kirin/movegen"
)

// Evaluator scores a position in centipawns from the side to move's point
// of view. Search calls it from several goroutines at once, so it must be
// safe for concurrent use, and it should not allocate.
type Evaluator interface {
	// Evaluate scores pos for the side to move. The score must depend
	// only on what pos.Key() covers (board, hands, side to move, the
	// rules' pending states) and on pos.Quiet(): the search caches it
	// under those two. Scores beyond ±MaxEval are clamped to it.
	Evaluate(pos *movegen.Position) int
}

// Attacher is an Evaluator that can keep incremental state in a position
// (through movegen's SetSquareTable). The search calls Attach once on each
// worker's own copy of the position before searching it; Evaluate must
// give the same scores with or without it.
type Attacher interface {
	Attach(pos *movegen.Position)
}

// Scaler is an Evaluator whose scores spread wider or narrower than the
// search's margins assume (about a Pawn of 100 for a clear edge).
// MarginScale is the factor, in percent, by which the search widens every
// margin it compares evaluations with: reverse futility, futility of
// quiet moves and captures, and the quiescence search's delta pruning. An
// Evaluator that is no Scaler gets 100.
type Scaler interface {
	MarginScale() int
}

// Pruner is an Evaluator whose game wants late-move pruning to try a
// different number of quiet moves: LMPWorse is the share tried at a node
// whose static evaluation is not improving, in percent of what an
// improving node of the same depth tries (lmpCount), and LMPFactor, when
// not 0, replaces Params.LMPFactor (the count's growth with depth²; the
// SearchParams number is then ignored). An Evaluator that is no Pruner
// gets 50 and Params.LMPFactor.
type Pruner interface {
	LMPWorse() int
	LMPFactor() int
}

// RootReducer is an Evaluator whose game may turn off the late-move
// reductions of root moves (rootReduction): RootReductions reports whether
// the search makes them. An Evaluator that is no RootReducer gets them.
type RootReducer interface {
	RootReductions() bool
}

// MoveRuler is an Evaluator whose game may turn off three of the
// search's move rules (issue 15: all gained in shogi self-play; against
// Fairy-Stockfish 11.1 the unreduced checks lost heian 14 points and the
// late losing captures were level there, docs/matches.md, "Thirty-sixth
// session"; continuation pruning left tai more games drawn at the cap
// against the material player, "Seventy-third session").
// LateLosingCaptures reports whether the captures that lose in the
// exchange are tried after the quiet moves (else in the captures' order);
// ReducedChecks whether a late quiet move that gives check is reduced like
// any other (else it is not); ContinuationPruning whether late quiet moves
// are pruned by their continuation history (Params.ContPrune; else not at
// all); ThreatRFP whether reverse futility is withheld where the move
// into the node threatens more than the node's lead (Params.RFPThreat; else
// as the Params say); QuiescenceExchange whether the quiescence search
// leaves out a capture by a more valuable piece only where it loses in the
// exchange, as in the games with drops (Params.QSEE; else as the Params
// say). An Evaluator that is no MoveRuler gets the late losing captures,
// unreduced checks, continuation pruning and the Params' reverse futility
// and quiescence test.
type MoveRuler interface {
	LateLosingCaptures() bool
	ReducedChecks() bool
	ContinuationPruning() bool
	ThreatRFP() bool
	QuiescenceExchange() bool
}

// Extender is an Evaluator whose game extends moves at the horizon that
// threaten material: ThreatExtension, when above 0, replaces
// Params.ThreatExt (a move of a node of depth 1 whose piece then threatens
// to win more than it, Position.Threat, is searched a ply deeper; the
// SearchParams number is then ignored). An Evaluator that is no Extender,
// or returns 0, gets Params.ThreatExt.
type Extender interface {
	ThreatExtension() int
}

// CutoffCounter is an Evaluator whose game reduces late quiet moves a ply
// more where the earlier moves kept being refuted: CutoffCount, when above
// 0, replaces Params.CutoffCnt (issue 15: heian, docs/matches.md,
// "Eighty-fifth session"). An Evaluator that is no CutoffCounter, or
// returns 0, leaves the Params' number.
type CutoffCounter interface {
	CutoffCount() int
}

// Options are the engine settings a protocol exposes.
type Options struct {
	// HashMB is the transposition table size in megabytes (default 64).
	HashMB int
	// Threads is the number of search threads (Lazy SMP; default 1).
	Threads int
	// MultiPV is the number of best lines to search and report (default 1).
	MultiPV int
	// MoveOverhead is the time per move kept in reserve for communication
	// (default 30 ms).
	MoveOverhead time.Duration
	// Off switches search features off, for experiments and for matches
	// against a reduced engine (zero: everything on).
	Off Features
	// Contempt is what a draw costs the side the search plays for, in
	// centipawns: a draw scores -Contempt for it and +Contempt for its
	// opponent, so a positive value avoids draws in positions the
	// evaluation calls level (zero: a draw is 0 for both; analysis should
	// keep it there). DefaultContempt is the engine's playing value.
	Contempt int
	// Params are the search's tunable numbers (the zero value:
	// DefaultParams).
	Params Params
}

// DefaultContempt is the Contempt the engine plays with unless told
// otherwise: enough to refuse a repetition in a level position, far below
// a Pawn.
const DefaultContempt = 20

// Features is a set of search features that Options.Off can switch off.
type Features uint32

// The switchable search features.
const (
	// NullMove is null-move pruning.
	NullMove Features = 1 << iota
	// Reductions is late-move reductions.
	Reductions
	// Pruning is reverse futility, futility and late-move pruning.
	Pruning
	// Aspiration is aspiration windows at the root.
	Aspiration
	// Extensions is the check extension and the singular extension.
	Extensions
	// TableCutoffs is cut-offs by transposition-table scores (the table
	// still orders moves).
	TableCutoffs
	// DropMates is the test for a mate by a drop next to the enemy royal
	// (movegen's DropMate) at the nodes of games with drops and the check
	// rule.
	DropMates
	// MoveMates is the test for a mate by a move on the board next to the
	// enemy royal (movegen's MoveMate) at the nodes of games with drops and
	// the check rule.
	MoveMates
)

// namedFeature is a feature with its name in ParseFeatures.
type namedFeature struct {
	name string
	f    Features
}

// featureNames lists the features with their names.
func featureNames() [8]namedFeature {
	return [...]namedFeature{
		{"nullmove", NullMove}, {"lmr", Reductions}, {"pruning", Pruning},
		{"aspiration", Aspiration}, {"extensions", Extensions}, {"ttcut", TableCutoffs},
		{"dropmate", DropMates}, {"movemate", MoveMates},
	}
}

// ParseFeatures reads a comma-separated list of feature names (nullmove,
// lmr, pruning, aspiration, extensions, ttcut, dropmate, movemate; "none"
// for the empty set).
func ParseFeatures(s string) (Features, error) {
	var f Features
	if s == "" || s == "none" {
		return 0, nil
	}
	for _, name := range strings.Split(s, ",") {
		found := false
		for _, fn := range featureNames() {
			if fn.name == strings.TrimSpace(name) {
				f |= fn.f
				found = true
			}
		}
		if !found {
			return 0, fmt.Errorf("unknown search feature %q (nullmove, lmr, pruning, aspiration, extensions, ttcut, dropmate, movemate)", name)
		}
	}
	return f, nil
}

func (o Options) withDefaults() Options {
	if o.HashMB <= 0 {
		o.HashMB = 64
	}
	if o.Threads <= 0 {
		o.Threads = 1
	}
	if o.MultiPV <= 0 {
		o.MultiPV = 1
	}
	if o.MoveOverhead <= 0 {
		o.MoveOverhead = 30 * time.Millisecond
	}
	if o.Params == (Params{}) {
		o.Params = DefaultParams()
	}
	return o
}

// Info is one progress report: a completed iteration of one principal
// variation.
type Info struct {
	// Depth is the iteration; SelDepth the deepest ply reached.
	Depth, SelDepth int
	// MultiPV numbers the line from 1 (best first).
	MultiPV int
	// Score is in centipawns, or a decided game (IsMate, MateIn).
	Score int
	// Bound is BoundExact, or BoundLower/BoundUpper when the iteration was
	// stopped on an aspiration failure.
	Bound Bound
	// Nodes counts all threads' nodes; NPS is nodes per second.
	Nodes, NPS uint64
	// Time is the time since the search started.
	Time time.Duration
	// HashFull is the table's fill in permille.
	HashFull int
	// PV is the principal variation from the root.
	PV []movegen.Move
}

// Result is what a search returns.
type Result struct {
	// Best is the move to play (NullMove when the game is over at the
	// root); Ponder the expected reply (or NullMove).
	Best, Ponder movegen.Move
	// Score and Depth belong to the last completed iteration.
	Score, Depth int
	// Nodes counts all threads; Time is the time used.
	Nodes uint64
	Time  time.Duration
	// PV is the principal variation of the last completed iteration.
	PV []movegen.Move
}

// Engine is a searcher: its transposition table, options and per-thread
// state persist between searches of the same game. Search, Stop, PonderHit
// may be called from different goroutines; only one Search runs at a time.
type Engine struct {
	ev      Evaluator
	opts    Options
	tt      *TT
	workers []*worker
	lmr     [64][64]int8
	margins margins
	// The Evaluator's choices, from its Scaler, Pruner, RootReducer,
	// MoveRuler, Extender and CutoffCounter (margins takes them in with
	// the Params).
	scale, lmpWorse, lmpFactor, threatExt, cutoffCnt int
	noRootLMR, noLateBad, reduceChecks, noContPrune  bool
	threatRFP, qSEE                                  bool

	mu        sync.Mutex // serialises Search and option changes
	stop      atomic.Bool
	pondering atomic.Bool
	signal    chan struct{}
	start     atomic.Int64 // UnixNano the clock limits count from
	// nodeMark is the node count a node clock (Limits.NodeRate) counts
	// from; markAtNextCheck asks the main thread to take the count at its
	// next check (PonderHit cannot read the workers safely).
	nodeMark atomic.Uint64
	limits   Limits
	budget   budget
	timed    bool
	// lastScore is the score of the last timed search (lastScoreOK: there
	// was one), for the time plan of the next (paceFactor).
	lastScore   int
	lastScoreOK bool
}

// New returns an engine that evaluates with ev.
func New(ev Evaluator, opts Options) *Engine {
	e := &Engine{ev: ev, signal: make(chan struct{}, 1), scale: 100, lmpWorse: defaultLMPWorse}
	if sc, ok := ev.(Scaler); ok {
		e.scale = sc.MarginScale()
	}
	if p, ok := ev.(Pruner); ok {
		e.lmpWorse = min(max(p.LMPWorse(), minLMPWorse), 100)
		e.lmpFactor = max(p.LMPFactor(), 0)
	}
	if r, ok := ev.(RootReducer); ok {
		e.noRootLMR = !r.RootReductions()
	}
	if r, ok := ev.(MoveRuler); ok {
		e.noLateBad = !r.LateLosingCaptures()
		e.reduceChecks = r.ReducedChecks()
		e.noContPrune = !r.ContinuationPruning()
		e.threatRFP = r.ThreatRFP()
		e.qSEE = r.QuiescenceExchange()
	}
	if x, ok := ev.(Extender); ok {
		e.threatExt = max(x.ThreatExtension(), 0)
	}
	if c, ok := ev.(CutoffCounter); ok {
		e.cutoffCnt = max(c.CutoffCount(), 0)
	}
	e.SetOptions(opts)
	return e
}

// margins are the search's margins and limits in force: Params, the
// evaluation margins scaled by the Evaluator's Scaler, and the Evaluator's
// other choices.
type margins struct {
	rfp      int // reverse futility, per ply of depth
	futility int // futility of quiet moves, per ply
	capture  int // futility of captures, per ply
	delta    int // the quiescence search's delta pruning
	singular int // singular extension's margin below the table score, per ply
	pawn     int // a Pawn, for the time plan's score trend
	// lmpWorse is the share of lmpCount's quiet moves, in percent, tried
	// where the evaluation is not improving (Pruner; not scaled).
	lmpWorse int
	// noRootLMR: root moves are not reduced (RootReducer; not scaled).
	noRootLMR bool
	// noLateBad: losing captures keep the captures' order; reduceChecks:
	// late quiet checks are reduced (MoveRuler; not scaled).
	noLateBad, reduceChecks bool
	// The Params that are depths, counts and material (not scaled).
	rfpDepth, seDepth, checkExtDepth, checkExtMax        int
	butterfly, escapeLMR, contPrune                      int
	lmpBase, lmpFactor, lmpDepth                         int
	nullBase, nullDiv                                    int
	seeCapture, seeCaptureDepth, seeQuiet, seeQuietDepth int
	aspiration                                           int
	qBreadth, qRecapture                                 int
	movesToGo                                            int
	// rfpThreat: reverse futility is withheld where the move into the
	// node threatens more than the node's lead (lastMoveThreatens).
	rfpThreat bool
	// qSEE: the quiescence search tests a capture by a more valuable
	// piece by the exchange in every game (qLoses).
	qSEE bool
	// threatExt: the threat extension's bound at the horizon (0: off;
	// horizonThreat).
	threatExt int
	// cutoffCnt: late quiet moves are reduced a ply more once the moves
	// before them were refuted more often than this (0: off; frame's
	// cutoffs).
	cutoffCnt int
}

// pawnValue is a Pawn on the scale Params' margins assume.
const pawnValue = 100

// defaultLMPWorse is margins.lmpWorse for an Evaluator that is no Pruner,
// and minLMPWorse the least share a Pruner can set (percent).
const (
	defaultLMPWorse = 50
	minLMPWorse     = 10
)

// minMarginScale is the least factor newMargins applies (percent).
const minMarginScale = 10

// newMargins scales the evaluation margins of p by percent (at least
// minMarginScale) and takes p's other numbers as they are.
func newMargins(p Params, percent int) margins {
	percent = max(percent, minMarginScale)
	return margins{
		rfp:             p.RFP * percent / 100,
		futility:        p.Futility * percent / 100,
		capture:         p.Capture * percent / 100,
		delta:           p.Delta * percent / 100,
		singular:        max(p.Singular*percent/100, 1),
		pawn:            max(pawnValue*percent/100, 1),
		lmpWorse:        defaultLMPWorse,
		rfpDepth:        p.RFPDepth,
		seDepth:         p.SEDepth,
		checkExtDepth:   p.CheckExtDepth,
		checkExtMax:     p.CheckExtMax,
		butterfly:       p.Butterfly,
		escapeLMR:       p.EscapeLMR,
		contPrune:       p.ContPrune,
		lmpBase:         p.LMPBase,
		lmpFactor:       p.LMPFactor,
		lmpDepth:        p.LMPDepth,
		nullBase:        p.NullBase,
		nullDiv:         p.NullDiv,
		seeCapture:      p.SEECapture,
		seeCaptureDepth: p.SEECaptureDepth,
		seeQuiet:        p.SEEQuiet,
		seeQuietDepth:   p.SEEQuietDepth,
		aspiration:      p.Aspiration,
		rfpThreat:       p.RFPThreat != 0,
		qSEE:            p.QSEE != 0,
		qBreadth:        p.QBreadth,
		qRecapture:      p.QRecapture,
		movesToGo:       p.MovesToGo,
		threatExt:       p.ThreatExt,
		cutoffCnt:       p.CutoffCnt,
	}
}

// lmrTable is the late-move reduction table for a divisor of div
// hundredths: 0.5 + log(depth) log(move number) / (div/100), truncated.
func lmrTable(div int) (t [64][64]int8) {
	d100 := float64(div) / 100
	for d := 1; d < 64; d++ {
		for n := 1; n < 64; n++ {
			t[d][n] = int8(min(0.5+math.Log(float64(d))*math.Log(float64(n))/d100, 127))
		}
	}
	return t
}

// Options returns the settings in force.
func (e *Engine) Options() Options { return e.opts }

// SetOptions changes the settings; a new hash size clears the table. It
// waits for a running search to finish.
func (e *Engine) SetOptions(o Options) {
	e.mu.Lock()
	defer e.mu.Unlock()
	o = o.withDefaults()
	if o.Params != e.opts.Params {
		e.margins = newMargins(o.Params, e.scale)
		e.margins.lmpWorse, e.margins.noRootLMR = e.lmpWorse, e.noRootLMR
		e.margins.noLateBad, e.margins.reduceChecks = e.noLateBad, e.reduceChecks
		if e.noContPrune {
			e.margins.contPrune = 0
		}
		e.margins.rfpThreat = e.margins.rfpThreat || e.threatRFP
		e.margins.qSEE = e.margins.qSEE || e.qSEE
		if e.lmpFactor > 0 {
			e.margins.lmpFactor = e.lmpFactor
		}
		if e.threatExt > 0 {
			e.margins.threatExt = e.threatExt
		}
		if e.cutoffCnt > 0 {
			e.margins.cutoffCnt = e.cutoffCnt
		}
		e.lmr = lmrTable(o.Params.LMRDiv)
	}
	if e.tt == nil || o.HashMB != e.opts.HashMB {
		e.tt = nil // let the old table go before allocating the new one
		e.tt = NewTT(o.HashMB)
	}
	for len(e.workers) < o.Threads {
		e.workers = append(e.workers, newWorker(e, len(e.workers)))
	}
	e.workers = e.workers[:o.Threads]
	e.opts = o
}

// Clear forgets everything learnt: the table, killers and history (a new
// game, or a new variant).
func (e *Engine) Clear() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.tt.Clear()
	e.lastScoreOK = false
	for _, w := range e.workers {
		w.clearTables()
	}
}

// Stop ends the running search as soon as possible; Search then returns the
// best move found so far. Stop is safe to call at any time.
func (e *Engine) Stop() {
	e.stop.Store(true)
	e.wake()
}

// PonderHit tells a pondering search that the expected move was played: the
// clock limits now apply, counted from this moment.
func (e *Engine) PonderHit() {
	e.start.Store(time.Now().UnixNano())
	e.nodeMark.Store(markAtNextCheck)
	e.pondering.Store(false)
	e.wake()
}

func (e *Engine) wake() {
	select {
	case e.signal <- struct{}{}:
	default:
	}
}

// elapsed returns the time since the clock started.
func (e *Engine) elapsed() time.Duration {
	return time.Duration(time.Now().UnixNano() - e.start.Load())
}

// markAtNextCheck in nodeMark: the node clock starts at the next check.
const markAtNextCheck = math.MaxUint64

// clock returns the time the clock limits are measured against: the
// wall-clock time since the clock started, or on a node clock
// (Limits.NodeRate) the nodes searched since then converted to time. Only
// the main thread calls it.
func (e *Engine) clock() time.Duration {
	rate := e.limits.NodeRate
	if rate == 0 {
		return e.elapsed()
	}
	n := e.nodes()
	from := e.nodeMark.Load()
	if from == markAtNextCheck {
		e.nodeMark.Store(n)
		from = n
	}
	t := float64(n-from) / float64(rate) * float64(time.Second)
	if t >= math.MaxInt64 {
		return math.MaxInt64 // a tiny rate: past any limit
	}
	return time.Duration(t)
}

// nodes sums the node counts the threads have published.
func (e *Engine) nodes() uint64 {
	var n uint64
	for _, w := range e.workers {
		n += w.published.Load()
	}
	return n
}

// Search looks for the best move of pos within the limits, calling report
// (if not nil) from the searching goroutine after each completed iteration.
// pos is not changed. With Limits.Infinite, or Ponder until PonderHit,
// Search does not return before Stop.
func (e *Engine) Search(pos *movegen.Position, lim Limits, report func(Info)) Result {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.start.Store(time.Now().UnixNano())
	e.nodeMark.Store(0)
	e.stop.Store(false)
	e.pondering.Store(lim.Ponder)
	select { // drop a stale wake-up
	case <-e.signal:
	default:
	}
	us := pos.SideToMove()
	e.limits = lim
	e.timed = lim.timed(us)
	pieces := 0 // with drops the count says nothing of the moves to come
	if !pos.Variant().Drops {
		pieces = len(pos.Pieces(movegen.Black)) + len(pos.Pieces(movegen.White))
	}
	e.budget = plan(&lim, us, e.opts.MoveOverhead, pieces, e.margins.movesToGo)
	e.tt.NewSearch()

	main := e.workers[0]
	main.prepare(pos, &lim)
	if len(main.root) == 0 {
		e.waitForStop(&lim)
		o := pos.Outcome()
		return Result{Score: resultScore(o.Result, us, 0, 0), Time: e.elapsed()}
	}
	var wg sync.WaitGroup
	for _, w := range e.workers[1:] {
		w.prepare(pos, &lim)
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.iterate(nil)
		}()
	}
	main.iterate(report)
	e.waitForStop(&lim)
	e.stop.Store(true)
	wg.Wait()

	best := &main.root[0]
	if e.timed && main.completed > 0 {
		e.lastScore, e.lastScoreOK = main.bestScore, true
	}
	res := Result{
		Best:  best.move,
		Score: main.bestScore,
		Depth: main.completed,
		Nodes: e.nodes(),
		Time:  e.elapsed(),
		PV:    append([]movegen.Move(nil), best.pv[:best.pvLen]...),
	}
	if best.pvLen > 1 {
		res.Ponder = best.pv[1]
	}
	return res
}

// Quiesce runs the quiescence search alone on pos, with a full window and
// no limits, and returns its score and principal variation: the captures
// (in check, the evasions) that lead to the quiet position whose static
// evaluation the score is; no moves if pos is quiet already or the game
// is over. Texel tuning (kirin tune) takes its positions there. pos is not
// changed.
func (e *Engine) Quiesce(pos *movegen.Position) (int, []movegen.Move) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.start.Store(time.Now().UnixNano())
	e.nodeMark.Store(0)
	e.stop.Store(false)
	e.pondering.Store(false)
	lim := Limits{}
	e.limits = lim
	e.timed = false
	w := e.workers[0]
	w.prepare(pos, &lim)
	w.qTable = false
	s := w.qsearch(-Infinity, Infinity, 0, 0)
	return s, append([]movegen.Move(nil), w.pv[0][:w.pvLen[0]]...)
}

// waitForStop holds an infinite or pondering search until Stop (or, when
// pondering, until PonderHit ends the pondering and the time is used up,
// which the finished search already has).
func (e *Engine) waitForStop(lim *Limits) {
	for !e.stop.Load() && (lim.Infinite || e.pondering.Load()) {
		<-e.signal
	}
}

// shouldStop is the main thread's check, every 64 nodes, of the
// hard time limit (on the wall clock or the node clock) and the node limit.
func (e *Engine) shouldStop() bool {
	if e.limits.Nodes > 0 && e.nodes() >= e.limits.Nodes {
		return true
	}
	if e.timed && !e.pondering.Load() && e.clock() >= e.budget.hard {
		return true
	}
	return false
}

// report builds the Info of line k of worker w.
func (e *Engine) info(w *worker, k int, depth int) Info {
	rm := &w.root[k]
	el := e.elapsed()
	n := e.nodes()
	inf := Info{
		Depth:    depth,
		SelDepth: w.seldepth,
		MultiPV:  k + 1,
		Score:    rm.score,
		Bound:    BoundExact,
		Nodes:    n,
		Time:     el,
		HashFull: e.tt.HashFull(),
		PV:       append([]movegen.Move(nil), rm.pv[:rm.pvLen]...),
	}
	if el > 0 {
		inf.NPS = uint64(float64(n) / el.Seconds())
	}
	return inf
}

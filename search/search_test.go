package search

import (
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kirin-shogi/kirin/movegen"
)

// material is the simplest evaluator: the difference of the piece values on
// the board and in hand, for the side to move. The search tests use it so
// they depend on the search alone.
type material struct{}

func (material) Evaluate(pos *movegen.Position) int {
	return materialBy(pos, func(p *movegen.PieceInfo) int { return p.Value })
}

// materialBy is the side to move's material less the opponent's, each
// piece on the board and in hand counted at value.
func materialBy(pos *movegen.Position, value func(*movegen.PieceInfo) int) int {
	v := pos.Variant()
	s := 0
	for c := movegen.Color(0); c < movegen.ColorCount; c++ {
		sum := 0
		for _, sq := range pos.Pieces(c) {
			sum += value(&v.Pieces[pos.At(sq).Type()])
		}
		for _, t := range v.HandTypes {
			sum += pos.Hand(c, t) * value(&v.Pieces[t])
		}
		if c == pos.SideToMove() {
			s += sum
		} else {
			s -= sum
		}
	}
	return s
}

func position(t testing.TB, variant, sfen string) *movegen.Position {
	t.Helper()
	v, err := movegen.Lookup(variant)
	if err != nil {
		t.Fatal(err)
	}
	if sfen == "" {
		sfen = v.StartSFEN
	}
	pos, err := movegen.NewPosition(v, sfen)
	if err != nil {
		t.Fatal(err)
	}
	return pos
}

// historyWorker returns a worker of an engine with the material evaluator
// and a 1 MB table, on pos, its history tables sized for pos's game: for
// tests that drive the move ordering's tables by hand.
func historyWorker(pos *movegen.Position) *worker {
	w := newWorker(New(material{}, Options{HashMB: 1}), 0)
	w.pos = pos
	w.sizeCont(pos.Variant())
	return w
}

// TestMateInOne: a gold drop mates in shogi; the search must say "mate in
// 1" and play a move after which the opponent has lost.
func TestMateInOne(t *testing.T) {
	pos := position(t, "shogi", "7lk/9/7G1/9/9/9/9/9/4K4 b G 1")
	e := New(material{}, Options{HashMB: 4})
	r := e.Search(pos, Limits{Depth: 3}, nil)
	if !IsMate(r.Score) || MateIn(r.Score) != 1 {
		t.Fatalf("score %d (mate in %d), want mate in 1", r.Score, MateIn(r.Score))
	}
	pos.Make(r.Best)
	if o := pos.Outcome(); o.Result != movegen.BlackWins {
		t.Fatalf("after %s: outcome %v %s, want 1-0", pos.MoveUSI(r.Best), o.Result, o.Reason)
	}
}

// TestRoyalCapture: in chu the king is captured, not mated; a rook on an
// open file takes it at once.
func TestRoyalCapture(t *testing.T) {
	pos := position(t, "chu", "5k5p/12/12/12/12/12/12/12/12/12/12/5R5K b - 1")
	e := New(material{}, Options{HashMB: 4})
	r := e.Search(pos, Limits{Depth: 2}, nil)
	if MateIn(r.Score) != 1 || pos.At(r.Best.To()).Type() != pos.Variant().Pieces[pos.At(r.Best.To()).Type()].Base ||
		pos.Variant().SquareUSI(r.Best.To()) != "7a" {
		t.Fatalf("best %s score %d, want the rook taking the king on 7a", pos.MoveUSI(r.Best), r.Score)
	}
}

// TestWinsHangingPiece: a free rook is taken.
func TestWinsHangingPiece(t *testing.T) {
	pos := position(t, "shogi", "4k4/9/9/9/4r4/9/9/4B4/4K4 b - 1")
	e := New(material{}, Options{HashMB: 4})
	r := e.Search(pos, Limits{Depth: 4}, nil)
	// The bishop on 5h cannot reach 5e; the king cannot either. The rook
	// is not hanging: a search that grabs it anyway is wrong.
	if pos.IsCapture(r.Best) {
		t.Fatalf("captured with %s", pos.MoveUSI(r.Best))
	}
	pos2 := position(t, "shogi", "4k4/9/9/9/9/2r6/9/4B4/4K4 b - 1")
	r = e.Search(pos2, Limits{Depth: 4}, nil)
	if pos2.MoveUSI(r.Best) != "5h7f" {
		t.Fatalf("best %s, want 5h7f (bishop takes rook)", pos2.MoveUSI(r.Best))
	}
}

// TestDeterministic: one thread at a fixed depth from a cleared table gives
// the same tree every time, which the bench node count relies on.
func TestDeterministic(t *testing.T) {
	pos := position(t, "chu", "")
	var nodes []uint64
	for range 2 {
		e := New(material{}, Options{HashMB: 8})
		r := e.Search(pos, Limits{Depth: 5}, nil)
		nodes = append(nodes, r.Nodes)
	}
	if nodes[0] != nodes[1] || nodes[0] == 0 {
		t.Fatalf("node counts %v", nodes)
	}
}

// TestReportsEveryIteration: the callback sees depths 1..D in order with a
// legal PV starting with a root move, and the result matches the last one.
func TestReportsEveryIteration(t *testing.T) {
	pos := position(t, "okisaki", "")
	e := New(material{}, Options{HashMB: 8})
	var infos []Info
	r := e.Search(pos, Limits{Depth: 6}, func(i Info) { infos = append(infos, i) })
	if len(infos) != 6 {
		t.Fatalf("%d reports, want 6", len(infos))
	}
	for k, inf := range infos {
		if inf.Depth != k+1 || len(inf.PV) == 0 || inf.Nodes == 0 || inf.MultiPV != 1 {
			t.Fatalf("report %d: %+v", k, inf)
		}
		// The PV must be playable.
		p := pos.Clone()
		for _, m := range inf.PV {
			var l movegen.MoveList
			p.GenerateLegal(&l)
			found := false
			for _, x := range l.Slice() {
				found = found || x == m
			}
			if !found {
				t.Fatalf("depth %d: PV move %s illegal", inf.Depth, p.MoveUSI(m))
			}
			p.Make(m)
		}
	}
	last := infos[len(infos)-1]
	if r.Best != last.PV[0] || r.Depth != 6 || r.Score != last.Score {
		t.Fatalf("result %+v, last report %+v", r, last)
	}
}

// TestMultiPV: k lines with distinct first moves, best first.
func TestMultiPV(t *testing.T) {
	pos := position(t, "shogi", "")
	e := New(material{}, Options{HashMB: 8, MultiPV: 3})
	lines := map[int]Info{}
	e.Search(pos, Limits{Depth: 4}, func(i Info) { lines[i.MultiPV] = i })
	if len(lines) != 3 {
		t.Fatalf("%d lines", len(lines))
	}
	if lines[1].PV[0] == lines[2].PV[0] || lines[2].PV[0] == lines[3].PV[0] || lines[1].PV[0] == lines[3].PV[0] {
		t.Fatal("lines share a first move")
	}
	if lines[1].Score < lines[2].Score || lines[2].Score < lines[3].Score {
		t.Fatalf("scores out of order: %d %d %d", lines[1].Score, lines[2].Score, lines[3].Score)
	}
}

// TestSearchMoves restricts the root.
func TestSearchMoves(t *testing.T) {
	pos := position(t, "shogi", "")
	m, err := pos.ParseMoveUSI("1g1f")
	if err != nil {
		t.Fatal(err)
	}
	e := New(material{}, Options{HashMB: 4})
	if r := e.Search(pos, Limits{Depth: 3, SearchMoves: []movegen.Move{m}}, nil); r.Best != m {
		t.Fatalf("best %s", pos.MoveUSI(r.Best))
	}
}

// TestGameOverAtRoot: no move, and the score of the result.
func TestGameOverAtRoot(t *testing.T) {
	pos := position(t, "shogi", "7lk/8G/7G1/9/9/9/9/9/4K4 w - 1") // white is mated
	e := New(material{}, Options{HashMB: 4})
	r := e.Search(pos, Limits{Depth: 3}, nil)
	if r.Best != movegen.NullMove || r.Score != -Mate {
		t.Fatalf("result %+v", r)
	}
}

// TestStopIsPrompt: an infinite search on tai's big board, with two
// threads, ends within 50 ms of Stop. The best of three tries counts, so a
// busy machine does not make the test flaky.
func TestStopIsPrompt(t *testing.T) {
	pos := position(t, "tai", "")
	e := New(material{}, Options{HashMB: 16, Threads: 2})
	best := time.Hour
	for range 3 {
		done := make(chan Result)
		go func() { done <- e.Search(pos, Limits{Infinite: true}, nil) }()
		time.Sleep(300 * time.Millisecond)
		start := time.Now()
		e.Stop()
		select {
		case r := <-done:
			best = min(best, time.Since(start))
			if r.Best == movegen.NullMove {
				t.Fatal("no move after stop")
			}
		case <-time.After(2 * time.Second):
			t.Fatal("search did not stop")
		}
	}
	if best > 50*time.Millisecond {
		t.Fatalf("stop took %v", best)
	}
	t.Logf("stop latency %v", best)
}

// TestInfiniteWaitsForStop: an infinite search that reaches its depth
// limit still waits for Stop, as the protocols require.
func TestInfiniteWaitsForStop(t *testing.T) {
	pos := position(t, "shogi", "")
	e := New(material{}, Options{HashMB: 4})
	done := make(chan Result, 1)
	go func() { done <- e.Search(pos, Limits{Infinite: true, Depth: 2}, nil) }()
	select {
	case <-done:
		t.Fatal("infinite search returned before stop")
	case <-time.After(200 * time.Millisecond):
	}
	e.Stop()
	select {
	case <-done:
	case <-time.After(time.Second):
		t.Fatal("no return after stop")
	}
}

// TestPonderHit: a pondering search waits until ponderhit, then keeps to
// its clock.
func TestPonderHit(t *testing.T) {
	pos := position(t, "shogi", "")
	e := New(material{}, Options{HashMB: 4, MoveOverhead: 10 * time.Millisecond})
	done := make(chan time.Time, 1)
	go func() {
		e.Search(pos, Limits{Ponder: true, MoveTime: 200 * time.Millisecond}, nil)
		done <- time.Now()
	}()
	time.Sleep(400 * time.Millisecond)
	select {
	case <-done:
		t.Fatal("ponder search returned before ponderhit")
	default:
	}
	hit := time.Now()
	e.PonderHit()
	select {
	case end := <-done:
		if d := end.Sub(hit); d > time.Second {
			t.Fatalf("search ran %v after ponderhit with 200ms to move", d)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("no return after ponderhit")
	}
}

// TestNodeLimit stops near the node limit.
func TestNodeLimit(t *testing.T) {
	pos := position(t, "chu", "")
	e := New(material{}, Options{HashMB: 4})
	r := e.Search(pos, Limits{Nodes: 20000}, nil)
	if r.Nodes < 20000 || r.Nodes > 21000 || r.Best == movegen.NullMove {
		t.Fatalf("nodes %d best %v", r.Nodes, r.Best)
	}
}

// TestThreadsAgreeOnMate: Lazy SMP with four threads finds the same mate
// (and runs clean under the race detector).
func TestThreadsAgreeOnMate(t *testing.T) {
	pos := position(t, "shogi", "7lk/9/7G1/9/9/9/9/9/4K4 b G 1")
	e := New(material{}, Options{HashMB: 8, Threads: 4})
	r := e.Search(pos, Limits{Depth: 6}, nil)
	if MateIn(r.Score) != 1 {
		t.Fatalf("score %d", r.Score)
	}
}

// TestConcurrentStop: Stop and PonderHit from other goroutines while a
// search runs (for the race detector).
func TestConcurrentStop(t *testing.T) {
	pos := position(t, "dai", "")
	e := New(material{}, Options{HashMB: 8, Threads: 2})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		e.Search(pos, Limits{Ponder: true}, func(Info) {})
	}()
	time.Sleep(50 * time.Millisecond)
	e.PonderHit()
	e.Stop()
	wg.Wait()
}

// TestSearchDoesNotAllocate pins the hot path: a whole fixed-depth tree
// below the root allocates nothing once the worker is set up. The last
// case turns on reverse futility's threat test (Params.RFPThreat) in a
// shogi position whose pawns are in contact, where the test is reached.
func TestSearchDoesNotAllocate(t *testing.T) {
	for _, c := range []struct {
		name, sfen string
		threat     bool
	}{
		{"shogi", "", false},
		{"chu", "", false},
		{"reiwadai", "", false},
		{"tai", "", false},
		{"shogi", "lnsgkgsnl/1r5b1/pppp1pppp/9/4p4/4P4/PPPP1PPPP/1B5R1/LNSGKGSNL b - 1", true},
	} {
		name := c.name
		p := DefaultParams()
		if c.threat {
			p.RFPThreat = 1
		}
		pos := position(t, name, c.sfen)
		e := New(material{}, Options{HashMB: 4, Params: p})
		w := e.workers[0]
		e.limits = Limits{Depth: 3}
		w.prepare(pos, &e.limits)
		w.rootDepth = 3
		depth := 3
		if name == "tai" {
			depth = 2
		}
		allocs := testing.AllocsPerRun(3, func() {
			w.rootSearch(depth, -Infinity, Infinity, 0)
		})
		if allocs != 0 {
			t.Errorf("%s %q, threat test %v: %.1f allocations per search", name, c.sfen, c.threat, allocs)
		}
	}
}

// TestFeaturesOff: every switch parses, unknown names are refused, and
// switching a feature off changes the tree of a middle-game search while
// the engine still plays a legal move.
func TestFeaturesOff(t *testing.T) {
	if _, err := ParseFeatures("nullmove,bogus"); err == nil {
		t.Fatal("bogus feature accepted")
	}
	all, err := ParseFeatures("nullmove, lmr,pruning,aspiration,extensions,ttcut,dropmate,movemate")
	if err != nil || all != NullMove|Reductions|Pruning|Aspiration|Extensions|TableCutoffs|DropMates|MoveMates {
		t.Fatalf("%v %v", all, err)
	}
	pos := position(t, "shogi", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1")
	nodes := func(off Features) uint64 {
		e := New(material{}, Options{HashMB: 8, Off: off})
		r := e.Search(pos, Limits{Depth: 5}, nil)
		if r.Best == movegen.NullMove {
			t.Fatalf("off %b: no move", off)
		}
		return r.Nodes
	}
	base := nodes(0)
	for _, f := range []Features{NullMove, Reductions, Pruning, Aspiration, Extensions, TableCutoffs, DropMates, MoveMates} {
		if n := nodes(f); n == base {
			t.Errorf("switching off %b left the node count at %d", f, n)
		}
	}
}

// marginScaled is the material evaluator with a Scaler's margin factor.
type marginScaled struct {
	material
	percent int
}

func (s marginScaled) MarginScale() int { return s.percent }

// TestMarginScale: a Scaler's factor scales every margin (and an
// evaluator that is no Scaler gets the base margins), and it reaches the
// pruning: the same search with margins ten times wider visits a
// different number of nodes, as does one with no pruning at all.
func TestMarginScale(t *testing.T) {
	d := DefaultParams()
	base := margins{rfp: 90, futility: 120, capture: 200, delta: 200, singular: 2, pawn: pawnValue, lmpWorse: defaultLMPWorse,
		rfpDepth: 6, seDepth: 6, butterfly: 100, escapeLMR: 2, contPrune: 3, lmpBase: 6, lmpFactor: 2, lmpDepth: 8, nullBase: 3, nullDiv: 5,
		seeCapture: 150, seeCaptureDepth: 6, seeQuiet: 25, seeQuietDepth: 7, aspiration: 30, qBreadth: 12, qRecapture: 4, movesToGo: 40}
	if got := New(material{}, Options{HashMB: 1}).margins; got != base {
		t.Errorf("no Scaler: margins %+v, want %+v", got, base)
	}
	// Only the evaluation margins scale.
	want := base
	want.rfp, want.futility, want.capture, want.delta, want.singular, want.pawn = 3*d.RFP, 3*d.Futility, 3*d.Capture, 3*d.Delta, 3*d.Singular, 3*pawnValue
	if got := New(marginScaled{percent: 300}, Options{HashMB: 1}).margins; got != want {
		t.Errorf("MarginScale 300: margins %+v, want %+v", got, want)
	}
	if got, want := New(marginScaled{percent: -5}, Options{HashMB: 1}).margins, newMargins(d, minMarginScale); got != want || got.rfp <= 0 {
		t.Errorf("MarginScale -5: margins %+v, want %+v", got, want)
	}
	pos := position(t, "shogi", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1")
	nodes := func(ev Evaluator, off Features) uint64 {
		r := New(ev, Options{HashMB: 8, Off: off}).Search(pos, Limits{Depth: 5}, nil)
		if r.Best == movegen.NullMove {
			t.Fatal("no move")
		}
		return r.Nodes
	}
	plain, wide, none := nodes(marginScaled{percent: 100}, 0), nodes(marginScaled{percent: 1000}, 0), nodes(material{}, Pruning)
	if plain != nodes(material{}, 0) {
		t.Errorf("MarginScale 100 searched %d nodes, no Scaler %d", plain, nodes(material{}, 0))
	}
	if wide == plain || wide == none {
		t.Errorf("margins ten times wider: %d nodes, base margins %d, no pruning %d", wide, plain, none)
	}
}

// lmpShaped is the material evaluator with a Pruner's share.
type lmpShaped struct {
	material
	percent, factor int
}

func (s lmpShaped) LMPWorse() int { return s.percent }

func (s lmpShaped) LMPFactor() int { return s.factor }

// TestPruner: late-move pruning tries half its quiet moves where the
// evaluation is not improving by default, a Pruner's share instead
// (clamped to 10..100), and the share reaches the search: at 100 and at
// 10 the same search visits a different number of nodes than at the
// default (not fewer or more in order: a tree pruned harder can take
// longer to settle). A Pruner's LMPFactor replaces Params.LMPFactor, even
// one set in the Params, 0 leaves it, and it too reaches the search.
func TestPruner(t *testing.T) {
	m := newMargins(DefaultParams(), 100)
	for d := 1; d <= m.lmpDepth; d++ {
		full := 6 + 2*d*d
		m.lmpWorse = 10
		if got := m.lmpCount(d, true); got != full {
			t.Errorf("depth %d improving: %d, want %d", d, got, full)
		}
		m.lmpWorse = defaultLMPWorse
		if got := m.lmpCount(d, false); got != full/2 {
			t.Errorf("depth %d not improving: %d, want %d", d, got, full/2)
		}
		m.lmpWorse = 100
		if got := m.lmpCount(d, false); got != full {
			t.Errorf("depth %d not improving at 100%%: %d, want %d", d, got, full)
		}
	}
	for _, c := range []struct{ set, want int }{{100, 100}, {75, 75}, {5, minLMPWorse}, {150, 100}} {
		if got := New(lmpShaped{percent: c.set}, Options{HashMB: 1}).margins.lmpWorse; got != c.want {
			t.Errorf("LMPWorse %d: share %d, want %d", c.set, got, c.want)
		}
	}
	three := DefaultParams()
	three.LMPFactor = 3
	for _, c := range []struct {
		factor int
		params Params
		want   int
	}{{0, Params{}, 2}, {1, Params{}, 1}, {0, three, 3}, {1, three, 1}, {5, three, 5}} {
		if got := New(lmpShaped{percent: defaultLMPWorse, factor: c.factor}, Options{HashMB: 1, Params: c.params}).margins.lmpFactor; got != c.want {
			t.Errorf("LMPFactor %d, Params' %d: factor %d, want %d", c.factor, c.params.LMPFactor, got, c.want)
		}
	}
	nodes := func(ev Evaluator) uint64 { return checksNodes(t, ev, 6) }
	if one, def := nodes(lmpShaped{percent: defaultLMPWorse, factor: 1}), nodes(lmpShaped{percent: defaultLMPWorse}); one == def {
		t.Errorf("LMPFactor 1 and unset: both %d nodes; want the factor to reach the search", one)
	}
	half, all, few := nodes(lmpShaped{percent: defaultLMPWorse}), nodes(lmpShaped{percent: 100}), nodes(lmpShaped{percent: 10})
	if half != nodes(material{}) {
		t.Errorf("LMPWorse 50 searched %d nodes, no Pruner %d", half, nodes(material{}))
	}
	if few == half || all == half {
		t.Errorf("nodes at shares 10, 50, 100: %d, %d, %d; want the default's count to differ", few, half, all)
	}
}

// TestPerpetualCheckLoses: Black's rook has checked on every move of a
// cycle; White completing the repetition wins by the shogi rule, so the
// search (which takes the first recurrence as final) plays it and scores it
// a win.
func TestPerpetualCheckLoses(t *testing.T) {
	pos := position(t, "shogi", "4k4/R8/9/9/9/9/9/9/4K4 b - 1")
	for _, mv := range []string{"9b9a", "5a5b", "9a9b"} {
		m, err := pos.ParseMoveUSI(mv)
		if err != nil {
			t.Fatal(err)
		}
		pos.Make(m)
	}
	e := New(material{}, Options{HashMB: 4})
	r := e.Search(pos, Limits{Depth: 3}, nil)
	if pos.MoveUSI(r.Best) != "5b5a" || MateIn(r.Score) != 1 {
		t.Fatalf("best %s score %d, want 5b5a winning by perpetual check", pos.MoveUSI(r.Best), r.Score)
	}
}

// TestPerpetualAttackLoses: under chu's JCSA rule a side that attacks an
// enemy piece with every move of a cycle loses; the search must see it, as
// the referee does (Outcome).
func TestPerpetualAttackLoses(t *testing.T) {
	// Black's rook on 12l attacks White's gold on 12a... from a distance:
	// the rook swings between 12k and 11k, attacking the gold on 12a and
	// then the silver on 11a; White shuffles its king.
	pos := position(t, "chu", "gs9k/12/12/12/12/12/12/12/12/12/R11/11K b - 1")
	for _, mv := range []string{"12k11k", "1a1b", "11k12k"} {
		m, err := pos.ParseMoveUSI(mv)
		if err != nil {
			t.Fatal(err)
		}
		pos.Make(m)
	}
	// White to move: 1b1a completes the cycle in which every Black move
	// attacked; by the JCSA rule Black loses, so White wins at once.
	m, _ := pos.ParseMoveUSI("1b1a")
	pos.Make(m)
	if o := pos.RepetitionVerdict(); o.Result != movegen.WhiteWins {
		t.Fatalf("verdict %v %s, want 0-1 by perpetual attack", o.Result, o.Reason)
	}
	pos.Unmake()
	e := New(material{}, Options{HashMB: 4})
	r := e.Search(pos, Limits{Depth: 3}, nil)
	if pos.MoveUSI(r.Best) != "1b1a" || MateIn(r.Score) != 1 {
		t.Fatalf("best %s score %d, want 1b1a winning by perpetual attack", pos.MoveUSI(r.Best), r.Score)
	}
}

// TestContempt: with a move limit that ends the game after one or two
// plies, every line is a draw, and the search scores it -Contempt for the
// side it plays for whichever side is to move when the draw comes (0
// without contempt), so a positive contempt makes any level alternative
// better than the draw.
func TestContempt(t *testing.T) {
	for _, plies := range []int{1, 2} {
		for _, contempt := range []int{0, 30} {
			for _, sfen := range []string{"4k4/9/9/9/9/9/9/9/4K4 b P 1", "4k4/9/9/9/9/9/9/9/4K4 w P 1"} {
				pos := position(t, "shogi", sfen)
				pos.SetMoveLimit(pos.MoveNumber() - 1 + plies)
				e := New(material{}, Options{HashMB: 4, Contempt: contempt})
				r := e.Search(pos, Limits{Depth: 3}, nil)
				if r.Score != -contempt {
					t.Errorf("%s, draw after %d plies, contempt %d: score %d, want %d", sfen, plies, contempt, r.Score, -contempt)
				}
			}
		}
	}
}

// TestRoyalLeftEnPrise: in a game without the check rule, with the side to
// move in check, royalLeftEnPrise names exactly the moves after which the
// opponent has a legal capture of the side's royal while the game goes on,
// as the opponent's own move list shows: in chu a king on a rook's file,
// in tai an emperor that the enemy emperor may take because no piece
// protects it, and one attacked by a rook (there the capture of the enemy
// emperor, which ends the game, must not count).
func TestRoyalLeftEnPrise(t *testing.T) {
	// A tai board: rank a, the 22 empty ranks b to w, ranks x and y.
	tai := func(a, x, y string) string { return a + "/" + strings.Repeat("25/", 22) + x + "/" + y + " b - 1" }
	cases := []struct{ variant, sfen string }{
		// Black's King on 6l, a White Rook on its file; Black's Pawn and
		// Gold keep its King from being bare.
		{"chu", "6k5/12/12/12/6r5/12/12/12/12/12/11G/6K4P b - 1"},
		// Black's Emperor on 13y, unprotected; its Gold on 2x guards
		// only its neighbours. White's Emperor on 13a is unprotected too.
		{"tai", tai("5g6e12", "23G1", "12E12")},
		// As above, but a White Gold next to White's Emperor protects it.
		{"tai", tai("12eg11", "23G1", "12E12")},
		// A White Rook next to Black's Emperor; Black's Rook on 1a may
		// take White's Emperor, which ends the game though Black's
		// Emperor still stands attacked.
		{"tai", tai("12e11R", "12r10G1", "12E12")},
	}
	e := New(material{}, Options{HashMB: 4})
	w := e.workers[0]
	for _, c := range cases {
		w.prepare(position(t, c.variant, c.sfen), &Limits{Depth: 1})
		pos := w.pos
		us := pos.SideToMove()
		if !w.inCheck() {
			t.Fatalf("%s %s: the side to move is not in check", c.variant, c.sfen)
		}
		var list, replies movegen.MoveList
		pos.GenerateLegal(&list)
		left, kept := 0, 0
		for _, m := range list.Slice() {
			pos.Make(m)
			want := false
			if pos.Outcome().Result == movegen.Ongoing {
				replies.N = 0
				pos.GenerateLegal(&replies)
				for _, r := range replies.Slice() {
					if _, royal := pos.CapturedValue(r); royal {
						want = true
					}
				}
			}
			if got := w.royalLeftEnPrise(us, 0); got != want {
				pos.Unmake()
				t.Errorf("%s %s, %s: royalLeftEnPrise %v, want %v", c.variant, c.sfen, pos.MoveUSI(m), got, want)
				pos.Make(m)
			}
			pos.Unmake()
			if want {
				left++
			} else {
				kept++
			}
		}
		if left == 0 || kept == 0 {
			t.Errorf("%s %s: %d moves leave the royal, %d do not; want some of each", c.variant, c.sfen, left, kept)
		}
	}
}

// TestRoyalLeftEnPriseRepetition: a move that leaves the royal in check
// but recreates an earlier position is left to the repetition rule (the
// child returns its verdict before any capture), so royalLeftEnPrise does
// not claim it; the same kind of move to a new position it does. Chu: the
// Gold on 1k steps to 1j and back while White's King steps aside and
// back, the Rook checking Black's King throughout.
func TestRoyalLeftEnPriseRepetition(t *testing.T) {
	pos := position(t, "chu", "6k5/12/12/12/6r5/12/12/12/12/12/11G/6K4P b - 1")
	for _, u := range []string{"1k1j", "6a7a", "1j1k", "7a6a"} {
		pos.Make(mustParse(t, pos, u))
	}
	e := New(material{}, Options{HashMB: 4})
	w := e.workers[0]
	w.prepare(pos, &Limits{Depth: 1})
	if !w.inCheck() {
		t.Fatal("Black is not in check")
	}
	for _, c := range []struct {
		move string
		want bool
	}{{"1k1j", false}, {"1k2j", true}} {
		m := mustParse(t, w.pos, c.move)
		w.pos.Make(m)
		if got := w.royalLeftEnPrise(movegen.Black, 0); got != c.want {
			t.Errorf("%s: royalLeftEnPrise %v, want %v", c.move, got, c.want)
		}
		w.pos.Unmake()
	}
}

// TestRoyalExposed: near the leaves the main search leaves out a royal's
// capture onto a defended square, and nothing else: not the same capture
// once the defender is gone, not a rook taking a defended pawn, and in tai's
// start position every emperor capture of a defended piece (most of its
// captures) but none of an undefended one.
func TestRoyalExposed(t *testing.T) {
	cases := []struct {
		variant, sfen, move string
		want                bool
	}{
		// Black's Pawn on 1l keeps its King from being bare (a bare King
		// facing three pieces has lost: no moves at all).
		{"chu", "6k5/12/12/12/12/12/12/12/12/5g6/6p5/6K4P b - 1", "6l6k", true}, // king takes a pawn the gold defends
		{"chu", "6k5/12/12/12/12/12/12/12/12/12/6p5/6K4P b - 1", "6l6k", false}, // the pawn alone
		{"shogi", "4k4/9/9/4g4/4p4/9/9/4R4/4K4 b - 1", "5h5e", false},           // a rook is no royal
	}
	e := New(material{}, Options{HashMB: 4})
	w := e.workers[0]
	for _, c := range cases {
		m := prepareMove(t, w, c.variant, c.sfen, c.move)
		if got := w.royalExposed(m); got != c.want {
			t.Errorf("%s %s: royalExposed %v, want %v", c.sfen, c.move, got, c.want)
		}
	}

	pos := position(t, "tai", "")
	w.prepare(pos, &Limits{Depth: 1})
	var list movegen.MoveList
	pos.GenerateLegal(&list)
	exposed, emperor := 0, 0
	for _, m := range list.Slice() {
		if !pos.IsCapture(m) || pos.Variant().Pieces[pos.MovedType(m)].Name != "emperor" {
			continue
		}
		emperor++
		defended := pos.Attacked(m.To(), movegen.White)
		if w.royalExposed(m) != defended {
			t.Errorf("tai emperor %s: royalExposed %v, defended %v", pos.MoveUSI(m), !defended, defended)
		}
		if defended {
			exposed++
		}
	}
	if emperor < 100 || exposed < emperor/2 {
		t.Errorf("tai start: %d of %d emperor captures exposed, want most of more than 100", exposed, emperor)
	}
}

// scaled is the material evaluator times a factor: with a large one every
// lead is far beyond the mate scores.
type scaled int

func (f scaled) Evaluate(pos *movegen.Position) int { return int(f) * material{}.Evaluate(pos) }

// TestHugeEvaluationIsNoMate: static scores beyond the mate bound (tai's
// material reaches 180,000 a side) are clamped to MaxEval. Unclamped, a
// lead of a rook reads as a won game, and beyond 16 bits the table's copy
// of the score wraps round to a loss.
func TestHugeEvaluationIsNoMate(t *testing.T) {
	// Black is a rook and a bishop up and can take a free gold.
	pos := position(t, "shogi", "4k4/9/9/9/4g4/9/9/4R4/B3K4 b - 1")
	for _, f := range []scaled{1, 100, 1000} {
		e := New(f, Options{HashMB: 4})
		r := e.Search(pos, Limits{Depth: 4}, nil)
		if IsMate(r.Score) || r.Score <= 0 || r.Score > MaxEval {
			t.Errorf("evaluation x%d: score %d, want a lead of at most MaxEval (%d), no mate", f, r.Score, MaxEval)
		}
	}
}

// TestQuiesce: the quiescence search alone plays out the capture that wins
// material and stops at the quiet position, whose evaluation is its score;
// a quiet position has no moves and scores its own evaluation; and the
// position given is not changed.
func TestQuiesce(t *testing.T) {
	e := New(material{}, Options{HashMB: 1})
	// Black's bishop on 5h takes the undefended rook on 7f.
	pos := position(t, "shogi", "4k4/9/9/9/9/2r6/9/4B4/4K4 b - 1")
	before := pos.SFEN()
	score, pv := e.Quiesce(pos)
	if len(pv) != 1 || pos.MoveUSI(pv[0]) != "5h7f" {
		t.Fatalf("pv %v, want 5h7f", pv)
	}
	leaf := pos.Clone()
	leaf.Make(pv[0])
	if want := -(material{}).Evaluate(leaf); score != want {
		t.Errorf("score %d, want the leaf's evaluation %d (for the side to move at the root)", score, want)
	}
	if pos.SFEN() != before {
		t.Errorf("position changed: %s", pos.SFEN())
	}
	quiet := position(t, "shogi", "")
	if score, pv := e.Quiesce(quiet); len(pv) != 0 || score != (material{}).Evaluate(quiet) {
		t.Errorf("start position: score %d, pv %v; want its evaluation and no moves", score, pv)
	}
	// With an exact result of the position in the table (the quiescence
	// search reads and stores results there too), Quiesce still plays the
	// capture out rather than take the stored score.
	e.tt.Store(pos.Key(), movegen.NullMove, score+7, 5, BoundExact)
	if s2, pv2 := e.Quiesce(pos); s2 != score || len(pv2) != 1 || pos.MoveUSI(pv2[0]) != "5h7f" {
		t.Errorf("with the position in the table: score %d, pv %v; want %d and 5h7f as before", s2, pv2, score)
	}
}

// TestQuiescenceDefendedSquare: in a game without drops the quiescence
// search leaves out a capture by a piece worth more than its victim onto a
// defended square, also where the static exchange says it wins, and plays
// it onto an undefended square; in a drop game it plays such a capture
// when the exchange wins (qLoses).
func TestQuiescenceDefendedSquare(t *testing.T) {
	e := New(material{}, Options{HashMB: 1})
	// Heian: Black's silver on 5e may take the pawn on 5d, which White's
	// gold on 5c defends; Black's lance on 5g backs the silver up, so the
	// exchange wins the pawn (the gold does not take back).
	defended := position(t, "heian", "k8/9/4g4/4p4/4S4/9/4L4/8K b - 1")
	m := mustParse(t, defended, "5e5d")
	if see := defended.SEE(m); see <= 0 {
		t.Fatalf("heian: SEE of 5e5d %d, want a gain (the test needs an exchange the silver wins)", see)
	}
	if score, pv := e.Quiesce(defended); len(pv) != 0 || score != (material{}).Evaluate(defended) {
		t.Errorf("heian, defended pawn: score %d, pv %v; want the silver's capture left out", score, pv)
	}
	// Without the gold the same capture is played.
	bare := position(t, "heian", "k8/9/9/4p4/4S4/9/4L4/8K b - 1")
	if _, pv := e.Quiesce(bare); len(pv) != 1 || bare.MoveUSI(pv[0]) != "5e5d" {
		t.Errorf("heian, undefended pawn: pv %v, want 5e5d", pv)
	}
	// Shogi, a drop game: the same exchange, one rank lower, is played.
	shogi := position(t, "shogi", "k8/9/9/4g4/4p4/4S4/9/4L4/8K b - 1")
	if see := shogi.SEE(mustParse(t, shogi, "5f5e")); see <= 0 {
		t.Fatalf("shogi: SEE of 5f5e %d, want a gain", see)
	}
	if _, pv := e.Quiesce(shogi); len(pv) == 0 || shogi.MoveUSI(pv[0]) != "5f5e" {
		t.Errorf("shogi, defended pawn the exchange wins: pv %v, want it to start with 5f5e", pv)
	}
	// The exchange's test in heian (Params qsee = 1, or a MoveRuler's
	// QuiescenceExchange): the silver's capture is played, as in shogi.
	p := DefaultParams()
	p.QSEE = 1
	for _, ex := range []*Engine{New(material{}, Options{HashMB: 1, Params: p}), New(moveRuler{late: true, qsee: true}, Options{HashMB: 1})} {
		if _, pv := ex.Quiesce(defended); len(pv) == 0 || defended.MoveUSI(pv[0]) != "5e5d" {
			t.Errorf("heian with the exchange's test, defended pawn the exchange wins: pv %v, want it to start with 5e5d", pv)
		}
	}
	if New(moveRuler{late: true}, Options{HashMB: 1}).margins.qSEE {
		t.Error("a MoveRuler without QuiescenceExchange and the default Params: want the defended-square test")
	}
}

// TestSeeLoses pins the exchange pruning's limits: a quiet move or capture
// that loses material in the exchange is pruned up to its depth limit and
// by its depth-scaled margin, and a move that loses nothing never is.
func TestSeeLoses(t *testing.T) {
	const (
		// White's pawn on 5d covers 5e.
		pawnCovers = "4k4/9/9/4p4/9/9/9/4R4/4K4 b - 1"
		// White's gold on 5d defends its pawn on 5e; then the same
		// without the gold.
		defended   = "4k4/9/9/4g4/4p4/9/9/4R4/4K4 b - 1"
		undefended = "4k4/9/9/9/4p4/9/9/4R4/4K4 b - 1"
	)
	cases := []struct {
		name, sfen, move string
		depth            int
		want             bool
	}{
		{"rook onto a covered square (SEE -1300), depth 1", pawnCovers, "5h5e", 1, true},
		{"the same at the quiet limit (margin 25 x 49 = 1225)", pawnCovers, "5h5e", 7, true},
		{"the same beyond the quiet limit", pawnCovers, "5h5e", 8, false},
		{"rook onto a safe square", pawnCovers, "5h5f", 1, false},
		{"rook takes a defended pawn (SEE -1200), depth 1", defended, "5h5e", 1, true},
		{"the same at the capture limit (margin 150 x 6 = 900)", defended, "5h5e", 6, true},
		{"the same beyond the capture limit", defended, "5h5e", 7, false},
		{"rook takes an undefended pawn", undefended, "5h5e", 1, false},
	}
	w := New(material{}, Options{HashMB: 4}).workers[0]
	for _, c := range cases {
		m := prepareMove(t, w, "shogi", c.sfen, c.move)
		pos := w.pos
		quiet := !pos.IsCapture(m)
		if got := w.seeLoses(m, quiet, c.depth); got != c.want {
			t.Errorf("%s: seeLoses = %v, want %v (SEE %d)", c.name, got, c.want, pos.SEE(m))
		}
	}
}

// TestLossyCheck: makeMove marks a check whose piece the defender can
// simply take (no check extension), not a defended check and not a move
// that gives no check, and leaves the move made.
func TestLossyCheck(t *testing.T) {
	cases := []struct {
		name, sfen, move string
		want             bool
	}{
		{"gold dropped next to the king, undefended", "4k4/9/9/9/9/9/9/9/4K4 b G 1", "G*5b", true},
		{"the same drop defended by a pawn", "4k4/9/4P4/9/9/9/9/9/4K4 b G 1", "G*5b", false},
		{"a drop that gives no check", "4k4/9/9/9/9/9/9/9/4K4 b G 1", "G*5e", false},
	}
	w := New(material{}, Options{HashMB: 4}).workers[0]
	for _, c := range cases {
		m := prepareMove(t, w, "shogi", c.sfen, c.move)
		w.stack[1].lossyCheck = !c.want
		w.makeMove(m, 0)
		if w.pos.Ply() != 1 || w.pos.LastMove() != m {
			t.Fatalf("%s: makeMove left %d moves made", c.name, w.pos.Ply())
		}
		if got := w.stack[1].lossyCheck; got != c.want {
			t.Errorf("%s: lossyCheck = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestCheckNeedsSingleRoyal: the search counts the side to move as in check
// only while it has one royal. In dai a king attacked by a rook is in check;
// the same king beside a crown prince is not, since losing one of two royals
// does not end the game, though the rules engine still sees the king
// attacked.
func TestCheckNeedsSingleRoyal(t *testing.T) {
	cases := []struct {
		name, sfen string
		want       bool
	}{
		{"king alone", "7k7/15/15/15/15/15/15/15/7r7/15/15/15/15/2G12/7K7 b - 1", true},
		{"king and crown prince", "7k7/15/15/15/15/15/15/15/7r7/15/15/15/15/2G12/7K4+E2 b - 1", false},
	}
	w := New(material{}, Options{HashMB: 4}).workers[0]
	for _, c := range cases {
		w.prepare(position(t, "dai", c.sfen), &Limits{Depth: 1})
		if !w.pos.InCheck() {
			t.Fatalf("%s: the rook does not attack the king", c.name)
		}
		if got := w.inCheck(); got != c.want {
			t.Errorf("%s: inCheck = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestExcludedOnlyMove: the singular extension's test search leaves the
// table move out; where that was the only legal move, the node fails low
// (alpha) instead of scoring a position without moves as the rules would
// (in shogi, a loss); and it never stores its result in the table.
func TestExcludedOnlyMove(t *testing.T) {
	// Black's king on 9i can only take the rook on 8h.
	w := New(material{}, Options{HashMB: 4}).workers[0]
	m := prepareMove(t, w, "shogi", "8k/9/9/9/9/9/9/1r7/K8 b - 1", "9i8h")
	var legal movegen.MoveList
	w.pos.GenerateLegal(&legal)
	if legal.N != 1 || legal.Moves[0] != m {
		t.Fatalf("the test position has %d legal moves, want only 9i8h", legal.N)
	}
	w.rootDepth = 8
	const alpha, beta = -50, 50
	w.stack[1].excluded = m
	s := w.search(alpha, beta, 4, 1, false, false)
	w.stack[1].excluded = movegen.NullMove
	if s != alpha {
		t.Errorf("search without the only move scored %d, want alpha %d", s, alpha)
	}
	// The same node with the move: it wins the rook.
	if s := w.search(alpha, beta, 4, 1, false, false); s < beta {
		t.Errorf("search with the move scored %d, want at least beta %d", s, beta)
	}

	// A node with two moves searched without one of them stores nothing:
	// its result is not the position's value.
	w = New(material{}, Options{HashMB: 4}).workers[0]
	m = prepareMove(t, w, "shogi", "8k/9/9/9/9/9/9/r8/K8 b - 1", "9i8i")
	w.rootDepth = 8
	w.stack[1].excluded = m
	w.search(alpha, beta, 4, 1, false, false)
	w.stack[1].excluded = movegen.NullMove
	if _, ok := w.e.tt.Probe(w.pos.Key()); ok {
		t.Error("the search without a move stored its result in the table")
	}
}

// prepareMove sets worker w up on the position sfen of variant and returns
// the move given in USI text there.
func prepareMove(t *testing.T, w *worker, variant, sfen, move string) movegen.Move {
	t.Helper()
	w.prepare(position(t, variant, sfen), &Limits{Depth: 1})
	return mustParse(t, w.pos, move)
}

// royalWorth is the material evaluator with a royal counted at least as
// the strongest non-royal piece, as package eval counts it (in tai the
// drunk elephant, 2000, then gains by promoting to a prince, 400 royal).
type royalWorth struct{}

func (royalWorth) Evaluate(pos *movegen.Position) int {
	top := 0
	for _, p := range pos.Variant().Pieces[1:] {
		if !p.Royal {
			top = max(top, p.Value)
		}
	}
	return materialBy(pos, func(p *movegen.PieceInfo) int {
		if p.Royal {
			return max(p.Value, top)
		}
		return p.Value
	})
}

// taiPrincePromotion: tai, Black to move after White's emperor took on
// 23j (a game against the material player, ply 106); Black's best capture
// lets White's drunk elephant recapture on 21q and promote to a prince.
const taiPrincePromotion = "l[wt]w[fd][lgn]dr[dh][dk]1g[dsp]1[dv]g[fk][dk][dh]rd[lgn][fd]w[ts]l/[rc][sdr][se]n[ps][ftp]b[fe][we][fk]s[rg][cp][lg]s[fde][we][fe]b[ftp][ps]n[se][sdr][rc]/[sch][wh][rs][vo][csw][bb][sde][gde][bm][bt][fde][gg][nk]1[bde][bt][bm][gde][sde][bb][csw][vo][rs][wh][sch]/[so][wbf][fl][nb][sb][cc][hf][om][rb][pc][sd][ph][wr][ky]1[pc][ok][om][hf][cc][eb][wb][fl][wbf][so]/[rch][vs][wo][ea][st]tic[or][cs][rd][gbd]2[rd][cs][or]cit[st][ea][wo][bd][lch]/[hd][fh][eba][do][fo][sm][vm][vbe][sbr][pst][ab][ew][hm][ew][ab][pst][sbr][vbe][vm][sm][fo][do][eba][fh][hd]/1ppppppp1pp1pppp1pppppppp/P7p2p4p[gb]7/1P5[gb]17/2e22/25/25/25/25/25/4[de]3[ca]16/4[gd]2[ln]17/5P4PP9P3/2[FH]1P1PPPP2PPPPPPPPP1PPP/[HD]1[EBA][DO]1[SM][VM][VBE][SBR][PST][AB][EW][LD][EW][AB][PST][SBR][VBE][VM][SM][FO][DO][EBA][FH][HD]/[LCH][BD][WO][EA][ST]TIC[OR][CS][RD][CA][DE][HM][RD][CS][OR]CIT[ST][EA][WO][VS][RCH]/[SO][WBF][FL][WB][EB][CC][HF][OM][OK][PC][GD][KY][LN][PH][GBD][PC][RB][OM][HF][CC][SB][NB][FL][WBF][SO]/[SCH][WH][RS][VO][CSW][BB][SDE][GDE][BM][BT][BDE][WR][NK][GG][SD][BT][BM][GDE][SDE][BB][CSW][VO][RS][WH][SCH]/[RC][SDR][SE]N[PS][FTP]B[FE][WE][FDE]S[LG][CP][RG]S[FDE][WE][FE]B[FTP][PS]N[SE][SDR][RC]/L[TS]W[FD][LGN]DR[DH][DK][FK]G[DV]E[DSP]G[FK][DK][DH]RD[LGN][FD]W[WT]L b - 107"

// TestRoyalPromotionQuiescence: the quiescence search's result agrees
// with itself across windows (a null window at a fails high exactly when
// the full window's value is above a) in a position where a capture
// promotes to a royal. With the prince's own Value as the promotion's
// gain, delta pruning threw the recapture away under a window above the
// stand-pat score: here the null window at 468 failed high at 2100 on a
// position worth -1100 (in the game, with package eval, +22.38 on -17.01,
// and the table entry it left cost the emperor's capture of a drunk
// elephant two moves later).
func TestRoyalPromotionQuiescence(t *testing.T) {
	e := New(royalWorth{}, Options{HashMB: 4})
	w := e.workers[0]
	w.prepare(position(t, "tai", taiPrincePromotion), &e.limits)
	w.qTable = false
	v := w.qsearch(-Infinity, Infinity, 0, 0)
	for _, a := range []int{v - 3000, v - 1, v, v + 1, v + 2000, v + 4000, 468} {
		r := w.qsearch(a, a+1, 0, 0)
		if (r > a) != (v > a) {
			t.Errorf("window (%d, %d): %d, full window %d", a, a+1, r, v)
		}
	}
	w.pos.Make(mustParse(t, w.pos, "23s21q+"))
	if pm := mustParse(t, w.pos, "21p21q+"); w.promoGain(pm) != royalRisk {
		t.Errorf("21p21q+ (drunk elephant to prince): promoGain %d, want royalRisk", w.promoGain(pm))
	}
	w.pos.Unmake()
}

// mustParse returns the move given in USI text in pos.
func mustParse(t *testing.T, pos *movegen.Position, usi string) movegen.Move {
	t.Helper()
	m, err := pos.ParseMoveUSI(usi)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestRootReduction: a late quiet root move is reduced at depth, less than
// the full depth; the first moves, shallow iterations, captures,
// promotions, checks, moves out of check and a search without reductions
// are not.
func TestRootReduction(t *testing.T) {
	e := New(material{}, Options{HashMB: 1})
	w := e.workers[0]
	// Black: king 5i, rook 2h, pawn 7g; White: king 5a, gold 2c, pawn 7c.
	w.prepare(position(t, "shogi", "4k4/9/2p4g1/9/9/9/2P6/7R1/4K4 b - 1"), &Limits{})
	reduction := func(usi string, depth, n int) int {
		m, err := w.pos.ParseMoveUSI(usi)
		if err != nil {
			t.Fatal(err)
		}
		quiet := w.rootQuiet(m, w.pos.InCheck())
		w.pos.Make(m)
		defer w.pos.Unmake()
		return w.rootReduction(quiet, depth, n)
	}
	if r := reduction("5i4h", 12, 30); r <= 0 || r > 10 {
		t.Errorf("quiet king move 30th at depth 12: reduced %d", r)
	}
	for _, c := range []struct {
		move     string
		depth, n int
	}{
		{"5i4h", 12, 2},   // among the first moves
		{"5i4h", 2, 30},   // a shallow iteration
		{"2h2c+", 12, 30}, // a capture that promotes
		{"2h2c", 12, 30},  // a capture
		{"2h5h", 12, 30},  // a check
	} {
		if r := reduction(c.move, c.depth, c.n); r != 0 {
			t.Errorf("%s as move %d at depth %d reduced %d", c.move, c.n, c.depth, r)
		}
	}
	w.prepare(position(t, "shogi", "4k4/9/9/9/9/9/9/4r4/4K4 b - 1"), &Limits{})
	if r := reduction("5i6i", 12, 30); r != 0 {
		t.Errorf("king moving out of check reduced %d", r)
	}
	e.SetOptions(Options{HashMB: 1, Off: Reductions})
	w.prepare(position(t, "shogi", "4k4/9/2p4g1/9/9/9/2P6/7R1/4K4 b - 1"), &Limits{})
	if r := reduction("5i4h", 12, 30); r != 0 {
		t.Errorf("reductions off: reduced %d", r)
	}
	for _, on := range []bool{true, false} {
		e = New(rootReducer{on: on}, Options{HashMB: 1})
		w = e.workers[0]
		w.prepare(position(t, "shogi", "4k4/9/2p4g1/9/9/9/2P6/7R1/4K4 b - 1"), &Limits{})
		if r := reduction("5i4h", 12, 30); (r > 0) != on {
			t.Errorf("RootReductions %v: reduced %d", on, r)
		}
	}
}

// rootReducer is the material evaluator as a RootReducer.
type rootReducer struct {
	material
	on bool
}

func (r rootReducer) RootReductions() bool { return r.on }

// TestContKey: the continuation history's move keys name a move by its
// side, piece type and destination, so two moves share a key exactly when
// they share all three; a pass and a null move have key 0 (they neither
// record nor read), and contIndex spreads one previous move's entries over
// the table.
func TestContKey(t *testing.T) {
	pos := position(t, "shogi", "lnsgk2nl/1r4gs1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1SG4R1/LN2KGSNL b Bb 1")
	w := historyWorker(pos)
	var list movegen.MoveList
	pos.GenerateLegal(&list)
	type name struct {
		pt int
		to movegen.Square
	}
	byKey := map[uint32]name{}
	for _, m := range list.Slice() {
		k := w.contKey(m)
		if k == 0 {
			t.Fatalf("move %v has key 0", m)
		}
		n := name{int(pos.MovedType(m)), m.To()}
		if old, ok := byKey[k]; ok && old != n {
			t.Fatalf("key %#x names both %v and %v", k, old, n)
		}
		byKey[k] = n
	}
	if len(byKey) < 20 {
		t.Fatalf("only %d distinct keys among %d moves", len(byKey), list.N)
	}
	if k := w.contKey(movegen.NullMove); k != 0 {
		t.Errorf("null move key %#x, want 0", k)
	}
	if k := w.contKey(movegen.ForcedPass); k != 0 {
		t.Errorf("pass key %#x, want 0", k)
	}
	m := list.Moves[0]
	black := w.contKey(m)
	pos.Make(m)
	var reply movegen.MoveList
	pos.GenerateLegal(&reply)
	if white := w.contKey(reply.Moves[0]); white&(1<<17) == black&(1<<17) {
		t.Errorf("keys %#x and %#x do not tell the sides apart", black, white)
	}
	seen := map[uint32]bool{}
	for k := range byKey {
		seen[w.contIndex(black, k)] = true
	}
	if len(seen) != len(byKey) {
		t.Errorf("%d keys after one move share %d entries", len(byKey), len(seen))
	}
}

// TestContSize: the continuation history has 2^21 entries on the boards
// of up to contLargeCells cells and 2^16 on larger ones, and a search
// resizes it when the engine goes from one kind of board to the other;
// on a large board one previous move's entries for the moves of a
// position still do not share an entry.
func TestContSize(t *testing.T) {
	for _, c := range []struct {
		name string
		bits int
	}{{"shogi", 21}, {"heian", 21}, {"okisaki", 21}, {"chu", 16}, {"heiandai", 16}, {"dai", 16}, {"reiwadai", 16}, {"tai", 16}} {
		if got := contBitsFor(position(t, c.name, "").Variant()); got != c.bits {
			t.Errorf("%s: %d bits, want %d", c.name, got, c.bits)
		}
	}
	e := New(material{}, Options{HashMB: 1, Threads: 1})
	for _, c := range []struct {
		name string
		size int
	}{{"shogi", 1 << 21}, {"chu", 1 << 16}, {"shogi", 1 << 21}} {
		e.Search(position(t, c.name, ""), Limits{Depth: 1}, nil)
		if got := len(e.workers[0].cont); got != c.size {
			t.Errorf("after a %s search the table has %d entries, want %d", c.name, got, c.size)
		}
	}
	pos := position(t, "chu", "")
	w := e.workers[0]
	w.pos = pos
	w.sizeCont(pos.Variant())
	var list movegen.MoveList
	pos.GenerateQuiets(&list)
	prev := w.contKey(list.Moves[0])
	seen := map[uint32]bool{}
	keys := map[uint32]bool{}
	for _, m := range list.Slice() {
		k := w.contKey(m)
		keys[k] = true
		seen[w.contIndex(prev, k)] = true
	}
	if len(keys) < 30 || len(seen) != len(keys) {
		t.Errorf("%d keys of chu's start share %d entries", len(keys), len(seen))
	}
}

// TestCounterMoveAndContinuation: a quiet cut-off move becomes the counter
// move of the opponent's move before it, and that move's continuation
// entry rises, so the next time the opponent's move is met the reply is
// ordered first among the quiet moves even without its killer slot, and
// the same move after a different previous move is not the counter move.
func TestCounterMoveAndContinuation(t *testing.T) {
	pos := position(t, "shogi", "")
	w := historyWorker(pos)
	first := mustParse(t, pos, "7g7f")
	w.stack[0].cont = w.contKey(first)
	pos.Make(first)
	var list movegen.MoveList
	pos.GenerateQuiets(&list)
	reply := list.Moves[list.N-1] // a move history has not met
	before := w.contScore(w.contKey(reply), w.stack[0].cont, 0)
	w.rewardQuiet(1, reply, 6, 0)
	if after := w.contScore(w.contKey(reply), w.stack[0].cont, 0); after <= before {
		t.Errorf("continuation score of %v after 7g7f: %d, then %d; want a rise", reply, before, after)
	}
	top := func() (movegen.Move, int32) {
		w.stack[1].killers = [2]movegen.Move{}
		pm := w.movesAt(1)
		pm.list.N = 0
		pos.GenerateQuiets(&pm.list)
		w.scoreMoves(pm, 1, true)
		return pm.pick(0)
	}
	if m, order := top(); m != reply || order != orderCounter {
		t.Errorf("after 7g7f the first quiet move is %v (order %d), want the counter move %v (order %d)", m, order, reply, orderCounter)
	}
	pos.Unmake()
	other := mustParse(t, pos, "2g2f")
	w.stack[0].cont = w.contKey(other)
	pos.Make(other)
	if _, order := top(); order == orderCounter {
		t.Errorf("after 2g2f a move is ordered as the counter move of 7g7f's reply")
	}
}

// TestLosingCapturesLast: nextMove holds back a capture that loses in the
// exchange (a rook taking a defended pawn) until after every quiet move,
// keeps a winning capture (the same rook taking an undefended lance) and
// an even one (a pawn taking a pawn) before the quiet moves, and produces
// every legal move exactly once.
func TestLosingCapturesLast(t *testing.T) {
	// Black's rook on 5h can take the pawn on 5e (defended by the gold on
	// 5d: SEE −1200) or the lance on 8h (undefended); Black's pawn on 9f
	// can take White's pawn on 9e.
	const sfen = "4k4/9/9/4g4/p3p4/P8/9/1l2R4/4K4 b - 1"
	w := New(material{}, Options{HashMB: 4}).workers[0]
	losing := prepareMove(t, w, "shogi", sfen, "5h5e")
	winning := mustParse(t, w.pos, "5h8h")
	even := mustParse(t, w.pos, "9f9e")
	if !w.losingCapture(losing) || w.losingCapture(winning) || w.losingCapture(even) {
		t.Fatalf("losingCapture: %v %v %v, want true false false",
			w.losingCapture(losing), w.losingCapture(winning), w.losingCapture(even))
	}
	var legal movegen.MoveList
	w.pos.GenerateLegal(&legal)
	want := map[movegen.Move]bool{}
	for _, m := range legal.Slice() {
		want[m] = true
	}
	ms := moveStages{stage: stageTT}
	seen := map[movegen.Move]int{}
	var order []movegen.Move
	for {
		m, _, ok := w.nextMove(&ms, 0)
		if !ok {
			break
		}
		seen[m]++
		order = append(order, m)
	}
	for m := range want {
		if seen[m] != 1 {
			t.Errorf("%v produced %d times, want once", w.pos.MoveUSI(m), seen[m])
		}
	}
	if len(order) != len(want) {
		t.Fatalf("%d moves produced, %d legal", len(order), len(want))
	}
	at := func(m movegen.Move) int { return slices.Index(order, m) }
	firstQuiet, lastQuiet := len(order), -1
	for i, m := range order {
		if !w.pos.IsCapture(m) {
			firstQuiet, lastQuiet = min(firstQuiet, i), max(lastQuiet, i)
		}
	}
	if at(losing) != len(order)-1 || at(losing) < lastQuiet {
		t.Errorf("losing capture at %d of %d, last quiet move at %d: want it last", at(losing), len(order), lastQuiet)
	}
	if at(winning) > firstQuiet || at(even) > firstQuiet {
		t.Errorf("winning capture at %d, even one at %d, first quiet move at %d: want both before it", at(winning), at(even), firstQuiet)
	}
}

// moveRuler is the material evaluator as a MoveRuler (noCont turns
// continuation pruning off, threat withholds reverse futility under a
// threat, qsee tests the quiescence search's captures by the exchange).
type moveRuler struct {
	material
	late, checks, noCont, threat, qsee bool
}

func (r moveRuler) LateLosingCaptures() bool  { return r.late }
func (r moveRuler) ReducedChecks() bool       { return r.checks }
func (r moveRuler) ContinuationPruning() bool { return !r.noCont }
func (r moveRuler) ThreatRFP() bool           { return r.threat }
func (r moveRuler) QuiescenceExchange() bool  { return r.qsee }

// TestMoveRuler: an Evaluator that is no MoveRuler gets the losing
// captures after the quiet moves, unreduced quiet checks and continuation
// pruning; a MoveRuler can turn each rule off. With the late losing
// captures off, nextMove produces TestLosingCapturesLast's losing capture
// before every quiet move; with reduced checks on, or continuation pruning
// off, a search of a position full of checks (TestPruner's) visits a
// different number of nodes, and with the rules as the default the same
// number as without a MoveRuler.
func TestMoveRuler(t *testing.T) {
	if m := New(material{}, Options{HashMB: 1}).margins; m.noLateBad || m.reduceChecks {
		t.Errorf("no MoveRuler: noLateBad %v, reduceChecks %v; want both false", m.noLateBad, m.reduceChecks)
	}
	if m := New(moveRuler{late: false, checks: true}, Options{HashMB: 1}).margins; !m.noLateBad || !m.reduceChecks {
		t.Errorf("MoveRuler with both rules off: noLateBad %v, reduceChecks %v; want both true", m.noLateBad, m.reduceChecks)
	}
	w := New(moveRuler{late: false}, Options{HashMB: 4}).workers[0]
	losing := prepareMove(t, w, "shogi", "4k4/9/9/4g4/p3p4/P8/9/1l2R4/4K4 b - 1", "5h5e")
	ms := moveStages{stage: stageTT}
	for {
		m, _, ok := w.nextMove(&ms, 0)
		if !ok {
			t.Fatal("the losing capture was never produced")
		}
		if m == losing {
			break
		}
		if !w.pos.IsCapture(m) {
			t.Fatalf("quiet move %s before the losing capture, which should keep the captures' order", w.pos.MoveUSI(m))
		}
	}
	nodes := func(ev Evaluator) uint64 { return checksNodes(t, ev, 7) }
	def := nodes(material{})
	if got := nodes(moveRuler{late: true}); got != def {
		t.Errorf("MoveRuler with the default rules searched %d nodes, no MoveRuler %d", got, def)
	}
	if got := nodes(moveRuler{late: true, checks: true}); got == def {
		t.Errorf("reduced checks searched %d nodes, as many as unreduced ones", got)
	}
	// A MoveRuler without continuation pruning: the margins hold no bound
	// whatever the Params say, and the search visits other nodes.
	if m := New(moveRuler{late: true}, Options{HashMB: 1}).margins; m.contPrune != DefaultParams().ContPrune {
		t.Errorf("MoveRuler with continuation pruning: bound %d, want %d", m.contPrune, DefaultParams().ContPrune)
	}
	p := DefaultParams()
	p.ContPrune = 5
	if m := New(moveRuler{late: true, noCont: true}, Options{HashMB: 1, Params: p}).margins; m.contPrune != 0 {
		t.Errorf("MoveRuler without continuation pruning: bound %d, want 0", m.contPrune)
	}
	if got := nodes(moveRuler{late: true, noCont: true}); got == def {
		t.Errorf("no continuation pruning searched %d nodes, as many as with it", got)
	}
}

// checksNodes is the node count of a search to depth, with evaluator ev,
// of a shogi middle game where both sides have many checks and drops.
func checksNodes(t *testing.T, ev Evaluator, depth int) uint64 {
	t.Helper()
	pos := position(t, "shogi", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1")
	r := New(ev, Options{HashMB: 8}).Search(pos, Limits{Depth: depth}, nil)
	if r.Best == movegen.NullMove {
		t.Fatal("no move")
	}
	return r.Nodes
}

// TestQuiescenceRecaptureFirst: below the first quiescence ply a node tries
// at most Params.QBreadth captures. In this tai position from a game against the
// 1-ply material player (seed 1, game 17, ply 1279), the full engine's dove
// takes on 17f. White has 153 captures, and by victim and attacker value
// the prancing stag's recapture 16f17f+ ranked 27th, so the quiescence
// search never tried it. Two plies earlier the engine had left a piece to
// a pawn (20j19i, taken by 19h19i), counting on this capture to win it
// back, and lost material (issue 15). The recapture must now be among the
// captures the node tries.
func TestQuiescenceRecaptureFirst(t *testing.T) {
	const sfen = "lew[fd][lgn]dr[dh][dk][fk]g[dsp]1[dv]g[fk][dk][dh]rd[lgn][fd]w[ts]l/[rc]1[se]n[ps][ftp]b[fe][we][fde]s[rg][cp][lg]s[fde][we][fe]b[ftp][ps]n[se][sdr][rc]/1[sch][rs][vo][csw][bb][sde][gde][bm][bt][sd][gg][nk][wr][bde][bt][bm][gde][sde][bb][csw][vo][rs][wh][sch]/[so]2[nb][sb][cc][hf][om][rb][pc][gbd]1[ln]3[ok][om]1[cc][eb][wb][fl][wbf][so]/[rch]2[ea][st]tic[or][cs][rd][gbd]1[rd][pst][cs][or]1i1[st][ea][wo][bd][lch]/[hd]3g[sm][vm]1[sbr][pst][ab][ew]2[ab]3[vm]1[sm][do][eba][fh][hd]/pg3p[vbe]1pppp8ppppp/3[FTP][LGN]2p11pt4/3[CA][SDE]Dp1[FL][SBR]8p6/25/P24/[HD]2[DO]21/[LCH]3[FE]20/25/7[WB]17/7[GB]7[PH]1[PST]7/3P2[WO]1[RS]7E8/4P1PP3P5[GB]3P3/5P[SM][VM]PPP1PPP1PPPPP1PPP/4[PS][CC]1[OR][OK][PST][AB][EW][HM][EW][AB][OR]1[VBE][VM][SM]1[DO][EBA][FH][HD]/3[EA]1T1C[PC][CS][RD][GD][KY][GBD][RD][CS][PC]CIT[ST][EA][WO][VS][RCH]/2[FD]1B1[BB][OM][FDE]1[BT][NK][WR][FDE][SD][FK][GDE][OM][HF][CC][SB][NB][FL][WBF][SO]/2W[VO][CSW]2[GDE][BM]1[BDE][LG][RG][GG][DK][BT][BM][WE][SDE][BB][CSW][VO][RS][WH][SCH]/[RC]2N2[DH]1[WE][FK]SG[CP]GS1[DH][FE]B[FTP][PS]N[SE][SDR][RC]/L5R3[DK][DV]1[DSP]4RD[LGN][FD]W[WT]L b - 1279"
	w := New(material{}, Options{HashMB: 4}).workers[0]
	m := prepareMove(t, w, "tai", sfen, "20i17f")
	w.stack[0].move = m
	w.pos.Make(m)
	want := mustParse(t, w.pos, "16f17f+")
	n := w.qMoves(1, 1, false)
	pm := w.moves[1]
	if breadth := DefaultParams().QBreadth; pm.list.N <= breadth || n > breadth {
		t.Fatalf("the node has %d captures and tries %d, want more than QBreadth (%d) and at most that many tried", pm.list.N, n, breadth)
	}
	for i := 0; i < n; i++ {
		if got, _ := pm.pick(i); got == want {
			return
		}
	}
	t.Errorf("the recapture 16f17f+ is not among the %d captures of %d the node tries", n, pm.list.N)
}

// TestContinuationPruning checks contPrunable: a quiet move is prunable
// only once its continuation history is negative after each previous move
// that exists.
func TestContinuationPruning(t *testing.T) {
	pos := position(t, "shogi", "")
	w := historyWorker(pos)
	first := mustParse(t, pos, "7g7f")
	prev2 := w.contKey(first)
	pos.Make(first)
	second := mustParse(t, pos, "3c3d")
	prev1 := w.contKey(second)
	pos.Make(second)
	m := mustParse(t, pos, "2g2f")
	if w.contPrunable(m, prev1, prev2) {
		t.Errorf("%v prunable with an empty continuation history", m)
	}
	// A penalty after the last move only: the move two plies back still
	// speaks for it.
	w.cont[w.contIndex(prev1, w.contKey(m))] = -100
	if w.contPrunable(m, prev1, prev2) {
		t.Errorf("%v prunable with a negative entry after 3c3d only", m)
	}
	if !w.contPrunable(m, prev1, 0) {
		t.Errorf("%v not prunable after 3c3d alone with a negative entry there", m)
	}
	w.bumpHistory(pos.SideToMove(), m, -400, 0, prev2)
	if !w.contPrunable(m, prev1, prev2) {
		t.Errorf("%v not prunable with negative entries after both moves", m)
	}
	// A pass or a null move has no key and is never pruned this way.
	if w.contPrunable(movegen.NullMove, prev1, prev2) {
		t.Error("the null move prunable")
	}
}

// TestThreatRFP: reverse futility is withheld under a threat where the
// Params (rfpthreat = 1) or a MoveRuler ask for it, and nowhere else; there,
// lastMoveThreatens names the move whose piece threatens to win more than
// the node's lead: a Pawn stepping up to an undefended Rook does (the
// Rook's Value), for any lead below that Value; a King's step does not.
func TestThreatRFP(t *testing.T) {
	p := DefaultParams()
	if New(material{}, Options{HashMB: 1}).margins.rfpThreat || New(moveRuler{late: true}, Options{HashMB: 1}).margins.rfpThreat {
		t.Error("no MoveRuler, or one without ThreatRFP, and the default Params: want reverse futility as it was")
	}
	p.RFPThreat = 1
	for _, e := range []*Engine{New(material{}, Options{HashMB: 1, Params: p}), New(moveRuler{late: true, threat: true}, Options{HashMB: 1})} {
		if !e.margins.rfpThreat {
			t.Error("rfpthreat = 1 or a MoveRuler's ThreatRFP: want reverse futility withheld under a threat")
		}
	}
	pos := position(t, "shogi", "4k4/9/9/9/4r4/9/4P4/9/4K4 b - 1")
	rook := pos.Variant().Pieces[pos.At(mustSquare(t, pos, "5e")).Type()].Value
	for _, c := range []struct {
		move   string
		threat bool
		lead   int
		want   bool
	}{
		{"5g5f", true, rook - 1, true},
		{"5g5f", true, rook, false},
		{"5g5f", false, 0, false},
		{"5i4i", true, 0, false},
	} {
		e := New(moveRuler{late: true, threat: c.threat}, Options{HashMB: 1})
		w := e.workers[0]
		w.prepare(pos, &Limits{Depth: 1})
		m := mustParse(t, w.pos, c.move)
		w.stack[0].move = m
		w.pos.Make(m)
		if got := w.lastMoveThreatens(1, c.lead); got != c.want {
			t.Errorf("%s, threat rule %v, lead %d: lastMoveThreatens %v, want %v", c.move, c.threat, c.lead, got, c.want)
		}
	}
}

// mustSquare reads a square of pos's board in USI notation.
func mustSquare(t *testing.T, pos *movegen.Position, s string) movegen.Square {
	t.Helper()
	sq, err := pos.Variant().ParseSquareUSI(s)
	if err != nil {
		t.Fatal(err)
	}
	return sq
}

// extender is a material Evaluator that is a search.Extender.
type extender struct {
	material
	bound int
}

func (x extender) ThreatExtension() int { return x.bound }

// TestThreatExtension: the threat extension's bound is Params.ThreatExt
// unless the Evaluator is an Extender with a bound of its own, and
// horizonThreat extends a move whose piece then threatens to win more
// than the bound, not one that threatens exactly the bound or less, a
// royal's move that threatens nothing, or a move that gives check.
func TestThreatExtension(t *testing.T) {
	p := DefaultParams()
	if New(material{}, Options{HashMB: 1}).margins.threatExt != 0 || New(extender{}, Options{HashMB: 1}).margins.threatExt != 0 {
		t.Error("no Extender, or one of bound 0, and the default Params: want no threat extension")
	}
	p.ThreatExt = 300
	for _, c := range []struct {
		ev   Evaluator
		want int
	}{
		{material{}, 300},
		{extender{bound: 0}, 300},
		{extender{bound: 500}, 500},
	} {
		if got := New(c.ev, Options{HashMB: 1, Params: p}).margins.threatExt; got != c.want {
			t.Errorf("%T (bound %v), Params.ThreatExt 300: bound %d, want %d", c.ev, c.ev, got, c.want)
		}
	}
	// In the second position 4c4b gives check and threatens the
	// undefended Rook on 3b (Threat 1300, the Rook's Value).
	const threat, check = "4k4/9/5G3/9/4r4/9/4P4/9/4K4 b - 1", "4k4/6r2/5G3/9/9/9/4P4/9/4K4 b - 1"
	p0 := position(t, "shogi", threat)
	rook := p0.Variant().Pieces[p0.At(mustSquare(t, p0, "5e")).Type()].Value
	for _, c := range []struct {
		sfen, move string
		bound      int
		want       bool
	}{
		{threat, "5g5f", rook - 1, true},
		{threat, "5g5f", rook, false},
		{threat, "5g5f", 0, false},
		{threat, "5i4i", 1, false},
		{check, "4c4b", 1, false},
	} {
		pos := position(t, "shogi", c.sfen)
		e := New(extender{bound: c.bound}, Options{HashMB: 1})
		w := e.workers[0]
		w.prepare(pos, &Limits{Depth: 1})
		m := mustParse(t, w.pos, c.move)
		w.makeMove(m, 0)
		if c.sfen == check && w.pos.Threat(m.To()) <= c.bound {
			t.Fatalf("%s: the checking move threatens %d, want more than %d", c.move, w.pos.Threat(m.To()), c.bound)
		}
		if got := w.horizonThreat(m, 0); got != c.want {
			t.Errorf("%s, bound %d: horizonThreat %v, want %v", c.move, c.bound, got, c.want)
		}
	}
}

// cutoffCounter is a CutoffCounter over material with the given bound.
type cutoffCounter struct {
	material
	bound int
}

func (c cutoffCounter) CutoffCount() int { return c.bound }

// TestCutoffCount: the bound of the refuted-moves reduction is
// Params.CutoffCnt unless the Evaluator is a CutoffCounter with a bound of
// its own, and a game's bound searches the tree the same Params number
// does, another than the search without it.
func TestCutoffCount(t *testing.T) {
	p := DefaultParams()
	if New(material{}, Options{HashMB: 1}).margins.cutoffCnt != 0 || New(cutoffCounter{}, Options{HashMB: 1}).margins.cutoffCnt != 0 {
		t.Error("no CutoffCounter, or one of bound 0, and the default Params: want the reduction off")
	}
	p.CutoffCnt = 3
	for _, c := range []struct {
		ev   Evaluator
		want int
	}{
		{material{}, 3},
		{cutoffCounter{bound: 0}, 3},
		{cutoffCounter{bound: 5}, 5},
	} {
		if got := New(c.ev, Options{HashMB: 1, Params: p}).margins.cutoffCnt; got != c.want {
			t.Errorf("%T (%v), Params.CutoffCnt 3: bound %d, want %d", c.ev, c.ev, got, c.want)
		}
	}
	pos := position(t, "shogi", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1")
	nodes := func(ev Evaluator, p Params) uint64 {
		r := New(ev, Options{HashMB: 8, Params: p}).Search(pos, Limits{Depth: 7}, nil)
		if r.Best == movegen.NullMove {
			t.Fatal("no move")
		}
		return r.Nodes
	}
	p.CutoffCnt = 1
	off, byParams, byGame := nodes(material{}, DefaultParams()), nodes(material{}, p), nodes(cutoffCounter{bound: 1}, DefaultParams())
	if byParams == off {
		t.Errorf("cutoffcnt 1 searched the tree without it (%d nodes)", off)
	}
	if byGame != byParams {
		t.Errorf("a CutoffCounter of 1 searched %d nodes, Params.CutoffCnt 1 %d", byGame, byParams)
	}
}

package search

import (
	"testing"
	"time"

	"github.com/kirin-shogi/kirin/movegen"
)

// TestPlanNeverFlags: for a grid of clocks the hard limit stays within the
// time left (main time plus byoyomi) less the overhead, the soft limit is
// at most the hard one, and both are positive.
func TestPlanNeverFlags(t *testing.T) {
	const overhead = 30 * time.Millisecond
	ms := time.Millisecond
	for _, left := range []time.Duration{0, 5 * ms, 40 * ms, 200 * ms, time.Second, 10 * time.Second, 5 * time.Minute} {
		for _, inc := range []time.Duration{0, 100 * ms, 2 * time.Second} {
			for _, byo := range []time.Duration{0, 1 * time.Second, 10 * time.Second} {
				for _, mtg := range []int{0, 1, 5, 40} {
					if left == 0 && inc == 0 && byo == 0 {
						continue
					}
					l := Limits{MovesToGo: mtg, Byoyomi: byo}
					l.Time[movegen.White], l.Inc[movegen.White] = left, inc
					b := plan(&l, movegen.White, overhead, 40, minMovesToGo)
					limit := max(left+byo-overhead, time.Millisecond)
					if b.hard > limit || b.soft > b.hard || b.soft <= 0 {
						t.Errorf("left %v inc %v byo %v mtg %d: soft %v hard %v, limit %v", left, inc, byo, mtg, b.soft, b.hard, limit)
					}
				}
			}
		}
	}
}

// TestPlanUsesTheClock: sensible shares of the clock in the common cases.
func TestPlanUsesTheClock(t *testing.T) {
	const overhead = 30 * time.Millisecond
	var l Limits
	// Sudden death, 60 s left: about a fortieth as the target.
	l.Time[movegen.Black] = 60 * time.Second
	b := plan(&l, movegen.Black, overhead, 40, minMovesToGo)
	if b.soft < time.Second || b.soft > 2*time.Second || b.hard < b.soft || b.hard > 20*time.Second {
		t.Errorf("sudden death 60s: %+v", b)
	}
	// Byoyomi only (main time used up): nearly the whole period, never more.
	l = Limits{Byoyomi: 10 * time.Second}
	b = plan(&l, movegen.Black, overhead, 40, minMovesToGo)
	if b.hard != 10*time.Second-overhead || b.soft < 9*time.Second {
		t.Errorf("byoyomi 10s: %+v", b)
	}
	// Last move before the time control: may use nearly all of it.
	l = Limits{MovesToGo: 1}
	l.Time[movegen.Black] = 5 * time.Second
	b = plan(&l, movegen.Black, overhead, 40, minMovesToGo)
	if b.hard != 5*time.Second-overhead {
		t.Errorf("moves to go 1: %+v", b)
	}
	// Increment: most of it is spent each move.
	l = Limits{}
	l.Time[movegen.Black], l.Inc[movegen.Black] = 2*time.Second, time.Second
	b = plan(&l, movegen.Black, overhead, 40, minMovesToGo)
	if b.soft < 700*time.Millisecond || b.hard > 2*time.Second-overhead {
		t.Errorf("2s+1s: %+v", b)
	}
	// Fixed time per move.
	l = Limits{MoveTime: time.Second}
	if b = plan(&l, movegen.Black, overhead, 40, minMovesToGo); b.soft != b.hard || b.hard != time.Second-overhead {
		t.Errorf("movetime 1s: %+v", b)
	}
}

// TestClockSearchKeepsTime: a real search with 300 ms left and no
// increment returns well within the clock.
func TestClockSearchKeepsTime(t *testing.T) {
	pos := position(t, "chu", "")
	e := New(material{}, Options{HashMB: 8})
	var l Limits
	l.Time[movegen.Black] = 300 * time.Millisecond
	start := time.Now()
	r := e.Search(pos, l, nil)
	if took := time.Since(start); took >= 300*time.Millisecond-e.Options().MoveOverhead {
		t.Fatalf("took %v of a 300 ms clock", took)
	}
	if r.Best == movegen.NullMove {
		t.Fatal("no move")
	}
}

// TestNodeClock: with NodeRate the clock counts nodes, NodeRate to the
// second, from the start of the search or from PonderHit.
func TestNodeClock(t *testing.T) {
	e := New(material{}, Options{HashMB: 1})
	e.limits = Limits{NodeRate: 1000}
	e.workers[0].published.Store(5000)
	if c := e.clock(); c != 5*time.Second {
		t.Errorf("5000 nodes at 1000/s: clock %v", c)
	}
	e.PonderHit()
	if c := e.clock(); c != 0 {
		t.Errorf("at the ponder hit: clock %v", c)
	}
	e.workers[0].published.Store(5500)
	if c := e.clock(); c != 500*time.Millisecond {
		t.Errorf("500 nodes after the ponder hit: clock %v", c)
	}
	e.limits.NodeRate = 1
	e.workers[0].published.Store(1 << 62)
	if c := e.clock(); c <= 0 {
		t.Errorf("a huge node count overflows the clock: %v", c)
	}
	// No overhead comes off a node clock.
	l := Limits{MoveTime: time.Second, NodeRate: 1000}
	if b := plan(&l, movegen.Black, 30*time.Millisecond, 40, minMovesToGo); b.hard != time.Second {
		t.Errorf("movetime 1s on a node clock: %+v", b)
	}
}

// TestNodeClockSearch: a search on a node clock stops by its node count
// and repeats itself exactly on one thread. A fixed hour at 1 node a
// second is 3600 nodes. A 100 s clock at 1000 nodes a second in chu's
// start position (92 pieces, so 138 moves to go) aims at 724 nodes, starts
// no iteration after 60% of that (434) and never passes a third of the
// clock (33,333). In okisaki (44 pieces, but drops) the plan keeps 40
// moves to go, so the same clock aims at 2500 nodes (60%: 1500).
func TestNodeClockSearch(t *testing.T) {
	var clockLim Limits
	clockLim.Time[movegen.Black], clockLim.NodeRate = 100*time.Second, 1000
	for _, c := range []struct {
		name, variant string
		lim           Limits
		min, max      uint64
	}{
		{"movetime", "chu", Limits{MoveTime: time.Hour, NodeRate: 1}, 3600, 3600},
		{"clock", "chu", clockLim, 434, 33334},
		{"clock with drops", "okisaki", clockLim, 1500, 33334},
	} {
		pos := position(t, c.variant, "")
		var got []Result
		for range 2 {
			e := New(material{}, Options{HashMB: 8})
			start := time.Now()
			r := e.Search(pos, c.lim, nil)
			if took := time.Since(start); took > 20*time.Second {
				t.Fatalf("%s: took %v", c.name, took)
			}
			got = append(got, r)
		}
		r := got[0]
		if r.Best == movegen.NullMove || r.Nodes < c.min || r.Nodes > c.max+64 {
			t.Errorf("%s: %d nodes (want %d to %d), best %v", c.name, r.Nodes, c.min, c.max, r.Best)
		}
		if got[1].Nodes != r.Nodes || got[1].Best != r.Best {
			t.Errorf("%s: not reproducible: %d nodes %v, then %d nodes %v", c.name, r.Nodes, r.Best, got[1].Nodes, got[1].Best)
		}
	}
}

// TestPaceFactor: the time plan's factor after each iteration
// (recordIteration, paceFactor) grows while the best move keeps changing or
// the score falls, shrinks once the best move has held for
// paceStableIters iterations or the score rises, and stays within
// [paceMin, paceMax].
func TestPaceFactor(t *testing.T) {
	pos := position(t, "shogi", "")
	var list movegen.MoveList
	pos.GenerateLegal(&list)
	a, b := list.Moves[0], list.Moves[1]
	run := func(lastScore int, lastOK bool, iters []rootMove) float64 {
		e := New(material{}, Options{HashMB: 1})
		e.lastScore, e.lastScoreOK = lastScore, lastOK
		w := e.workers[0]
		w.prepare(pos, &Limits{})
		f := 0.0
		for d, rm := range iters {
			w.root = append(w.root[:0], rm)
			w.recordIteration(d + 1)
			f = w.paceFactor(d + 1)
			if f < paceMin || f > paceMax {
				t.Fatalf("factor %v after iteration %d, outside [%v, %v]", f, d+1, paceMin, paceMax)
			}
		}
		return f
	}
	steady := func(n int, score int) []rootMove {
		r := make([]rootMove, n)
		for i := range r {
			r[i] = rootMove{move: a, score: score}
		}
		return r
	}
	if f := run(0, false, steady(3, 0)); f != 1 {
		t.Errorf("three iterations of one move and score: factor %v, want 1", f)
	}
	if f := run(0, false, steady(paceStableIters+1, 0)); f != paceStable {
		t.Errorf("a best move held %d iterations: factor %v, want %v", paceStableIters, f, paceStable)
	}
	flip := steady(8, 0)
	for i := range flip {
		if i%2 == 1 {
			flip[i].move = b
		}
	}
	if f := run(0, false, flip); f < 2 {
		t.Errorf("a best move changing at every iteration: factor %v, want at least 2", f)
	}
	fall := steady(5, 0)
	fall[4].score = -300 // three Pawns below the iteration three before
	if f := run(0, false, fall); f != paceFallMax {
		t.Errorf("a falling score: factor %v, want %v", f, paceFallMax)
	}
	if f := run(0, false, steady(5, 0)[:4]); f != 1 {
		t.Errorf("a level score: factor %v, want 1", f)
	}
	// Against the last search's score as well: 0 three iterations ago and
	// +200 before this search average to +100, and this one stands at 0.
	if f := run(200, true, steady(5, 0)); f != 1+paceFall {
		t.Errorf("a score a Pawn below the average of the last search's and the iteration three before: factor %v, want %v", f, 1+paceFall)
	}
	rise := steady(5, 0)
	rise[4].score = 300
	if f := run(0, false, rise); f != paceFallMin {
		t.Errorf("a rising score: factor %v, want %v", f, paceFallMin)
	}
	// A mate score leaves the trend out.
	mate := steady(5, 0)
	mate[4].score = -Mate + 10
	if f := run(0, false, mate); f != 1 {
		t.Errorf("a mate score: factor %v, want 1", f)
	}
	// Clear forgets the last search's score.
	e := New(material{}, Options{HashMB: 1})
	e.lastScore, e.lastScoreOK = 500, true
	e.Clear()
	if e.lastScoreOK {
		t.Error("Clear kept the last search's score")
	}
}

// TestPlanMovesToGoFromPieces: with no moves to go on the clock, the target
// share of the clock is a fortieth with 40 pieces or fewer on the board and,
// above that, one part in one and a half times the pieces, up to a 150th; a
// time control's moves to go still rule when they are fewer.
func TestPlanMovesToGoFromPieces(t *testing.T) {
	var l Limits
	l.Time[movegen.Black] = 60 * time.Second
	for _, c := range []struct {
		pieces, mtg int
	}{{0, 40}, {10, 40}, {40, 40}, {41, 61}, {92, 138}, {100, 150}, {130, 150}, {354, 150}} {
		want := 60 * time.Second / time.Duration(c.mtg)
		if b := plan(&l, movegen.Black, 0, c.pieces, minMovesToGo); b.soft != want {
			t.Errorf("%d pieces: soft %v, want %v (a %dth)", c.pieces, b.soft, want, c.mtg)
		}
	}
	l.MovesToGo = 20
	if b := plan(&l, movegen.Black, 0, 130, minMovesToGo); b.soft != 3*time.Second {
		t.Errorf("20 moves to go, 130 pieces: soft %v, want 3s", b.soft)
	}
}

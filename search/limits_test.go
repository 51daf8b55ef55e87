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
					b := plan(&l, movegen.White, overhead)
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
	b := plan(&l, movegen.Black, overhead)
	if b.soft < time.Second || b.soft > 2*time.Second || b.hard < b.soft || b.hard > 20*time.Second {
		t.Errorf("sudden death 60s: %+v", b)
	}
	// Byoyomi only (main time used up): nearly the whole period, never more.
	l = Limits{Byoyomi: 10 * time.Second}
	b = plan(&l, movegen.Black, overhead)
	if b.hard != 10*time.Second-overhead || b.soft < 9*time.Second {
		t.Errorf("byoyomi 10s: %+v", b)
	}
	// Last move before the time control: may use nearly all of it.
	l = Limits{MovesToGo: 1}
	l.Time[movegen.Black] = 5 * time.Second
	b = plan(&l, movegen.Black, overhead)
	if b.hard != 5*time.Second-overhead {
		t.Errorf("moves to go 1: %+v", b)
	}
	// Increment: most of it is spent each move.
	l = Limits{}
	l.Time[movegen.Black], l.Inc[movegen.Black] = 2*time.Second, time.Second
	b = plan(&l, movegen.Black, overhead)
	if b.soft < 700*time.Millisecond || b.hard > 2*time.Second-overhead {
		t.Errorf("2s+1s: %+v", b)
	}
	// Fixed time per move.
	l = Limits{MoveTime: time.Second}
	if b = plan(&l, movegen.Black, overhead); b.soft != b.hard || b.hard != time.Second-overhead {
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

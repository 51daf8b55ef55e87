package search

import (
	"time"

	"github.com/kirin-shogi/kirin/movegen"
)

// Limits says when a search stops. Zero fields impose nothing; with no limit
// at all the search runs to MaxPly (or until Stop).
type Limits struct {
	// Depth is the last iteration to complete.
	Depth int
	// Nodes stops the search after about this many nodes (all threads).
	Nodes uint64
	// MoveTime is the exact time to use for this move.
	MoveTime time.Duration
	// Infinite searches until Stop; the search does not return before.
	Infinite bool
	// Ponder searches on the opponent's time: like Infinite until
	// PonderHit, which starts the clock limits below.
	Ponder bool
	// Time and Inc are each side's clock and increment, indexed by
	// movegen.Color (Black = sente = first player).
	Time, Inc [2]time.Duration
	// MovesToGo is the number of moves to the next time control (0: the
	// rest of the game).
	MovesToGo int
	// Byoyomi is the time per move once the main time has run out.
	Byoyomi time.Duration
	// Mate stops once a win in at most this many moves is proven.
	Mate int
	// SearchMoves restricts the root to these moves (empty: all).
	SearchMoves []movegen.Move
	// NodeRate, when not 0, puts the search on a node clock (CECP's nps
	// command): MoveTime, Time, Inc and Byoyomi are then measured in
	// nodes, NodeRate nodes to the second, instead of wall-clock time, and
	// Options.MoveOverhead does not apply (the nodes searched are all the
	// clock is charged). The clock starts with the search, or at PonderHit
	// for a ponder search. Info.Time and Result.Time stay wall-clock time.
	NodeRate uint64
}

// timed reports whether the limits include a clock.
func (l *Limits) timed(us movegen.Color) bool {
	return l.MoveTime > 0 || l.Time[us] > 0 || l.Inc[us] > 0 || l.Byoyomi > 0
}

// Moves to go when the clock names none. In a game without drops that has
// more than minMovesToGo pieces on the board, one and a half moves for each
// piece, up to maxMovesToGo; otherwise minMovesToGo. The large variants are
// won by taking pieces, so the pieces left say how long the game has to
// run: chu starts with 92 pieces (138 moves to go) and dai with 130 (150),
// and their games against HaChu last some 125 and 200 moves a side. A flat
// 40 spent the base time in the first hundred plies; one move a piece
// gained +63.4 ± 28.4 Elo in chu self-play at 1+0.01 (docs/matches.md,
// "Twenty-sixth session"), and one and a half keeps more of the clock for
// the long endings, where won games were drawn at the cap (chu against
// HaChu at 10+0.1: 95.0% in 300 games where one a piece scored 93.7%;
// self-play at 1+0.01: +38.9 ± 24.1 Elo; "Thirty-ninth session"). With 40
// pieces or fewer a game is in its ending and the plan keeps 40 (a step
// down from 61 at 41 pieces). Shogi and okisaki (drops: the pieces come
// back, so their count says nothing) and heian (36 pieces) keep 40.
const (
	minMovesToGo = 40
	maxMovesToGo = 150
)

// budget is the time plan of one search: after soft the search starts no new
// iteration, at hard it stops at once. Both are measured from the start.
type budget struct {
	soft, hard time.Duration
}

// plan computes the budget for side us, with pieces on the board (both
// sides; 0 in a game with drops) and fewest moves to go (Params.MovesToGo:
// the plan's moves to go unless the pieces say more). overhead is the time
// lost per move to communication and process scheduling; the plan never
// lets the move arrive later than the clock (main time plus byoyomi)
// allows, less that overhead. On a node clock (NodeRate) the budget is in
// node time and no overhead is taken off.
func plan(l *Limits, us movegen.Color, overhead time.Duration, pieces, fewest int) budget {
	if l.NodeRate > 0 {
		overhead = 0
	}
	if l.MoveTime > 0 {
		t := max(l.MoveTime-overhead, time.Millisecond)
		return budget{soft: t, hard: t}
	}
	left, inc, byo := l.Time[us], l.Inc[us], l.Byoyomi
	// The latest safe moment: everything left on the clock less the
	// overhead. Increment is added after the move, so it does not count.
	limit := left + byo - overhead
	if limit < time.Millisecond {
		// Nearly flagged: answer at once.
		return budget{soft: time.Millisecond, hard: time.Millisecond}
	}
	mtg := fewest
	if pieces > minMovesToGo {
		mtg = min(pieces*3/2, maxMovesToGo)
	}
	if l.MovesToGo > 0 {
		mtg = min(l.MovesToGo, mtg)
	}
	soft := left/time.Duration(mtg) + inc*3/4 + byo
	if byo > 0 {
		soft -= overhead
	}
	hard := min(soft*4, left/3+byo+inc*3/4, limit)
	if l.MovesToGo == 1 {
		hard = limit
	}
	soft = max(min(soft, hard), time.Millisecond)
	hard = max(hard, soft)
	return budget{soft: soft, hard: hard}
}

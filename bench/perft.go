package bench

import (
	"fmt"
	"io"
	"sort"
	"time"

	"github.com/kirin-shogi/kirin/movegen"
)

// Counts are perft leaf counts split by move category (the zurichess perft
// tool with shogi categories). A leaf move can be in several categories.
type Counts struct {
	Nodes      uint64
	Captures   uint64
	Promotions uint64
	Drops      uint64
	// Double counts moves that capture more than one piece: lion double
	// captures, and lion dog paths with two or three victims.
	Double uint64
	// Igui counts captures without moving (to == from).
	Igui uint64
	// Passes counts null moves.
	Passes uint64
}

func (c *Counts) add(o Counts) {
	c.Nodes += o.Nodes
	c.Captures += o.Captures
	c.Promotions += o.Promotions
	c.Drops += o.Drops
	c.Double += o.Double
	c.Igui += o.Igui
	c.Passes += o.Passes
}

// classify adds the categories of leaf move m in pos.
func classify(pos *movegen.Position, m movegen.Move, c *Counts) {
	c.Nodes++
	switch {
	case m.IsDrop():
		c.Drops++
		return
	case m.IsPass():
		c.Passes++
		return
	}
	// The victims stand on the intermediate squares and the destination,
	// each counted once: a lion dog's "out two, back one" ends on its first
	// intermediate square, and a move may capture on the second without the
	// first (lion dog). Igui ends on the origin, which is no victim.
	victims := 0
	for i, s := range [3]movegen.Square{m.Mid(), m.Mid2(), m.To()} {
		if s == movegen.NoSquare || s == m.From() || i == 2 && s == m.Mid() {
			continue
		}
		if pos.At(s) != movegen.Empty {
			victims++
		}
	}
	if victims > 0 {
		c.Captures++
	}
	if victims > 1 {
		c.Double++
	}
	if m.To() == m.From() {
		c.Igui++
	}
	if m.IsPromotion() {
		c.Promotions++
	}
}

// PerftCounts walks the legal move tree to depth and classifies the leaves.
func PerftCounts(pos *movegen.Position, depth int) Counts {
	var c Counts
	if depth <= 0 {
		c.Nodes = 1
		return c
	}
	lists := make([]movegen.MoveList, depth)
	walk(pos, depth, lists, &c)
	return c
}

func walk(pos *movegen.Position, depth int, lists []movegen.MoveList, c *Counts) {
	l := &lists[depth-1]
	l.N = 0
	pos.GenerateLegal(l)
	for _, m := range l.Slice() {
		if depth == 1 {
			classify(pos, m, c)
			continue
		}
		pos.Make(m)
		walk(pos, depth-1, lists, c)
		pos.Unmake()
	}
}

// DivideLine is one root move of a divide with its counts.
type DivideLine struct {
	USI    string
	Counts Counts
}

// Divide returns the counts below each root move, sorted by move text.
func Divide(pos *movegen.Position, depth int) []DivideLine {
	var l movegen.MoveList
	pos.GenerateLegal(&l)
	out := make([]DivideLine, 0, l.N)
	for _, m := range l.Slice() {
		line := DivideLine{USI: pos.MoveUSI(m)}
		if depth <= 1 {
			classify(pos, m, &line.Counts)
		} else {
			pos.Make(m)
			line.Counts = PerftCounts(pos, depth-1)
			pos.Unmake()
		}
		out = append(out, line)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].USI < out[j].USI })
	return out
}

// RunPerft runs perft (and divide when asked) and writes a report: one line
// per root move for divide, then the totals, the categories and the speed.
func RunPerft(w io.Writer, pos *movegen.Position, depth int, divide bool) Counts {
	start := time.Now()
	var total Counts
	if divide {
		for _, d := range Divide(pos, depth) {
			fmt.Fprintf(w, "%s: %d\n", d.USI, d.Counts.Nodes)
			total.add(d.Counts)
		}
	} else {
		total = PerftCounts(pos, depth)
	}
	el := time.Since(start)
	fmt.Fprintf(w, "Nodes: %d\n", total.Nodes)
	fmt.Fprintf(w, "Captures: %d  Promotions: %d  Drops: %d  Double captures: %d  Igui: %d  Passes: %d\n",
		total.Captures, total.Promotions, total.Drops, total.Double, total.Igui, total.Passes)
	fmt.Fprintf(w, "Time: %d ms\n", el.Milliseconds())
	fmt.Fprintf(w, "Nodes/second: %.0f\n", float64(total.Nodes)/max(el.Seconds(), 1e-9))
	return total
}

// SetUp builds a position from an SFEN (or "startpos") and a list of moves in
// the USI dialect; the error names the first move that fails.
func SetUp(v *movegen.Variant, sfen string, moves []string) (*movegen.Position, error) {
	pos, err := movegen.NewPosition(v, sfen)
	if err != nil {
		return nil, fmt.Errorf("position: %v", err)
	}
	for i, t := range moves {
		m, err := pos.ParseMoveUSI(t)
		if err != nil {
			return nil, fmt.Errorf("move %d: %v", i+1, err)
		}
		pos.Make(m)
	}
	return pos, nil
}

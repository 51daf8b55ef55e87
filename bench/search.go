package bench

import (
	"bufio"
	_ "embed"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/kirin-shogi/kirin/eval"
	"github.com/kirin-shogi/kirin/movegen"
	"github.com/kirin-shogi/kirin/search"
)

//go:embed testdata/bench.txt
var suiteText string

// SuitePosition is one position of the search bench.
type SuitePosition struct {
	Variant, Name, SFEN string
	// Depth is the position's default search depth.
	Depth int
}

// Suite returns the bench positions of one game, or of every game for
// "all", in file order.
func Suite(variant string) ([]SuitePosition, error) {
	var out []SuitePosition
	sc := bufio.NewScanner(strings.NewReader(suiteText))
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		f := strings.Split(text, "|")
		if len(f) != 4 {
			return nil, fmt.Errorf("bench.txt:%d: want 4 fields, got %d", line, len(f))
		}
		for i := range f {
			f[i] = strings.TrimSpace(f[i])
		}
		d, err := strconv.Atoi(f[1])
		if err != nil || d < 1 {
			return nil, fmt.Errorf("bench.txt:%d: bad depth %q", line, f[1])
		}
		if variant == "all" || variant == f[0] {
			out = append(out, SuitePosition{Variant: f[0], Depth: d, Name: f[2], SFEN: f[3]})
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no bench positions for %q", variant)
	}
	return out, nil
}

// SearchConfig sets up a bench run.
type SearchConfig struct {
	// Depth overrides every position's depth when positive.
	Depth int
	// Threads and HashMB configure the engine (defaults 1 and 16).
	Threads, HashMB int
	// Options are variant options (NAME=VALUE) applied to every game.
	Options []string
}

// SearchTotals is the outcome of a bench run.
type SearchTotals struct {
	Nodes   uint64
	Elapsed time.Duration
}

// RunSearch searches every position at fixed depth with a fresh engine
// (so the node count of a one-thread run depends only on the code), prints
// one line per position and the Stockfish-style totals, and returns them.
func RunSearch(w io.Writer, positions []SuitePosition, cfg SearchConfig) (SearchTotals, error) {
	var tot SearchTotals
	if cfg.HashMB <= 0 {
		cfg.HashMB = 16
	}
	evals := map[string]*eval.Evaluator{}
	for i, sp := range positions {
		v, err := movegen.Lookup(sp.Variant)
		if err != nil {
			return tot, err
		}
		if len(cfg.Options) > 0 {
			if v, err = v.WithOptions(cfg.Options...); err != nil {
				return tot, err
			}
		}
		sfen := sp.SFEN
		if sfen == "" {
			sfen = v.StartSFEN
		}
		pos, err := movegen.NewPosition(v, sfen)
		if err != nil {
			return tot, fmt.Errorf("bench %s %s: %w", sp.Variant, sp.Name, err)
		}
		ev := evals[sp.Variant]
		if ev == nil {
			ev = eval.New(v)
			evals[sp.Variant] = ev
		}
		depth := sp.Depth
		if cfg.Depth > 0 {
			depth = cfg.Depth
		}
		e := search.New(ev, search.Options{HashMB: cfg.HashMB, Threads: cfg.Threads})
		r := e.Search(pos, search.Limits{Depth: depth}, nil)
		tot.Nodes += r.Nodes
		tot.Elapsed += r.Time
		fmt.Fprintf(w, "Position %d/%d %-8s %-9s depth %2d  best %-10s score %-9s nodes %10d  %6.2fs\n",
			i+1, len(positions), sp.Variant, sp.Name, r.Depth, pos.MoveUSI(r.Best), FormatScore(r.Score), r.Nodes, r.Time.Seconds())
	}
	fmt.Fprintln(w, "===========================")
	fmt.Fprintf(w, "Total time (ms) : %d\n", tot.Elapsed.Milliseconds())
	fmt.Fprintf(w, "Nodes searched  : %d\n", tot.Nodes)
	nps := uint64(0)
	if tot.Elapsed > 0 {
		nps = uint64(float64(tot.Nodes) / tot.Elapsed.Seconds())
	}
	fmt.Fprintf(w, "Nodes/second    : %d\n", nps)
	return tot, nil
}

// FormatScore writes a score as "cp N" or "mate N" (moves, negative when
// the side to move loses).
func FormatScore(s int) string {
	if search.IsMate(s) {
		return fmt.Sprintf("mate %d", search.MateIn(s))
	}
	return fmt.Sprintf("cp %d", s)
}

// TacticsConfig sets up a tactics run.
type TacticsConfig struct {
	// ExtraDepth is added to each position's proof depth (default 2: the
	// quiescence search and the reply to the last move).
	ExtraDepth int
	// MoveTime, when positive, searches each position for this long
	// instead of to a fixed depth.
	MoveTime time.Duration
	// Threads and HashMB configure the engine (defaults 1 and 16).
	Threads, HashMB int
}

// TacticsResult counts the solved positions of one game.
type TacticsResult struct {
	Game          string
	Solved, Total int
	Nodes         uint64
	Elapsed       time.Duration
	Unsolved      []int // 1-based position numbers
	// Other counts the solved positions where the engine played a move
	// outside the list that the plain material searcher proves at least
	// as good within two more plies (typically a forced mate found
	// instead of the material gain).
	Other int
}

// RunTactics searches every position of the games' tactics suites with the
// full engine and counts those where it plays one of the listed best moves.
func RunTactics(w io.Writer, games []string, cfg TacticsConfig) ([]TacticsResult, error) {
	if cfg.ExtraDepth <= 0 {
		cfg.ExtraDepth = 2
	}
	if cfg.HashMB <= 0 {
		cfg.HashMB = 16
	}
	var out []TacticsResult
	for _, game := range games {
		tactics, err := LoadTactics(game)
		if err != nil {
			return out, err
		}
		v, err := movegen.Lookup(game)
		if err != nil {
			return out, err
		}
		ev := eval.New(v)
		res := TacticsResult{Game: game, Total: len(tactics)}
		for i, tc := range tactics {
			pos, err := movegen.NewPosition(v, tc.SFEN)
			if err != nil {
				return out, fmt.Errorf("%s tactic %d: %w", game, i+1, err)
			}
			e := search.New(ev, search.Options{HashMB: cfg.HashMB, Threads: cfg.Threads})
			lim := search.Limits{Depth: tc.Depth + cfg.ExtraDepth}
			if cfg.MoveTime > 0 {
				lim = search.Limits{MoveTime: cfg.MoveTime}
			}
			r := e.Search(pos, lim, nil)
			got := pos.MoveUSI(r.Best)
			ok := false
			for _, b := range tc.Best {
				ok = ok || b == got
			}
			mark := "ok"
			if !ok && otherWin(pos, r.Best, tc) {
				ok = true
				mark = "ok*"
				res.Other++
			}
			if ok {
				res.Solved++
			} else {
				mark = "MISSED"
				res.Unsolved = append(res.Unsolved, i+1)
			}
			res.Nodes += r.Nodes
			res.Elapsed += r.Time
			fmt.Fprintf(w, "%-8s %2d/%-2d %-6s played %-12s want %-20s depth %2d score %-9s nodes %9d %6.2fs\n",
				game, i+1, len(tactics), mark, got, strings.Join(tc.Best, " "), r.Depth, FormatScore(r.Score), r.Nodes, r.Time.Seconds())
		}
		out = append(out, res)
	}
	fmt.Fprintln(w, "===========================")
	solved, total := 0, 0
	for _, r := range out {
		fmt.Fprintf(w, "%-8s solved %2d of %2d  (%d by another move proven as good)  %.2fs\n", r.Game, r.Solved, r.Total, r.Other, r.Elapsed.Seconds())
		solved += r.Solved
		total += r.Total
	}
	fmt.Fprintf(w, "Total    solved %d of %d\n", solved, total)
	return out, nil
}

// otherWin reports whether move m, outside the tactic's list, wins at least
// the tactic's gain within two more plies than the tactic needs, by the
// plain full-width material search that proves the suites.
func otherWin(pos *movegen.Position, m movegen.Move, tc Tactic) bool {
	if m == movegen.NullMove {
		return false
	}
	target := tacticMaterial(pos) + tc.Gain
	if tc.Gain == MateGain {
		target = tacticWin
	}
	nodes := 0
	pos.Make(m)
	s := -tacticSearch(pos, tc.Depth+1, -target, -target+1, 1, &nodes)
	pos.Unmake()
	return s >= target
}

package tune

import (
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"

	"github.com/kirin-shogi/kirin/eval"
	"github.com/kirin-shogi/kirin/match"
	"github.com/kirin-shogi/kirin/movegen"
	"github.com/kirin-shogi/kirin/search"
)

// Set is a set of training positions: for each, its features (eval.Linear)
// and the result of its game for the side to move there.
type Set struct {
	// Width is the number of features of a position.
	Width int
	// F holds the features, Width per position, position after position.
	F []float32
	// R holds the results: 1 a win, 0.5 a draw, 0 a loss.
	R []float32
	// Games is the number of games the positions come from.
	Games int
}

// Len is the number of positions.
func (s *Set) Len() int { return len(s.R) }

// row returns the features of position i.
func (s *Set) row(i int) []float32 { return s.F[i*s.Width : (i+1)*s.Width] }

// add appends a position.
func (s *Set) add(f []float64, r float32) {
	for _, x := range f {
		s.F = append(s.F, float32(x))
	}
	s.R = append(s.R, r)
}

// LoadStats counts what Load took and left out.
type LoadStats struct {
	// Games read, and left out: another game, no result or an abnormal
	// end, the same moves and result from the same start as a game before (two
	// identical engines play an opening twice alike with the colours
	// swapped).
	Games, OtherGame, NoResult, Duplicate int
	// Positions kept, and left out: in check, game over after the
	// quiescence search, or outside the linear range.
	Positions, InCheck, Ended, NonLinear int
}

// Load reads the games of v in the PGN files and turns them into the
// training and held-out sets, with the features of lin and the quiet
// positions of a quiescence search with ev (see the package
// documentation). Every holdout-th game goes to the held-out set; the
// first skip plies of each game, and games that repeat an earlier one, are
// left out. threads goroutines do the
// work. A game that cannot be replayed is an error naming its file and
// number.
func Load(v *movegen.Variant, lin *eval.Linear, ev *eval.Evaluator, files []NamedReader, skip, holdout, threads int) (train, held *Set, st LoadStats, err error) {
	type job struct {
		name string
		n    int
		g    match.PGNGame
	}
	var jobs []job
	seen := map[string]bool{}
	for _, f := range files {
		games, err := match.ReadPGN(f.R)
		if err != nil {
			return nil, nil, st, fmt.Errorf("%s: %v", f.Name, err)
		}
		for i, g := range games {
			st.Games++
			if name := g.Tags["Variant"]; name != "" && !strings.EqualFold(name, v.Name) {
				st.OtherGame++
				continue
			}
			if _, ok := firstScore(g); !ok {
				st.NoResult++
				continue
			}
			key := g.Tags["SFEN"] + "|" + g.Tags["FEN"] + "|" + g.Tags["Result"] + "|" + strings.Join(g.Moves, " ")
			if seen[key] {
				st.Duplicate++
				continue
			}
			seen[key] = true
			jobs = append(jobs, job{f.Name, i + 1, g})
		}
	}
	out := make([]*Set, len(jobs))
	stats := make([]LoadStats, len(jobs))
	errs := make([]error, len(jobs))
	next := make(chan int)
	var wg sync.WaitGroup
	for range max(threads, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			eng := search.New(ev, search.Options{HashMB: 1, Threads: 1})
			f := make([]float64, lin.Len())
			for i := range next {
				out[i], errs[i] = positions(v, lin, eng, jobs[i].g, skip, f, &stats[i])
				if errs[i] != nil {
					errs[i] = fmt.Errorf("%s game %d: %v", jobs[i].name, jobs[i].n, errs[i])
				}
			}
		}()
	}
	for i := range jobs {
		next <- i
	}
	close(next)
	wg.Wait()
	train, held = &Set{Width: lin.Len()}, &Set{Width: lin.Len()}
	for i, s := range out {
		if errs[i] != nil {
			return nil, nil, st, errs[i]
		}
		dst := train
		if holdout > 0 && i%holdout == holdout-1 {
			dst = held
		}
		dst.F = append(dst.F, s.F...)
		dst.R = append(dst.R, s.R...)
		dst.Games++
		st.Positions += stats[i].Positions
		st.InCheck += stats[i].InCheck
		st.Ended += stats[i].Ended
		st.NonLinear += stats[i].NonLinear
	}
	return train, held, st, nil
}

// NamedReader is a PGN source and the name its errors give.
type NamedReader struct {
	Name string
	R    io.Reader
}

// DefaultThreads is the number of goroutines Load uses by default: one per
// CPU.
func DefaultThreads() int { return runtime.GOMAXPROCS(0) }

// positions replays one game and returns its quiet positions' features and
// results.
func positions(v *movegen.Variant, lin *eval.Linear, eng *search.Engine, g match.PGNGame, skip int, f []float64, st *LoadStats) (*Set, error) {
	start, moves, err := g.Replay(v)
	if err != nil {
		return nil, err
	}
	first, _ := firstScore(g)
	firstSide := start.SideToMove()
	set := &Set{Width: lin.Len()}
	pos := start.Clone()
	for ply := 0; ply <= len(moves); ply++ {
		if ply > 0 {
			pos.Make(moves[ply-1])
		}
		if ply < skip {
			continue
		}
		if v.Check && pos.InCheck() {
			st.InCheck++
			continue
		}
		_, pv := eng.Quiesce(pos)
		leaf := pos.Clone()
		for _, m := range pv {
			leaf.Make(m)
		}
		if leaf.Outcome().Result != movegen.Ongoing {
			st.Ended++
			continue
		}
		if !lin.Features(leaf, f) {
			st.NonLinear++
			continue
		}
		r := first
		if leaf.SideToMove() != firstSide {
			r = 1 - r
		}
		set.add(f, float32(r))
		st.Positions++
	}
	return set, nil
}

// firstScore is the game's result for the side that moved first (the
// PGN's White in kirin match's games): 1, 0.5 or 0; false for an
// unfinished game or one that ended by time, a fault or abandonment.
func firstScore(g match.PGNGame) (float64, bool) {
	switch strings.ToLower(g.Tags["Termination"]) {
	case "", "normal", "adjudication":
	default:
		return 0, false
	}
	switch g.Tags["Result"] {
	case "1-0":
		return 1, true
	case "0-1":
		return 0, true
	case "1/2-1/2":
		return 0.5, true
	}
	return 0, false
}

package tune

import (
	"fmt"
	"io"
	"math"
	"runtime"
	"strings"
	"sync"

	"github.com/kirin-shogi/kirin/eval"
	"github.com/kirin-shogi/kirin/match"
	"github.com/kirin-shogi/kirin/movegen"
	"github.com/kirin-shogi/kirin/search"
)

// Set is a set of training positions: for each, its features (eval.Linear),
// the result of its game for the side to move there and, where the game
// records one, an engine's score of it.
type Set struct {
	// Width is the number of features of a position.
	Width int
	// Idx and Val hold the features that are not 0, position after
	// position (most are: a piece-square or king-relative table has an
	// entry for every piece on every square, and a position sets few):
	// position i's are Idx[Off[i]:Off[i+1]], which features, and the same
	// range of Val, their values.
	Idx []int32
	Val []float32
	// Off holds where each position's features start, and one more entry
	// for the end of the last (empty until a position is added).
	Off []int
	// R holds the fit's targets: the results, unless Blend mixed the
	// scores in.
	R []float32
	// Result holds the results: 1 a win, 0.5 a draw, 0 a loss.
	Result []float32
	// Score holds an engine's score of each position for its side to move,
	// in centipawns (a mate as ±mateCentipawns), NaN where there is none.
	Score []float32
	// Games is the number of games the positions come from.
	Games int
}

// mateCentipawns stands for a mate in an engine's score: far enough out
// that any scale the scores fit gives it a result of 0 or 1.
const mateCentipawns = 100000

// Len is the number of positions.
func (s *Set) Len() int { return len(s.R) }

// row returns the features of position i that are not 0: their indices
// and values.
func (s *Set) row(i int) ([]int32, []float32) {
	lo, hi := s.Off[i], s.Off[i+1]
	return s.Idx[lo:hi], s.Val[lo:hi]
}

// dense returns the features of position i, Width of them.
func (s *Set) dense(i int) []float64 {
	out := make([]float64, s.Width)
	idx, val := s.row(i)
	for k, j := range idx {
		out[j] = float64(val[k])
	}
	return out
}

// add appends a position with its features f (Width of them), its result
// r and score (NaN: none).
func (s *Set) add(f []float64, r, score float32) {
	if len(s.Off) == 0 {
		s.Off = append(s.Off, 0)
	}
	for j, x := range f {
		if x != 0 {
			s.Idx = append(s.Idx, int32(j))
			s.Val = append(s.Val, float32(x))
		}
	}
	s.Off = append(s.Off, len(s.Idx))
	s.R = append(s.R, r)
	s.Result = append(s.Result, r)
	s.Score = append(s.Score, score)
}

// appendSet appends the positions of o.
func (s *Set) appendSet(o *Set) {
	if o.Len() == 0 {
		return
	}
	if len(s.Off) == 0 {
		s.Off = append(s.Off, 0)
	}
	base := len(s.Idx)
	s.Idx = append(s.Idx, o.Idx...)
	s.Val = append(s.Val, o.Val...)
	for _, off := range o.Off[1:] {
		s.Off = append(s.Off, base+off)
	}
	s.R = append(s.R, o.R...)
	s.Result = append(s.Result, o.Result...)
	s.Score = append(s.Score, o.Score...)
}

// Scored counts the positions that have a score.
func (s *Set) Scored() int {
	n := 0
	for _, x := range s.Score {
		if !math.IsNaN(float64(x)) {
			n++
		}
	}
	return n
}

// Blend sets the fit's target of every scored position to lambda times its
// result plus 1-lambda times the result its score predicts at scale k
// (sigmoid(score, k); FitScoreScale finds k). Positions without a score
// keep their result.
func (s *Set) Blend(lambda, k float64) {
	for i, sc := range s.Score {
		s.R[i] = s.Result[i]
		if !math.IsNaN(float64(sc)) {
			s.R[i] = float32(lambda*float64(s.Result[i]) + (1-lambda)*sigmoid(float64(sc), k))
		}
	}
}

// resultsOnly is the set with its results as the targets (it shares the
// features).
func (s *Set) resultsOnly() *Set {
	c := *s
	c.R = s.Result
	return &c
}

// LoadConfig sets how Load reads the games.
type LoadConfig struct {
	// Skip: the first Skip plies of each game are left out.
	Skip int
	// Holdout: every Holdout-th game goes to the held-out set (0: none).
	Holdout int
	// Threads is the number of goroutines that replay the games.
	Threads int
	// Scorers name the players (PGN White and Black tags) whose move
	// comments' scores (match.ParseScoreComment) become the positions'
	// Score; "*" is every player. Empty: no scores.
	Scorers []string
	// ScoredOnly leaves out the positions without a score.
	ScoredOnly bool
}

// scores reports whether the player named p is one of the scorers.
func (c *LoadConfig) scores(p string) bool {
	for _, s := range c.Scorers {
		if s == "*" || s == p {
			return true
		}
	}
	return false
}

// LoadStats counts what Load took and left out.
type LoadStats struct {
	// Games read, and left out: another game, no result or an abnormal
	// end, the same moves and result from the same start as a game before (two
	// identical engines play an opening twice alike with the colours
	// swapped).
	Games, OtherGame, NoResult, Duplicate int
	// Positions kept, and left out: in check, game over after the
	// quiescence search, outside the linear range, or without a score
	// (LoadConfig.ScoredOnly).
	Positions, InCheck, Ended, NonLinear, Unscored int
}

// Load reads the games of v in the PGN files and turns them into the
// training and held-out sets, with the features of lin and the quiet
// positions of a quiescence search with ev (see the package
// documentation). Every cfg.Holdout-th game goes to the held-out set; the
// first cfg.Skip plies of each game, and games that repeat an earlier one,
// are left out. cfg.Threads goroutines do the work. A game that cannot be
// replayed is an error naming its file and number.
func Load(v *movegen.Variant, lin *eval.Linear, ev *eval.Evaluator, files []NamedReader, cfg LoadConfig) (train, held *Set, st LoadStats, err error) {
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
	for range max(cfg.Threads, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			eng := search.New(ev, search.Options{HashMB: 1, Threads: 1})
			f := make([]float64, lin.Len())
			for i := range next {
				out[i], errs[i] = positions(v, lin, eng, jobs[i].g, &cfg, f, &stats[i])
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
		if cfg.Holdout > 0 && i%cfg.Holdout == cfg.Holdout-1 {
			dst = held
		}
		dst.appendSet(s)
		dst.Games++
		st.Positions += stats[i].Positions
		st.InCheck += stats[i].InCheck
		st.Ended += stats[i].Ended
		st.NonLinear += stats[i].NonLinear
		st.Unscored += stats[i].Unscored
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

// positions replays one game and returns its quiet positions' features,
// results and scores.
func positions(v *movegen.Variant, lin *eval.Linear, eng *search.Engine, g match.PGNGame, cfg *LoadConfig, f []float64, st *LoadStats) (*Set, error) {
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
		if ply < cfg.Skip {
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
		score := moveScore(g, ply, cfg)
		if cfg.ScoredOnly && math.IsNaN(score) {
			st.Unscored++
			continue
		}
		if leaf.SideToMove() != pos.SideToMove() {
			score = -score
		}
		set.add(f, float32(r), float32(score))
		st.Positions++
	}
	return set, nil
}

// moveScore is the score a scorer (cfg.Scorers) gave the position before
// move ply of g, from its side to move's view in centipawns, or NaN. The
// first mover (the PGN's White) makes the even plies.
func moveScore(g match.PGNGame, ply int, cfg *LoadConfig) float64 {
	if ply >= len(g.Comments) {
		return math.NaN()
	}
	player := g.Tags["White"]
	if ply%2 == 1 {
		player = g.Tags["Black"]
	}
	if !cfg.scores(player) {
		return math.NaN()
	}
	cp, mate, ok := match.ParseScoreComment(g.Comments[ply])
	if !ok {
		return math.NaN()
	}
	if mate != 0 {
		return float64(mate * mateCentipawns)
	}
	return float64(cp)
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

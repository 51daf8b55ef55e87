package tune

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/kirin-shogi/kirin/eval"
	"github.com/kirin-shogi/kirin/match"
	"github.com/kirin-shogi/kirin/movegen"
)

// Usage is the help text of kirin tune.
const Usage = `usage: kirin tune VARIANT --games FILE.pgn [--games FILE.pgn]... [options]
  fits the evaluation weights of one game to the results of its games (Texel's method)
  --games FILE      a PGN file of finished games (kirin match --pgn; FILE.gz gzipped); repeatable
  --out FILE        write the fitted weights there (an eval weights file section)
  --weights FILE    start from these weights (default: the built-in ones)
  --skip N          leave out the first N plies of each game (default 16)
  --holdout N       every N-th game is held out to measure the fit (default 10; 0 none)
  --iterations N    optimiser steps (default 2000); --rate R its step in weight units (default 1)
  --fix NAMES       comma list of weights that keep their value (a wrong name lists them);
                    NAME* fixes every weight whose name starts with NAME (sq.*, kp.P.*)
  --min-positions N a weight moves only if its feature is non-zero on N training positions
                    or more (default 1)
  --squares         fit a piece-square table too (sq.ID.rR.fF: a piece on its R-th rank from
                    home, F-th file from the nearer edge), from the starting weights' or zeros
  --king            fit a king-relative table too (kp.ID.own.fF.rR and kp.ID.foe.fF.rR: a piece
                    F files from its own or the enemy's royal, R ranks ahead of it, both up to 4),
                    from the starting weights' or zeros
  --scores NAMES    also fit to the scores these players (PGN White/Black names, comma list; * all)
                    wrote in their move comments: each scored position's target is --lambda times
                    its game's result plus the rest times the result its score predicts
  --lambda L        the result's share of a scored position's target, 0 to 1 (default 0.5)
  --scored-only     with --scores: leave out the positions without a score
  --threads N       goroutines for reading the games (default: one per CPU)
  --variant-file FILE, --ruleset R, --option NAME=VALUE   as for the other commands
`

// Config is a tuning run.
type Config struct {
	// Variant is the game.
	Variant *movegen.Variant
	// Games are the PGN files.
	Games []string
	// Start are the starting weights.
	Start eval.Weights
	// StartName says where they came from (for the report).
	StartName string
	// Skip, Holdout and Threads are as Load takes them.
	Skip, Holdout, Threads int
	// Fit sets the optimiser; its Fixed comes from Fix.
	Fit FitConfig
	// Fix names weights that must not move.
	Fix []string
	// Squares fits a piece-square table (eval.Weights.Square) as well.
	Squares bool
	// King fits a king-relative table (eval.Weights.King) as well.
	King bool
	// Scorers name the players whose recorded scores become targets
	// (LoadConfig.Scorers); Lambda is the result's share of a scored
	// position's target (Set.Blend).
	Scorers []string
	Lambda  float64
	// ScoredOnly keeps only the scored positions (LoadConfig.ScoredOnly).
	ScoredOnly bool
}

// Command runs kirin tune with its arguments (after "tune"), writing the
// report to out.
func Command(args []string, out io.Writer) error {
	cfg, outPath, err := parseArgs(args)
	if err != nil {
		return err
	}
	var file bytes.Buffer
	if err := Run(cfg, out, &file); err != nil {
		return err
	}
	if outPath == "" {
		_, err := out.Write(file.Bytes())
		return err
	}
	if err := os.WriteFile(outPath, file.Bytes(), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(out, "wrote %s\n", outPath)
	return nil
}

// seeHelp ends an error about the command line.
const seeHelp = " (kirin tune --help)"

// parseArgs reads kirin tune's command line.
func parseArgs(args []string) (Config, string, error) {
	fs := flag.NewFlagSet("kirin tune", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var games, options multi
	fs.Var(&games, "games", "")
	fs.Var(&options, "option", "")
	outPath := fs.String("out", "", "")
	weights := fs.String("weights", "", "")
	variantFile := fs.String("variant-file", "", "")
	ruleSet := fs.String("ruleset", "", "")
	fix := fs.String("fix", "", "")
	scorers := fs.String("scores", "", "")
	cfg := Config{}
	fs.Float64Var(&cfg.Lambda, "lambda", 0.5, "")
	fs.BoolVar(&cfg.ScoredOnly, "scored-only", false, "")
	fs.IntVar(&cfg.Skip, "skip", 16, "")
	fs.IntVar(&cfg.Holdout, "holdout", 10, "")
	fs.IntVar(&cfg.Threads, "threads", DefaultThreads(), "")
	fs.IntVar(&cfg.Fit.Iterations, "iterations", 2000, "")
	fs.Float64Var(&cfg.Fit.Rate, "rate", 1, "")
	fs.BoolVar(&cfg.Squares, "squares", false, "")
	fs.BoolVar(&cfg.King, "king", false, "")
	fs.IntVar(&cfg.Fit.MinPositions, "min-positions", 1, "")
	var name string
	rest := args
	for len(rest) > 0 {
		if err := fs.Parse(rest); err != nil {
			return cfg, "", fmt.Errorf("%v%s", err, seeHelp)
		}
		rest = fs.Args()
		if len(rest) > 0 {
			if name != "" {
				return cfg, "", fmt.Errorf("one game only, got %q and %q%s", name, rest[0], seeHelp)
			}
			name, rest = rest[0], rest[1:]
		}
	}
	switch {
	case name == "":
		return cfg, "", fmt.Errorf("name the game%s", seeHelp)
	case len(games) == 0:
		return cfg, "", fmt.Errorf("--games FILE is needed%s", seeHelp)
	case cfg.Skip < 0 || cfg.Holdout < 0 || cfg.Threads < 1 || cfg.Fit.Iterations < 1 || !(cfg.Fit.Rate > 0) || cfg.Fit.MinPositions < 1:
		return cfg, "", errors.New("--skip and --holdout need a number >= 0, --threads, --iterations and --min-positions one >= 1, --rate one > 0")
	case !(cfg.Lambda >= 0 && cfg.Lambda <= 1):
		return cfg, "", fmt.Errorf("--lambda needs a number from 0 to 1, got %v%s", cfg.Lambda, seeHelp)
	}
	for _, n := range strings.Split(*scorers, ",") {
		if n = strings.TrimSpace(n); n != "" {
			cfg.Scorers = append(cfg.Scorers, n)
		}
	}
	if *scorers != "" && len(cfg.Scorers) == 0 {
		return cfg, "", fmt.Errorf("--scores needs player names%s", seeHelp)
	}
	if cfg.ScoredOnly && len(cfg.Scorers) == 0 {
		return cfg, "", fmt.Errorf("--scored-only needs --scores%s", seeHelp)
	}
	v, err := movegen.ResolveWith(name, *variantFile, *ruleSet, options)
	if err != nil {
		return cfg, "", err
	}
	cfg.Variant, cfg.Games = v, games
	cfg.Start, cfg.StartName = eval.BuiltinWeights(v), "the built-in weights"
	if *weights != "" {
		w, err := ReadWeightsFile(v, *weights)
		if err != nil {
			return cfg, "", err
		}
		cfg.Start, cfg.StartName = w, *weights
	}
	if *fix != "" {
		cfg.Fix = strings.Split(*fix, ",")
	}
	return cfg, *outPath, nil
}

// ReadWeightsFile reads a weights file and returns v's weights from it laid
// over the built-in ones. A file without a section for v's game, or with a
// bad line, is an error.
func ReadWeightsFile(v *movegen.Variant, path string) (eval.Weights, error) {
	wf, err := eval.ReadWeightsFile(path)
	if err != nil {
		return eval.Weights{}, err
	}
	w, ok, err := eval.LoadWeights(v, wf)
	if err != nil {
		return eval.Weights{}, fmt.Errorf("%s: %v", path, err)
	}
	if !ok {
		return eval.Weights{}, fmt.Errorf("%s has no [%s] section", path, v.Name)
	}
	return w, nil
}

// multi is a repeatable string flag.
type multi []string

func (m *multi) String() string     { return strings.Join(*m, ",") }
func (m *multi) Set(s string) error { *m = append(*m, s); return nil }

// Run loads the games, fits the weights and writes the report to out and
// the fitted weights, as a weights file section with the run's figures in
// comments, to file.
func Run(cfg Config, out, file io.Writer) error {
	v := cfg.Variant
	if cfg.Squares {
		cfg.Start = cfg.Start.WithSquares(v)
	}
	if cfg.King {
		cfg.Start = cfg.Start.WithKing(v)
	}
	names := cfg.Start.Names(v)
	fixed := make([]bool, len(names))
	for _, n := range cfg.Fix {
		if !fixNames(names, strings.TrimSpace(n), fixed) {
			return fmt.Errorf("--fix: %q is no weight of %s (%s)", n, v.Name, strings.Join(eval.WeightNames(v), ", "))
		}
	}
	cfg.Fit.Fixed = fixed
	began := time.Now()
	var readers []NamedReader
	for _, p := range cfg.Games {
		f, err := match.OpenPGN(p)
		if err != nil {
			return err
		}
		defer f.Close()
		readers = append(readers, NamedReader{Name: p, R: f})
	}
	lin := eval.NewLinear(v, cfg.Start)
	train, held, st, err := Load(v, lin, eval.NewWith(v, cfg.Start), readers,
		LoadConfig{Skip: cfg.Skip, Holdout: cfg.Holdout, Threads: cfg.Threads, Scorers: cfg.Scorers, ScoredOnly: cfg.ScoredOnly})
	if err != nil {
		return err
	}
	loaded := time.Since(began)
	fmt.Fprintf(out, "%s: %d games read (left out: %d of another game, %d without a usable result, %d repeating an earlier one)\n",
		v.Name, st.Games, st.OtherGame, st.NoResult, st.Duplicate)
	fmt.Fprintf(out, "positions: %d kept (%d games for training, %d held out: %d and %d positions); left out: %d in check, %d game over, %d outside the linear range",
		st.Positions, train.Games, held.Games, train.Len(), held.Len(), st.InCheck, st.Ended, st.NonLinear)
	if cfg.ScoredOnly {
		fmt.Fprintf(out, ", %d without a score", st.Unscored)
	}
	fmt.Fprintln(out)
	fmt.Fprintf(out, "loading took %s\n", loaded.Round(time.Millisecond))
	if train.Len() == 0 {
		return errors.New("no training positions")
	}
	scoreNote := ""
	if len(cfg.Scorers) > 0 {
		k, e := FitScoreScale(train)
		if k == 0 {
			return fmt.Errorf("--scores %s: no training position has a score from them", strings.Join(cfg.Scorers, ","))
		}
		train.Blend(cfg.Lambda, k)
		held.Blend(cfg.Lambda, k)
		scoreNote = fmt.Sprintf("targets: %d training and %d held-out positions scored by %s, scale %.4f (their error against the results %.6f), lambda %.2f",
			train.Scored(), held.Scored(), strings.Join(cfg.Scorers, ","), k, e, cfg.Lambda)
		fmt.Fprintln(out, scoreNote)
	}
	x0 := cfg.Start.Vector()
	fitCfg := cfg.Fit
	fitCfg.Progress = func(it int, tr, he float64) {
		if it%(evalEvery*20) == 0 {
			fmt.Fprintf(out, "step %5d: training error %.6f, held-out %.6f\n", it, tr, he)
		}
	}
	res := Fit(train, held, x0, fitCfg)
	took := time.Since(began)
	fmt.Fprintf(out, "K = %.4f; %d of %d weights free; kept step %d\n", res.K, res.Free, len(x0), res.BestIter)
	fmt.Fprintf(out, "training error %.6f -> %.6f; held-out error %.6f -> %.6f\n", res.TrainBefore, res.TrainAfter, res.HeldBefore, res.HeldAfter)
	if scoreNote != "" {
		ho := held.resultsOnly()
		resultsNote := fmt.Sprintf("held-out error against the results alone %.6f -> %.6f", Error(ho, x0, res.K), Error(ho, res.X, res.K))
		fmt.Fprintln(out, resultsNote)
		scoreNote += "; " + resultsNote
	}
	fmt.Fprintf(out, "%-12s %8s %8s\n", "weight", "before", "after")
	nonSquare := len(eval.WeightNames(v))
	for i, n := range names[:nonSquare] {
		if x0[i] != res.X[i] {
			fmt.Fprintf(out, "%-12s %8.0f %8.0f\n", n, x0[i], res.X[i])
		}
	}
	nKing := len(cfg.Start.King)
	nSquare := len(names) - nonSquare - nKing
	writeTableSummary(out, "square", names[nonSquare:nonSquare+nSquare], x0[nonSquare:nonSquare+nSquare], res.X[nonSquare:nonSquare+nSquare])
	writeTableSummary(out, "king-relative", names[len(names)-nKing:], x0[len(names)-nKing:], res.X[len(names)-nKing:])
	fmt.Fprintf(out, "took %s\n", took.Round(time.Second))
	w := cfg.Start.Clone()
	w.SetVector(res.X)
	w.Margin = cfg.Start.Margin // not fitted: carried over
	comments := []string{
		fmt.Sprintf("Fitted by kirin tune from %s (%d games, %d training and %d held-out positions), starting from %s.",
			strings.Join(cfg.Games, ", "), train.Games+held.Games, train.Len(), held.Len(), cfg.StartName),
		fmt.Sprintf("K = %.4f; training error %.6f -> %.6f; held-out error %.6f -> %.6f.", res.K, res.TrainBefore, res.TrainAfter, res.HeldBefore, res.HeldAfter),
		"Units: eval.Weights (fractions of a piece's Value in 1/256, hunt and reach in 1/16 centipawn, the rest in centipawns).",
	}
	if scoreNote != "" {
		comments = append(comments, scoreNote+".")
	}
	return w.Write(file, v, comments...)
}

// tableSummaryTop is how many of the largest fitted weights of a table
// the report lists.
const tableSummaryTop = 12

// writeTableSummary reports the weights of one table of a fit (what,
// "square" or "king-relative"; names and values before and after): how
// many moved, and the largest after it.
func writeTableSummary(out io.Writer, what string, names []string, before, after []float64) {
	if len(names) == 0 {
		return
	}
	moved := 0
	idx := make([]int, len(names))
	for i := range names {
		idx[i] = i
		if before[i] != after[i] {
			moved++
		}
	}
	sort.SliceStable(idx, func(a, b int) bool { return math.Abs(after[idx[a]]) > math.Abs(after[idx[b]]) })
	fmt.Fprintf(out, "%s weights: %d of %d moved; the largest:", what, moved, len(names))
	for _, i := range idx[:min(tableSummaryTop, len(idx))] {
		if after[i] != 0 {
			fmt.Fprintf(out, " %s %.0f", names[i], after[i])
		}
	}
	fmt.Fprintln(out)
}

// fixNames marks in fixed the weights --fix's name n means: the one of
// that name, or with a trailing * every one whose name starts with the
// rest. It reports whether n named any.
func fixNames(names []string, n string, fixed []bool) bool {
	prefix, wild := strings.CutSuffix(n, "*")
	found := false
	for i, name := range names {
		if name == n || wild && strings.HasPrefix(name, prefix) {
			fixed[i] = true
			found = true
		}
	}
	return found
}

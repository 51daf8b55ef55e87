package main

import (
	"bufio"
	"fmt"
	"io"
	"os"

	"github.com/kirin-shogi/kirin/analyze"
	"github.com/kirin-shogi/kirin/bench"
	"github.com/kirin-shogi/kirin/match"
)

// cmdAnalyze is `kirin analyze VARIANT [--fen POS] [--moves ...]` or
// `kirin analyze [VARIANT] --game FILE`.
func cmdAnalyze(w io.Writer, o *opts) error {
	bw := bufio.NewWriter(w)
	defer bw.Flush()
	cfg := analyze.Config{Depth: o.depth, Time: o.duration, MultiPV: o.multiPV, Threads: o.threads, HashMB: o.hashMB, JSON: o.json, Board: o.board}
	if o.game != "" {
		return analyzeGame(bw, o, cfg)
	}
	if len(o.args) != 1 {
		return fmt.Errorf("analyze needs VARIANT (or --game FILE): %w", errUsage)
	}
	v, err := o.variant(o.args[0])
	if err != nil {
		return err
	}
	sfen := o.fen
	if sfen == "" {
		sfen = "startpos"
	}
	pos, err := bench.SetUp(v, sfen, o.moves)
	if err != nil {
		return err
	}
	analyze.Position(bw, pos, cfg)
	return nil
}

// analyzeGame annotates the first game of a PGN file or move list.
func analyzeGame(w io.Writer, o *opts, cfg analyze.Config) error {
	f, err := os.Open(o.game)
	if err != nil {
		return err
	}
	defer f.Close()
	games, err := match.ReadPGN(f)
	if err != nil {
		return err
	}
	if len(games) == 0 {
		return fmt.Errorf("%s: no game", o.game)
	}
	g := games[0]
	name := g.Tags["Variant"]
	if len(o.args) == 1 {
		name = o.args[0]
	}
	if name == "" {
		return fmt.Errorf("%s has no Variant tag: name the variant", o.game)
	}
	if o.ruleSet == "" && g.Tags["RuleSet"] != "" {
		o.ruleSet = g.Tags["RuleSet"]
	}
	v, err := o.variant(name)
	if err != nil {
		return err
	}
	pos, moves, err := g.Replay(v)
	if err != nil {
		return err
	}
	analyze.Game(w, pos, moves, cfg)
	return nil
}

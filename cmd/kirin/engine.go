package main

import (
	"fmt"
	"io"
	"os/signal"
	"strings"
	"syscall"

	"github.com/kirin-shogi/kirin/eval"
	"github.com/kirin-shogi/kirin/movegen"
	"github.com/kirin-shogi/kirin/protocol"
	"github.com/kirin-shogi/kirin/search"
)

// runEngine is `kirin` without arguments: the engine speaking xboard, usi
// or uci (whichever the first line names) until quit or end of input.
func runEngine(in io.Reader, stdout, stderr io.Writer) int {
	return runEngineWith(in, stdout, stderr, nil, nil)
}

// cmdEngineArgs is `kirin engine` with options: --variant-file FILE offers
// the file's games besides the built-in ones (kirin serve starts it so);
// --weights FILE evaluates every game the file has a section for with those
// weights laid over the built-in ones (kirin tune writes such files). A bad
// file, or a section no offered game can take, is an error at start.
func cmdEngineArgs(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	const use = "usage: kirin engine [--variant-file FILE] [--weights FILE]"
	var variantFile, weightsFile string
	for i := 0; i < len(args); i++ {
		if i+1 >= len(args) || (args[i] != "--variant-file" && args[i] != "--weights") {
			fmt.Fprintln(stderr, use)
			return 2
		}
		if args[i] == "--variant-file" {
			variantFile = args[i+1]
		} else {
			weightsFile = args[i+1]
		}
		i++
	}
	fail := func(err error) int {
		fmt.Fprintln(stderr, "kirin:", err)
		return 1
	}
	var variants []*movegen.Variant
	if variantFile != "" {
		own, err := movegen.LoadVariantFile(variantFile)
		if err != nil {
			return fail(err)
		}
		variants = append(movegen.Builtin(), own...)
	}
	var wf *eval.WeightsFile
	if weightsFile != "" {
		var err error
		if wf, err = readWeights(weightsFile, variants); err != nil {
			return fail(err)
		}
	}
	return runEngineWith(stdin, stdout, stderr, variants, wf)
}

// readWeights parses a weights file and checks that each of its sections
// names one of the games (nil: the built-in ones) and fits it.
func readWeights(path string, games []*movegen.Variant) (*eval.WeightsFile, error) {
	wf, err := eval.ReadWeightsFile(path)
	if err != nil {
		return nil, err
	}
	if games == nil {
		games = movegen.Builtin()
	}
	for _, s := range wf.Games {
		found := false
		for _, v := range games {
			if strings.EqualFold(v.Name, s.Game) {
				found = true
				if _, _, err := eval.LoadWeights(v, &eval.WeightsFile{Games: []eval.WeightsSection{s}}); err != nil {
					return nil, fmt.Errorf("%s: %v", path, err)
				}
			}
		}
		if !found {
			return nil, fmt.Errorf("%s line %d: no game %q", path, s.Line, s.Game)
		}
	}
	return wf, nil
}

// runEngineWith is runEngine offering the given games (nil: the built-in
// ones) and evaluating with the weights of wf laid over the built-in ones
// (nil: the built-in ones alone); the EvalWeights option lays its list
// over those.
func runEngineWith(in io.Reader, stdout, stderr io.Writer, variants []*movegen.Variant, wf *eval.WeightsFile) int {
	weights := func(v *movegen.Variant) eval.Weights {
		if wf == nil {
			return eval.BuiltinWeights(v)
		}
		// readWeights checked that the sections apply; a game they do
		// not name keeps its built-in weights.
		w, _, _ := eval.LoadWeights(v, wf)
		return w
	}
	// XBoard sends SIGINT to a thinking engine unless it announced
	// sigint=0 (we do); ignore it in case a GUI sends it anyway. SIGTERM
	// still ends the process (XBoard sends none after sigterm=0).
	signal.Ignore(syscall.SIGINT)
	err := protocol.Run(in, stdout, protocol.Config{
		NewEvaluator: func(v *movegen.Variant) search.Evaluator { return eval.NewWith(v, weights(v)) },
		Reweigh: func(v *movegen.Variant, list string) (search.Evaluator, error) {
			w, err := eval.ApplyList(v, weights(v), list)
			return eval.NewWith(v, w), err
		},
		Version:  version,
		Variants: variants,
	})
	if err != nil {
		fmt.Fprintln(stderr, "kirin:", err)
		return 1
	}
	return 0
}

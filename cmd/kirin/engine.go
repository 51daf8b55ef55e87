package main

import (
	"fmt"
	"io"
	"os/signal"
	"syscall"

	"github.com/kirin-shogi/kirin/eval"
	"github.com/kirin-shogi/kirin/movegen"
	"github.com/kirin-shogi/kirin/protocol"
	"github.com/kirin-shogi/kirin/search"
)

// runEngine is `kirin` without arguments: the engine speaking xboard, usi
// or uci (whichever the first line names) until quit or end of input.
func runEngine(in io.Reader, stdout, stderr io.Writer) int {
	return runEngineWith(in, stdout, stderr, nil)
}

// runEngineWith is runEngine offering the given games (nil: the built-in
// ones).
func runEngineWith(in io.Reader, stdout, stderr io.Writer, variants []*movegen.Variant) int {
	// XBoard sends SIGINT to a thinking engine unless it announced
	// sigint=0 (we do); ignore it in case a GUI sends it anyway. SIGTERM
	// still ends the process (XBoard sends none after sigterm=0).
	signal.Ignore(syscall.SIGINT)
	err := protocol.Run(in, stdout, protocol.Config{
		NewEvaluator: func(v *movegen.Variant) search.Evaluator { return eval.New(v) },
		Version:      version,
		Variants:     variants,
	})
	if err != nil {
		fmt.Fprintln(stderr, "kirin:", err)
		return 1
	}
	return 0
}

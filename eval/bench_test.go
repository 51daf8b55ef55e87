package eval

import (
	"testing"

	"github.com/kirin-shogi/kirin/movegen"
)

// BenchmarkEvaluate times Evaluate on the start position of each built-in
// game.
func BenchmarkEvaluate(b *testing.B) {
	for _, v := range movegen.Builtin() {
		b.Run(v.Name, func(b *testing.B) {
			e := New(v)
			pos := position(b, v, v.StartSFEN)
			sum := 0
			for b.Loop() {
				sum += e.Evaluate(pos)
			}
			if sum == 1 {
				b.Log(sum) // keep the result alive
			}
		})
	}
}

// BenchmarkNew times building the tables of each built-in game.
func BenchmarkNew(b *testing.B) {
	for _, v := range movegen.Builtin() {
		b.Run(v.Name, func(b *testing.B) {
			for b.Loop() {
				New(v)
			}
		})
	}
}

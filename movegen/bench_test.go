package movegen

import (
	"fmt"
	"testing"
)

// BenchmarkGenerate times GenerateLegal in the start and middle-game
// positions of each game.
func BenchmarkGenerate(b *testing.B) {
	list := new(MoveList)
	for _, ap := range allocPositions {
		b.Run(ap.name, func(b *testing.B) {
			pos := perftPosition(b, ap.variant, ap.sfen)
			pos.GenerateLegal(list)
			n := 0
			for b.Loop() {
				list.N = 0
				pos.GenerateLegal(list)
				n += list.N
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "moves/s")
		})
	}
}

// BenchmarkMakeUnmake times Make followed by Unmake, over all legal moves of
// each position.
func BenchmarkMakeUnmake(b *testing.B) {
	benchEachMove(b, func(pos *Position, m Move) {
		pos.Make(m)
		pos.Unmake()
	})
}

// BenchmarkSEE times SEE over all legal moves of each position.
func BenchmarkSEE(b *testing.B) {
	benchEachMove(b, func(pos *Position, m Move) { pos.SEE(m) })
}

// benchEachMove times fn on the legal moves of each position in turn.
func benchEachMove(b *testing.B, fn func(*Position, Move)) {
	for _, ap := range allocPositions {
		b.Run(ap.name, func(b *testing.B) {
			pos := perftPosition(b, ap.variant, ap.sfen)
			moves := new(MoveList)
			pos.GenerateLegal(moves)
			ms := moves.Slice()
			i := 0
			for b.Loop() {
				fn(pos, ms[i])
				if i++; i == len(ms) {
					i = 0
				}
			}
		})
	}
}

// BenchmarkPerft runs perft 3 in each position and reports leaf nodes per
// second.
func BenchmarkPerft(b *testing.B) {
	for _, ap := range allocPositions {
		b.Run(fmt.Sprintf("%s-d3", ap.name), func(b *testing.B) {
			pos := perftPosition(b, ap.variant, ap.sfen)
			var nodes uint64
			for b.Loop() {
				nodes += Perft(pos, 3)
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

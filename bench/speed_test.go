package bench

import (
	"os"
	"testing"
	"time"

	"github.com/kirin-shogi/kirin/movegen"
)

// The speed benchmarks measure perft nodes/second for Kirin and, in the same
// run, for the reference engines on the same positions:
//
//	go test -run '^$' -bench 'Perft|Reference' -benchtime 1x ./bench
//
// SjaakII stands in for Fairy-Stockfish on okisaki (Debian's Fairy-Stockfish
// 11.1 cannot express okisaki's lance); Fairy-Stockfish runs standard shogi.

func benchPerft(b *testing.B, variant string, depth int) {
	v, err := movegen.Lookup(variant)
	if err != nil {
		b.Fatal(err)
	}
	pos, err := movegen.NewPosition(v, "startpos")
	if err != nil {
		b.Fatal(err)
	}
	var nodes uint64
	start := time.Now()
	for i := 0; i < b.N; i++ {
		nodes += movegen.Perft(pos, depth)
	}
	b.ReportMetric(float64(nodes)/time.Since(start).Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

func BenchmarkPerft(b *testing.B) {
	b.Run("chu-d4", func(b *testing.B) { benchPerft(b, "chu", 4) })
	b.Run("okisaki-d5", func(b *testing.B) { benchPerft(b, "okisaki", 5) })
	b.Run("shogi-d5", func(b *testing.B) { benchPerft(b, "shogi", 5) })
	b.Run("dai-d4", func(b *testing.B) { benchPerft(b, "dai", 4) })
	b.Run("tai-d3", func(b *testing.B) { benchPerft(b, "tai", 3) })
}

// referenceBench runs an engine's perft and reports its rate, wall clock
// including process start-up (a few milliseconds).
func referenceBench(b *testing.B, name string, run func(bin string) uint64) {
	bin := ""
	for _, p := range []string{"/usr/games/" + name, "/usr/bin/" + name} {
		if _, err := os.Stat(p); err == nil {
			bin = p
		}
	}
	if bin == "" {
		b.Skipf("%s is not installed", name)
	}
	var nodes uint64
	start := time.Now()
	for i := 0; i < b.N; i++ {
		nodes += run(bin)
	}
	b.ReportMetric(float64(nodes)/time.Since(start).Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

func BenchmarkReference(b *testing.B) {
	b.Run("sjaakii-okisaki-d5", func(b *testing.B) {
		referenceBench(b, "sjaakii", func(bin string) uint64 {
			c := sjaakPerft(b, bin, "okisaki", "lnsgkqgsnl/1r6b1/pppppppppp/10/10/10/10/PPPPPPPPPP/1B6R1/LNSGQKGSNL[] w", 5)
			return c[4]
		})
	})
	b.Run("fairy-stockfish-shogi-d5", func(b *testing.B) {
		referenceBench(b, "fairy-stockfish", func(bin string) uint64 {
			return fsfPerft(b, bin, "shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w", 5)
		})
	})
}

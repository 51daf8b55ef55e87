package bench

import (
	"strings"
	"testing"
	"time"
)

// Output lines recorded from the anchor engines on this machine (HaChu 0.21
// and SjaakII 1.4.1 in xboard analyze mode with post, Fairy-Stockfish 11.1
// after go movetime), for the parsers the speed harness uses.

func TestParseXBoardPost(t *testing.T) {
	cases := []struct {
		line string
		ok   bool
		want thinkLine
	}{
		{"1 127 0 38 h4h5 { root eval = 1.08 dif = 0.00; abs = 0.00 f=220 D=-1.25 0/0}", true,
			thinkLine{Depth: 1, Score: 127, Time: 0, Nodes: 38, PV: "h4h5 { root eval = 1.08 dif = 0.00; abs = 0.00 f=220 D=-1.25 0/0}"}},
		{"8 120 847 1860767 h4h5 e9e8 j4j5 h9h8 i1i2 i12i11 d1d2", true,
			thinkLine{Depth: 8, Score: 120, Time: 8470 * time.Millisecond, Nodes: 1860767, PV: "h4h5 e9e8 j4j5 h9h8 i1i2 i12i11 d1d2"}},
		{" 25     0    396   1360415  1. Pc3 Kd8", true,
			thinkLine{Depth: 25, Score: 0, Time: 3960 * time.Millisecond, Nodes: 1360415, PV: "1. Pc3 Kd8"}},
		{"  7   -35     12      5182  1. Pc3", true,
			thinkLine{Depth: 7, Score: -35, Time: 120 * time.Millisecond, Nodes: 5182, PV: "1. Pc3"}},
		{"# 0 c0eb5b77, 0", false, thinkLine{}},
		{"move h4h5", false, thinkLine{}},
		{"feature done=1", false, thinkLine{}},
		{"pong 3", false, thinkLine{}},
		{"", false, thinkLine{}},
	}
	for _, c := range cases {
		got, ok := parseXBoardPost(c.line)
		if ok != c.ok || got != c.want {
			t.Errorf("parseXBoardPost(%q) = %+v, %v; want %+v, %v", c.line, got, ok, c.want, c.ok)
		}
	}
}

func TestParseUCIInfo(t *testing.T) {
	cases := []struct {
		line string
		ok   bool
		want uciInfo
	}{
		{"info depth 17 seldepth 22 multipv 1 score cp 26 nodes 497857 nps 196161 hashfull 61 tbhits 0 time 2538 pv e1f2 e8f7 a3a4", true,
			uciInfo{Depth: 17, SelDepth: 22, Score: "cp 26", Nodes: 497857, NPS: 196161, Time: 2538 * time.Millisecond, HasPV: true}},
		{"info depth 9 seldepth 14 multipv 1 score cp -32 upperbound nodes 15369 nps 213458 tbhits 0 time 72 pv e1d2", true,
			uciInfo{Depth: 9, SelDepth: 14, Score: "cp -32", Bound: "upperbound", Nodes: 15369, NPS: 213458, Time: 72 * time.Millisecond, HasPV: true}},
		{"info depth 12 seldepth 20 multipv 1 score mate 5 lowerbound nodes 100 nps 1000 tbhits 0 time 100 pv 7g7f", true,
			uciInfo{Depth: 12, SelDepth: 20, Score: "mate 5", Bound: "lowerbound", Nodes: 100, NPS: 1000, Time: 100 * time.Millisecond, HasPV: true}},
		{"info depth 18 currmove e1f2 currmovenumber 1", true, uciInfo{Depth: 18}},
		{"info string variant heian files 9 ranks 8 pocket 0 template shogi startpos lnsgkgsnl/9/ppppppppp/9/9/PPPPPPPPP/9/LNSGKGSNL w - - 0 1", false, uciInfo{}},
		{"bestmove e1f2 ponder e8f7", false, uciInfo{}},
		{"information depth 3", false, uciInfo{}},
	}
	for _, c := range cases {
		got, ok := parseUCIInfo(c.line)
		if ok != c.ok || got != c.want {
			t.Errorf("parseUCIInfo(%q) = %+v, %v; want %+v, %v", c.line, got, ok, c.want, c.ok)
		}
	}
}

// TestFSFCompletedDepth checks that the line Fairy-Stockfish prints when
// movetime stops it mid-iteration does not count as a completed depth.
func TestFSFCompletedDepth(t *testing.T) {
	out := `info depth 16 seldepth 20 multipv 1 score cp 32 nodes 332479 nps 198376 hashfull 52 tbhits 0 time 1676 pv e1f2 e8f7
info depth 17 seldepth 22 multipv 1 score cp 24 upperbound nodes 400000 nps 196161 hashfull 61 tbhits 0 time 2100 pv e1f2 e8f7
info depth 17 seldepth 22 multipv 1 score cp 26 nodes 497857 nps 196161 hashfull 61 tbhits 0 time 2538 pv e1f2 e8f7
info depth 18 currmove e1f2 currmovenumber 1
info depth 18 seldepth 22 multipv 1 score cp 26 nodes 561953 nps 187192 hashfull 69 tbhits 0 time 3002 pv e1f2 e8f7
bestmove e1f2 ponder e8f7`
	r := fsfSummary(strings.Split(out, "\n"), 3*time.Second)
	if r.Depth != 17 || r.Nodes != 561953 || r.Time != 3002*time.Millisecond {
		t.Errorf("fsfSummary = depth %d nodes %d time %v; want 17 561953 3.002s", r.Depth, r.Nodes, r.Time)
	}
}

func TestXBoardSummary(t *testing.T) {
	lines := []string{
		"# SearchBestMove",
		"1 127 0 38 h4h5 { root eval = 1.08 dif = 0.00; abs = 0.00 f=220 D=-1.25 0/0}",
		"7 110 389 504238 h4h5 g10f8 f3e5 c9c8 i1i2 h9h8",
		"8 120 847 1860767 h4h5 e9e8 j4j5 h9h8 i1i2 i12i11 d1d2",
	}
	r := xboardSummary(lines)
	if r.Depth != 8 || r.Nodes != 1860767 || r.Time != 8470*time.Millisecond {
		t.Errorf("xboardSummary = %+v", r)
	}
	if nps := r.NPS(); nps < 219000 || nps > 220000 {
		t.Errorf("nps = %.0f, want about 219689", nps)
	}
}

func TestReadVmHWM(t *testing.T) {
	status := "Name:\tbench.test\nVmPeak:\t 1234 kB\nVmHWM:\t   81920 kB\nVmRSS:\t   80000 kB\n"
	if got := parseVmHWM(status); got != 80<<20 {
		t.Errorf("parseVmHWM = %d, want %d", got, 80<<20)
	}
	if got := parseVmHWM("Name:\tx\n"); got != 0 {
		t.Errorf("parseVmHWM without the field = %d, want 0", got)
	}
}

package movegen

import "testing"

// allocPositions are a start and a middle-game position of each built-in
// game, for the allocation guards and the benchmarks.
var allocPositions = []struct{ name, variant, sfen string }{
	{"shogi", "shogi", "startpos"},
	{"shogi-mid", "shogi", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1"},
	{"okisaki", "okisaki", "startpos"},
	{"okisaki-mid", "okisaki", "lnsgk1g2l/1r4q3/pppppp1npp/6pp2/10/3b6/3Q1P1P2/PP1PP1P1PP/7R2/LNSG1KGSNL w Sbp 20"},
	{"heian", "heian", "startpos"},
	{"heian-mid", "heian", "lnsgk1s1l/6g2/pp3p1pp/2ppP4/6p2/PP1P1PN1P/6G2/L1SGK1S1L w - 20"},
	{"heiandai", "heiandai", "startpos"},
	{"heiandai-mid", "heiandai", "lnicsgkgscinl/ad2t1m1t3a/pppppppppp1p1/6p'5p/13/13/13/13/13/2P3P'3P2/PPdPPPPPPP1PP/A1I1T1M1T2DA/LN1CSGKGSCINL w - 8"},
	{"chu", "chu", "startpos"},
	{"chu-mid", "chu", "lfcsg2gso1l/a1bdtet2fc1/2r2q1k1r1a/mv1x+P1+Pp1bvm/3p3d2pp/1Q4h1p2h/P1piD5PP/5B2iPV1/2HP1ONPP3/MCVTED1GBT1M/A1S4XH1RA/LF1RGK2SCFL w - 142"},
	{"chu-lion", "chu", "6k5/12/8p3/8n3/6pg4/6N5/5s1P4/12/12/12/12/5K6 b - 1"},
	{"chu-counterstrike", "chu", "11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 8j 1"},
	{"dai", "dai", "startpos"},
	{"dai-mid", "dai", "lnuicsgkgsciunl/a1c'1f1tet1f1c'1a/1x'1a'1wx1ow1a'1x'1/rf'mvbhdqdhbvmf'r/ppp1ppp1ppppppp/3pp'5p'4/7l!7/7p7/7L!7/4P'5P'P3/PPPPPPP1PPP1PPP/RF'MVBHDQDHBVMF'R/1X'1A'1WO1XW1A'1X'1/A1C'1F1TET1F1C'1A/LNUICSGKGSCIUNL b - 13"},
}

// TestAllocs checks that move generation, make/unmake, SEE and Mobility never allocate once
// a position is set up and has run once (the first drop-mate test allocates
// the position's scratch list).
func TestAllocs(t *testing.T) {
	list := new(MoveList)
	for _, ap := range allocPositions {
		pos := perftPosition(t, ap.variant, ap.sfen)
		legal := func() {
			list.N = 0
			pos.GenerateLegal(list)
		}
		pseudo := func() {
			list.N = 0
			pos.GeneratePseudo(list)
		}
		moves := new(MoveList)
		pos.GenerateLegal(moves)
		if moves.N == 0 {
			t.Fatalf("%s: no moves", ap.name)
		}
		makeUnmake := func() {
			for _, m := range moves.Slice() {
				pos.Make(m)
				pos.Unmake()
			}
		}
		see := func() {
			for _, m := range moves.Slice() {
				pos.SEE(m)
			}
		}
		mobility := func() {
			for c := Color(0); c < ColorCount; c++ {
				for _, s := range pos.Pieces(c) {
					pos.Mobility(s)
				}
			}
		}
		for _, f := range []struct {
			what string
			fn   func()
		}{{"GenerateLegal", legal}, {"GeneratePseudo", pseudo}, {"Make+Unmake", makeUnmake}, {"SEE", see}, {"Mobility", mobility}} {
			f.fn() // warm up
			if n := testing.AllocsPerRun(20, f.fn); n != 0 {
				t.Errorf("%s: %s allocates %.1f times per run", ap.name, f.what, n)
			}
		}
	}
}

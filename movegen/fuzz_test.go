package movegen

import (
	"math/rand/v2"
	"testing"
)

// fuzzVariant picks a built-in game (the chu rule sets count as games).
func fuzzVariant(t testing.TB, i uint8) *Variant {
	specs := []string{"shogi", "okisaki", "heian", "heiandai", "chu", "dai", "chu/lishogi", "chu/hachu", "tai"}
	return perftVariant(t, specs[int(i)%len(specs)])
}

// fuzzCheckMoves plays every legal move of pos and takes it back, checking
// the key after Make and the SFEN and key after Unmake.
func fuzzCheckMoves(t *testing.T, pos *Position) {
	var l MoveList
	pos.GenerateLegal(&l)
	before, key := pos.SFEN(), pos.Key()
	for _, m := range l.Slice() {
		pos.Make(m)
		if pos.Key() != pos.ComputeKey() {
			t.Fatalf("%s: key wrong after %s", before, pos.MoveUSI(m))
		}
		pos.Unmake()
		if pos.SFEN() != before || pos.Key() != key {
			t.Fatalf("%s: %s not undone: %s", before, pos.MoveUSI(m), pos.SFEN())
		}
	}
}

// FuzzParseSFEN: any text either fails to parse or gives a position whose
// SFEN parses again to the same SFEN and key, and whose moves can be made
// and taken back.
func FuzzParseSFEN(f *testing.F) {
	for i, name := range builtinNames {
		f.Add(uint8(i), perftVariant(f, name).StartSFEN)
	}
	for _, tc := range perftCases {
		for i, spec := range []string{"shogi", "okisaki", "heian", "heiandai", "chu", "dai", "chu/lishogi", "chu/hachu"} {
			if spec == tc.variant && tc.depth == 1 {
				f.Add(uint8(i), tc.sfen)
			}
		}
	}
	f.Add(uint8(0), "4k4/9/9/9/9/9/9/4p4/4K4 b 162P 1")
	f.Add(uint8(4), "[k]11/12/12/12/12/6+[n]5/6[P]5/12/12/12/12/5K6 w - 9")
	f.Add(uint8(0), "4k4/9/9/9/9/9/9/4[Pp]4/4K4 b [P 1")
	f.Add(uint8(4), "6k5/12/12/12/12/6n5/6P5/12/12/12/12/5K6 w 6g 9")
	f.Add(uint8(5), "7k7/15/15/15/15/15/15/7l!7/15/15/15/15/15/15/7K7 b - 1")
	f.Add(uint8(0), "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN+ b - 1")
	// + and a piece's own code for its promoted form (tai: +[de] is [cp]).
	f.Add(uint8(0), "4k4/9/9/9/4+[p]4/9/9/9/4K3+K b - 1")
	f.Add(uint8(4), "6k5/12/12/12/12/5+e+N5/12/12/12/12/12/6K5 b - 1")
	f.Add(uint8(8), "e24/25/25/25/25/25/25/25/25/25/25/25/10+[de]3+[ln]+[ff]9/25/25/25/25/25/25/25/25/25/25/25/24E b - 1")
	f.Fuzz(func(t *testing.T, vi uint8, sfen string) {
		v := fuzzVariant(t, vi)
		pos, err := NewPosition(v, sfen)
		if err != nil {
			return
		}
		s1 := pos.SFEN()
		if pos.Key() != pos.ComputeKey() {
			t.Fatalf("%q: parsed key differs from the computed one", sfen)
		}
		again, err := NewPosition(v, s1)
		if err != nil {
			t.Fatalf("%q formats as %q, which does not parse: %v", sfen, s1, err)
		}
		if s2 := again.SFEN(); s2 != s1 || again.Key() != pos.Key() {
			t.Fatalf("%q: %q then %q (keys %#x %#x)", sfen, s1, s2, pos.Key(), again.Key())
		}
		fuzzCheckMoves(t, pos)
	})
}

// fuzzMovePositions are the positions FuzzParseMove parses moves in.
var fuzzMovePositions = []struct{ variant, sfen string }{
	{"shogi", "startpos"},
	{"shogi", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1"},
	{"okisaki", "lnsgk1g2l/1r4q3/pppppp1npp/6pp2/10/3b6/3Q1P1P2/PP1PP1P1PP/7R2/LNSG1KGSNL w Sbp 20"},
	{"heian", "4k4/1P7/6N2/2L5S/9/5s3/9/4K4 b - 1"},
	{"heiandai", "lnicsgkgscinl/ad2t1m1t3a/pppppppppp1p1/6p'5p/13/13/13/13/13/2P3P'3P2/PPdPPPPPPP1PP/A1I1T1M1T2DA/LN1CSGKGSCINL w - 8"},
	{"chu", "6k5/12/8p3/8n3/6pg4/6N5/5s1P4/12/12/12/12/5K6 b - 1"},
	{"chu", "6k5/12/6+h5/6P5/3g6n1/3p3s4/3+H4+D3/12/12/12/12/5K6 b - 1"},
	{"dai", "7k7/15/15/15/8p6/8l!6/7pg6/7L!1+O5/15/15/15/15/15/15/7K7 b - 1"},
}

// FuzzParseMove: the three move parsers never panic, and any move they
// accept is legal and survives a format-and-parse round trip.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"7g7f", "c3c4", "P-7f", "P*5e", "P@e5", "8h2b+", "Bx2b=", "6f5e4d",
		"g7h8,h8i9", "6f5f6f", "@@@@", "Nx5e!", "N-5f!", "9g9f9e", "4g5f6e", "zz", "", "a1b2,c3d4", "P*", "99z9a"} {
		for i := range fuzzMovePositions {
			f.Add(uint8(i), uint8(0), s)
			f.Add(uint8(i), uint8(1), s)
			f.Add(uint8(i), uint8(2), s)
		}
	}
	f.Fuzz(func(t *testing.T, pi, dialect uint8, text string) {
		fp := fuzzMovePositions[int(pi)%len(fuzzMovePositions)]
		pos := perftPosition(t, fp.variant, fp.sfen)
		type codec struct {
			format func(Move) string
			parse  func(string) (Move, error)
		}
		c := []codec{
			{pos.MoveUSI, pos.ParseMoveUSI},
			{pos.MoveXBoard, pos.ParseMoveXBoard},
			{pos.MoveHodges, pos.ParseMoveHodges},
		}[int(dialect)%3]
		m, err := c.parse(text)
		if err != nil {
			return
		}
		var l MoveList
		pos.GenerateLegal(&l)
		// The generator lists one pass, by the first piece able to pass,
		// and a text may name another piece's (passOf, as HaChu reads
		// it): that one must be a pass of the same effect.
		found := false
		for _, o := range l.Slice() {
			found = found || o == m || o.IsPass() && m.IsPass() && sameResult(pos, o, m)
		}
		if !found {
			t.Fatalf("%q parsed to %#x, which is not a legal move", text, uint32(m))
		}
		if back, err := c.parse(c.format(m)); err != nil || back != m {
			t.Fatalf("%q: %q does not parse back (%v)", text, c.format(m), err)
		}
	})
}

// sameResult reports whether moves a and b leave the same position (its
// SFEN and key).
func sameResult(pos *Position, a, b Move) bool {
	pos.Make(a)
	sa, ka := pos.SFEN(), pos.Key()
	pos.Unmake()
	pos.Make(b)
	sb, kb := pos.SFEN(), pos.Key()
	pos.Unmake()
	return sa == sb && ka == kb
}

// FuzzParseBetza: the parser never panics, and an accepted string has at
// least one atom, each with at least one direction.
func FuzzParseBetza(f *testing.F) {
	for _, s := range []string{"W", "F", "K", "R2", "B2", "fW", "ffN", "fFfsW", "sRvW", "vRfB",
		"BsbRfWfDfcavWfabW", "KNADcaKmabK", "RbBfFfAfcavFfabF", "NN", "mWcF", "flF", "", "caN", "R0", "faaW"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		atoms, err := ParseBetza(s)
		if err != nil {
			return
		}
		if len(atoms) == 0 {
			t.Fatalf("%q: accepted with no atoms", s)
		}
		for _, a := range atoms {
			if len(a.Vecs) == 0 || a.Legged && len(a.Rel2) == 0 {
				t.Fatalf("%q: an atom without directions: %+v", s, a)
			}
		}
	})
}

// FuzzParseVariants: definition files never make the parser panic, and the
// variants it accepts can set up and generate moves in their start
// positions.
func FuzzParseVariants(f *testing.F) {
	f.Add(miniDef)
	f.Add(miniDef + "\n[big:mini]\nboard = 6x6\nstart = 3k2/6/6/6/6/2K3 w - 5\nnopiece = P\n")
	f.Add("[x]\nboard = 3x3\nstart = k2/3/2K b - 1\npiece = K king KNADcaKmabK royal\n")
	f.Add("[x]\nboard = 25x25\nzone = 0\nstart = 24k/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/K24 b - 1\npiece = K king K royal\npiece = G giraffe GG\n")
	f.Add("[a]\n[b:a]\n")
	f.Fuzz(func(t *testing.T, text string) {
		vs, err := ParseVariants("fuzz.ini", text)
		if err != nil {
			return
		}
		for _, v := range vs {
			pos, err := NewPosition(v, "startpos")
			if err != nil {
				t.Fatalf("%s: concluded, but its start position fails: %v", v.Name, err)
			}
			fuzzCheckMoves(t, pos)
		}
	})
}

// FuzzMakeUnmake plays a random legal game from a start or perft position
// and takes it all back: every position on the way back must equal the one
// on the way out, SFEN and key.
func FuzzMakeUnmake(f *testing.F) {
	for i := range fuzzMovePositions {
		f.Add(uint8(i), uint64(i)*7919, uint8(40))
	}
	for i := range builtinNames {
		f.Add(uint8(100+i), uint64(i), uint8(120))
	}
	f.Fuzz(func(t *testing.T, pi uint8, seed uint64, plies uint8) {
		var pos *Position
		if pi >= 100 {
			pos = perftPosition(t, builtinNames[int(pi-100)%len(builtinNames)], "startpos")
		} else {
			fp := fuzzMovePositions[int(pi)%len(fuzzMovePositions)]
			pos = perftPosition(t, fp.variant, fp.sfen)
		}
		rng := rand.New(rand.NewPCG(seed, 1))
		var trail []string
		var keys []uint64
		var l MoveList
		for i := 0; i < int(plies); i++ {
			l.N = 0
			pos.GenerateLegal(&l)
			if l.N == 0 {
				break
			}
			trail = append(trail, pos.SFEN())
			keys = append(keys, pos.Key())
			m := l.Moves[rng.IntN(l.N)]
			pos.Make(m)
			if pos.Key() != pos.ComputeKey() {
				t.Fatalf("ply %d: key wrong after %s in %s", i, pos.MoveUSI(m), trail[i])
			}
			if pos.LastMove() != m {
				t.Fatalf("ply %d: LastMove() = %#x, want %#x", i, uint32(pos.LastMove()), uint32(m))
			}
		}
		for i := len(trail) - 1; i >= 0; i-- {
			pos.Unmake()
			if pos.SFEN() != trail[i] || pos.Key() != keys[i] {
				t.Fatalf("unmaking ply %d gave %s, want %s", i, pos.SFEN(), trail[i])
			}
		}
		if pos.Ply() != 0 {
			t.Fatalf("ply %d after unmaking everything", pos.Ply())
		}
	})
}

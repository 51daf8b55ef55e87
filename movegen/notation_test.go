package movegen

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestLishogiLegality replays the legality checks of shogiops
// (WandererXII/shogiops test/variant/chushogi.test.ts), the rules library of
// lishogi, against Kirin's chu under the lishogi rule set. Each case names a
// position, optional moves to play first, a USI move and whether shogiops
// accepts it. shogiops writes a lion move through an empty square as three
// squares; Kirin's parser folds those into the plain move, so the verdict
// must agree either way. shogiops allows positions without kings, Kirin does
// not: kings were added in corners far from the squares that matter (and a
// spare Pawn where a side would otherwise be bare).
func TestLishogiLegality(t *testing.T) {
	v := perftVariant(t, "chu")
	v, err := v.WithRuleSet("lishogi")
	if err != nil {
		t.Fatal(err)
	}
	type check struct {
		move  string
		legal bool
	}
	cases := []struct {
		name   string
		sfen   string
		before string
		checks []check
	}{
		{"promotions", "10p1/2I1pP2p1LL/1Rp1PB2LL2/12/7L4/1p10/12/12/11k/12/11K/12 b - 1", "", []check{
			{"7c8b+", true}, {"7c8b", true}, {"7c6b+", false}, {"7c6b", true},
			{"7b7a+", true}, {"7b7a", true}, {"5e5c+", true}, {"5e5c", true},
			{"11c11f+", true}, {"11c11f", true},
		}},
		{"lone lion", "k10p/12/12/12/12/6+O5/12/12/12/12/12/11K b - 1", "", []check{
			{"6f6f", false}, {"6f5e", true}, {"6f7g", true}, {"6f7d", true}, {"6f4h", true},
			{"6f6g6f", true}, {"6f5e6d", true}, {"6f7g8h", true},
		}},
		{"lion powers", "k2l8/11p/10p1/3n5+D2/2i1f7/3N5G2/9+H2/2t2P1i4/2p3+D5/2+H9/12/11K b - 1", "", []check{
			{"3g3e", true}, {"3g3f", false}, {"6i4g", true}, {"6i8g", true}, {"6i7h", false},
			{"6i5h", true}, {"6i5h6i", true}, {"6i5h4g", true},
			{"3d2c", true}, {"3d1b", true}, {"3d2c1b", true}, {"3d1b2c", false},
			{"10j10i", true}, {"10j10h", true}, {"10j10i10h", true}, {"10j10h10i", false},
			{"9f10e", true}, {"9f8e", true}, {"9f9d", false}, {"9f10e9d", false},
			{"9f8e9d", true}, {"9f9e9d", false},
		}},
		{"lion pairs", "k10l/6l5/5Nn5/11n/9N2/12/1N10/9n2/1n7N2/4r7/4nN6/4r6K b - 1", "", []check{
			{"7c6c", true}, {"7c6b6c", true}, {"3e1d", false}, {"3e2e1d", false},
			{"3i3h", true}, {"3i3h3g", true}, {"3i2h3h", true},
			{"7k8k", true}, {"7k8j8k", true}, {"7k8l8k", true}, {"7k8k8j", true},
			{"7k8k8l", true}, {"7k7j8k", true}, {"11g11i", true}, {"11g11h11i", true},
		}},
		{"hidden protector", "11k/12/12/10bm/9N2/12/5n6/6N5/5r6/12/9K2/12 b - 1", "6h7g", []check{
			{"2d3e", true},
		}},
		{"counter-strike after igui", "11k/12/12/12/12/12/12/12/4+ho3n2/4N7/12/K5B5 w - 1", "8i8j8i", []check{
			{"6l3i", false},
		}},
		{"counter-strike after step", "11k/12/12/12/12/12/12/12/4+ho3n2/4N7/12/K5B5 w - 1", "8i8j", []check{
			{"6l3i", false},
		}},
		{"counter-strike same square", "11k/12/12/12/12/12/12/12/4+ho3n2/4N7/12/K5B5 w - 1", "7i8j+", []check{
			{"6l3i", false}, {"6l8j", true},
		}},
		{"wiki adjacent lion", "k11/12/12/12/7g4/6n5/5N6/12/12/12/12/11K b - 1", "", []check{
			{"7g6f", true}, {"7g6f5e", true}, {"7g6f6e", true},
		}},
		{"wiki protected lion", "k11/12/12/12/4B2l4/4S7/5N6/7n4/12/12/12/11K b - 1", "", []check{
			{"7g5h", false}, {"7g5e", true}, {"8e5h", true},
		}},
		{"wiki protected lion, white", "k11/12/12/12/4B2l4/4S7/5N6/7n4/12/12/12/11K w - 1", "", []check{
			{"5h7g", false}, {"5h5j", true},
		}},
		{"wiki pawn protector", "k11/12/12/12/3n8/12/5N6/5P6/7b4/12/12/11K b - 1", "", []check{
			{"7g9e", false}, {"7g5i", true},
		}},
		{"wiki pawn protector, white", "k11/12/12/12/3n8/12/5N6/5P6/7b4/12/12/11K w - 1", "", []check{
			{"9e7g", false}, {"9e10e", true}, {"5i7g", true},
		}},
		{"wiki bridge", "12/12/12/12/3n1H6/3sp7/5N6/5P6/1k5b4/12/12/11K b - 1", "", []check{
			{"7g9e", true}, {"7g8f9e", false},
		}},
		{"wiki pawn bridge", "k11/12/12/12/12/4N7/4p7/4n7/12/12/12/11K b - 1", "", []check{
			{"8f8g", true}, {"8f8h", false}, {"8f8g8h", false},
		}},
		{"wiki kirin", "k11/12/12/12/6+o1r3/4gi6/6N5/7s4/8n3/12/12/11K b - 1", "", []check{
			{"6g4i", false}, {"6g5h4i", true}, {"6g6e", false}, {"6g7f6e", false},
			{"6g6f6e", false}, {"6g7f", true}, {"6g7f8f", true},
		}},
		{"counter-strike by rook", "k11/12/12/12/12/4r7/12/12/5o3n1n/4N6P/12/K5B5 w - 1", "8f8j", []check{
			{"6l8j", true}, {"6l3i", false},
		}},
		{"counter-strike by kirin", "k11/12/12/12/12/4r7/12/12/5o3n1n/4N6P/12/K5B5 w - 1", "7i8j+", []check{
			{"6l8j", true}, {"6l3i", false},
		}},
		{"no counter-strike after kirin stays", "k11/12/12/12/12/4r7/12/12/5o3n1n/4N6P/12/K5B5 w - 1", "7i8j", []check{
			{"6l8j", true}, {"6l3i", false},
		}},
		{"no counter-strike after lion igui", "k11/12/12/12/12/4r7/12/12/5o3n1n/4N6P/12/K5B5 w - 1", "3i4i3i", []check{
			{"6l3i", true}, {"1j1i", true},
		}},
		{"hidden line", "k11/12/3l8/12/3b4+o3/6n5/4N7/6R5/7K4/12/12/12 b - 1", "", []check{
			{"8g6f", false},
		}},
		{"falcon counter-strike", "k11/12/12/12/6n5/6P5/12/5+h6/12/5N6/12/11K b - 1", "6f6e", []check{
			{"7h7i", true}, {"7h7i7j", false},
		}},
		{"eagle counter-strike", "k11/12/12/12/6n5/6P5/12/7+d4/12/5N6/12/11K b - 1", "6f6e", []check{
			{"5h6i", true}, {"5h6i7j", false},
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			pos, err := NewPosition(v, tc.sfen)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range strings.Fields(tc.before) {
				mv, err := pos.ParseMoveUSI(m)
				if err != nil {
					t.Fatalf("setup move %s: %v", m, err)
				}
				pos.Make(mv)
			}
			for _, c := range tc.checks {
				_, err := pos.ParseMoveUSI(c.move)
				if c.legal && err != nil {
					t.Errorf("%s: want legal, got %v", c.move, err)
				}
				if !c.legal && err == nil {
					t.Errorf("%s: accepted, want illegal", c.move)
				}
				if !c.legal && err != nil && !errors.Is(err, ErrIllegal) {
					t.Errorf("%s: error %v does not wrap ErrIllegal", c.move, err)
				}
			}
		})
	}
}

// notationPositions returns positions of every built-in game for the
// notation round trips: the start and perft positions, and positions reached
// by random legal moves from the start with a fixed seed.
func notationPositions(t *testing.T) []*Position {
	var out []*Position
	for _, name := range builtinNames {
		out = append(out, perftPosition(t, name, "startpos"))
	}
	seen := map[string]bool{}
	for _, tc := range perftCases {
		if k := tc.variant + tc.sfen; !seen[k] {
			seen[k] = true
			out = append(out, perftPosition(t, tc.variant, tc.sfen))
		}
	}
	rng := rand.New(rand.NewPCG(2026, 11))
	var l MoveList
	for _, name := range builtinNames {
		for game := 0; game < 6; game++ {
			pos := perftPosition(t, name, "startpos")
			for ply := 1; ply <= 80; ply++ {
				l.N = 0
				pos.GenerateLegal(&l)
				if l.N == 0 {
					break
				}
				pos.Make(l.Moves[rng.IntN(l.N)])
				if ply%10 == 0 {
					c := perftPosition(t, name, pos.SFEN())
					out = append(out, c)
				}
			}
		}
	}
	return out
}

// TestNotationRoundTrip formats every legal move of many positions in each
// dialect and parses the text back: it must name the same move.
func TestNotationRoundTrip(t *testing.T) {
	var l MoveList
	positions, moves := 0, 0
	for _, pos := range notationPositions(t) {
		l.N = 0
		pos.GenerateLegal(&l)
		legal := l.Slice()
		positions++
		moves += len(legal)
		for _, m := range legal {
			for _, d := range []struct {
				name   string
				format func(Move) string
				parse  func(string) (Move, error)
			}{
				{"USI", pos.MoveUSI, pos.ParseMoveUSI},
				{"XBoard", pos.MoveXBoard, pos.ParseMoveXBoard},
				{"Hodges", pos.MoveHodges, pos.ParseMoveHodges},
			} {
				text := d.format(m)
				got, err := d.parse(text)
				if err != nil || got != m {
					t.Errorf("%s %s: %s %q parses to %#x (%v), want %#x", pos.v.Name, pos.SFEN(), d.name, text, uint32(got), err, uint32(m))
				}
			}
		}
	}
	if positions < 200 || moves < 15000 {
		t.Errorf("only %d moves in %d positions", moves, positions)
	}
	t.Logf("%d moves in %d positions", moves, positions)
}

// notationCase is one move text in a position: the move it must name (as
// canonical USI) and the texts it must have in the three dialects ("" to
// skip a check), or that it must fail (want == "error", or "illegal" for an
// error wrapping ErrIllegal).
type notationCase struct {
	variant, sfen string
	dialect       string // usi, xboard or hodges
	text          string
	want          string // canonical USI, "error" or "illegal"
	xboard        string
	hodges        string
}

const (
	shogiAfter7f3d = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"
	chuLion        = "6k5/12/8p3/8n3/6pg4/6N5/5s1P4/12/12/12/12/5K6 b - 1"
	chuPromo       = "10p1/2I1pP2p1LL/1Rp1PB2LL2/12/7L4/1p10/12/12/11k/12/11K/12 b - 1"
)

var notationCases = []notationCase{
	{"shogi", "startpos", "usi", "7g7f", "7g7f", "c3c4", "P-7f"},
	{"shogi", "startpos", "xboard", "c3c4", "7g7f", "", ""},
	{"shogi", "startpos", "hodges", "P-7f", "7g7f", "", ""},
	{"shogi", "startpos", "hodges", "P7g-7f", "7g7f", "", ""},
	{"shogi", "startpos", "usi", "7g7e", "illegal", "", ""},
	{"shogi", "startpos", "usi", "3c3d", "illegal", "", ""},
	{"shogi", "startpos", "usi", "P*5e", "illegal", "", ""},
	{"shogi", "startpos", "usi", "5i5g", "illegal", "", ""},
	{"shogi", "startpos", "xboard", "c3c5", "illegal", "", ""},
	{"shogi", "startpos", "xboard", "P@e5", "illegal", "", ""},
	{"shogi", "startpos", "hodges", "P-7e", "illegal", "", ""},
	{"shogi", "startpos", "hodges", "R-2a", "illegal", "", ""},
	{"shogi", shogiAfter7f3d, "usi", "8h2b+", "8h2b+", "b2h8+", "Bx2b+"},
	{"shogi", shogiAfter7f3d, "usi", "8h2b", "8h2b", "b2h8", "Bx2b="},
	{"shogi", shogiAfter7f3d, "usi", "8h2b=", "8h2b", "", ""},
	{"shogi", shogiAfter7f3d, "hodges", "Bx2b+", "8h2b+", "", ""},
	{"shogi", shogiAfter7f3d, "hodges", "Bx2b", "8h2b", "", ""},
	{"shogi", shogiAfter7f3d, "xboard", "b2h8+", "8h2b+", "", ""},
	{"shogi", shogiAfter7f3d, "xboard", "b2h8=", "8h2b", "", ""},
	{"shogi", shogiAfter7f3d, "usi", "8h3c+", "8h3c+", "b2g7+", "B-3c+"},
	{"shogi", "4k4/9/9/9/9/9/9/9/4K4 b P 1", "usi", "P*5e", "P*5e", "P@e5", "P*5e"},
	{"shogi", "4k4/9/9/9/9/9/9/9/4K4 b P 1", "usi", "p*5e", "P*5e", "", ""},
	{"shogi", "4k4/9/9/9/9/9/9/9/4K4 b P 1", "xboard", "P@e5", "P*5e", "", ""},
	{"shogi", "4k4/9/9/9/9/9/9/9/4K4 b P 1", "hodges", "P*5e", "P*5e", "", ""},
	{"shogi", "4k4/9/9/9/9/9/9/9/4K4 b P 1", "usi", "P*5a", "illegal", "", ""},
	{"shogi", "4k4/9/9/9/9/9/9/9/4K4 b P 1", "usi", "N*5e", "illegal", "", ""},
	// Okisaki has ten ranks, which XBoard numbers 0-9.
	{"okisaki", "startpos", "usi", "5h5g", "5h5g", "f2f3", "P-5g"},
	{"okisaki", "startpos", "usi", "5j4i", "5j4i", "f0g1", "K-4i"},
	{"okisaki", "startpos", "xboard", "f0g1", "5j4i", "", ""},
	{"okisaki", "startpos", "xboard", "f1g2", "illegal", "", ""},
	{"okisaki", "startpos", "xboard", "j9j8", "illegal", "", ""},
	{"okisaki", "startpos", "xboard", "f10f9", "error", "", ""},
	{"heiandai", "startpos", "usi", "7j7i", "7j7i", "g4g5", "P'-7i"},
	{"dai", "startpos", "usi", "8k8j", "8k8j", "h5h6", "P-8j"},
	{"dai", "startpos", "xboard", "h5h6", "8k8j", "", ""},
	// Chu Lion: double capture, igui, pass, hit and run.
	{"chu", chuLion, "usi", "6f5e4d", "6f5e4d", "g7h8,h8i9", "Nx5ex4d"},
	{"chu", chuLion, "xboard", "g7h8,h8i9", "6f5e4d", "", ""},
	{"chu", chuLion, "hodges", "Nx5ex4d", "6f5e4d", "", ""},
	{"chu", chuLion, "usi", "6f5e6f", "6f5e6f", "g7h8,h8g7", "Nx5e!"},
	{"chu", chuLion, "xboard", "g7h8,h8g7", "6f5e6f", "", ""},
	{"chu", chuLion, "usi", "6f5e5d", "6f5e5d", "g7h8,h8h9", "Nx5e-5d"},
	{"chu", chuLion, "usi", "6f4d", "illegal", "", ""},
	{"chu", chuLion, "usi", "6f5f4f", "6f4f", "g7i7", "N-4f"},
	{"chu", chuLion, "usi", "6f6f", "illegal", "", ""},
	{"chu", chuLion, "usi", "6f5f6f", "pass", "@@@@", ""},
	{"chu", chuLion, "usi", "6f6g6f", "pass", "", ""},
	{"chu", chuLion, "xboard", "@@@@", "pass", "", ""},
	{"chu", chuLion, "xboard", "g7h7,h7g7", "pass", "", ""},
	{"chu", chuLion, "xboard", "g7h8,i9j10", "error", "", ""},
	// Promotion on entering the zone: + promotes, = or nothing declines.
	{"chu", chuPromo, "usi", "5e5c+", "5e5c+", "h8h10+", "L-5c+"},
	{"chu", chuPromo, "usi", "5e5c=", "5e5c", "h8h10", "L-5c="},
	{"chu", chuPromo, "usi", "5e5c", "5e5c", "", ""},
	{"chu", chuPromo, "xboard", "h8h10=", "5e5c", "", ""},
	{"chu", chuPromo, "usi", "7c6b+", "illegal", "", ""},
}

// TestNotationTexts parses specific texts and checks the move they name and
// its texts in every dialect.
func TestNotationTexts(t *testing.T) {
	for _, tc := range notationCases {
		pos := perftPosition(t, tc.variant, tc.sfen)
		parse := map[string]func(string) (Move, error){
			"usi": pos.ParseMoveUSI, "xboard": pos.ParseMoveXBoard, "hodges": pos.ParseMoveHodges,
		}[tc.dialect]
		m, err := parse(tc.text)
		where := tc.variant + " " + tc.dialect + " " + tc.text
		switch tc.want {
		case "error":
			if err == nil {
				t.Errorf("%s: accepted as %s", where, pos.MoveUSI(m))
			}
			continue
		case "illegal":
			if !errors.Is(err, ErrIllegal) {
				t.Errorf("%s: got %v, want an error wrapping ErrIllegal", where, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", where, err)
			continue
		}
		if tc.want == "pass" {
			if !m.IsPass() {
				t.Errorf("%s: got %s, want a pass", where, pos.MoveUSI(m))
			}
		} else if got := pos.MoveUSI(m); got != tc.want {
			t.Errorf("%s: got %s, want %s", where, got, tc.want)
		}
		if got := pos.MoveXBoard(m); tc.xboard != "" && got != tc.xboard {
			t.Errorf("%s: XBoard text %q, want %q", where, got, tc.xboard)
		}
		if got := pos.MoveHodges(m); tc.hodges != "" && got != tc.hodges {
			t.Errorf("%s: Hodges text %q, want %q", where, got, tc.hodges)
		}
	}
}

// TestNotationGarbage feeds malformed texts to every parser: each must
// return an error, never a move and never a panic.
func TestNotationGarbage(t *testing.T) {
	garbage := []string{"zz", "", "5", "99z9a", "P*", "a1b2,c3d4", "@", "@@", "+", "=", "*5e", "P@",
		"7g", "10a", "7g7f7e7d7c", "7g7f++", "7g+7f", ",", "c3c4,", ",c3c4", "c3", "c3c4c5", "P*5e5d",
		"Q*5e", "\x00", "7g7f\n", "１２", "99a99b", "0a1a", "-", "x", "P-", "Px", "P-7", "+P-7f+"}
	for _, name := range builtinNames {
		pos := perftPosition(t, name, "startpos")
		for _, text := range garbage {
			for dialect, parse := range map[string]func(string) (Move, error){
				"usi": pos.ParseMoveUSI, "xboard": pos.ParseMoveXBoard, "hodges": pos.ParseMoveHodges,
			} {
				func() {
					defer func() {
						if r := recover(); r != nil {
							t.Errorf("%s %s %q: panic %v", name, dialect, text, r)
						}
					}()
					if m, err := parse(text); err == nil {
						t.Errorf("%s %s %q: accepted as %s", name, dialect, text, pos.MoveUSI(m))
					}
				}()
			}
		}
	}
}

// TestRuleSetLegality checks moves whose legality depends on the chu rule
// set, against the rule-set table of the chu sheet (section 9b).
func TestRuleSetLegality(t *testing.T) {
	cases := []struct {
		name, sfen, move string
		legal            map[string]bool
	}{
		// White's Silver on 3c has just taken a Lion. Black's Lion takes the
		// Gold on 6f (a bridge) and then the Lion on 6e, which the Pawn on 6d
		// guards. JCSA: a bridge capture overrides the counter-strike ban;
		// lishogi and HaChu bind only non-Lions.
		{"bridge under counter-strike", "k11/12/9s2/6p5/6n5/6g5/6N5/12/12/12/12/11K b 3c 1", "6g6f6e",
			map[string]bool{"jcsa": true, "lishogi": true, "hachu": true}},
		// The same with a Pawn as the first victim: not a bridge, and the
		// Lion on 6e is guarded.
		{"pawn first victim under counter-strike", "k11/12/9s2/6p5/6n5/6p5/6N5/12/12/12/12/11K b 3c 1", "6g6f6e",
			map[string]bool{"jcsa": false, "lishogi": false, "hachu": false}},
		// Without the flag the bridge capture is legal everywhere.
		{"bridge", "k11/12/9s2/6p5/6n5/6g5/6N5/12/12/12/12/11K b - 1", "6g6f6e",
			map[string]bool{"jcsa": true, "lishogi": true, "hachu": true}},
		// A Lion next to the guarded enemy Lion under counter-strike: JCSA
		// (minase's reading) binds Lions too; lishogi and HaChu do not.
		{"adjacent lion under counter-strike", "k11/12/9s2/6p5/6n5/6N5/12/12/12/12/12/11K b 3c 1", "6f6e",
			map[string]bool{"jcsa": false, "lishogi": true, "hachu": true}},
		// A Pawn entering the zone may decline promotion, except under
		// hachu: HaChu refuses a declined Pawn's later promotion (chu sheet
		// 6), so there the Pawn must promote; the promotion itself is
		// legal everywhere.
		{"pawn declines on entry", "k11/p11/12/12/6P5/12/12/12/12/12/12/11K b - 1", "6e6d",
			map[string]bool{"jcsa": true, "lishogi": true, "hachu": false}},
		{"pawn promotes on entry", "k11/p11/12/12/6P5/12/12/12/12/12/12/11K b - 1", "6e6d+",
			map[string]bool{"jcsa": true, "lishogi": true, "hachu": true}},
		// A Gold is not bound.
		{"gold declines on entry", "k11/p11/12/12/6G5/12/12/12/12/12/12/11K b - 1", "6e6d",
			map[string]bool{"jcsa": true, "lishogi": true, "hachu": true}},
	}
	for _, tc := range cases {
		for rs, want := range tc.legal {
			pos := perftPosition(t, "chu/"+rs, tc.sfen)
			_, err := pos.ParseMoveUSI(tc.move)
			if got := err == nil; got != want {
				t.Errorf("%s (%s): %s legal = %v, want %v (%v)", tc.name, rs, tc.move, got, want, err)
			}
		}
	}
}

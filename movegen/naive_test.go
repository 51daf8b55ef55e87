package movegen_test

// A deliberately simple second move generator for Heian dai shogi, written
// straight from shared/rules/heian-dai-shogi.md and sharing nothing with
// movegen except the public API used to compare results: its own 13x13 array
// board, SFEN reader, hard-coded move rules, copy-make, and an attack test
// that generates every enemy move. It is the differential reference of STYLE
// 4.6 for a game that has no published perft numbers: the counts pinned in
// naivePerftCases are the ones both generators agree on.

import (
	"fmt"
	"math/rand"
	"strconv"
	"strings"
	"testing"

	"github.com/kirin-shogi/kirin/movegen"
)

const naiveN = 13

// naiveCell is one square. kind is 0 for an empty square, else the upper-case
// SFEN letter of the unpromoted piece; the Go-Between (SFEN P') is 'J'.
type naiveCell struct {
	kind     byte
	black    bool
	promoted bool
}

// naiveBoard is a position: row 0 is rank a (White's back rank), column 0 is
// file 13 (Black's leftmost file).
type naiveBoard struct {
	sq    [naiveN][naiveN]naiveCell
	black bool // Black to move
}

type naiveMove struct {
	fr, fc, tr, tc int
	promote        bool
}

// naiveStep is a move vector in the mover's frame: dx to the mover's right,
// dy forward. slide repeats it until blocked.
type naiveStep struct {
	dx, dy int
	slide  bool
}

func naiveSteps(dirs [][2]int, slide bool) []naiveStep {
	var out []naiveStep
	for _, d := range dirs {
		out = append(out, naiveStep{d[0], d[1], slide})
	}
	return out
}

// Direction sets, mover's frame.
var (
	naiveOrth     = [][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}}
	naiveDiag     = [][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}}
	naiveForward  = [][2]int{{0, 1}}
	naiveFwdDiag  = [][2]int{{1, 1}, {-1, 1}}
	naiveSideways = [][2]int{{1, 0}, {-1, 0}}
	naiveVertical = [][2]int{{0, 1}, {0, -1}}
)

func naiveJoin(parts ...[]naiveStep) []naiveStep {
	var out []naiveStep
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// naiveRules are the moves of the rules sheet's table (section 3).
var naiveRules = map[byte][]naiveStep{
	'K': naiveJoin(naiveSteps(naiveOrth, false), naiveSteps(naiveDiag, false)),    // K
	'G': naiveJoin(naiveSteps(naiveOrth, false), naiveSteps(naiveFwdDiag, false)), // WfF
	'S': naiveJoin(naiveSteps(naiveDiag, false), naiveSteps(naiveForward, false)), // FfW
	'C': naiveSteps(naiveOrth, false),                                             // W
	'I': naiveJoin(naiveSteps(naiveFwdDiag, false), naiveSteps(naiveForward, false),
		naiveSteps(naiveSideways, false)), // fFfsW
	'N': naiveSteps([][2]int{{1, 2}, {-1, 2}}, false),                                // ffN
	'L': naiveSteps(naiveForward, true),                                              // fR
	'M': naiveJoin(naiveSteps(naiveSideways, true), naiveSteps(naiveForward, false)), // sRfW
	'T': naiveSteps(naiveDiag, false),                                                // F
	'D': naiveSteps(naiveDiag, true),                                                 // B
	'A': naiveSteps(naiveVertical, true),                                             // vR
	'J': naiveSteps(naiveVertical, false),                                            // vW
	'P': naiveSteps(naiveForward, false),                                             // fW
}

// naiveParse reads the board and side fields of a Heian dai SFEN.
func naiveParse(sfen string) (naiveBoard, error) {
	var b naiveBoard
	f := strings.Fields(sfen)
	if len(f) < 2 {
		return b, fmt.Errorf("need board and side: %q", sfen)
	}
	rows := strings.Split(f[0], "/")
	if len(rows) != naiveN {
		return b, fmt.Errorf("%d ranks", len(rows))
	}
	for r, row := range rows {
		c := 0
		for i := 0; i < len(row); {
			if row[i] >= '0' && row[i] <= '9' {
				n := 0
				for i < len(row) && row[i] >= '0' && row[i] <= '9' {
					n = n*10 + int(row[i]-'0')
					i++
				}
				c += n
				continue
			}
			var cell naiveCell
			if row[i] == '+' {
				cell.promoted = true
				i++
			}
			if i >= len(row) {
				return b, fmt.Errorf("rank %d: dangling +", r+1)
			}
			ch := row[i]
			i++
			cell.black = ch >= 'A' && ch <= 'Z'
			cell.kind = strings.ToUpper(string(ch))[0]
			if i < len(row) && row[i] == '\'' {
				if cell.kind != 'P' {
					return b, fmt.Errorf("rank %d: %c' is not a Heian dai piece", r+1, ch)
				}
				cell.kind = 'J'
				i++
			}
			if naiveRules[cell.kind] == nil {
				return b, fmt.Errorf("rank %d: unknown piece %c", r+1, ch)
			}
			if cell.promoted && (cell.kind == 'K' || cell.kind == 'G') {
				return b, fmt.Errorf("rank %d: %c cannot be promoted", r+1, ch)
			}
			if c >= naiveN {
				return b, fmt.Errorf("rank %d too long", r+1)
			}
			b.sq[r][c] = cell
			c++
		}
		if c != naiveN {
			return b, fmt.Errorf("rank %d has %d squares", r+1, c)
		}
	}
	switch f[1] {
	case "b":
		b.black = true
	case "w":
	default:
		return b, fmt.Errorf("bad side %q", f[1])
	}
	return b, nil
}

// boardSFEN writes the board field of the SFEN.
func (b *naiveBoard) boardSFEN() string {
	var s strings.Builder
	for r := 0; r < naiveN; r++ {
		if r > 0 {
			s.WriteByte('/')
		}
		empty := 0
		for c := 0; c < naiveN; c++ {
			cell := b.sq[r][c]
			if cell.kind == 0 {
				empty++
				continue
			}
			if empty > 0 {
				s.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			tok := string(cell.kind)
			if cell.kind == 'J' {
				tok = "P'"
			}
			if !cell.black {
				tok = strings.ToLower(tok)
			}
			if cell.promoted {
				tok = "+" + tok
			}
			s.WriteString(tok)
		}
		if empty > 0 {
			s.WriteString(strconv.Itoa(empty))
		}
	}
	return s.String()
}

func naiveInZone(black bool, r int) bool {
	if black {
		return r < 3
	}
	return r >= naiveN-3
}

// naiveLastRanks reports whether row r is within the n ranks farthest from
// the side.
func naiveLastRanks(black bool, r, n int) bool {
	if black {
		return r < n
	}
	return r >= naiveN-n
}

// addMove appends a move with its promotion choices (sections 4 and 8.2-8.3).
func naiveAddMove(out []naiveMove, cell naiveCell, fr, fc, tr, tc int, capture bool) []naiveMove {
	m := naiveMove{fr, fc, tr, tc, false}
	if cell.promoted || cell.kind == 'K' || cell.kind == 'G' {
		return append(out, m)
	}
	forced := (cell.kind == 'P' || cell.kind == 'L') && naiveLastRanks(cell.black, tr, 1) ||
		cell.kind == 'N' && naiveLastRanks(cell.black, tr, 2)
	fromZ, toZ := naiveInZone(cell.black, fr), naiveInZone(cell.black, tr)
	may := forced || !fromZ && toZ || capture && (fromZ || toZ)
	if may {
		out = append(out, naiveMove{fr, fc, tr, tc, true})
	}
	if !forced {
		out = append(out, m)
	}
	return out
}

// pseudo appends every move of side black's pieces, ignoring check.
func (b *naiveBoard) pseudo(black bool, out []naiveMove) []naiveMove {
	for r := 0; r < naiveN; r++ {
		for c := 0; c < naiveN; c++ {
			cell := b.sq[r][c]
			if cell.kind == 0 || cell.black != black {
				continue
			}
			steps := naiveRules[cell.kind]
			if cell.promoted {
				steps = naiveRules['G']
			}
			for _, st := range steps {
				dr, dc := -st.dy, st.dx
				if !black {
					dr, dc = st.dy, -st.dx
				}
				for tr, tc := r+dr, c+dc; tr >= 0 && tr < naiveN && tc >= 0 && tc < naiveN; tr, tc = tr+dr, tc+dc {
					t := b.sq[tr][tc]
					if t.kind != 0 && t.black == black {
						break
					}
					out = naiveAddMove(out, cell, r, c, tr, tc, t.kind != 0)
					if t.kind != 0 || !st.slide {
						break
					}
				}
			}
		}
	}
	return out
}

func (b *naiveBoard) make(m naiveMove) naiveBoard {
	nb := *b
	cell := nb.sq[m.fr][m.fc]
	if m.promote {
		cell.promoted = true
	}
	nb.sq[m.fr][m.fc] = naiveCell{}
	nb.sq[m.tr][m.tc] = cell
	nb.black = !b.black
	return nb
}

// king returns the square of side black's King, or -1, -1.
func (b *naiveBoard) king(black bool) (int, int) {
	for r := 0; r < naiveN; r++ {
		for c := 0; c < naiveN; c++ {
			if cell := b.sq[r][c]; cell.kind == 'K' && cell.black == black {
				return r, c
			}
		}
	}
	return -1, -1
}

// attacked reports whether side by has a move to (r, c), found by generating
// all of its moves.
func (b *naiveBoard) attacked(r, c int, by bool) bool {
	for _, m := range b.pseudo(by, nil) {
		if m.tr == r && m.tc == c {
			return true
		}
	}
	return false
}

// bare reports whether side black has nothing but its King.
func (b *naiveBoard) bare(black bool) bool {
	for r := 0; r < naiveN; r++ {
		for c := 0; c < naiveN; c++ {
			if cell := b.sq[r][c]; cell.kind != 0 && cell.kind != 'K' && cell.black == black {
				return false
			}
		}
	}
	return true
}

// pieces counts side black's pieces, its King included.
func (b *naiveBoard) pieces(black bool) int {
	n := 0
	for r := 0; r < naiveN; r++ {
		for c := 0; c < naiveN; c++ {
			if cell := b.sq[r][c]; cell.kind != 0 && cell.black == black {
				n++
			}
		}
	}
	return n
}

// legal returns the legal moves. A node where a King is missing has none,
// and so has one the bare-king rule (heian-dai-shogi.md 6, heian-shogi.md
// 8) has decided: the side not to move is bare (its reply did not help it,
// or it bared the mover back), or the side to move is bare and the
// opponent has two or more pieces besides its King, so that no reply can
// bare it back (the Fairy-Stockfish convention, docs/perft.md).
func (b *naiveBoard) legal() []naiveMove {
	if kr, _ := b.king(true); kr < 0 {
		return nil
	}
	if kr, _ := b.king(false); kr < 0 {
		return nil
	}
	if b.bare(!b.black) {
		return nil
	}
	if b.bare(b.black) && b.pieces(!b.black) >= 3 {
		return nil
	}
	var out []naiveMove
	for _, m := range b.pseudo(b.black, nil) {
		nb := b.make(m)
		kr, kc := nb.king(b.black)
		if !nb.attacked(kr, kc, !b.black) {
			out = append(out, m)
		}
	}
	return out
}

func naivePerft(b *naiveBoard, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	ms := b.legal()
	if depth == 1 {
		return uint64(len(ms))
	}
	var n uint64
	for _, m := range ms {
		nb := b.make(m)
		n += naivePerft(&nb, depth-1)
	}
	return n
}

func (m naiveMove) usi() string {
	s := fmt.Sprintf("%d%c%d%c", naiveN-m.fc, 'a'+m.fr, naiveN-m.tc, 'a'+m.tr)
	if m.promote {
		s += "+"
	}
	return s
}

// naivePerftCases are the Heian dai perft counts both generators agree on
// (confirmed by TestNaiveHeianDaiPerft; a change to either generator shows up
// here). Positions are hand-made unless noted. The depth-1 move lists of
// start, promotions-b, check, triple-check, pins and pins-check were also
// checked by hand against the rules sheet.
var naivePerftCases = []struct {
	name  string
	sfen  string
	nodes []uint64 // depth 1, 2, 3
}{
	// The start position of the rules sheet, section 2.
	{"start", "lnicsgkgscinl/ad2t1m1t2da/ppppppppppppp/6p'6/13/13/13/13/13/6P'6/PPPPPPPPPPPPP/AD2T1M1T2DA/LNICSGKGSCINL b - 1",
		[]uint64{29, 841, 25085}},
	// Middle game: open files and diagonals into both zones (optional
	// promotions by capture and by entry), promoted pieces of both sides.
	{"middle", "l1icsgk1sc1nl/ad2t1mg2i1a/pp1ppp1pp1p2/2p3p'p1p1p1/6p6/6P'4d1/3P4+t4/4D8/2P6T3/6P6/PP2PP1PPP1P1/A3T1M2+P1DA/LNICSGKGSCINL b - 1",
		[]uint64{70, 5299, 352553}},
	// Promotions pending for Black: forced Pawn (13b), Lance (1h to 1a, 2c
	// to 2a) and Knight (12d, 5c) promotions, a non-capture inside the zone
	// (11c11b, 10b9a: no promotion), captures in the zone, entries, a
	// capture leaving the zone (3b3d, may promote) and a non-capture leaving
	// it (13c13d, may not).
	{"promotions-b", "1+S1c2k6/P2S6A2/P'1P1t3Ng1L1/1N2P2M2p2/10N2/3D9/8l4/12L/9n3/5n7/13/p11a/6K6 b - 1",
		[]uint64{64, 2273, 131744}},
	// The same with White to move: forced White Pawn, Lance and Knight
	// promotions on ranks l and m, the Free Chariot 1l leaving the zone with
	// and without a capture.
	{"promotions-w", "1+S1c2k6/P2S6A2/P'1P1t3Ng1L1/1N2P2M2p2/10N2/3D9/8l4/12L/9n3/5n7/13/p11a/6K6 w - 1",
		[]uint64{37, 2246, 78556}},
	// Black in check from the Flying Dragon on 3e: capture (1c3e, with an
	// optional promotion), interpositions, king moves along the checking
	// line excluded, Silver 7f pinned by the Free Chariot on 7c.
	{"check", "k12/13/6a5D/10g2/10d2/6S6/13/1M11/6KC5/7G5/9A3/13/13 b - 1",
		[]uint64{9, 226, 9578}},
	// Triple check (Pawn 7f, Side Mover 13g, Flying Dragon 3c): only King
	// moves, one of them capturing.
	{"triple-check", "9k3/13/10d2/13/13/6p6/m5K6/7n5/13/13/A3I8/13/13 b - 1",
		[]uint64{4, 157, 2767}},
	// Pins of the Black King on 7g: the Free Chariot 7e (may move along the
	// file and take the pinner), Flying Dragon 8f (likewise on the
	// diagonal), Silver 9g and Knight 6h (no moves); not pins: Side Mover
	// 7i (a White Lance cannot attack backwards), Gold 5g and Tiger 4g (two
	// shields), Copper 8h (a Free Chariot does not move diagonally), Iron 6f
	// (a Fierce Tiger two squares away).
	{"pins", "12k/6a6/13/3d9/6A1t4/5D1I5/1m1S2K1GT1m1/5C1N5/6M6/3a9/10d2/6l6/13 b - 1",
		[]uint64{41, 2024, 79703}},
	// The same with a checking White Pawn on 7f: the Chariot that shielded
	// the King may take it and stay on the file.
	{"pins-check", "12k/6a6/13/3d9/6A1t4/5DpI5/1m1S2K1GT1m1/5C1N5/6M6/3a9/10d2/6l6/13 b - 1",
		[]uint64{6, 304, 13814}},
	// The four Heian dai positions of perft_test.go (also in
	// testdata/perft/heiandai.epd), so their numbers have a second source.
	{"epd-midgame", "lnicsgkgscinl/ad2t1m1t3a/pppppppppp1p1/6p'5p/13/13/13/13/13/2P3P'3P2/PPdPPPPPPP1PP/A1I1T1M1T2DA/LN1CSGKGSCINL w - 8",
		[]uint64{49, 2102, 99333}},
	{"epd-promotions", "6k6/3P7p1/9N2S/1L2M8/A12/6D6/13/13/13/7p5/13/13/6K6 b - 1",
		[]uint64{59, 466, 27442}},
	{"epd-check-pin", "6k6/13/6a6/13/13/13/12d/13/13/13/6G6/8C4/6K5L b - 1",
		[]uint64{7, 183, 3527, 97421}}, // d4 meets a bare King facing three pieces
	{"epd-bareking", "6k6/6s6/6G6/13/13/13/13/13/13/13/13/13/6K6 b - 1",
		[]uint64{11, 67, 735}},
	// Bare king: Black's Tiger can take White's last Silver (8f9e). Black
	// keeps its Pawn too, so no White reply could bare it back: the game is
	// over at once and White gets no reply (95 with the King's 5 replies).
	{"bare-king", "8k4/13/13/13/4s8/5T7/13/13/13/13/10P2/13/6K6 b - 1",
		[]uint64{10, 90, 966}},
	// Bare-back: each side has a King and a Tiger that attack each other.
	{"bare-back", "6k6/13/13/13/13/5t7/6T6/13/13/13/13/13/6K6 b - 1",
		[]uint64{9, 77, 709}},
	// Black is bare and may reply; every reply ends the game.
	{"black-bare", "6k6/6g6/13/13/13/13/13/13/13/13/13/13/6K6 b - 1",
		[]uint64{5, 0, 0}},
	// White is bare after its reply: the game is over, no moves.
	{"white-bare", "6k6/13/13/13/13/13/13/13/13/13/13/6G6/6K6 b - 1",
		[]uint64{0, 0, 0}},
	// Positions reached by random play from the start (Kirin's own
	// generator, seeds 1, 4, 6; captures preferred), after 80, 40, 40 plies.
	{"random-1", "+A3sg1kscdnl/4t1mgt1i2/c2i2pp2pp1/2ppppp'5a/8pp2p/1p11/13/13/1PP1P1P'1S2N1/3D1P2P2P1/3P2PP1TI1P/3IT1MGC3A/3CSKG5L b - 81",
		[]uint64{43, 2024, 87875}},
	{"random-4", "ln2st1gsc+D2/adcig1kmt1i1a/ppppppp1pp2p/6p'3pp1/13/7p5/13/13/9P3/4PPP'3P2/PP1P2PPP2PP/A1ICT1MSTDI1A/LN2SGK1GC1NL b - 41",
		[]uint64{38, 1173, 45944}},
	{"random-6", "l2csg2s1cnl/ai2t1mgt3a/npppp1p1pp1pp/p3kpp'p2p2/13/13/13/13/8P4/2P2P5P1/PP1PP1P'2PP1P/A1I2M1KTI1DA/+dNST1CGGS1CNL b - 41",
		[]uint64{37, 1404, 52866}},
}

// naiveHeianDai is the Heian dai generator as the harness
// (naive_harness_test.go) sees it: moves by their USI text, positions by
// the board field of the SFEN.
func naiveHeianDai() naiveRef[naiveBoard, naiveMove, string] {
	return naiveRef[naiveBoard, naiveMove, string]{
		variant: "heiandai",
		legal:   naiveLegalByUSI,
		make:    (*naiveBoard).make,
		perft:   naivePerft,
		key:     func(pos *movegen.Position, m movegen.Move) string { return pos.MoveUSI(m) },
		text:    sameText,
		differ: func(b *naiveBoard, pos *movegen.Position) (string, string, bool) {
			got, want := sfenFields(pos, 1), b.boardSFEN()
			return got, want, got != want
		},
	}
}

// naiveLegalByUSI is b's legal moves by their USI text, or a description
// of a move generated twice.
func naiveLegalByUSI(b *naiveBoard) (map[string]naiveMove, string) {
	out := map[string]naiveMove{}
	for _, m := range b.legal() {
		u := m.usi()
		if _, dup := out[u]; dup {
			return nil, "naive generates " + u + " twice"
		}
		out[u] = m
	}
	return out, ""
}

// TestNaiveHeianDaiReader checks the naive SFEN reader and writer against
// movegen on every case.
func TestNaiveHeianDaiReader(t *testing.T) {
	for _, tc := range naivePerftCases {
		b, err := naiveParse(tc.sfen)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		pos := naiveHeianDai().pos(t, tc.sfen)
		if got, want := b.boardSFEN(), sfenFields(pos, 1); got != want {
			t.Errorf("%s: naive board %s, movegen %s", tc.name, got, want)
		}
		// The side not to move must not be in check (movegen checks it too).
		kr, kc := b.king(!b.black)
		if b.attacked(kr, kc, b.black) {
			t.Errorf("%s: the side not to move is in check", tc.name)
		}
	}
}

// TestNaiveHeianDaiMoves compares the legal move lists, in USI text, at the
// root of every case and after every root move, and the board after each of
// those moves.
func TestNaiveHeianDaiMoves(t *testing.T) {
	for _, tc := range naivePerftCases {
		t.Run(tc.name, func(t *testing.T) {
			b, err := naiveParse(tc.sfen)
			if err != nil {
				t.Fatal(err)
			}
			ref := naiveHeianDai()
			pos := ref.pos(t, tc.sfen)
			if d := ref.compareTree(&b, pos, 1, "root"); d != "" {
				t.Error(d)
			}
		})
	}
}

// TestNaiveHeianDaiPerft compares perft at depths 1-3 (and deeper where a
// case pins more counts) and pins the agreed counts. Depth 3 is skipped under -short where the naive walk costs more
// than about a second (the middle game: about 2 s).
func TestNaiveHeianDaiPerft(t *testing.T) {
	for _, tc := range naivePerftCases {
		for depth := 1; depth <= max(3, len(tc.nodes)); depth++ {
			t.Run(fmt.Sprintf("%s/d%d", tc.name, depth), func(t *testing.T) {
				var pinned uint64
				if depth <= len(tc.nodes) {
					pinned = tc.nodes[depth-1]
				}
				if testing.Short() && depth == 3 && pinned > 300000 {
					t.Skip("depth 3 of a large tree under -short")
				}
				b, err := naiveParse(tc.sfen)
				if err != nil {
					t.Fatal(err)
				}
				ref := naiveHeianDai()
				ref.checkPerft(t, tc.name, &b, ref.pos(t, tc.sfen), depth, tc.nodes)
			})
		}
	}
}

// TestNaiveHeianDaiRandomGames plays a seeded random game from each case
// position, choosing among the naive generator's moves (captures preferred,
// so that games reach promotions, checks and bare kings), and compares the
// move lists and the resulting boards at every node.
func TestNaiveHeianDaiRandomGames(t *testing.T) {
	plies := 300
	if testing.Short() {
		plies = 60
	}
	ends := map[string]int{}
	ref := naiveHeianDai()
	for g, tc := range naivePerftCases {
		r := rand.New(rand.NewSource(int64(g + 1)))
		b, err := naiveParse(tc.sfen)
		if err != nil {
			t.Fatal(err)
		}
		pos := ref.pos(t, tc.sfen)
		end := "ply limit"
		for ply := 0; ply < plies; ply++ {
			if d := ref.compareMoves(&b, pos); d != "" {
				t.Fatalf("%s, ply %d: %s", tc.name, ply, d)
			}
			ms := b.legal()
			if len(ms) == 0 {
				end = "no moves"
				if b.bare(!b.black) || b.bare(b.black) {
					end = "bare king"
				}
				break
			}
			var captures []naiveMove
			for _, c := range ms {
				if b.sq[c.tr][c.tc].kind != 0 {
					captures = append(captures, c)
				}
			}
			m := ms[r.Intn(len(ms))]
			if len(captures) > 0 && r.Intn(10) > 0 {
				m = captures[r.Intn(len(captures))]
			}
			mg, _ := ref.movegenMoves(pos)
			pos.Make(mg[m.usi()])
			b = b.make(m)
		}
		ends[end]++
	}
	t.Logf("game ends: %v", ends)
}

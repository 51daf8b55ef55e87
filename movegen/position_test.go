package movegen

import (
	"strconv"
	"strings"
	"testing"
)

// builtinNames lists the built-in games.
var builtinNames = []string{"shogi", "okisaki", "heian", "heiandai", "chu", "dai", "reiwadai", "tai"}

// parseNoPanic calls NewPosition and turns a panic into a test error.
func parseNoPanic(t *testing.T, v *Variant, sfen string) (pos *Position, err error) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("%s %q: panic: %v", v.Name, sfen, r)
			pos, err = nil, nil
		}
	}()
	return NewPosition(v, sfen)
}

// TestSFENRoundTrip parses every start and perft position, formats it and
// parses the result again: the text and the key must survive unchanged.
func TestSFENRoundTrip(t *testing.T) {
	type item struct{ variant, sfen string }
	var items []item
	for _, name := range builtinNames {
		items = append(items, item{name, perftVariant(t, name).StartSFEN})
	}
	for _, tc := range perftCases {
		items = append(items, item{tc.variant, tc.sfen})
	}
	// Inputs that are legal but not in canonical form.
	canonical := map[string]string{
		"l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1": "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
	}
	for _, it := range items {
		pos := perftPosition(t, it.variant, it.sfen)
		if pos.Key() != pos.ComputeKey() {
			t.Errorf("%s %q: parsed key %#x, computed %#x", it.variant, it.sfen, pos.Key(), pos.ComputeKey())
		}
		want := it.sfen
		if c, ok := canonical[want]; ok {
			want = c
		}
		got := pos.SFEN()
		if got != want {
			t.Errorf("%s: SFEN(%q) = %q", it.variant, it.sfen, got)
			continue
		}
		again := perftPosition(t, it.variant, got)
		if again.SFEN() != got || again.Key() != pos.Key() {
			t.Errorf("%s %q: second round trip gave %q, key %#x vs %#x", it.variant, got, again.SFEN(), again.Key(), pos.Key())
		}
	}
}

// TestSFENNormalize checks the forms that NewPosition accepts beyond the
// canonical one.
func TestSFENNormalize(t *testing.T) {
	cases := []struct{ variant, in, want string }{
		{"shogi", "startpos", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"},
		{"shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"},
		{"shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
		{"shogi", "4k4/9/9/9/9/9/9/9/4K4 b pP2Pbr 7", "4k4/9/9/9/9/9/9/9/4K4 b 3Prbp 7"},
		{"shogi", "4k4/9/9/9/9/9/9/9/4K4   w   -   12", "4k4/9/9/9/9/9/9/9/4K4 w - 12"},
		{"okisaki", "4k5/10/10/10/10/10/10/10/10/4K5 b QqRrBbGgSsNnLlPp 1", "4k5/10/10/10/10/10/10/10/10/4K5 b QRBGSNLPqrbgsnlp 1"},
		{"chu", "6k5/12/12/12/12/6n5/6P5/12/12/12/12/5K6 w 6g 9", "6k5/12/12/12/12/6n5/6P5/12/12/12/12/5K6 w 6g 9"},
		{"dai", "7k7/15/15/15/15/15/15/7l!7/15/15/15/15/15/15/7K7 b - 1", "7k7/15/15/15/15/15/15/7l!7/15/15/15/15/15/15/7K7 b - 1"},
		{"heiandai", "6k6/13/13/13/13/13/6p'6/13/13/13/13/13/6K6 b - 1", "6k6/13/13/13/13/13/6p'6/13/13/13/13/13/6K6 b - 1"},
	}
	for _, tc := range cases {
		pos := perftPosition(t, tc.variant, tc.in)
		if got := pos.SFEN(); got != tc.want {
			t.Errorf("%s %q: SFEN() = %q, want %q", tc.variant, tc.in, got, tc.want)
		}
		if again := perftPosition(t, tc.variant, tc.want); again.Key() != pos.Key() {
			t.Errorf("%s %q: key differs from the canonical form's", tc.variant, tc.in)
		}
	}
}

// TestSFENState checks what the fields set: side, hands, the lion-capture
// square, and that each of them changes the key.
func TestSFENState(t *testing.T) {
	b := perftPosition(t, "shogi", "4k4/9/9/9/9/9/9/9/4K4 b 2Pr 1")
	w := perftPosition(t, "shogi", "4k4/9/9/9/9/9/9/9/4K4 w 2Pr 1")
	h := perftPosition(t, "shogi", "4k4/9/9/9/9/9/9/9/4K4 b Pr 1")
	if b.SideToMove() != Black || w.SideToMove() != White {
		t.Errorf("side to move: %v %v", b.SideToMove(), w.SideToMove())
	}
	pawn, _ := b.Variant().PieceByID("P")
	rook, _ := b.Variant().PieceByID("R")
	if b.Hand(Black, pawn) != 2 || b.Hand(White, rook) != 1 || b.Hand(White, pawn) != 0 {
		t.Errorf("hands: P %d, r %d, p %d", b.Hand(Black, pawn), b.Hand(White, rook), b.Hand(White, pawn))
	}
	if b.Key() == w.Key() || b.Key() == h.Key() {
		t.Error("side to move or hand count does not change the key")
	}
	c := perftPosition(t, "chu", "6k5/12/12/12/12/6n5/6P5/12/12/12/12/5K6 w 6g 9")
	d := perftPosition(t, "chu", "6k5/12/12/12/12/6n5/6P5/12/12/12/12/5K6 w - 9")
	if sq := c.LionCaptureSquare(); sq == NoSquare || c.Variant().SquareUSI(sq) != "6g" {
		t.Errorf("lion-capture square = %v", sq)
	}
	if d.LionCaptureSquare() != NoSquare || c.Key() == d.Key() {
		t.Error("the lion-capture field is not part of the state")
	}
}

// TestSFENPromotedInput: on the board, + and a piece's own code names its
// promoted form in every game, as other tools write it (+[de] for tai's
// promoted Drunk Elephant, whose type Kirin writes [cp]); Kirin reads it
// and writes the canonical code. + before a piece that does not promote is
// an error that says so.
func TestSFENPromotedInput(t *testing.T) {
	cases := []struct {
		variant string // a built-in name, then ,option=value to set an option
		in      string // the piece as written
		want    string // the canonical piece text, "" for an error
		err     string // a part of the error
	}{
		// Games whose promoted types have +X codes: both spellings.
		{"shogi", "+P", "+P", ""},
		{"shogi", "+[p]", "+p", ""},
		{"shogi", "+r", "+r", ""},
		{"shogi", "+K", "", "K (king) does not promote in shogi"},
		{"shogi", "+G", "", "G (gold) does not promote in shogi"},
		{"heian", "+S", "+S", ""},
		{"heian", "+g", "", "G (gold) does not promote in heian"},
		{"chu", "+E", "+E", ""},
		{"chu", "+[h]", "+h", ""},
		{"chu", "+N", "", "N (lion) does not promote in chu"},
		{"chu", "+q", "", "Q (free-king) does not promote in chu"},
		{"chu", "+[ln]", "", "unknown piece in chu"},
		{"dai", "+O", "+O", ""},
		{"dai", "+x'", "+x'", ""},
		{"dai", "+L!", "", "L! (lion) does not promote in dai"},
		// Tai: most pieces promote into an existing type (becomes=).
		{"tai", "+[de]", "[cp]", ""},
		{"tai", "+[DE]", "[CP]", ""},
		{"tai", "+[ln]", "[ff]", ""},
		{"tai", "+[SM]", "G", ""},
		{"tai", "+[ok]", "[lgn]", ""},
		{"tai", "+[ky]", "[gd]", ""},
		{"tai", "+[eb]", "+[eb]", ""},
		{"tai", "+[ff]", "", "FF (furious-fiend) does not promote in tai"},
		{"tai", "+[cp]", "", "CP (prince) does not promote in tai"},
		{"tai", "+e", "", "E (emperor) does not promote in tai"},
		{"tai", "+[zz]", "", "unknown piece in tai"},
		// Options change the promoted form, and +X follows.
		{"tai,prince=emperor", "+[cp]", "e", ""},
		{"tai,goblin=gold", "+[ok]", "+[ok]", ""},
		{"tai,goblin=gold", "+[lgn]", "g", ""},
	}
	for _, tc := range cases {
		name, opt, _ := strings.Cut(tc.variant, ",")
		v := perftVariant(t, name)
		if opt != "" {
			var err error
			if v, err = v.WithOptions(opt); err != nil {
				t.Fatal(err)
			}
		}
		pos, err := NewPosition(v, pieceBoard(v, tc.in))
		if tc.want == "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s %s: error %v, want one saying %q", tc.variant, tc.in, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s %s: %v", tc.variant, tc.in, err)
			continue
		}
		if got, want := pos.SFEN(), pieceBoard(v, tc.want); got != want {
			t.Errorf("%s %s: SFEN %q, want %q", tc.variant, tc.in, got, want)
		}
	}
}

// pieceBoard returns an SFEN of v with piece text p in the middle of the
// board and one royal of each side in opposite corners.
func pieceBoard(v *Variant, p string) string {
	var royal PieceType
	for t := len(v.Pieces) - 1; t > 0; t-- {
		if v.Pieces[t].Royal && !v.Pieces[t].Promoted {
			royal = PieceType(t)
		}
	}
	rows := make([]string, v.Ranks)
	for r := range rows {
		rows[r] = strconv.Itoa(v.Files)
	}
	rows[0] = v.pieceText(MakePiece(royal, White)) + strconv.Itoa(v.Files-1)
	rows[v.Ranks-1] = strconv.Itoa(v.Files-1) + v.pieceText(MakePiece(royal, Black))
	left := (v.Files - 1) / 2
	rows[v.Ranks/2] = strconv.Itoa(left) + p + strconv.Itoa(v.Files-1-left)
	return strings.Join(rows, "/") + " b - 1"
}

// TestSFENErrors feeds malformed SFENs: each must give an error, and none
// may panic.
func TestSFENErrors(t *testing.T) {
	const shogiBoard = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL"
	const chuBoard = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL"
	cases := []struct{ name, variant, sfen string }{
		{"empty", "shogi", ""},
		{"blank", "shogi", "   "},
		{"too many fields", "shogi", shogiBoard + " b - 1 extra"},
		{"8 ranks", "shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1"},
		{"10 ranks", "shogi", shogiBoard + "/9 b - 1"},
		{"trailing slash", "shogi", shogiBoard + "/ b - 1"},
		{"bad letter", "shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN# b - 1"},
		{"digit in place of a piece", "shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN* b - 1"},
		{"too many squares", "shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNLL b - 1"},
		{"too many empty", "shogi", "lnsgkgsnl/1r5b1/ppppppppp/10/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"},
		{"huge empty count", "shogi", "lnsgkgsnl/1r5b1/ppppppppp/99999999999999999999/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"},
		{"zero empty", "shogi", "lnsgkgsnl/1r5b1/ppppppppp/0/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"},
		{"too few squares", "shogi", "lnsgkgsnl/1r5b1/ppppppppp/8/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"},
		{"unknown piece", "shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/4Q4/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"},
		{"unknown promoted piece", "shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/4+G4/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"},
		{"dangling plus", "shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/4+4/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"},
		{"plus at end", "shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN+ b - 1"},
		{"bad side", "shogi", shogiBoard + " x - 1"},
		{"upper-case side", "shogi", shogiBoard + " B - 1"},
		{"zero in hand", "shogi", shogiBoard + " b 0P 1"},
		{"count without piece", "shogi", shogiBoard + " b P2 1"},
		{"king in hand", "shogi", shogiBoard + " b K 1"},
		{"promoted piece in hand", "shogi", shogiBoard + " b +P 1"},
		{"unknown piece in hand", "shogi", shogiBoard + " b Z 1"},
		{"hand count too long", "shogi", shogiBoard + " b 1000P 1"},
		{"hand overflow", "shogi", "4k4/9/9/9/9/9/9/4p4/4K4 b 162P 1"},
		{"move number 0", "shogi", shogiBoard + " b - 0"},
		{"negative move number", "shogi", shogiBoard + " b - -1"},
		{"bad move number", "shogi", shogiBoard + " b - x"},
		{"missing king", "shogi", "lnsg1gsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"},
		{"two kings", "shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/4K4/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"},
		{"side not to move in check", "shogi", "4k4/4r4/9/9/9/9/9/9/4K4 w - 1"},
		{"side not to move in check by knight", "okisaki", "4k5/10/10/10/10/10/10/4n5/10/5K4 w - 1"},
		{"okisaki 11 files", "okisaki", "lnsgkqgsnl/1r6b1/pppppppppp/11/10/10/10/PPPPPPPPPP/1B6R1/LNSGQKGSNL b - 1"},
		{"hand in a game without drops", "heian", "lnsgkgsnl/9/ppppppppp/9/9/PPPPPPPPP/9/LNSGKGSNL b P 1"},
		{"heian king missing", "heian", "lnsg1gsnl/9/ppppppppp/9/9/PPPPPPPPP/9/LNSGKGSNL b - 1"},
		{"heiandai side not to move in check", "heiandai", "6k6/13/6a6/13/13/13/13/13/13/13/13/13/6K6 w - 1"},
		{"chu hand", "chu", chuBoard + " b P 1"},
		{"chu lion square empty", "chu", chuBoard + " b 6f 1"},
		{"chu lion square of the side to move", "chu", chuBoard + " b 7l 1"},
		{"chu lion square off the board", "chu", chuBoard + " b 13a 1"},
		{"chu lion square garbage", "chu", chuBoard + " b zz 1"},
		{"chu no kings", "chu", "lfcsge1gscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSG1EGSCFL b - 1"},
		{"chu dai piece", "chu", "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDL!QDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1"},
		{"dai bad suffix", "dai", "7k7/15/15/15/15/15/15/7x!7/15/15/15/15/15/15/7K7 b - 1"},
		{"dai apostrophe alone", "dai", "7k7/15/15/15/15/15/15/7'7/15/15/15/15/15/15/7K7 b - 1"},
	}
	for _, tc := range cases {
		v := perftVariant(t, tc.variant)
		pos, err := parseNoPanic(t, v, tc.sfen)
		if err == nil && pos != nil {
			t.Errorf("%s: %s %q accepted as %q", tc.name, tc.variant, tc.sfen, pos.SFEN())
		}
	}
}

// TestHandLimit checks that hand counts at the limit still play: a capture
// that takes the last piece of a type into hand keeps the key right.
func TestHandLimit(t *testing.T) {
	pos := perftPosition(t, "shogi", "4k4/9/9/9/9/9/9/4p4/4K4 b 161P 1")
	m, err := pos.ParseMoveUSI("5i5h")
	if err != nil {
		t.Fatal(err)
	}
	before := pos.SFEN()
	pos.Make(m)
	if got := pos.SFEN(); !strings.Contains(got, " 162P ") || pos.Key() != pos.ComputeKey() {
		t.Errorf("after 5i5h: %q, key ok %v", got, pos.Key() == pos.ComputeKey())
	}
	pos.Unmake()
	if pos.SFEN() != before {
		t.Errorf("unmake gave %q", pos.SFEN())
	}
}

// TestClone checks that a clone shares nothing with its original.
func TestClone(t *testing.T) {
	pos := perftPosition(t, "chu", "startpos")
	c := pos.Clone()
	var l MoveList
	c.GenerateLegal(&l)
	c.Make(l.Moves[0])
	if pos.SFEN() == c.SFEN() || pos.Ply() != 0 || c.Ply() != 1 {
		t.Errorf("clone not independent: %q / %q", pos.SFEN(), c.SFEN())
	}
	c.Unmake()
	if pos.SFEN() != c.SFEN() || pos.Key() != c.Key() {
		t.Error("clone differs after unmake")
	}
}

// TestHandCountByte checks the hand-count range on a big board: counts are
// bytes, so more than 255 of a type must be refused, not wrapped.
func TestHandCountByte(t *testing.T) {
	vs, err := ParseVariants("big.ini", `[bigdrop]
board = 12x12
zone = 0
drops = true
check = true
start = 6k5/12/12/12/12/12/12/12/12/12/12/5K6 b - 1
piece = K king K royal
piece = P pawn fW value=100
`)
	if err != nil {
		t.Fatal(err)
	}
	pos, err := parseNoPanic(t, vs[0], "6k5/12/12/12/12/12/12/12/12/12/12/5K6 b 255P 1")
	if err != nil || pos == nil || pos.Key() != pos.ComputeKey() || !strings.Contains(pos.SFEN(), " 255P ") {
		t.Fatalf("255 pawns in hand: %v", err)
	}
	if pos, err := parseNoPanic(t, vs[0], "6k5/12/12/12/12/12/12/12/12/12/12/5K6 b 256P 1"); err == nil && pos != nil {
		t.Errorf("256 pawns in hand accepted as %q", pos.SFEN())
	}
}

package eval

import (
	"math/rand"
	"strings"
	"sync"
	"testing"

	"github.com/kirin-shogi/kirin/movegen"
)

// evalSFEN evaluates an SFEN of a built-in game with New's evaluator.
func evalSFEN(t *testing.T, e *Evaluator, sfen string) int {
	t.Helper()
	return e.Evaluate(position(t, e.Variant(), sfen))
}

// Shogi hands that keep the phase full (all non-royal material of the game
// is on the board or in hand) when the board holds two Black golds only, or
// two Black golds and a White rook.
const (
	fullHands     = "RB2S2N2L9Prb2g2s2n2l9p"
	fullHandsRook = "RB2S2N2L9Pb2g2s2n2l9p"
)

// TestMaterialOnly checks NewMaterial: the start is level, a missing rook
// costs exactly its value, and pieces in hand count their plain value.
func TestMaterialOnly(t *testing.T) {
	v := variant(t, "shogi")
	e := NewMaterial(v)
	if got := evalSFEN(t, e, v.StartSFEN); got != 0 {
		t.Errorf("start: %d, want 0", got)
	}
	noRook := "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B7/LNSGKGSNL b - 1"
	if got := evalSFEN(t, e, noRook); got != -1300 {
		t.Errorf("Black without a rook, Black to move: %d, want -1300", got)
	}
	if got := evalSFEN(t, e, strings.Replace(noRook, " b ", " w ", 1)); got != 1300 {
		t.Errorf("Black without a rook, White to move: %d, want 1300", got)
	}
	// Black's rook captured: White has its own and one in hand.
	inHand := "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B7/LNSGKGSNL w r 1"
	if got := evalSFEN(t, e, inHand); got != 2600 {
		t.Errorf("Black's rook in White's hand, White to move: %d, want 2600", got)
	}
}

// TestMaterial checks that the full evaluator counts material: an extra
// rook is worth about its value.
func TestMaterial(t *testing.T) {
	v := variant(t, "chu")
	e := newHand(v)
	start := evalSFEN(t, e, v.StartSFEN)
	// White's rook removed (the first r of its third rank).
	noRook := strings.Replace(v.StartSFEN, "mvrhdqndhrvm", "mv1hdqndhrvm", 1)
	got := evalSFEN(t, e, noRook) - start
	if got < 500 || got > 700 {
		t.Errorf("chu, White without a rook: %+d against the start, want about +600", got)
	}
}

// TestPawnAdvance: a pawn on the 5th rank scores higher than on the 3rd,
// and the advancement term grows rank by rank for every forward stepper of
// every built-in game, and is absent for other pieces.
func TestPawnAdvance(t *testing.T) {
	e := newHand(variant(t, "shogi"))
	third := evalSFEN(t, e, "4k4/9/9/9/9/9/P8/9/4K4 b - 1")
	fifth := evalSFEN(t, e, "4k4/9/9/9/P8/9/9/9/4K4 b - 1")
	if fifth <= third {
		t.Errorf("shogi: pawn on the 5th rank %d, on the 3rd %d; want the 5th higher", fifth, third)
	}
	steppers := 0
	for _, v := range movegen.Builtin() {
		for pt := 1; pt < len(v.Pieces); pt++ {
			st := newTypeStats(v, movegen.PieceType(pt))
			col := v.Files / 2
			if !st.stepper {
				if name := v.Pieces[pt].Name; name == "pawn" {
					t.Errorf("%s: the pawn is not a forward stepper", v.Name)
				}
				continue
			}
			steppers++
			// Rows 1..Ranks-1 (row 0, the last rank, is dead).
			for r := 1; r < v.Ranks-1; r++ {
				ahead, behind := st.placementD(movegen.MakeSquare(r, col)), st.placementD(movegen.MakeSquare(r+1, col))
				if ahead <= behind {
					t.Errorf("%s %s: placement %d on row %d, %d on row %d; want more further forward",
						v.Name, v.Pieces[pt].Name, ahead, r, behind, r+1)
				}
			}
		}
	}
	if steppers == 0 {
		t.Error("no forward steppers found")
	}
}

// TestForwardPull: in tai, which has no promotion zone, every piece other
// than a royal or a forward stepper gains Value/forwardDiv over the board,
// rank by rank, from nothing on its home rank; where a zone does the
// pulling (chu) such pieces get no rank term.
func TestForwardPull(t *testing.T) {
	tai, chu := variant(t, "tai"), variant(t, "chu")
	pulled := 0
	for _, v := range []*movegen.Variant{tai, chu} {
		for pt := 1; pt < len(v.Pieces); pt++ {
			st := newTypeStats(v, movegen.PieceType(pt))
			if st.info.Royal || st.stepper || st.info.Value <= 0 {
				continue
			}
			col := v.Files / 2
			home, far := movegen.MakeSquare(v.Ranks-1, col), movegen.MakeSquare(0, col)
			want := 0
			if v == tai {
				want = st.info.Value / forwardDiv
				pulled++
			}
			if st.forwardD(home) != 0 || st.forwardD(far) != want {
				t.Errorf("%s %s: rank term %d at home, %d on the far rank; want 0 and %d",
					v.Name, st.info.Name, st.forwardD(home), st.forwardD(far), want)
			}
			for r := 0; r+1 < v.Ranks; r++ {
				if st.forwardD(movegen.MakeSquare(r, col)) < st.forwardD(movegen.MakeSquare(r+1, col)) {
					t.Errorf("%s %s: rank term lower on row %d than on row %d", v.Name, st.info.Name, r, r+1)
				}
			}
		}
	}
	if pulled == 0 {
		t.Error("no tai piece pulled forward")
	}
	// The whole evaluation: a tai dragon king twelve ranks up scores
	// exactly its rank term more (its empty-board moves are the same).
	e := newHand(tai)
	dk, ok := tai.PieceByID("DK")
	if !ok {
		t.Fatal("tai has no DK")
	}
	st := newTypeStats(tai, dk)
	home, up := movegen.MakeSquare(20, 12), movegen.MakeSquare(8, 12)
	if st.mob[home] != st.mob[up] {
		t.Fatalf("dragon king moves %d and %d; the test wants equal", st.mob[home], st.mob[up])
	}
	gain := e.psq[int(movegen.MakePiece(dk, movegen.Black))*movegen.NumCells+int(up)].score -
		e.psq[int(movegen.MakePiece(dk, movegen.Black))*movegen.NumCells+int(home)].score
	if want := st.forwardD(up) - st.forwardD(home); int(gain) != want || want <= 0 {
		t.Errorf("dragon king 12 ranks up gains %d, want the rank term's %d (> 0)", gain, want)
	}
}

// TestCentralisation: a piece scores more where it has more empty-board
// moves; a Lion in the middle of a chu board beats one on the edge.
func TestCentralisation(t *testing.T) {
	e := newHand(variant(t, "chu"))
	centre := evalSFEN(t, e, "6k5/12/12/12/12/6N5/12/12/12/12/12/6K5 b - 1")
	edge := evalSFEN(t, e, "6k5/12/12/12/12/N11/12/12/12/12/12/6K5 b - 1")
	if centre <= edge {
		t.Errorf("chu lion: centre %d, edge %d; want the centre higher", centre, edge)
	}
	for _, v := range movegen.Builtin() {
		for pt := 1; pt < len(v.Pieces); pt++ {
			st := newTypeStats(v, movegen.PieceType(pt))
			if st.info.Royal || st.stepper {
				continue
			}
			lo, hi := movegen.NoSquare, movegen.NoSquare
			for _, s := range cells(v) {
				if st.mob[s] == 0 {
					continue
				}
				if lo == movegen.NoSquare || st.mob[s] < st.mob[lo] {
					lo = s
				}
				if hi == movegen.NoSquare || st.mob[s] > st.mob[hi] {
					hi = s
				}
			}
			if lo == movegen.NoSquare || st.mob[lo] == st.mob[hi] {
				continue
			}
			// Strictly more when the formula's difference is at least 2
			// centipawns (integer division may hide smaller ones).
			strict := st.info.Value*(st.mob[hi]-st.mob[lo])*st.n >= 2*st.total*centreDiv
			// The rank term (forward) is tested on its own.
			ph, pl := st.placementD(hi)-st.forwardD(hi), st.placementD(lo)-st.forwardD(lo)
			if ph < pl || strict && ph == pl {
				t.Errorf("%s %s: placement %d with %d moves, %d with %d; want more with more moves",
					v.Name, st.info.Name, ph, st.mob[hi], pl, st.mob[lo])
			}
		}
	}
}

// TestDeadSquare: an unpromoted piece where it can never move is penalised.
func TestDeadSquare(t *testing.T) {
	v := variant(t, "chu")
	pawn, _ := v.PieceByID("P")
	st := newTypeStats(v, pawn)
	if got := st.placementD(movegen.MakeSquare(0, 3)); got != -v.Pieces[pawn].Value/deadDiv {
		t.Errorf("chu pawn on its last rank: placement %d, want %d", got, -v.Pieces[pawn].Value/deadDiv)
	}
}

// TestPromotionPotential: a piece that promotes to something stronger gains
// as it nears its zone; one that would promote to something weaker, one
// already promoted and pieces of a game without a zone gain nothing.
func TestPromotionPotential(t *testing.T) {
	chu := newHand(variant(t, "chu"))
	// Kirin (O) one rank short of the zone against far from it, on squares
	// with the same mobility, out of both royals' boxes and out of the
	// hunt's reach of the enemy king.
	near := evalSFEN(t, chu, "11k/12/12/12/1O10/12/12/12/12/12/12/5K6 b - 1")
	far := evalSFEN(t, chu, "11k/12/12/12/12/12/12/12/1O10/12/12/5K6 b - 1")
	if near-far != 1200/8 {
		t.Errorf("chu kirin one rank short of the zone: %+d against far away, want %+d", near-far, 1200/8)
	}
	// Heian dai: the silver (200 -> gold 300) gains, the flying dragon
	// (450 -> gold 300) does not; rows 4 and 8 give both the same mobility.
	hd := newHand(variant(t, "heiandai"))
	kings := func(row4, row8 string) string {
		return "12k/13/13/13/" + row4 + "/13/13/13/" + row8 + "/13/13/13/6K6 b - 1"
	}
	silver := evalSFEN(t, hd, kings("1S11", "13")) - evalSFEN(t, hd, kings("13", "1S11"))
	if silver != 100/16 {
		t.Errorf("heiandai silver two ranks short of the zone: %+d against far away, want %+d", silver, 100/16)
	}
	dragon := evalSFEN(t, hd, kings("1D11", "13")) - evalSFEN(t, hd, kings("13", "1D11"))
	if dragon != 0 {
		t.Errorf("heiandai flying dragon (promotes to a weaker gold): %+d near the zone, want 0", dragon)
	}
	for _, v := range movegen.Builtin() {
		for pt := 1; pt < len(v.Pieces); pt++ {
			info := &v.Pieces[pt]
			stronger := info.PromotesTo != 0 && v.Pieces[info.PromotesTo].Value > info.Value && !info.Royal && !info.Promoted
			zone := v.ZoneDepth > 0 && v.Promotion != movegen.PromoCapture
			prev := 0
			for r := v.Ranks - 1; r >= 0; r-- {
				b := promotionD(v, movegen.PieceType(pt), movegen.MakeSquare(r, 0))
				switch {
				case !stronger || !zone:
					if b != 0 {
						t.Fatalf("%s %s: promotion bonus %d on row %d, want none", v.Name, info.Name, b, r)
					}
				case b < prev && !(v.Promotion == movegen.PromoChu && r < v.ZoneDepth):
					t.Errorf("%s %s: promotion bonus falls from %d to %d on row %d", v.Name, info.Name, prev, b, r)
				case r == v.ZoneDepth && b <= 0:
					t.Errorf("%s %s: no promotion bonus one rank short of the zone", v.Name, info.Name)
				}
				prev = b
			}
		}
	}
}

// TestRoyalSafety: a king with guards beats a bare king; an enemy piece next
// to the king costs; and the term fades as material comes off.
func TestRoyalSafety(t *testing.T) {
	e := newHand(variant(t, "shogi"))
	guarded := evalSFEN(t, e, "4k4/9/9/9/9/9/9/3G1G3/4K4 b "+fullHands+" 1")
	bare := evalSFEN(t, e, "4k4/9/9/9/9/9/9/3G1G3/K8 b "+fullHands+" 1")
	if guarded <= bare {
		t.Errorf("shogi: king between two golds %d, bare king %d; want the guarded one higher", guarded, bare)
	}
	// A White rook in the box around the Black king, against the same rook
	// out of it (same rank, same mobility, same promotion distance).
	near := evalSFEN(t, e, "4k4/9/9/9/9/9/6r2/3G1G3/4K4 b "+fullHandsRook+" 1")
	far := evalSFEN(t, e, "4k4/9/9/9/9/9/r8/3G1G3/4K4 b "+fullHandsRook+" 1")
	if near >= far {
		t.Errorf("shogi: enemy rook near the king %d, far from it %d; want near lower", near, far)
	}
	// Tapering: without the hands the same guards are worth less.
	guardedLight := evalSFEN(t, e, "4k4/9/9/9/9/9/9/3G1G3/4K4 b - 1")
	bareLight := evalSFEN(t, e, "4k4/9/9/9/9/9/9/3G1G3/K8 b - 1")
	if guarded-bare <= guardedLight-bareLight || guardedLight < bareLight {
		t.Errorf("shogi: guards worth %+d with full material, %+d with two golds; want more with full material, and not negative",
			guarded-bare, guardedLight-bareLight)
	}
}

// TestZone: a White gold next to the Black king attacks four of its five
// neighbours (4i, 6i, 4h, 6h; 5h is the gold itself), each costing Zone
// plus ZoneHand per White piece in hand (at full phase: every other piece
// of the game is in hand); the weights at 0 cost nothing.
func TestZone(t *testing.T) {
	v := variant(t, "shogi")
	w := DefaultWeights(v)
	if w.Zone != 0 || w.ZoneHand != 0 {
		t.Fatalf("hand-set zone weights %d, %d; want 0, 0", w.Zone, w.ZoneHand)
	}
	off := NewWith(v, w)
	w.Zone, w.ZoneHand = 40, 7
	on := NewWith(v, w)
	for _, c := range []struct {
		hand   string
		inHand int
	}{ // Hands that keep the phase full; at most zoneHandMax pieces count.
		{"2R2B3G4S4N4L18P", 0}, {"2R2B3G4S4N4L16P2p", 2}, {"R3G2S4N4L9Pr2b2s9p", 8},
	} {
		sfen := "4k4/9/9/9/9/9/9/4g4/4K4 b " + c.hand + " 1"
		pos := position(t, v, sfen)
		want := 4 * (40 + 7*c.inHand)
		if got := on.zoneCost(pos, pos.RoyalSquare(movegen.Black), movegen.Black); got != want {
			t.Errorf("%s: Black's zone cost %d, want %d", sfen, got, want)
		}
		if got := on.zoneCost(pos, pos.RoyalSquare(movegen.White), movegen.White); got != 0 {
			t.Errorf("%s: White's zone cost %d, want 0 (Black has no piece)", sfen, got)
		}
		if d := off.Evaluate(pos) - on.Evaluate(pos); d != want {
			t.Errorf("%s: the zone weights take %d off Black's score, want %d", sfen, d, want)
		}
	}
	// A Black silver on 4h: a square Black holds does not count, attacked
	// or not (nothing can be dropped there), so three squares remain.
	pos := position(t, v, "4k4/9/9/9/9/9/9/4gS3/4K4 b 2R2B3G3S4N4L18P 1")
	if got := on.zoneCost(pos, pos.RoyalSquare(movegen.Black), movegen.Black); got != 3*40 {
		t.Errorf("with a Black silver on 4h: Black's zone cost %d, want %d", got, 3*40)
	}
}

// TestDanger: Danger adds Danger/256 × C²/1000 to a royal's middle-game
// safety cost C where C > 0, and leaves a royal that costs nothing alone.
func TestDanger(t *testing.T) {
	v := variant(t, "shogi")
	w := DefaultWeights(v)
	w.Zone, w.ZoneHand = 40, 7
	linear := NewWith(v, w)
	w.Danger = 300
	bent := NewWith(v, w)
	checked := 0
	for _, sfen := range []string{
		"4k4/9/9/9/9/9/9/4g4/4K4 b 2R2B3G4S4N4L16P2p 1",  // a gold next to the king, two pawns in hand
		"4k4/9/9/9/9/9/6r2/3g1s3/4K4 b R2B3G3S4N4L18P 1", // more attackers
		"4k4/9/9/9/9/9/9/3G1G3/4K4 b 2R2B1G4S4N4L18P 1",  // guards only
	} {
		pos := position(t, v, sfen)
		for c := movegen.Color(0); c < movegen.ColorCount; c++ {
			s := pos.RoyalSquare(c)
			safe, _ := linear.royalSafety(pos, s, c)
			want := safe
			if safe < 0 {
				want = safe - safe*safe*300/(WeightUnit*dangerDiv)
				checked++
			}
			if got, _ := bent.royalSafety(pos, s, c); got != want {
				t.Errorf("%s, %v's royal: safety %d with Danger 300, want %d (%d without)", sfen, c, got, want, safe)
			}
		}
	}
	if checked < 2 {
		t.Errorf("%d royals under attack, want at least 2", checked)
	}
}

// TestPhase pins the taper weights: full at the start material or more,
// none on a bare board, proportional between.
func TestPhase(t *testing.T) {
	v := variant(t, "chu")
	e := newHand(v)
	if e.startPhase <= 0 {
		t.Fatalf("chu start phase material %d", e.startPhase)
	}
	for _, tc := range []struct{ material, want int }{
		{0, 0}, {int(e.startPhase) / 2, phaseOne / 2}, {int(e.startPhase), phaseOne}, {2 * int(e.startPhase), phaseOne},
	} {
		if got := e.phase(tc.material); got != tc.want {
			t.Errorf("phase(%d) = %d, want %d", tc.material, got, tc.want)
		}
	}
	if got := phaseMaterial(e, position(t, v, v.StartSFEN)); got != int(e.startPhase) {
		t.Errorf("start phase material %d, stored %d", got, e.startPhase)
	}
}

// TestRoyalCentre: in an endgame of a game without drops the king belongs
// in the middle; in a drop game its square alone changes nothing.
func TestRoyalCentre(t *testing.T) {
	chu := newHand(variant(t, "chu"))
	centre := evalSFEN(t, chu, "k11/12/12/12/12/5K6/12/12/12/12/12/11G b - 1")
	corner := evalSFEN(t, chu, "k11/12/12/12/12/12/12/12/12/12/12/K10G b - 1")
	if centre <= corner {
		t.Errorf("chu endgame: king in the centre %d, in the corner %d; want the centre higher", centre, corner)
	}
	shogi := newHand(variant(t, "shogi"))
	centre = evalSFEN(t, shogi, "k8/9/9/9/4K4/9/9/9/8G b - 1")
	corner = evalSFEN(t, shogi, "k8/9/9/9/9/9/9/9/K7G b - 1")
	if centre != corner {
		t.Errorf("shogi endgame: king in the centre %d, in the corner %d; want equal", centre, corner)
	}
}

// TestHand: a piece in hand scores, and more than its board value.
func TestHand(t *testing.T) {
	v := variant(t, "shogi")
	e := newHand(v)
	without := evalSFEN(t, e, "4k4/9/9/9/9/9/9/9/4K4 b - 1")
	with := evalSFEN(t, e, "4k4/9/9/9/9/9/9/9/4K4 b P 1")
	// The pawn is also a lead against a side that has lost everything.
	if want := 100*handNum/handDen + e.simplify(100, 0); with-without != want {
		t.Errorf("a pawn in hand adds %+d, want %+d", with-without, want)
	}
	for _, v := range movegen.Builtin() {
		e := newHand(v)
		for _, pt := range v.HandTypes {
			if val := v.Pieces[pt].Value; val > 0 && int(e.hand[pt]) <= val {
				t.Errorf("%s %s: %d in hand, %d on the board; want more in hand", v.Name, v.Pieces[pt].Name, e.hand[pt], val)
			}
		}
	}
}

// TestSymmetry: a position and its colour-flipped mirror score the same
// from the side to move's point of view (with the other side to move), and
// opposite apart from the tempo (with the same side to move), in every
// built-in game, for start positions, positions from random games and
// sparse endings; also with a piece-square table (Weights.Square) and the
// zone and chase terms on.
func TestSymmetry(t *testing.T) {
	for _, v := range movegen.Builtin() {
		plies := 80
		if v.Name == "tai" {
			plies = 30
		}
		positions := append([]*movegen.Position{position(t, v, v.StartSFEN)}, randomPositions(t, v, 3, plies)...)
		positions = append(positions, endgamePositions(t, v, 8)...)
		zoned := DefaultWeights(v)
		zoned.Zone, zoned.ZoneHand = 40, 7
		zoned.Chase, zoned.ChaseMob, zoned.ChaseEdge, zoned.ChaseRoyal = 256, 128, 320, 160
		zoned.Danger = 300
		// A piece-square table of entries that differ everywhere.
		squared := zoned.WithSquares(v)
		for i := range squared.Square {
			squared.Square[i] = (i*37)%101 - 50
		}
		for _, e := range []*Evaluator{newHand(v), NewMaterial(v), NewWith(v, zoned), NewWith(v, squared)} {
			kept := 0
			for _, played := range positions {
				// From its SFEN, like the mirrors: the quiet-ply count
				// (stagnation) is not part of an SFEN.
				pos := position(t, v, played.SFEN())
				got := e.Evaluate(pos)
				m, _ := flip(t, pos, true)
				if mirror := e.Evaluate(m); mirror != got {
					t.Errorf("%s: %d for %s, %d for its mirror %s", v.Name, got, pos.SFEN(), mirror, m.SFEN())
				}
				if f, ok := flip(t, pos, false); ok {
					kept++
					if sum := got + e.Evaluate(f); sum != 2*e.tempo {
						t.Errorf("%s: %d for %s and %d for the flip %s; want the sum %d",
							v.Name, got, pos.SFEN(), e.Evaluate(f), f.SFEN(), 2*e.tempo)
					}
				}
			}
			if kept == 0 {
				t.Errorf("%s: no flip with the same side to move was legal", v.Name)
			}
		}
	}
}

// TestSymmetryManyRoyals: TestSymmetry's exact mirror with three royals a
// side (two of each side's non-royal pieces made royals, in tai a promoted
// drunk elephant's prince beside the emperor and prince): the mirror lists
// its pieces in another order, and the hunt's two targets must not depend
// on that order. Some positions must have a side ahead, where the hunt
// counts. Games with check have one king a side and are left out.
func TestSymmetryManyRoyals(t *testing.T) {
	for _, v := range movegen.Builtin() {
		if v.Check {
			continue
		}
		plies := 80
		if v.Name == "tai" {
			plies = 30
		}
		royal, _ := blackStartTokens(t, v)
		rng := rand.New(rand.NewSource(int64(len(v.Name))))
		e := New(v)
		checked, ahead := 0, 0
		for _, played := range randomPositions(t, v, 4, plies) {
			f := strings.Fields(played.SFEN())
			ranks := strings.Split(f[0], "/")
			var cells [][]string
			var spots [movegen.ColorCount][][2]int
			for r, rank := range ranks {
				toks := sfenTokens(t, rank)
				cells = append(cells, toks)
				for c, tok := range toks {
					if p := played.At(movegen.MakeSquare(r, c)); tok != "" && !v.Pieces[p.Type()].Royal {
						spots[p.Color()] = append(spots[p.Color()], [2]int{r, c})
					}
				}
			}
			if len(spots[movegen.Black]) < 2 || len(spots[movegen.White]) < 2 {
				continue
			}
			for c, tok := range []string{royal, swapCase(royal)} {
				for _, k := range rng.Perm(len(spots[c]))[:2] {
					cells[spots[c][k][0]][spots[c][k][1]] = tok
				}
			}
			for r := range ranks {
				ranks[r] = joinRank(cells[r])
			}
			f[0] = strings.Join(ranks, "/")
			pos, err := movegen.NewPosition(v, strings.Join(f, " "))
			if err != nil {
				continue
			}
			if pos.RoyalCount(movegen.Black) < 3 || pos.RoyalCount(movegen.White) < 3 {
				t.Fatalf("%s: %s has %d and %d royals, want 3 or more", v.Name, pos.SFEN(), pos.RoyalCount(movegen.Black), pos.RoyalCount(movegen.White))
			}
			checked++
			var mat [movegen.ColorCount]int32
			for c := range mat {
				for _, s := range pos.Pieces(movegen.Color(c)) {
					mat[c] += e.piece[pos.At(s)].phase
				}
			}
			if mat[0] != mat[1] {
				ahead++
			}
			got := e.Evaluate(pos)
			m, _ := flip(t, pos, true)
			if mirror := e.Evaluate(m); mirror != got {
				t.Errorf("%s: %d for %s, %d for its mirror %s", v.Name, got, pos.SFEN(), mirror, m.SFEN())
			}
		}
		if checked == 0 || ahead == 0 {
			t.Errorf("%s: %d positions with three royals a side, %d with a side ahead; want some of each", v.Name, checked, ahead)
		}
	}
}

// TestStartPositions: every start position scores close to level, exactly
// the tempo when the start position is its own mirror.
func TestStartPositions(t *testing.T) {
	for _, v := range movegen.Builtin() {
		e := newHand(v)
		pos := position(t, v, v.StartSFEN)
		got := e.Evaluate(pos)
		m, _ := flip(t, pos, true)
		symmetric := strings.Fields(m.SFEN())[0] == strings.Fields(pos.SFEN())[0]
		t.Logf("%s: start %d (symmetric %v)", v.Name, got, symmetric)
		if symmetric && got != tempo {
			t.Errorf("%s: symmetric start position scores %d, want the tempo %d", v.Name, got, tempo)
		}
		if got < -tempo || got > 3*tempo {
			t.Errorf("%s: start position scores %d, want within [%d, %d]", v.Name, got, -tempo, 3*tempo)
		}
	}
}

// TestNoAllocs: Evaluate does not allocate, in every built-in game, with
// the optional terms (zone, reach, chase) on, in endings too.
func TestNoAllocs(t *testing.T) {
	for _, v := range movegen.Builtin() {
		e, m := newHand(v), NewMaterial(v)
		zoned := DefaultWeights(v)
		zoned.Zone, zoned.ZoneHand, zoned.Reach = 40, 7, 50
		zoned.Chase, zoned.ChaseMob, zoned.ChaseEdge, zoned.ChaseRoyal = 256, 128, 320, 160
		z := NewWith(v, zoned)
		positions := append([]*movegen.Position{position(t, v, v.StartSFEN)}, randomPositions(t, v, 1, 40)...)
		for _, pos := range append(positions, endgamePositions(t, v, 10)...) {
			if n := testing.AllocsPerRun(50, func() { e.Evaluate(pos) }); n != 0 {
				t.Errorf("%s: Evaluate allocates %.1f times per run", v.Name, n)
			}
			if n := testing.AllocsPerRun(50, func() { z.Evaluate(pos) }); n != 0 {
				t.Errorf("%s: Evaluate with the zone, reach and chase terms allocates %.1f times per run", v.Name, n)
			}
			if n := testing.AllocsPerRun(50, func() { m.Evaluate(pos) }); n != 0 {
				t.Errorf("%s: material Evaluate allocates %.1f times per run", v.Name, n)
			}
		}
	}
}

// TestConcurrent: goroutines sharing one Evaluator get the scores a single
// goroutine gets (run with -race to check for data races too).
func TestConcurrent(t *testing.T) {
	v := variant(t, "chu")
	e := newHand(v)
	positions := randomPositions(t, v, 2, 60)
	want := make([]int, len(positions))
	for i, pos := range positions {
		want[i] = e.Evaluate(pos)
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for round := 0; round < 20; round++ {
				for i, pos := range positions {
					if got := e.Evaluate(pos.Clone()); got != want[i] {
						errs <- pos.SFEN()
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for s := range errs {
		t.Errorf("concurrent Evaluate disagrees on %s", s)
	}
}

// TestSecondRoyal: in chu a side with King and Crown Prince that loses the
// King plays on, but that costs at least the Lion's worth, for both
// evaluators; with one royal each the royal terms cancel.
func TestSecondRoyal(t *testing.T) {
	v := variant(t, "chu")
	lion, _ := v.PieceByID("N")
	worth := v.Pieces[lion].Value
	for _, e := range []*Evaluator{newHand(v), NewMaterial(v)} {
		both := evalSFEN(t, e, "6k5/12/12/12/12/12/12/12/12/12/5P6/4+E1K5 b - 1")
		princeOnly := evalSFEN(t, e, "6k5/12/12/12/12/12/12/12/12/12/5P6/4+E7 b - 1")
		if both-princeOnly < worth {
			t.Errorf("full=%v: King and Prince %d, Prince alone %d: the King is worth less than the Lion (%d)", e.full, both, princeOnly, worth)
		}
	}
}

// TestHunt: the side ahead gains for pieces near the enemy royal, more the
// nearer and the bigger the lead (up to huntFull); at equal material the
// term is silent, and it is antisymmetric.
func TestHunt(t *testing.T) {
	v := variant(t, "chu")
	e := newHand(v)
	// No Black piece but the king: nothing to bring.
	near := e.hunt(position(t, v, "5k6/12/12/12/12/12/12/12/12/12/12/5K6 b - 1"), movegen.Black,
		[2]movegen.Square{movegen.MakeSquare(0, 5)}, 500)
	if near != 0 {
		t.Errorf("hunt with no Black piece but the king: %d, want 0", near)
	}
	rook := "5k6/12/3R8/12/12/12/12/12/12/12/12/5K6 b - 1"
	pos := position(t, v, rook)
	king := [2]movegen.Square{movegen.MakeSquare(0, 5)}
	got := e.hunt(pos, movegen.Black, king, 500)
	if want := (huntRadius - 2) * huntStep * 500 / huntFull; got != want {
		t.Errorf("rook 2 steps from the king with a lead of 500: %d, want %d", got, want)
	}
	if full := e.hunt(pos, movegen.Black, king, 3*huntFull); full != (huntRadius-2)*huntStep {
		t.Errorf("with a lead beyond huntFull: %d, want %d", full, (huntRadius-2)*huntStep)
	}
	// Two royals: the nearer one counts.
	two := [2]movegen.Square{movegen.MakeSquare(11, 0), movegen.MakeSquare(0, 5)}
	if got2 := e.hunt(pos, movegen.Black, two, 500); got2 != got {
		t.Errorf("with a second royal far away: %d, want %d", got2, got)
	}
	// In Evaluate: a rook three steps from the White king against the same
	// rook on the same row at the far edge (a rook's mobility is the same
	// on every square, the row fixes its promotion distance, and both
	// squares are outside the king's box), so only the hunt differs.
	rookType, _ := v.PieceByID("R")
	lead := v.Pieces[rookType].Value
	nearPos := evalSFEN(t, e, "12/12/12/12/12/k11/12/12/2R9/12/12/5K6 b - 1")
	farPos := evalSFEN(t, e, "12/12/12/12/12/k11/12/12/11R/12/12/5K6 b - 1")
	if want := (huntRadius - 3) * huntStep * min(lead, huntFull) / huntFull; nearPos-farPos != want {
		t.Errorf("rook 3 steps from the bare king scores %+d against far away, want %+d", nearPos-farPos, want)
	}
	// Equal material: the same rook move changes nothing but placement,
	// which is equal here.
	levelNear := evalSFEN(t, e, "12/12/12/12/12/k11/12/12/2R9/12/r11/5K6 b - 1")
	levelFar := evalSFEN(t, e, "12/12/12/12/12/k11/12/12/11R/12/r11/5K6 b - 1")
	if levelNear != levelFar {
		t.Errorf("level material: rook near the king %d, far %d; want equal", levelNear, levelFar)
	}
}

// TestSimplify: the same material lead is worth more when the trailing
// side has fewer pieces left, nothing at equal material, and the term is
// antisymmetric.
func TestSimplify(t *testing.T) {
	v := variant(t, "heian")
	e := newHand(v)
	start := int(e.startPhase) / 2
	if e.simplify(start, start) != 0 || e.simplify(start+500, start) != 0 {
		t.Error("a lead with the trailing side's material intact scores a bonus")
	}
	few, many := e.simplify(700, 200), e.simplify(start, start-500)
	if few <= many || many < 0 {
		t.Errorf("lead 500: %d with the opponent nearly bare, %d with most of its army; want more when fewer remain", few, many)
	}
	if e.simplify(200, 700) != -few {
		t.Errorf("not antisymmetric: %d vs %d", e.simplify(200, 700), few)
	}
	// On the board: an extra Black silver against a lone gold scores more
	// than the same silver in a position with pawns and pieces on both
	// sides.
	lone := evalSFEN(t, e, "4k4/4g4/9/9/9/9/4S4/4K4 b - 1") - evalSFEN(t, e, "4k4/4g4/9/9/9/9/9/4K4 b - 1")
	full := evalSFEN(t, e, "4k4/3gsl3/ppppppppp/9/9/PPPPPPPPP/3GSLS2/4K4 b - 1") -
		evalSFEN(t, e, "4k4/3gsl3/ppppppppp/9/9/PPPPPPPPP/3GSL3/4K4 b - 1")
	if lone <= full {
		t.Errorf("the extra silver adds %d against a lone gold, %d in a fuller position", lone, full)
	}
}

// TestStagnation: the same position after 32 plies of king shuffling
// (no capture, promotion or drop) scores stagnation's fraction of what it
// scores fresh; a capture restarts the count.
func TestStagnation(t *testing.T) {
	if stagnation(300, quietFree) != 300 || stagnation(300, quietFree+10) != 300*(quietDiv-10)/quietDiv ||
		stagnation(-300, 1000) != -300*(quietDiv-quietMax)/quietDiv {
		t.Fatalf("stagnation(300, %d) = %d, (300, +10) = %d, (-300, 1000) = %d",
			quietFree, stagnation(300, quietFree), stagnation(300, quietFree+10), stagnation(-300, 1000))
	}
	v := variant(t, "shogi")
	e := newHand(v)
	const sfen = "4k4/9/9/9/9/9/9/9/4K4 b RG 1"
	fresh := e.Evaluate(position(t, v, sfen))
	pos := position(t, v, sfen)
	for i := 0; i < 8; i++ {
		for _, u := range []string{"5i4i", "5a4a", "4i5i", "4a5a"} {
			m, err := pos.ParseMoveUSI(u)
			if err != nil {
				t.Fatal(err)
			}
			pos.Make(m)
		}
	}
	if pos.Quiet() != 32 {
		t.Fatalf("quiet plies %d, want 32", pos.Quiet())
	}
	if got, want := e.Evaluate(pos), stagnation(fresh-tempo, 32)+tempo; got != want || got >= fresh {
		t.Errorf("after 32 quiet plies: %d, want %d (fresh %d)", got, want, fresh)
	}
	m, _ := pos.ParseMoveUSI("G*5b")
	pos.Make(m)
	if pos.Quiet() != 0 {
		t.Errorf("a drop leaves the count at %d", pos.Quiet())
	}
	pos.Unmake()
	if pos.Quiet() != 32 {
		t.Errorf("unmake restores %d, want 32", pos.Quiet())
	}
}

// TestAttach: a position that keeps the evaluator's table sums (Attach)
// scores exactly as one that does not, along random games of every
// built-in game, for both evaluators; a position attached to the other
// evaluator's table is scored correctly too (the loop is used).
func TestAttach(t *testing.T) {
	for _, v := range movegen.Builtin() {
		full, mat := newHand(v), NewMaterial(v)
		plies := 120
		if v.Name == "tai" {
			plies = 40
		}
		rng := rand.New(rand.NewSource(7))
		list := new(movegen.MoveList)
		pos := position(t, v, v.StartSFEN)
		full.Attach(pos)
		if !full.attached(pos) || mat.attached(pos) {
			t.Fatalf("%s: Attach did not take", v.Name)
		}
		compared := 0
		for ply := 0; ply < plies; ply++ {
			plain := pos.Clone()
			if err := plain.SetSquareTable(nil); err != nil {
				t.Fatal(err)
			}
			for _, e := range []*Evaluator{full, mat} {
				if got, want := e.Evaluate(pos), e.Evaluate(plain); got != want {
					t.Fatalf("%s %s: attached %d, plain %d (full %v)", v.Name, pos.SFEN(), got, want, e.full)
				}
				compared++
			}
			list.N = 0
			pos.GenerateLegal(list)
			if list.N == 0 {
				break
			}
			pos.Make(list.Moves[rng.Intn(list.N)])
		}
		if compared < 20 {
			t.Errorf("%s: only %d comparisons", v.Name, compared)
		}
	}
}

// TestHuntNearTable: the hunt's table lookup by cell difference gives
// huntRadius minus the king distance, or 0, for every pair of squares of
// the largest board (tai, 25x25), where cell differences could alias.
func TestHuntNearTable(t *testing.T) {
	v, err := movegen.Lookup("tai")
	if err != nil {
		t.Fatal(err)
	}
	tbl := huntNearTable()
	sq := cells(v)
	for _, a := range sq {
		for _, b := range sq {
			d := max(abs(a.Row()-b.Row()), abs(a.Col()-b.Col()))
			want := max(huntRadius-d, 0)
			if got := int(tbl[int(a)-int(b)+movegen.NumCells]); got != want {
				t.Fatalf("%s to %s: %d, want %d", v.SquareUSI(a), v.SquareUSI(b), got, want)
			}
		}
	}
}

// TestHuntReference compares hunt with the term computed the plain way
// (every non-royal piece of the side: huntRadius minus its king distance to
// the nearer target, when positive) on random positions of chu, dai and
// tai, for both sides and one or two targets. The sides have one royal
// (chu, dai) or two (tai), so both of hunt's loops are compared; a chu
// position without a Black royal covers the third case.
func TestHuntReference(t *testing.T) {
	ref := func(e *Evaluator, pos *movegen.Position, c movegen.Color, royals [2]movegen.Square) int {
		near := 0
		for _, s := range pos.Pieces(c) {
			if e.piece[pos.At(s)].royal {
				continue
			}
			w := 0
			for _, r := range royals {
				if r != 0 {
					w = max(w, huntRadius-max(abs(s.Row()-r.Row()), abs(s.Col()-r.Col())))
				}
			}
			near += w
		}
		return near * huntStep
	}
	compared := map[int]int{}
	for _, name := range []string{"chu", "dai", "tai"} {
		v := variant(t, name)
		e := newHand(v)
		positions := append(randomPositions(t, v, 2, 80), position(t, v, v.StartSFEN))
		if name == "chu" {
			positions = append(positions, position(t, v, "5k6/12/3R8/2G9/12/12/12/12/12/12/12/4G7 b - 1"))
		}
		for _, pos := range positions {
			for c := movegen.Color(0); c < movegen.ColorCount; c++ {
				var targets []movegen.Square
				for _, s := range pos.Pieces(c.Other()) {
					if e.piece[pos.At(s)].royal {
						targets = append(targets, s)
					}
				}
				if len(targets) == 0 {
					continue
				}
				for _, royals := range [][2]movegen.Square{{targets[0]}, {targets[len(targets)-1], targets[0]}} {
					if got, want := e.hunt(pos, c, royals, huntFull), ref(e, pos, c, royals); got != want {
						t.Fatalf("%s %s, side %d, targets %v: hunt %d, want %d", name, pos.SFEN(), c, royals, got, want)
					}
					compared[min(pos.RoyalCount(c), 2)]++
				}
			}
		}
	}
	for n := 0; n <= 2; n++ {
		if compared[n] == 0 {
			t.Errorf("no comparison with %d royals on the hunting side", n)
		}
	}
}

// TestRoyalSafetyReference compares royalSafety with the term computed the
// plain way (look at every cell of the box around the royal) on random chu,
// dai and tai positions, for every royal of both sides: sides with one
// royal (chu, dai: the neighbour-mask path) and with two (tai: the loop).
// The endgame weights are set apart from the middle-game ones, so a mix-up
// of the two shows.
func TestRoyalSafetyReference(t *testing.T) {
	const endGuard, endPressure = 31, 3 * WeightUnit
	ref := func(e *Evaluator, pos *movegen.Position, s movegen.Square, c movegen.Color) (int, int) {
		guards, pressure := 0, 0
		for dr := -boxRadius; dr <= boxRadius; dr++ {
			for dc := -boxRadius; dc <= boxRadius; dc++ {
				if dr == 0 && dc == 0 {
					continue
				}
				q := pos.At(movegen.Square(int(s) + dr*movegen.Stride + dc))
				if q == movegen.Empty || q == movegen.Edge {
					continue
				}
				adjacent := max(abs(dr), abs(dc)) == 1
				switch {
				case q.Color() == c && adjacent && !e.piece[q].royal:
					guards++
				case q.Color() != c && adjacent:
					pressure += 2 * int(e.piece[q].attack)
				case q.Color() != c:
					pressure += int(e.piece[q].attack)
				}
			}
		}
		return guardBonus*min(guards, guardMax) - pressure, endGuard*min(guards, guardMax) - pressure*endPressure/WeightUnit
	}
	compared := map[int]int{}
	for _, name := range []string{"chu", "dai", "tai"} {
		v := variant(t, name)
		w := DefaultWeights(v)
		w.EndGuard, w.EndPressure = endGuard, endPressure
		e := NewWith(v, w)
		for _, pos := range append(randomPositions(t, v, 2, 80), position(t, v, v.StartSFEN)) {
			for c := movegen.Color(0); c < movegen.ColorCount; c++ {
				for _, s := range pos.Pieces(c) {
					if !e.piece[pos.At(s)].royal {
						continue
					}
					got, gotEnd := e.royalSafety(pos, s, c)
					want, wantEnd := ref(e, pos, s, c)
					if got != want || gotEnd != wantEnd {
						t.Fatalf("%s %s, royal on %s: %d and %d at the end, want %d and %d", name, pos.SFEN(), v.SquareUSI(s), got, gotEnd, want, wantEnd)
					}
					compared[min(pos.RoyalCount(c), 2)]++
				}
			}
		}
	}
	if compared[1] == 0 || compared[2] == 0 {
		t.Errorf("comparisons by royal count: %v, want some with one and with two", compared)
	}
}

// TestCompress: scores are unchanged up to the knee, then bent below the
// cap, never decreasing, odd.
func TestCompress(t *testing.T) {
	for _, s := range []int{0, 1, -1, 500, -19999, scoreKnee, -scoreKnee} {
		if compress(s) != s {
			t.Errorf("compress(%d) = %d, want it unchanged", s, compress(s))
		}
	}
	prev := compress(scoreKnee)
	for s := scoreKnee + 1; s < 1000000; s += 97 {
		c := compress(s)
		if c < prev || c < scoreKnee || c >= scoreCap || compress(-s) != -c {
			t.Fatalf("compress(%d) = %d (previous %d, compress(-s) = %d): want a value in [%d, %d), never lower, odd",
				s, c, prev, compress(-s), scoreKnee, scoreCap)
		}
		prev = c
	}
	if a, b := compress(40000), compress(60000); b-a < 1000 {
		t.Errorf("compress(40000) = %d, compress(60000) = %d: a larger lead should still score clearly higher", a, b)
	}
}

// TestHugeLeadStaysBelowCap: tai with White's non-royal pieces gone is a
// lead of about 180,000. Both evaluators stay below the cap and above the
// knee, and a lead one gold larger scores higher.
func TestHugeLeadStaysBelowCap(t *testing.T) {
	v := variant(t, "tai")
	strip := func(keep string) string {
		ranks := strings.Split(strings.Fields(v.StartSFEN)[0], "/")
		for i, r := range ranks {
			toks := sfenTokens(t, r)
			for j, tok := range toks {
				if tok == strings.ToLower(tok) && tok != "e" && tok != "[cp]" && tok != keep {
					toks[j] = ""
				}
			}
			ranks[i] = joinRank(toks)
		}
		return strings.Join(ranks, "/") + " b - 1"
	}
	bare, golds := position(t, v, strip("")), position(t, v, strip("g"))
	for _, e := range []*Evaluator{newHand(v), NewMaterial(v)} {
		s, less := e.Evaluate(bare), e.Evaluate(golds)
		if s <= scoreKnee || s > scoreCap+tempo || less >= s {
			t.Errorf("full %v: lead %d, with White's golds %d: want both in (%d, %d], the bare one higher",
				e.full, s, less, scoreKnee, scoreCap+tempo)
		}
	}
}

// taiSFEN builds a tai position from rank texts by rank letter (a-y); the
// other ranks are empty.
func taiSFEN(ranks map[byte]string, side string) string {
	rows := make([]string, 25)
	for i := range rows {
		rows[i] = "25"
		if r, ok := ranks[byte('a'+i)]; ok {
			rows[i] = r
		}
	}
	return strings.Join(rows, "/") + " " + side + " - 1"
}

// TestLoose: in tai a piece with no friend next to it costs a quarter of
// its value while the enemy has an emperor, and nothing once a friend
// stands next to it or the enemy emperor is gone.
func TestLoose(t *testing.T) {
	v := variant(t, "tai")
	e := newHand(v)
	gold, ok := v.PieceByID("G")
	if !ok {
		t.Fatal("tai has no gold")
	}
	g := v.Pieces[gold].Value
	withEmperor := map[byte]string{'a': "12e12", 'b': "12[cp]12", 'm': "12G12", 'x': "12[CP]12", 'y': "12E12"}
	pos := position(t, v, taiSFEN(withEmperor, "b"))
	if got := e.loose(pos, movegen.Black); got != -g/looseDiv {
		t.Errorf("lone gold against an emperor, its side to move: loose %d, want %d", got, -g/looseDiv)
	}
	if got := e.loose(pos, movegen.White); got != g/looseDiv {
		t.Errorf("lone gold against an emperor, the other side to move: loose %d, want %d", got, g/looseDiv)
	}
	noEmperor := map[byte]string{'b': "12[cp]12", 'm': "12G12", 'x': "12[CP]12", 'y': "12E12"}
	if got := e.loose(position(t, v, taiSFEN(noEmperor, "b")), movegen.Black); got != 0 {
		t.Errorf("no enemy emperor: loose %d, want 0", got)
	}
	guarded := map[byte]string{'a': "12e12", 'b': "12[cp]12", 'm': "12G12", 'n': "13P11", 'x': "12[CP]12", 'y': "12E12"}
	if got := e.loose(position(t, v, taiSFEN(guarded, "b")), movegen.Black); got != 0 {
		t.Errorf("gold with a pawn next to it: loose %d, want 0", got)
	}
}

// TestLooseReference: loose against a plain count (a non-royal piece with
// none of its side's pieces on the 8 cells around it, counted against its
// side while the other side has an emperor) on random tai positions, with
// either side to move.
func TestLooseReference(t *testing.T) {
	v := variant(t, "tai")
	e := newHand(v)
	checked := 0
	for _, pos := range randomPositions(t, v, 3, 300) {
		var leaper [movegen.ColorCount]bool
		var cost [movegen.ColorCount]int
		for c := movegen.Color(0); c < movegen.ColorCount; c++ {
			for _, s := range pos.Pieces(c) {
				p := pos.At(s)
				leaper[c] = leaper[c] || v.UniversalLeaper(p.Type())
				if v.Pieces[p.Type()].Royal {
					continue
				}
				alone := true
				for d := 1; d <= 8; d++ {
					q := pos.At(movegen.Square(int(s) + movegen.KingStep(d)))
					if q != movegen.Empty && q != movegen.Edge && q.Color() == c {
						alone = false
					}
				}
				if alone {
					cost[c] += v.Pieces[p.Type()].Value
				}
			}
		}
		for us := movegen.Color(0); us < movegen.ColorCount; us++ {
			want := 0
			if leaper[us] {
				want += cost[us.Other()] / looseDiv
			}
			if leaper[us.Other()] {
				want -= cost[us] / looseDiv
			}
			if got := e.loose(pos, us); got != want {
				t.Fatalf("%s, colour %d to move: loose %d, want %d", pos.SFEN(), us, got, want)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no positions")
	}
}

// TestReach: with Weights.Reach set, Evaluate gains Reach/16 centipawns
// for every square the side to move's non-royal pieces reach
// (Position.Mobility) and loses as much for the other side's, in random
// positions of shogi, chu and dai; the start positions balance out.
func TestReach(t *testing.T) {
	for _, name := range []string{"shogi", "chu", "dai"} {
		v := variant(t, name)
		w := DefaultWeights(v)
		base := NewWith(v, w)
		w.Reach = 3 * huntUnit
		e := NewWith(v, w)
		start := position(t, v, v.StartSFEN)
		if d := e.Evaluate(start) - base.Evaluate(start); d != 0 {
			t.Errorf("%s start position: reach adds %d, want 0", name, d)
		}
		moved := 0
		for _, pos := range randomPositions(t, v, 3, 30) {
			if pos.Quiet() > quietFree {
				continue // stagnation would scale the term
			}
			want := 0
			for c := movegen.Color(0); c < movegen.ColorCount; c++ {
				for _, s := range pos.Pieces(c) {
					if v.Pieces[pos.At(s).Type()].Royal {
						continue
					}
					if c == pos.SideToMove() {
						want += 3 * pos.Mobility(s)
					} else {
						want -= 3 * pos.Mobility(s)
					}
				}
			}
			if got := e.Evaluate(pos) - base.Evaluate(pos); got != want {
				t.Errorf("%s %s: reach adds %d, want %d", name, pos.SFEN(), got, want)
			}
			if want != 0 {
				moved++
			}
		}
		if moved == 0 {
			t.Errorf("%s: no position where the term is not 0", name)
		}
	}
}

// TestChase: once the side behind in material is down to chaseMax
// non-royal pieces (hand included), the side ahead gains Chase/16 per
// king step its non-royal pieces stand nearer to the nearest of them than
// the board is wide and loses ChaseMob/16 per square they reach, scaled
// like the hunt; royals do not chase, more pieces left silence the term,
// and Evaluate adds exactly the term.
func TestChase(t *testing.T) {
	v := variant(t, "heiandai")
	w := DefaultWeights(v)
	w.Chase, w.ChaseMob = 256, 128
	e := NewWith(v, w)
	// White: king in a corner, a tiger in the middle and a pawn on its
	// first rank. Black: two golds, three and six king steps from the
	// tiger (and nine and six from the pawn), and its king far away.
	const sfen = "k5p6/13/13/13/13/13/G5t6/13/13/6G6/13/13/12K b - 1"
	pos := position(t, v, sfen)
	wk := movegen.MakeSquare(0, 0)
	reach := pos.Mobility(movegen.MakeSquare(6, 6)) + pos.Mobility(movegen.MakeSquare(0, 6))
	if reach <= 1 {
		t.Fatal("the tiger reaches no square")
	}
	gold, _ := v.PieceByID("G")
	tigerType, _ := v.PieceByID("T")
	pawn, _ := v.PieceByID("P")
	lead := 2*v.Pieces[gold].Value - v.Pieces[tigerType].Value - v.Pieces[pawn].Value
	want := ((13-3)+(13-6))*w.Chase - reach*w.ChaseMob
	want = want * lead / (huntFull * huntUnit)
	if got := e.chaseTerm(pos, movegen.Black, wk, lead); got != want || got == 0 {
		t.Errorf("chase: %d, want %d (nonzero)", got, want)
	}
	if got, bare := e.Evaluate(pos)-newHand(v).Evaluate(pos), e.chaseTerm(pos, movegen.Black, wk, lead); got != bare {
		t.Errorf("Evaluate with the chase weights differs by %d, the term is %d", got, bare)
	}
	// The king next to the tiger changes nothing.
	kingNear := position(t, v, "k5p6/13/13/13/13/13/G5t6/6K6/13/6G6/13/13/13 b - 1")
	if got := e.chaseTerm(kingNear, movegen.Black, wk, lead); got != want {
		t.Errorf("with the king next to the tiger: %d, want %d", got, want)
	}
	// A nearer gold gains Chase/16 a step.
	nearer := position(t, v, "k5p6/13/13/13/13/13/G5t6/13/6G6/13/13/13/12K b - 1")
	if got := e.chaseTerm(nearer, movegen.Black, wk, lead) - want; got != w.Chase*lead/(huntFull*huntUnit) {
		t.Errorf("a gold one step nearer gains %d, want %d", got, w.Chase*lead/(huntFull*huntUnit))
	}
	// Five White pieces: not yet an ending.
	five := position(t, v, "k1pppp7/13/13/13/13/13/G5t6/13/13/6G6/13/13/12K b - 1")
	if got := e.chaseTerm(five, movegen.Black, wk, lead); got != 0 {
		t.Errorf("against five pieces: %d, want 0", got)
	}
	// One piece left off Black's first rank: still the chase.
	one := position(t, v, "k12/13/13/13/13/13/G5t6/13/13/6G6/13/13/12K b - 1")
	oneWant := (((13-3)+(13-6))*w.Chase - one.Mobility(movegen.MakeSquare(6, 6))*w.ChaseMob) * lead / (huntFull * huntUnit)
	if got := e.chaseTerm(one, movegen.Black, wk, lead); got != oneWant || got == 0 {
		t.Errorf("against one piece: %d, want %d (nonzero)", got, oneWant)
	}
	// Pieces in hand count (shogi): two pawns on the board and three in
	// hand are five pieces, with two in hand four.
	sv := variant(t, "shogi")
	sw := DefaultWeights(sv)
	sw.Chase = 256
	se := NewWith(sv, sw)
	sk := movegen.MakeSquare(0, 4)
	if got := se.chaseTerm(position(t, sv, "4k4/9/4p4/9/4p4/9/2G1G4/9/4K4 b 3p 1"), movegen.Black, sk, 300); got != 0 {
		t.Errorf("shogi, five pawns with three in hand: %d, want 0", got)
	}
	if got := se.chaseTerm(position(t, sv, "4k4/9/4p4/9/4p4/9/2G1G4/9/4K4 b 2p 1"), movegen.Black, sk, 300); got <= 0 {
		t.Errorf("shogi, four pawns with two in hand: %d, want more than 0", got)
	}
}

// TestLastRow pins which heian dai pieces cannot leave their last rank
// (no empty-board move off it): the Side Mover (sideways slides) and the
// Iron (forward steps only), and the Pawn, Lance and Knight, which have no
// move there at all (they must promote before it); for Black (row 0) and
// White (row 12). Every other piece can step or slide back, and a
// King is no target of the chase.
func TestLastRow(t *testing.T) {
	v := variant(t, "heiandai")
	want := map[string]bool{"M": true, "I": true, "P": true, "L": true, "N": true}
	for ty := 1; ty < len(v.Pieces); ty++ {
		info := &v.Pieces[ty]
		if info.Royal {
			continue
		}
		for c, row := range [movegen.ColorCount]int8{0, 12} {
			got := lastRow(v, movegen.MakePiece(movegen.PieceType(ty), movegen.Color(c)))
			if w := want[info.ID]; (w && got != row) || (!w && got != -1) {
				t.Errorf("%s, colour %d: lastRow %d, want %d if bound (%v), else -1", info.ID, c, got, row, w)
			}
		}
	}
	for _, id := range []string{"G", "M", "I"} {
		if _, ok := v.PieceByID(id); !ok {
			t.Errorf("heian dai has no piece %s", id)
		}
	}
}

// TestChaseLastStand: against one royal and at most one non-royal piece,
// that one on the board, on the first rank of the side ahead and unable
// to leave it, the chase gives way to its last stage: ChaseEdge/16 per
// rank the enemy royal stands nearer to the side ahead's far rank than
// the board is long, ChaseRoyal/16 per king step the side ahead's royal
// stands nearer to it than the board's larger side, scaled like the
// hunt, whatever Chase and ChaseMob are and wherever the other pieces
// stand; Evaluate adds exactly the term, for either colour ahead.
func TestChaseLastStand(t *testing.T) {
	v := variant(t, "heiandai")
	w := DefaultWeights(v)
	w.Chase, w.ChaseMob, w.ChaseEdge, w.ChaseRoyal = 256, 128, 320, 160
	e := NewWith(v, w)
	// White: king in the middle (row 6), a side mover on Black's first
	// rank. Black: two golds and its king five steps below White's.
	const sfen = "13/13/13/13/13/13/6k6/13/13/3G5G3/13/6K6/m12 b - 1"
	pos := position(t, v, sfen)
	wk := movegen.MakeSquare(6, 6)
	gold, _ := v.PieceByID("G")
	side, _ := v.PieceByID("M")
	lead := 2*v.Pieces[gold].Value - v.Pieces[side].Value
	term := func(rank, steps int) int {
		return (w.ChaseEdge*(12-rank) + w.ChaseRoyal*(13-steps)) * min(lead, huntFull) / (huntFull * huntUnit)
	}
	if got, want := e.chaseTerm(pos, movegen.Black, wk, lead), term(6, 5); got != want || got == 0 {
		t.Errorf("last stage: %d, want %d (nonzero)", got, want)
	}
	if got, want := e.Evaluate(pos)-newHand(v).Evaluate(pos), term(6, 5); got != want {
		t.Errorf("Evaluate with the chase weights differs by %d, want the term %d", got, want)
	}
	// The royal a rank nearer to Black's far rank (row 0), Black's king
	// a step nearer, a gold elsewhere.
	for _, c := range []struct {
		name, sfen string
		sq         movegen.Square
		rank, dist int
	}{
		{"royal a rank up", "13/13/13/13/13/6k6/13/13/13/3G5G3/13/6K6/m12 b - 1", movegen.MakeSquare(5, 6), 5, 6},
		{"king a step nearer", "13/13/13/13/13/13/6k6/13/13/3G5G3/6K6/13/m12 b - 1", wk, 6, 4},
		{"a gold moved", "13/13/13/13/13/13/6k6/13/13/3G9/8G4/6K6/m12 b - 1", wk, 6, 5},
	} {
		if got, want := e.chaseTerm(position(t, v, c.sfen), movegen.Black, c.sq, lead), term(c.rank, c.dist); got != want {
			t.Errorf("%s: %d, want %d", c.name, got, want)
		}
	}
	// Two pieces left, or the one off Black's first rank: the chase, not
	// its last stage.
	pw := w
	pw.ChaseEdge, pw.ChaseRoyal = 0, 0
	plain := NewWith(v, pw)
	for _, c := range []struct{ name, sfen string }{
		{"two pieces", "13/13/13/13/13/13/6k6/13/13/3G5G3/13/6K6/m11p b - 1"},
		{"one a rank up", "13/13/13/13/13/13/6k6/13/13/3G5G3/13/m5K6/13 b - 1"},
		{"a gold on the first rank", "13/13/13/13/13/13/6k6/13/13/3G5G3/13/6K6/g12 b - 1"},
	} {
		p := position(t, v, c.sfen)
		got, want := e.chaseTerm(p, movegen.Black, wk, lead), plain.chaseTerm(p, movegen.Black, wk, lead)
		if got != want || got == 0 {
			t.Errorf("%s: %d, want the chase's %d (nonzero)", c.name, got, want)
		}
	}
	// An Iron, which cannot leave the rank either, is the same.
	iron, _ := v.PieceByID("I")
	ironLead := 2*v.Pieces[gold].Value - v.Pieces[iron].Value
	ironWant := (w.ChaseEdge*(12-6) + w.ChaseRoyal*(13-5)) * min(ironLead, huntFull) / (huntFull * huntUnit)
	if got := e.chaseTerm(position(t, v, "13/13/13/13/13/13/6k6/13/13/3G5G3/13/6K6/5i7 b - 1"), movegen.Black, wk, ironLead); got != ironWant {
		t.Errorf("an Iron on the first rank: %d, want %d", got, ironWant)
	}
	// A last piece in hand (shogi) can be dropped anywhere: no last stage,
	// and the chase has no piece on the board to go after.
	sv := variant(t, "shogi")
	sw := DefaultWeights(sv)
	sw.ChaseEdge, sw.ChaseRoyal = 320, 160
	if got := NewWith(sv, sw).chaseTerm(position(t, sv, "4k4/9/9/9/9/9/2G1G4/9/4K4 b p 1"), movegen.Black, movegen.MakeSquare(0, 4), 300); got != 0 {
		t.Errorf("shogi, the last pawn in hand: %d, want 0", got)
	}
	// White ahead, the board turned: White's far rank is row 12.
	turned := position(t, v, "12M/6k6/13/3g5g3/13/13/6K6/13/13/13/13/13/13 w - 1")
	if got, want := e.Evaluate(turned)-newHand(v).Evaluate(turned), term(6, 5); got != want {
		t.Errorf("White ahead: Evaluate differs by %d, want the term %d", got, want)
	}
}

package eval

import (
	"bufio"
	"embed"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/kirin-shogi/kirin/movegen"
)

// Weights are the evaluator's tunable scales for one game: integers, in
// the units each field names. DefaultWeights gives the hand-set values the
// package documentation describes; kirin tune fits them to games. Fractions
// of a piece's Value are in 1/256ths (WeightUnit), so the defaults reproduce
// the hand-set evaluation exactly. Only Material replaces PieceInfo.Value;
// the placement, promotion, phase, attack and loose-piece terms keep the
// variant's Value as their scale.
type Weights struct {
	// Tempo is the side to move's bonus, in centipawns.
	Tempo int
	// Mobility: a piece gains Mobility/256 of its Value per unit of
	// relative empty-board mobility above its average (placement).
	Mobility int
	// Immobile: a piece on a square where it can never move loses
	// Immobile/256 of its Value.
	Immobile int
	// Advance: a forward-only stepper on the enemy's back rank gains
	// Advance/256 of its Value, less in proportion nearer home.
	Advance int
	// Forward: the same for every other non-royal piece in a game without
	// a promotion zone.
	Forward int
	// Promo[k]: a piece k ranks short of its zone (0: inside it) gains
	// Promo[k]/256 of its promotion gain.
	Promo [4]int
	// Hand: a piece in hand is worth its Material plus Hand/256 of its
	// Value.
	Hand int
	// Guard is the worth of one friendly piece next to a royal (at most
	// guardMax count), in centipawns, at full middle-game phase.
	Guard int
	// Pressure scales the attack of enemy pieces near a royal, in 1/256.
	Pressure int
	// Centre is the endgame bonus of a royal on the central squares, in
	// centipawns.
	Centre int
	// EndGuard and EndPressure are Guard and Pressure for the endgame:
	// the royal's surroundings scored again, weighted by the endgame
	// share of the phase as Centre is (0 by default: Guard and Pressure
	// fade with the material, and a royal's guards and attackers then
	// count for nothing, though two golds and a king still mate one).
	EndGuard    int
	EndPressure int
	// Simplify: a material lead gains Simplify/256 of itself when the
	// trailing side has lost everything.
	Simplify int
	// Hunt is the side ahead's bonus per king step a piece stands inside
	// huntRadius of the enemy royal, in 1/16 centipawn.
	Hunt int
	// Loose: while the enemy has a universal leaper, a non-royal piece with
	// no friend next to it costs Loose/256 of its Value.
	Loose int
	// Zone is the cost of each square next to a royal that the royal's
	// side does not hold and the enemy attacks, in centipawns, at full
	// middle-game phase (0 by default: the term is computed only where a
	// game's weights set it or ZoneHand).
	Zone int
	// ZoneHand is the further cost of each such square per enemy piece in
	// hand (at most zoneHandMax count), in centipawns: in a drop game an
	// attacked square next to the royal is where a dropped piece checks
	// with support.
	ZoneHand int
	// Danger bends the royal's middle-game safety into a square: where
	// the guards, the pressure and the zone leave a royal at a cost of C
	// centipawns (C > 0), it costs Danger/256 × C²/dangerDiv more (0 by
	// default: the cost stays linear). A few attackers near a royal are a
	// nuisance and many are a mating attack, which no sum of independent
	// terms can say.
	Danger int
	// Reach is the worth of each square a non-royal piece reaches with its
	// single-leg moves on the current board (movegen's Position.Mobility),
	// in 1/16 centipawn (0 by default: the term is computed only where a
	// game's weights set it).
	Reach int
	// Chase is the bonus of the side ahead, once the other side has at
	// most chaseMax non-royal pieces left, for every king step each of its
	// own non-royal pieces stands nearer than the board's larger side to
	// the nearest of those pieces on the board, in 1/16 centipawn (0 by
	// default: the term is computed only where a game's weights set it or
	// ChaseMob; the chase term of the package doc).
	Chase int
	// ChaseMob is the further bonus of the side ahead in the same endings
	// for every square fewer that the other side's non-royal pieces reach
	// (movegen's Position.Mobility), in 1/16 centipawn (0 by default).
	ChaseMob int
	// ChaseEdge and ChaseRoyal are the chase's last stage, once the side
	// behind has one royal and at most one non-royal piece left (in hand
	// included), that one on the board, on the side ahead's first rank
	// and with no move off it (a Side Mover or an Iron in heian dai), and
	// the side ahead one royal: in place of Chase and ChaseMob, the side
	// ahead gains ChaseEdge for every rank the enemy royal stands nearer
	// to the side ahead's far rank than the board is long, and ChaseRoyal
	// for every king step its own royal stands nearer to the enemy royal
	// than the board's larger side, both in 1/16 centipawn and scaled
	// like the hunt (0 by default: the term is computed only where a
	// game's weights set one of them).
	ChaseEdge, ChaseRoyal int
	// Margin is how much wider than its defaults, in percent, the search
	// makes the margins it compares this evaluation's scores with
	// (search.Scaler; 0 reads as 100). It is no term of the evaluation
	// and the fit does not move it: it says how widely the scores spread,
	// and a fit that lets positional terms outweigh material spreads them
	// wider. Its file key is "margin".
	Margin int
	// LMPWorse is the share, in percent, of late-move pruning's count of
	// quiet moves that the search tries at a node whose static evaluation
	// is not improving (search.Pruner; 0 reads as 50, the search's
	// default). Like Margin it is a setting of the search for this game,
	// not a term, and the fit does not move it. Its file key is
	// "lmpworse".
	LMPWorse int
	// LMPFactor is late-move pruning's count of quiet moves per depth²
	// for this game (search.Pruner; 0 leaves the search's
	// Params.LMPFactor, 2 by default): a node of depth d tries lmpbase +
	// LMPFactor d² of them. A setting of the search, not a term. Its file
	// key is "lmpfactor".
	LMPFactor int
	// NoRootLMR turns off the search's late-move reductions of root
	// moves for this game (search.RootReducer). Like Margin it is a
	// setting of the search, not a term. Its file key is "rootlmr": 1
	// (the default) makes the reductions, 0 does not.
	NoRootLMR bool
	// NoLateBad keeps the captures that lose in the exchange in the
	// captures' order instead of after the quiet moves, and ReduceChecks
	// reduces late quiet moves that give check like any other
	// (search.MoveRuler). Settings of the search, not terms. Their file
	// keys are "latebad" (1, the default, tries them late; 0 does not)
	// and "checklmr" (0, the default, spares checks; 1 reduces them).
	NoLateBad, ReduceChecks bool
	// NoContPrune turns off the search's continuation pruning for this
	// game (search.MoveRuler), a setting of the search, not a term. Its
	// file key is "contprune": 1 (the default) prunes, 0 does not.
	NoContPrune bool
	// RFPThreat withholds the search's reverse futility where the move into
	// a node left its piece threatening to win more than the node's lead
	// (search.MoveRuler), a setting of the search, not a term. Its file
	// key is "rfpthreat": 0 (the default) does not, 1 does.
	RFPThreat bool
	// QSEE has the search's quiescence search leave out a capture by a
	// piece worth more than its victim only where it loses in the exchange
	// (SEE < 0), where a game without drops would leave it out onto any
	// defended square (search.MoveRuler), a setting of the search, not a
	// term. Its file key is "qsee": 0 (the default) keeps the game's test,
	// 1 takes the exchange's.
	QSEE bool
	// ThreatExt is the bound of the search's threat extension at the
	// horizon for this game (search.Extender; 0 leaves the search's
	// Params.ThreatExt, off by default): a move of a node of depth 1
	// whose piece then threatens to win more than ThreatExt in material
	// is searched a ply deeper. A setting of the search, not a term. Its
	// file key is "threatext".
	ThreatExt int
	// CutoffCnt is the search's bound for reducing late quiet moves a ply
	// more after the earlier moves kept being refuted (search.CutoffCounter;
	// 0 leaves the search's Params.CutoffCnt, off by default). A setting of
	// the search, not a term. Its file key is "cutoffcnt".
	CutoffCnt int
	// Material[t] is the material worth of piece type t in centipawns
	// (index 0 unused): on the board, and in hand with the Hand bonus.
	Material []int
	// Square, when not nil, is a piece-square table on top of the other
	// terms, in centipawns: one entry per piece type, rank counted from
	// the side's own home rank and file counted from the nearer edge (the
	// table is the same for both wings), in SquareIndex order. Nil is a
	// table of zeros; a fit that is to move these weights sets it (kirin
	// tune --squares). Its file keys are sq.ID.rR.fF (SquareName).
	Square []int
	// King, when not nil, is a king-relative table on top of the other
	// terms, in centipawns: for each non-royal piece on the board, an entry
	// by where it stands beside its own side's royal (KingOwn) and one by
	// where it stands beside the enemy's (KingFoe), each by the files
	// between them (0 to kingFiles, the last meaning that many or more)
	// and the ranks the piece stands ahead of that royal from its own
	// side's view (-kingRanks to kingRanks, clamped), in KingIndex order.
	// A side with several royals is measured from its first (movegen's
	// RoyalSquare); one with none adds nothing. Nil is a table of zeros; a
	// fit that is to move these weights sets it (kirin tune --king). Its
	// file keys are kp.ID.own.fF.rR and kp.ID.foe.fF.rR (KingName).
	King []int
}

// The king-relative table (Weights.King): KingOwn and KingFoe name the
// royal an entry is measured from; kingFiles and kingRanks bound the
// distances, and kingCells is the number of entries per piece type and
// royal.
const (
	KingOwn   = 0
	KingFoe   = 1
	kingFiles = 4
	kingRanks = 4
	kingCells = (kingFiles + 1) * (2*kingRanks + 1)
)

// kingPrefix starts the key of a King entry in a weights file.
const kingPrefix = "kp."

// kingRelName names KingOwn and KingFoe in a King entry's key.
func kingRelName(rel int) string {
	if rel == KingOwn {
		return "own"
	}
	return "foe"
}

// KingCount is the length of a King table of v.
func KingCount(v *movegen.Variant) int { return (len(v.Pieces) - 1) * 2 * kingCells }

// KingIndex is the index in a King table of type t measured from royal rel
// (KingOwn or KingFoe), files apart (0 to 4) and ranks ahead (-4 to 4).
func KingIndex(t movegen.PieceType, rel, files, ranks int) int {
	return ((int(t)-1)*2+rel)*kingCells + (ranks+kingRanks)*(kingFiles+1) + files
}

// kingCell is the cell (files and ranks apart, KingIndex's last two
// arguments packed) of c's piece on s measured from the royal on k.
func kingCell(c movegen.Color, s, k movegen.Square) int {
	files := min(abs(s.Col()-k.Col()), kingFiles)
	ranks := k.Row() - s.Row() // Black moves towards row 0
	if c != movegen.Black {
		ranks = -ranks
	}
	return (max(min(ranks, kingRanks), -kingRanks)+kingRanks)*(kingFiles+1) + files
}

// kingIndices returns the King table entries of c's piece of type t on s
// beside c's royal on own and beside the enemy's on foe: -1 for a royal
// that is not there (NoSquare).
func kingIndices(c movegen.Color, t movegen.PieceType, s, own, foe movegen.Square) (ownIdx, foeIdx int) {
	base := (int(t) - 1) * 2 * kingCells
	ownIdx, foeIdx = -1, -1
	if own != movegen.NoSquare {
		ownIdx = base + kingCell(c, s, own)
	}
	if foe != movegen.NoSquare {
		foeIdx = base + kingCells + kingCell(c, s, foe)
	}
	return ownIdx, foeIdx
}

// KingName is the weights file key of King entry i of v:
// kp.ID.own.fF.rR or kp.ID.foe.fF.rR.
func KingName(v *movegen.Variant, i int) string {
	t := i/(2*kingCells) + 1
	cell := i % kingCells
	return fmt.Sprintf("%s%s.%s.f%d.r%d", kingPrefix, v.Pieces[t].ID, kingRelName(i/kingCells%2), cell%(kingFiles+1), cell/(kingFiles+1)-kingRanks)
}

// parseKingName is KingName's inverse: the index of key in a King table of
// v, or false.
func parseKingName(v *movegen.Variant, key string) (int, bool) {
	rest, ok := strings.CutPrefix(key, kingPrefix)
	if !ok {
		return 0, false
	}
	for _, rel := range [2]int{KingOwn, KingFoe} {
		name := kingRelName(rel)
		// The ID may itself hold dots; the last three fields are the
		// royal, the files and the ranks.
		i := strings.LastIndex(rest, "."+name+".")
		if i < 0 {
			continue
		}
		fr := rest[i+len(name)+2:]
		var f, r int
		if n, err := fmt.Sscanf(fr, "f%d.r%d", &f, &r); err != nil || n != 2 || fmt.Sprintf("f%d.r%d", f, r) != fr {
			return 0, false
		}
		t := pieceTypeByID(v, rest[:i])
		if t == 0 || f < 0 || f > kingFiles || r < -kingRanks || r > kingRanks {
			return 0, false
		}
		return KingIndex(t, rel, f, r), true
	}
	return 0, false
}

// squarePrefix starts the key of a Square entry in a weights file
// (sq.P.r3.f1: a Pawn on its own third rank, on an edge file).
const squarePrefix = "sq."

// SquareCount is the length of a Square table of v.
func SquareCount(v *movegen.Variant) int {
	return (len(v.Pieces) - 1) * v.Ranks * halfFiles(v)
}

// halfFiles is the number of files from an edge to the middle of v's
// board, the middle file included.
func halfFiles(v *movegen.Variant) int { return (v.Files + 1) / 2 }

// SquareIndex is the index in a Square table of v of type t on cell s, s
// seen from Black (Black's home rank is the last row).
func SquareIndex(v *movegen.Variant, t movegen.PieceType, s movegen.Square) int {
	rank := v.Ranks - 1 - s.Row() // 0: the home rank
	file := min(s.Col(), v.Files-1-s.Col())
	return ((int(t)-1)*v.Ranks+rank)*halfFiles(v) + file
}

// SquareName is the weights file key of Square entry i of v:
// sq.ID.rR.fF, R the rank from the side's home rank (1) and F the file
// from the nearer edge (1).
func SquareName(v *movegen.Variant, i int) string {
	hf := halfFiles(v)
	t := i/(v.Ranks*hf) + 1
	return fmt.Sprintf("%s%s.r%d.f%d", squarePrefix, v.Pieces[t].ID, i/hf%v.Ranks+1, i%hf+1)
}

// parseSquareName is SquareName's inverse: the index of key in a Square
// table of v, or false.
func parseSquareName(v *movegen.Variant, key string) (int, bool) {
	rest, ok := strings.CutPrefix(key, squarePrefix)
	if !ok {
		return 0, false
	}
	// The ID may itself hold dots; the last two fields are rank and file.
	i := strings.LastIndex(rest, ".r")
	if i < 0 {
		return 0, false
	}
	rf := rest[i+1:]
	var r, f int
	if n, err := fmt.Sscanf(rf, "r%d.f%d", &r, &f); err != nil || n != 2 || fmt.Sprintf("r%d.f%d", r, f) != rf {
		return 0, false
	}
	t := pieceTypeByID(v, rest[:i])
	if t == 0 || r < 1 || r > v.Ranks || f < 1 || f > halfFiles(v) {
		return 0, false
	}
	return SquareIndex(v, t, movegen.MakeSquare(v.Ranks-r, f-1)), true
}

// WeightUnit is the denominator of the weights that are fractions: 256.
const WeightUnit = 256

// huntUnit is the denominator of Weights.Hunt (centipawns per step) and
// Weights.Reach (centipawns per square).
const huntUnit = 16

// weightMax bounds every weight of a weights file and of SetVector in
// magnitude, and dangerMax bounds Weights.Danger (from 0): far beyond any
// weight a fit gives (the largest shipped is 1740), and small enough that
// the evaluation's arithmetic cannot overflow. The piece-square entries
// are 32-bit sums of a piece's value and its square weight; the royal
// safety is at most some 10^7 centipawns at these bounds, and Danger
// multiplies its square.
const (
	weightMax = 100000
	dangerMax = 4096
)

// weightBounds returns the least and the largest value the weight named
// name may take.
func weightBounds(name string) (lo, hi int) {
	if name == dangerKey {
		return 0, dangerMax
	}
	return -weightMax, weightMax
}

// dangerKey is Weights.Danger's key in a weights file.
const dangerKey = "danger"

// scalarWeights names the scalar weights in file and vector order, with a
// pointer into a Weights.
func scalarWeights(w *Weights) []namedWeight {
	return []namedWeight{
		{"tempo", &w.Tempo}, {"mobility", &w.Mobility}, {"immobile", &w.Immobile},
		{"advance", &w.Advance}, {"forward", &w.Forward},
		{"promo0", &w.Promo[0]}, {"promo1", &w.Promo[1]}, {"promo2", &w.Promo[2]}, {"promo3", &w.Promo[3]},
		{"hand", &w.Hand}, {"guard", &w.Guard}, {"pressure", &w.Pressure}, {"centre", &w.Centre},
		{"simplify", &w.Simplify}, {"hunt", &w.Hunt}, {"loose", &w.Loose},
		{"zone", &w.Zone}, {"zonehand", &w.ZoneHand}, {"reach", &w.Reach},
		{"chase", &w.Chase}, {"chasemob", &w.ChaseMob},
		{"chaseedge", &w.ChaseEdge}, {"chaseroyal", &w.ChaseRoyal},
		{"endguard", &w.EndGuard}, {"endpressure", &w.EndPressure}, {dangerKey, &w.Danger},
	}
}

// namedWeight is one weight and its name in a weights file.
type namedWeight struct {
	name string
	val  *int
}

// marginKey is Weights.Margin's key in a weights file; marginMin and
// marginMax bound it (percent).
const (
	marginKey = "margin"
	marginMin = 10
	marginMax = 2000
)

// lmpWorseKey is Weights.LMPWorse's key in a weights file; lmpWorseMin
// and lmpWorseMax bound it (percent).
const (
	lmpWorseKey = "lmpworse"
	lmpWorseMin = 25
	lmpWorseMax = 100
)

// lmpFactorKey is Weights.LMPFactor's key in a weights file;
// lmpFactorMin and lmpFactorMax bound it (search.Params' range, less 0,
// which a weights file cannot tell from unset).
const (
	lmpFactorKey = "lmpfactor"
	lmpFactorMin = 1
	lmpFactorMax = 16
)

// rootLMRKey is Weights.NoRootLMR's key in a weights file: 1 reduces root
// moves, 0 does not.
const rootLMRKey = "rootlmr"

// lateBadKey is Weights.NoLateBad's key in a weights file (1 tries losing
// captures after the quiet moves, 0 does not); checkLMRKey is
// Weights.ReduceChecks' (1 reduces late quiet checks, 0 does not).
const (
	lateBadKey  = "latebad"
	checkLMRKey = "checklmr"
)

// contPruneKey is Weights.NoContPrune's key in a weights file (1 prunes
// late quiet moves by their continuation history, 0 does not).
const contPruneKey = "contprune"

// rfpThreatKey is Weights.RFPThreat's key in a weights file (1 withholds
// reverse futility under a threat, 0 does not).
const rfpThreatKey = "rfpthreat"

// qSEEKey is Weights.QSEE's key in a weights file (1 tests the quiescence
// search's captures by the exchange, 0 keeps the game's test).
const qSEEKey = "qsee"

// threatExtKey is Weights.ThreatExt's key in a weights file;
// threatExtMax bounds it (search.Params' range; 0 is off).
const (
	threatExtKey = "threatext"
	threatExtMax = 100000
)

// cutoffCntKey is Weights.CutoffCnt's key in a weights file; cutoffCntMax
// bounds it (search.Params' range; 0 is off).
const (
	cutoffCntKey = "cutoffcnt"
	cutoffCntMax = 100
)

// valuePrefix starts the key of a piece's Material in a weights file
// (value.P, value.+R).
const valuePrefix = "value."

// DefaultWeights returns the hand-set weights of v: the scales of the
// package documentation, and Material from the pieces' Values (a royal at
// least the strongest non-royal piece; see materialValue).
func DefaultWeights(v *movegen.Variant) Weights {
	w := Weights{
		Tempo:    tempo,
		Mobility: WeightUnit / centreDiv,
		Immobile: WeightUnit / deadDiv,
		Advance:  WeightUnit / advanceDiv,
		Forward:  WeightUnit / forwardDiv,
		Promo:    [4]int{WeightUnit / 8, WeightUnit / 8, WeightUnit / 16, WeightUnit / 32},
		Hand:     WeightUnit * (handNum - handDen) / handDen,
		Guard:    guardBonus,
		Pressure: WeightUnit,
		Centre:   royalCentre,
		Simplify: WeightUnit / simplifyDiv,
		Hunt:     huntStep * huntUnit,
		Loose:    WeightUnit / looseDiv,
		Margin:   100,
		Material: make([]int, len(v.Pieces)),
	}
	if v.Promotion == movegen.PromoShogi {
		// Under the shogi rule any move in the zone may promote.
		w.Promo[0] = WeightUnit / 4
	}
	for t := 1; t < len(v.Pieces); t++ {
		w.Material[t] = materialValue(v, movegen.PieceType(t))
	}
	return w
}

// BuiltinWeights returns the weights New uses for v: DefaultWeights with
// the fitted set shipped for v's game laid over them (eval/weights/NAME.ini,
// embedded), if there is one and it names only pieces v has.
func BuiltinWeights(v *movegen.Variant) Weights {
	w := DefaultWeights(v)
	data, err := builtinWeights.ReadFile("weights/" + v.Name + ".ini")
	if err != nil {
		return w
	}
	f, err := ParseWeights(strings.NewReader(string(data)))
	if err != nil {
		return w
	}
	fitted := w.Clone()
	if ok, err := f.Apply(v, &fitted); !ok || err != nil {
		// A user's variant with a built-in game's name but other pieces
		// keeps the defaults.
		return w
	}
	return fitted
}

// builtinWeights holds the fitted weights shipped with Kirin, one file per
// game (read-only).
//
//go:embed weights
var builtinWeights embed.FS

// Clone returns a copy of w that shares nothing with it.
func (w Weights) Clone() Weights {
	w.Material = append([]int(nil), w.Material...)
	if w.Square != nil {
		w.Square = append([]int(nil), w.Square...)
	}
	if w.King != nil {
		w.King = append([]int(nil), w.King...)
	}
	return w
}

// WithKing returns a copy of w with a King table for v: w's own, or one
// of zeros.
func (w Weights) WithKing(v *movegen.Variant) Weights {
	w = w.Clone()
	if len(w.King) != KingCount(v) {
		w.King = make([]int, KingCount(v))
	}
	return w
}

// WithSquares returns a copy of w with a Square table for v: w's own, or
// one of zeros.
func (w Weights) WithSquares(v *movegen.Variant) Weights {
	w = w.Clone()
	if len(w.Square) != SquareCount(v) {
		w.Square = make([]int, SquareCount(v))
	}
	return w
}

// Names returns the names of w's weights for v in vector order (Vector):
// WeightNames, then the Square table's keys when w has one, then the King
// table's.
func (w *Weights) Names(v *movegen.Variant) []string {
	names := WeightNames(v)
	for i := range w.Square {
		names = append(names, SquareName(v, i))
	}
	for i := range w.King {
		names = append(names, KingName(v, i))
	}
	return names
}

// WeightNames returns the names of v's weights in vector order (Vector),
// without a Square table: the scalars, then value.ID for each piece type.
func WeightNames(v *movegen.Variant) []string {
	var w Weights
	var names []string
	for _, n := range scalarWeights(&w) {
		names = append(names, n.name)
	}
	for t := 1; t < len(v.Pieces); t++ {
		names = append(names, valuePrefix+v.Pieces[t].ID)
	}
	return names
}

// Vector returns the weights as numbers in Names order.
func (w *Weights) Vector() []float64 {
	var out []float64
	for _, n := range scalarWeights(w) {
		out = append(out, float64(*n.val))
	}
	for _, m := range w.Material[1:] {
		out = append(out, float64(m))
	}
	for _, s := range w.Square {
		out = append(out, float64(s))
	}
	for _, k := range w.King {
		out = append(out, float64(k))
	}
	return out
}

// SetVector sets the weights from numbers in Names order, rounded to the
// nearest integer and kept inside the bounds a weights file allows (a fit
// that runs past one stops there). x must have one number per weight. The
// Square and King tables keep their lengths (none when w has none), and
// Material gets the rest: one entry per piece type (and the unused 0).
func (w *Weights) SetVector(x []float64) {
	sc := scalarWeights(w)
	for i, n := range sc {
		*n.val = bounded(x[i], n.name)
	}
	if want := len(x) - len(sc) - len(w.Square) - len(w.King) + 1; len(w.Material) != want {
		w.Material = make([]int, want)
	}
	for t := 1; t < len(w.Material); t++ {
		w.Material[t] = bounded(x[len(sc)+t-1], "")
	}
	base := len(sc) + len(w.Material) - 1
	for i := range w.Square {
		w.Square[i] = bounded(x[base+i], "")
	}
	base += len(w.Square)
	for i := range w.King {
		w.King[i] = bounded(x[base+i], "")
	}
}

// bounded rounds x to the nearest integer inside the bounds of the weight
// named name (weightBounds; "" for a table entry or a piece's value). NaN
// gives 0.
func bounded(x float64, name string) int {
	if math.IsNaN(x) {
		return 0
	}
	lo, hi := weightBounds(name)
	return int(max(float64(lo), min(math.Round(x), float64(hi))))
}

// WeightsFile is a parsed weights file: for each game's section, its keys
// and values in file order.
type WeightsFile struct {
	// Games lists the sections in file order.
	Games []WeightsSection
}

// WeightsSection is one game's weights as a file gives them.
type WeightsSection struct {
	// Game is the section's name, a variant name.
	Game string
	// Line is the section header's line number.
	Line int
	// Keys and Values are the section's settings in order; Lines their
	// line numbers.
	Keys   []string
	Values []int
	Lines  []int
}

// ParseWeights reads a weights file: sections [GAME] holding NAME = INTEGER
// lines (the names of WeightNames), # comments and blank lines. It reports
// the first malformed line.
func ParseWeights(r io.Reader) (*WeightsFile, error) {
	f := &WeightsFile{}
	sc := bufio.NewScanner(r)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = strings.TrimSpace(line[:i])
		}
		if line == "" {
			continue
		}
		if strings.HasPrefix(line, "[") {
			name := strings.TrimSpace(strings.TrimSuffix(line[1:], "]"))
			if !strings.HasSuffix(line, "]") || name == "" || strings.ContainsAny(name, " \t\"[]=") {
				return nil, fmt.Errorf("line %d: bad section header %q (want [GAME])", n, line)
			}
			f.Games = append(f.Games, WeightsSection{Game: name, Line: n})
			continue
		}
		if len(f.Games) == 0 {
			return nil, fmt.Errorf("line %d: %q comes before any [game] section", n, line)
		}
		k, val, ok := strings.Cut(line, "=")
		if !ok {
			return nil, fmt.Errorf("line %d: want NAME = INTEGER, got %q", n, line)
		}
		k, val = strings.TrimSpace(k), strings.TrimSpace(val)
		x, err := strconv.Atoi(val)
		if err != nil || k == "" {
			return nil, fmt.Errorf("line %d: want NAME = INTEGER, got %q", n, line)
		}
		s := &f.Games[len(f.Games)-1]
		s.Keys = append(s.Keys, k)
		s.Values = append(s.Values, x)
		s.Lines = append(s.Lines, n)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return f, nil
}

// ReadWeightsFile opens and parses a weights file; its errors name the
// file.
func ReadWeightsFile(path string) (*WeightsFile, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	wf, err := ParseWeights(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return wf, nil
}

// Apply lays the file's section for v's game over w. It reports whether
// the file has such a section, and an error (leaving w unchanged) for a
// name that is no weight of v, a piece v lacks, a key given twice, or a
// weight outside its bounds (weightBounds).
func (f *WeightsFile) Apply(v *movegen.Variant, w *Weights) (bool, error) {
	for _, s := range f.Games {
		if !strings.EqualFold(s.Game, v.Name) {
			continue
		}
		out := w.Clone()
		scalars := map[string]*int{}
		for _, n := range scalarWeights(&out) {
			scalars[n.name] = n.val
		}
		seen := map[string]bool{}
		for i, k := range s.Keys {
			if seen[k] {
				return true, fmt.Errorf("line %d: %s given twice", s.Lines[i], k)
			}
			seen[k] = true
			x := s.Values[i]
			switch k {
			case marginKey:
				if x < marginMin || x > marginMax {
					return true, fmt.Errorf("line %d: %s must be from %d to %d (percent), got %d", s.Lines[i], k, marginMin, marginMax, x)
				}
				out.Margin = x
				continue
			case lmpWorseKey:
				if x < lmpWorseMin || x > lmpWorseMax {
					return true, fmt.Errorf("line %d: %s must be from %d to %d (percent), got %d", s.Lines[i], k, lmpWorseMin, lmpWorseMax, x)
				}
				out.LMPWorse = x
				continue
			case lmpFactorKey:
				if x < lmpFactorMin || x > lmpFactorMax {
					return true, fmt.Errorf("line %d: %s must be from %d to %d, got %d", s.Lines[i], k, lmpFactorMin, lmpFactorMax, x)
				}
				out.LMPFactor = x
				continue
			case threatExtKey:
				if x < 0 || x > threatExtMax {
					return true, fmt.Errorf("line %d: %s must be from 0 (off) to %d, got %d", s.Lines[i], k, threatExtMax, x)
				}
				out.ThreatExt = x
				continue
			case cutoffCntKey:
				if x < 0 || x > cutoffCntMax {
					return true, fmt.Errorf("line %d: %s must be from 0 (off) to %d, got %d", s.Lines[i], k, cutoffCntMax, x)
				}
				out.CutoffCnt = x
				continue
			case rootLMRKey, lateBadKey, checkLMRKey, contPruneKey, rfpThreatKey, qSEEKey:
				if x != 0 && x != 1 {
					return true, fmt.Errorf("line %d: %s must be 0 (off) or 1 (on), got %d", s.Lines[i], k, x)
				}
				switch k {
				case rootLMRKey:
					out.NoRootLMR = x == 0
				case lateBadKey:
					out.NoLateBad = x == 0
				case contPruneKey:
					out.NoContPrune = x == 0
				case rfpThreatKey:
					out.RFPThreat = x == 1
				case qSEEKey:
					out.QSEE = x == 1
				default:
					out.ReduceChecks = x == 1
				}
				continue
			}
			dst := out.slot(v, scalars, k)
			if dst == nil {
				return true, fmt.Errorf("line %d: %q is no weight of %s (%s, %s, %sID for a piece, %sID.rR.fF for a piece on a square, or %sID.own.fF.rR and %sID.foe.fF.rR for a piece beside a royal)", s.Lines[i], k, v.Name,
					strings.Join(WeightNames(v)[:len(scalars)], ", "), marginKey+", "+lmpWorseKey+", "+lmpFactorKey+", "+rootLMRKey+", "+lateBadKey+", "+checkLMRKey+", "+contPruneKey+", "+rfpThreatKey+", "+qSEEKey+", "+threatExtKey+", "+cutoffCntKey, valuePrefix, squarePrefix, kingPrefix, kingPrefix)
			}
			if lo, hi := weightBounds(k); x < lo || x > hi {
				return true, fmt.Errorf("line %d: %s must be from %d to %d, got %d", s.Lines[i], k, lo, hi, x)
			}
			*dst = x
		}
		*w = out
		return true, nil
	}
	return false, nil
}

// slot returns where the weight named key (a scalar, whose pointers into
// w are scalars, a table entry or a piece's value) lives in w, making the
// Square or King table when the key is its first entry; nil when key names
// no weight of v.
func (w *Weights) slot(v *movegen.Variant, scalars map[string]*int, key string) *int {
	if p, ok := scalars[key]; ok {
		return p
	}
	if j, ok := parseSquareName(v, key); ok {
		if len(w.Square) != SquareCount(v) {
			w.Square = make([]int, SquareCount(v))
		}
		return &w.Square[j]
	}
	if j, ok := parseKingName(v, key); ok {
		if len(w.King) != KingCount(v) {
			w.King = make([]int, KingCount(v))
		}
		return &w.King[j]
	}
	if id, ok := strings.CutPrefix(key, valuePrefix); ok {
		if t := pieceTypeByID(v, id); t != 0 {
			return &w.Material[t]
		}
	}
	return nil
}

// pieceTypeByID returns the type of v whose ID is id, or 0.
func pieceTypeByID(v *movegen.Variant, id string) movegen.PieceType {
	for t := 1; t < len(v.Pieces); t++ {
		if v.Pieces[t].ID == id {
			return movegen.PieceType(t)
		}
	}
	return 0
}

// Write writes w as the [GAME] section of a weights file for v, every
// weight on its own line, preceded by the comment lines given.
func (w *Weights) Write(out io.Writer, v *movegen.Variant, comments ...string) error {
	bw := bufio.NewWriter(out)
	for _, c := range comments {
		fmt.Fprintf(bw, "# %s\n", c)
	}
	fmt.Fprintf(bw, "[%s]\n", v.Name)
	x := w.Vector()
	names := w.Names(v)
	nonSquare := len(WeightNames(v))
	width := 0
	for _, n := range names {
		width = max(width, len(n))
	}
	for i, n := range names {
		// Table entries of 0 are what a missing key means: left out.
		if i < nonSquare || x[i] != 0 {
			fmt.Fprintf(bw, "%-*s = %d\n", width, n, int(x[i]))
		}
	}
	if w.Margin != 0 && w.Margin != 100 {
		fmt.Fprintf(bw, "%-*s = %d\n", width, marginKey, w.Margin)
	}
	if w.LMPWorse != 0 && w.LMPWorse != defaultLMPWorse {
		fmt.Fprintf(bw, "%-*s = %d\n", width, lmpWorseKey, w.LMPWorse)
	}
	if w.LMPFactor != 0 {
		fmt.Fprintf(bw, "%-*s = %d\n", width, lmpFactorKey, w.LMPFactor)
	}
	if w.NoRootLMR {
		fmt.Fprintf(bw, "%-*s = 0\n", width, rootLMRKey)
	}
	if w.NoLateBad {
		fmt.Fprintf(bw, "%-*s = 0\n", width, lateBadKey)
	}
	if w.ReduceChecks {
		fmt.Fprintf(bw, "%-*s = 1\n", width, checkLMRKey)
	}
	if w.NoContPrune {
		fmt.Fprintf(bw, "%-*s = 0\n", width, contPruneKey)
	}
	if w.RFPThreat {
		fmt.Fprintf(bw, "%-*s = 1\n", width, rfpThreatKey)
	}
	if w.QSEE {
		fmt.Fprintf(bw, "%-*s = 1\n", width, qSEEKey)
	}
	if w.ThreatExt != 0 {
		fmt.Fprintf(bw, "%-*s = %d\n", width, threatExtKey, w.ThreatExt)
	}
	if w.CutoffCnt != 0 {
		fmt.Fprintf(bw, "%-*s = %d\n", width, cutoffCntKey, w.CutoffCnt)
	}
	return bw.Flush()
}

// LoadWeights returns v's weights from a weights file laid over
// BuiltinWeights, and whether the file has a section for v's game.
func LoadWeights(v *movegen.Variant, f *WeightsFile) (Weights, bool, error) {
	w := BuiltinWeights(v)
	ok, err := f.Apply(v, &w)
	return w, ok, err
}

// ApplyList lays a list of weights over w for game v: NAME=INTEGER
// settings separated by commas, the names and bounds of a weights file's
// lines (margin, lmpworse and the other search settings included); "",
// "none" or "default" change nothing. It is how the EvalWeights engine
// option (and kirin match spsa through it) sets weights without a file.
// Errors name the setting by its place in the list (item 1 is the first).
func ApplyList(v *movegen.Variant, w Weights, list string) (Weights, error) {
	list = strings.TrimSpace(list)
	if list == "" || list == "none" || list == "default" {
		return w, nil
	}
	s := WeightsSection{Game: v.Name}
	for i, item := range strings.Split(list, ",") {
		k, val, ok := strings.Cut(item, "=")
		x, err := strconv.Atoi(strings.TrimSpace(val))
		if !ok || err != nil || strings.TrimSpace(k) == "" {
			return w, fmt.Errorf("item %d: want NAME=INTEGER, got %q", i+1, item)
		}
		s.Keys = append(s.Keys, strings.TrimSpace(k))
		s.Values = append(s.Values, x)
		s.Lines = append(s.Lines, i+1)
	}
	out := w.Clone()
	if _, err := (&WeightsFile{Games: []WeightsSection{s}}).Apply(v, &out); err != nil {
		// Apply counts file lines; here line n is the list's n-th item.
		return w, errors.New("item " + strings.TrimPrefix(err.Error(), "line "))
	}
	return out, nil
}

package eval

import (
	"bytes"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/kirin-shogi/kirin/movegen"
)

// TestDefaultWeightsReproduceHandSet: the evaluator built from
// DefaultWeights scores exactly as the hand-set formulas (the scales in
// the constants); the term tests check those formulas, and this pins that
// the weights are the same numbers, on random positions of every game.
func TestDefaultWeightsReproduceHandSet(t *testing.T) {
	for _, v := range movegen.Builtin() {
		w := DefaultWeights(v)
		e := NewWith(v, w)
		if e.w.Guard != guardBonus || e.w.Hand*handDen != WeightUnit*(handNum-handDen) || e.tempo != tempo {
			t.Errorf("%s: default weights %+v do not match the constants", v.Name, w)
		}
		for _, pos := range randomPositions(t, v, 2, 60) {
			for _, s := range pos.Pieces(pos.SideToMove()) {
				p := pos.At(s)
				info := &v.Pieces[p.Type()]
				if info.Royal {
					continue
				}
				bs := s
				if p.Color() == movegen.White {
					bs = rotate(v, s)
				}
				st := newTypeStats(v, p.Type())
				want := int32(info.Value + st.placementD(bs) + promotionD(v, p.Type(), bs))
				if got := e.psq[int(p)*movegen.NumCells+int(s)].score; got != want {
					t.Fatalf("%s %s on %v: table %d, formulas %d", v.Name, info.Name, s, got, want)
				}
			}
		}
	}
}

// TestWeightsFileRoundTrip: Write's section, parsed and applied, gives the
// weights back, in every game, with and without a piece-square table.
func TestWeightsFileRoundTrip(t *testing.T) {
	for _, v := range movegen.Builtin() {
		roundTrip(t, v, DefaultWeights(v))
		if v.Name != "tai" {
			roundTrip(t, v, DefaultWeights(v).WithSquares(v))
			roundTrip(t, v, DefaultWeights(v).WithKing(v))
			roundTrip(t, v, DefaultWeights(v).WithSquares(v).WithKing(v))
		}
	}
}

// roundTrip is TestWeightsFileRoundTrip for one game and weights of w's
// shape.
func roundTrip(t *testing.T, v *movegen.Variant, w Weights) {
	x := w.Vector()
	for i := range x {
		x[i] += float64(i%7) - 3
	}
	w.SetVector(x)
	x = w.Vector() // SetVector keeps danger at 0 or above
	var b bytes.Buffer
	if err := w.Write(&b, v, "a comment"); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	f, err := ParseWeights(&b)
	if err != nil {
		t.Fatalf("%s: %v\n%s", v.Name, err, text)
	}
	got := DefaultWeights(v)
	if ok, err := f.Apply(v, &got); !ok || err != nil {
		t.Fatalf("%s: apply: %v %v", v.Name, ok, err)
	}
	if !slices.Equal(got.Vector(), x) {
		t.Errorf("%s: round trip %v, want %v", v.Name, got.Vector(), x)
	}
	if w.Square != nil && !strings.Contains(text, "\nsq.") {
		t.Errorf("%s: no square weights written:\n%s", v.Name, text)
	}
	if w.King != nil && !strings.Contains(text, "\nkp.") {
		t.Errorf("%s: no king-relative weights written:\n%s", v.Name, text)
	}
}

// TestSetVectorBounds: SetVector keeps every weight inside the bounds a
// weights file allows, so what a fit writes always loads.
func TestSetVectorBounds(t *testing.T) {
	v := variant(t, "shogi")
	w := DefaultWeights(v).WithSquares(v)
	x := w.Vector()
	names := w.Names(v)
	for i := range x {
		x[i] = 1e12
		if i%2 == 1 {
			x[i] = -1e12
		}
	}
	w.SetVector(x)
	var b bytes.Buffer
	if err := w.Write(&b, v); err != nil {
		t.Fatal(err)
	}
	f, err := ParseWeights(&b)
	if err != nil {
		t.Fatal(err)
	}
	got := DefaultWeights(v)
	if ok, err := f.Apply(v, &got); !ok || err != nil {
		t.Fatalf("the bounded weights do not load: %v %v", ok, err)
	}
	for i, y := range w.Vector() {
		want := float64(weightMax)
		switch {
		case names[i] == dangerKey && i%2 == 1:
			want = 0
		case names[i] == dangerKey:
			want = dangerMax
		case i%2 == 1:
			want = -weightMax
		}
		if y != want {
			t.Errorf("%s = %v, want %v", names[i], y, want)
		}
	}
}

// TestSquareNames: every Square entry's file key reads back as its index;
// the keys name the piece, its rank from home and its file from the
// nearer edge, both wings sharing one entry; keys off the board or of
// unknown pieces are refused.
func TestSquareNames(t *testing.T) {
	for _, name := range []string{"shogi", "heian", "chu"} {
		v := variant(t, name)
		seen := map[string]bool{}
		for i := range SquareCount(v) {
			k := SquareName(v, i)
			if j, ok := parseSquareName(v, k); !ok || j != i || seen[k] {
				t.Fatalf("%s: entry %d named %q reads back as %d %v (seen %v)", name, i, k, j, ok, seen[k])
			}
			seen[k] = true
		}
		// The home rank's corners are rank 1, file 1 for both wings, and
		// the same square seen by White (rotated) is the same entry.
		pawn := pieceTypeByID(v, "P")
		left, right := movegen.MakeSquare(v.Ranks-1, 0), movegen.MakeSquare(v.Ranks-1, v.Files-1)
		if a, b := SquareIndex(v, pawn, left), SquareIndex(v, pawn, right); a != b || SquareName(v, a) != "sq.P.r1.f1" {
			t.Errorf("%s: home corners %d %d (%s)", name, a, b, SquareName(v, a))
		}
		if a, b := SquareIndex(v, pawn, movegen.MakeSquare(v.Ranks-3, 1)), SquareIndex(v, pawn, rotate(v, movegen.MakeSquare(2, 1))); a != b || SquareName(v, a) != "sq.P.r3.f2" {
			t.Errorf("%s: rank 3 file 2: %d %d (%s)", name, a, b, SquareName(v, a))
		}
	}
	v := variant(t, "shogi")
	for _, k := range []string{"sq.P.r0.f1", "sq.P.r10.f1", "sq.P.r3.f6", "sq.Q.r3.f1", "sq.P.r3", "sq.P.r3.f1x", "sq.P.3.1", "sq..r1.f1"} {
		if _, ok := parseSquareName(v, k); ok {
			t.Errorf("%q read as a square weight", k)
		}
	}
	f, err := ParseWeights(strings.NewReader("[shogi]\nsq.+R.r9.f5 = 30\nsq.P.r0.f1 = 3\n"))
	if err != nil {
		t.Fatal(err)
	}
	w := DefaultWeights(v)
	if ok, err := f.Apply(v, &w); !ok || err == nil || !strings.Contains(err.Error(), `line 3: "sq.P.r0.f1" is no weight of shogi`) || w.Square != nil {
		t.Errorf("bad square key: %v %v, square table %v", ok, err, w.Square != nil)
	}
}

// TestKingNames: every King entry's file key reads back as its index; the
// keys name the piece, the royal, the files apart and the ranks ahead;
// keys out of range or of unknown pieces are refused.
func TestKingNames(t *testing.T) {
	for _, name := range []string{"shogi", "chu", "tai"} {
		v := variant(t, name)
		seen := map[string]bool{}
		for i := range KingCount(v) {
			k := KingName(v, i)
			if j, ok := parseKingName(v, k); !ok || j != i || seen[k] {
				t.Fatalf("%s: entry %d named %q reads back as %d %v (seen %v)", name, i, k, j, ok, seen[k])
			}
			seen[k] = true
		}
	}
	v := variant(t, "shogi")
	gold := pieceTypeByID(v, "G")
	if k := KingName(v, KingIndex(gold, KingFoe, 1, -2)); k != "kp.G.foe.f1.r-2" {
		t.Errorf("gold beside the enemy king, a file apart and two ranks behind: %q", k)
	}
	for _, k := range []string{"kp.G.own.f5.r0", "kp.G.own.f0.r5", "kp.G.own.f0.r-5", "kp.G.mine.f0.r0", "kp.Q.own.f0.r0",
		"kp.G.own.f0", "kp.G.own.f0.r+1", "kp..own.f0.r0", "kp.G.own.f0.r1x"} {
		if _, ok := parseKingName(v, k); ok {
			t.Errorf("%q read as a king-relative weight", k)
		}
	}
}

// TestKingTerm: the king-relative table scores a hand-made position as
// its definition says, for either side to move: each side's non-royal
// pieces take their entries beside their own and the enemy's king, the
// distances clamped, the ranks counted forward from the piece's side.
func TestKingTerm(t *testing.T) {
	v := variant(t, "shogi")
	// Black: king 5i, gold 4h, pawn 5c. White: king 5a, silver 1a.
	pos := position(t, v, "4k3s/9/4P4/9/9/9/9/5G3/4K4 b - 1")
	w := DefaultWeights(v).WithKing(v)
	g, p, sl := pieceTypeByID(v, "G"), pieceTypeByID(v, "P"), pieceTypeByID(v, "S")
	set := func(t movegen.PieceType, rel, f, r, x int) { w.King[KingIndex(t, rel, f, r)] = x }
	set(g, KingOwn, 1, 1, 7)      // the gold a file from its king, a rank ahead
	set(g, KingFoe, 1, -4, 100)   // and seven ranks behind the enemy king (clamped)
	set(p, KingOwn, 0, 4, 11)     // the pawn six ranks ahead of its king (clamped)
	set(p, KingFoe, 0, -2, 1000)  // and two ranks short of the enemy king
	set(sl, KingOwn, 4, 0, 10000) // White's silver four files from its king
	set(sl, KingFoe, 4, -4, 30)   // and four files, eight ranks back (clamped), from Black's
	// Entries the position must not read.
	set(g, KingOwn, 1, -1, 1<<20)
	set(p, KingFoe, 0, 2, 1<<20)
	e := NewWith(v, w)
	want := 7 + 100 + 11 + 1000 - 10000 - 30
	if got := e.kingTerm(pos, movegen.Black); got != want {
		t.Errorf("Black to move: %d, want %d", got, want)
	}
	if got := e.kingTerm(pos, movegen.White); got != -want {
		t.Errorf("White to move: %d, want %d", got, -want)
	}
	// The term is part of Evaluate.
	if d := e.Evaluate(pos) - NewWith(v, DefaultWeights(v)).Evaluate(pos); d != want {
		t.Errorf("Evaluate moved by %d, want %d", d, want)
	}
}

// TestWeightsFileErrors: every malformed line or unknown name is an error
// that names the line, and a failed Apply leaves the weights unchanged.
func TestWeightsFileErrors(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"tempo = 3\n", "line 1: \"tempo = 3\" comes before any [game] section"},
		{"[shogi\ntempo = 3\n", "line 1: bad section header"},
		{"[shogi]\ntempo 3\n", "line 2: want NAME = INTEGER"},
		{"[shogi]\ntempo = 3.5\n", "line 2: want NAME = INTEGER"},
		{"[shogi]\n = 3\n", "line 2: want NAME = INTEGER"},
	} {
		if _, err := ParseWeights(strings.NewReader(c.text)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.text, err, c.want)
		}
	}
	v := variant(t, "shogi")
	for _, c := range []struct{ text, want string }{
		{"[shogi]\ntempo = 3\nvalue.Q = 900\n", "line 3: \"value.Q\" is no weight of shogi"},
		{"[shogi]\nspeed = 3\n", "line 2: \"speed\" is no weight of shogi"},
		{"[shogi]\ntempo = 3\ntempo = 4\n", "line 3: tempo given twice"},
		{"[shogi]\nmargin = 5\n", "line 2: margin must be from 10 to 2000 (percent), got 5"},
		{"[shogi]\nmargin = 2001\n", "line 2: margin must be from 10 to 2000"},
		{"[shogi]\nlmpworse = 24\n", "line 2: lmpworse must be from 25 to 100 (percent), got 24"},
		{"[shogi]\nlmpworse = 101\n", "line 2: lmpworse must be from 25 to 100"},
		{"[shogi]\nlmpfactor = 0\n", "line 2: lmpfactor must be from 1 to 16, got 0"},
		{"[shogi]\nlmpfactor = 17\n", "line 2: lmpfactor must be from 1 to 16, got 17"},
		{"[shogi]\nrootlmr = 2\n", "line 2: rootlmr must be 0 (off) or 1 (on), got 2"},
		{"[shogi]\nthreatext = -1\n", "line 2: threatext must be from 0 (off) to 100000, got -1"},
		{"[shogi]\nthreatext = 100001\n", "line 2: threatext must be from 0 (off) to 100000, got 100001"},
		{"[shogi]\nspeed = 3\n", "rfpthreat, qsee, threatext, cutoffcnt,"},
		{"[shogi]\ncutoffcnt = -1\n", "line 2: cutoffcnt must be from 0 (off) to 100, got -1"},
		{"[shogi]\ncutoffcnt = 101\n", "line 2: cutoffcnt must be from 0 (off) to 100, got 101"},
		{"[shogi]\ntempo = 100001\n", "line 2: tempo must be from -100000 to 100000, got 100001"},
		{"[shogi]\nvalue.R = -100001\n", "line 2: value.R must be from -100000 to 100000, got -100001"},
		{"[shogi]\nsq.P.r3.f1 = 200000\n", "line 2: sq.P.r3.f1 must be from -100000 to 100000"},
		{"[shogi]\ndanger = -1\n", "line 2: danger must be from 0 to 4096, got -1"},
		{"[shogi]\nspeed = 1000000\n", "line 2: \"speed\" is no weight of shogi"},
		{"[shogi]\nkp.G.own.f1.r0 = -100001\n", "line 2: kp.G.own.f1.r0 must be from -100000 to 100000"},
		{"[shogi]\ndanger = 1000000000000000\n", "line 2: danger must be from 0 to 4096"},
	} {
		f, err := ParseWeights(strings.NewReader(c.text))
		if err != nil {
			t.Fatal(err)
		}
		w := DefaultWeights(v)
		before := w.Vector()
		if ok, err := f.Apply(v, &w); !ok || err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v %v, want %q", c.text, ok, err, c.want)
		}
		if !slices.Equal(w.Vector(), before) {
			t.Errorf("%q: a failed Apply changed the weights", c.text)
		}
	}
	f, err := ParseWeights(strings.NewReader("# only chu\n[chu]\ntempo = 7\n"))
	if err != nil {
		t.Fatal(err)
	}
	w := DefaultWeights(v)
	if ok, err := f.Apply(v, &w); ok || err != nil || w.Tempo != tempo {
		t.Errorf("a file without a shogi section: %v %v, tempo %d", ok, err, w.Tempo)
	}
}

// TestWeightsSearchSettings: the margin, lmpworse, lmpfactor, threatext
// and cutoffcnt keys set Weights.Margin, Weights.LMPWorse,
// Weights.LMPFactor, Weights.ThreatExt and Weights.CutoffCnt, which the
// evaluator reports to the search as MarginScale, LMPWorse, LMPFactor,
// ThreatExtension and CutoffCount (100, 50, 0, 0 and 0, the search's own,
// when unset), and Write keeps them. Tai ships lmpworse = 100 (docs/matches.md, "Eleventh
// session") and margin = 300 ("Forty-eighth session"), beside an
// evaluation weight, forward = 16, half the hand-set pull ("Forty-ninth
// session").
func TestWeightsSearchSettings(t *testing.T) {
	v := variant(t, "chu")
	for _, c := range []struct {
		key      string
		def, set int
		field    func(*Weights) int
		reported func(*Evaluator) int
	}{
		{"margin", 100, 250, func(w *Weights) int { return w.Margin }, (*Evaluator).MarginScale},
		{"lmpworse", 50, 75, func(w *Weights) int { return w.LMPWorse }, (*Evaluator).LMPWorse},
		{"lmpfactor", 0, 1, func(w *Weights) int { return w.LMPFactor }, (*Evaluator).LMPFactor},
		{"threatext", 0, 300, func(w *Weights) int { return w.ThreatExt }, (*Evaluator).ThreatExtension},
		{"cutoffcnt", 0, 3, func(w *Weights) int { return w.CutoffCnt }, (*Evaluator).CutoffCount},
	} {
		if got := c.reported(New(v)); got != c.def {
			t.Errorf("chu without %s: %d, want %d", c.key, got, c.def)
		}
		if got := c.reported(NewWith(v, Weights{})); got != c.def {
			t.Errorf("zero Weights: %s %d, want %d", c.key, got, c.def)
		}
		f, err := ParseWeights(strings.NewReader(fmt.Sprintf("[chu]\n%s = %d\n", c.key, c.set)))
		if err != nil {
			t.Fatal(err)
		}
		w, ok, err := LoadWeights(v, f)
		if !ok || err != nil || c.field(&w) != c.set {
			t.Fatalf("LoadWeights: %v %v, %s %d", ok, err, c.key, c.field(&w))
		}
		if got := c.reported(NewWith(v, w)); got != c.set {
			t.Errorf("%s reported %d, want %d", c.key, got, c.set)
		}
		var b bytes.Buffer
		if err := w.Write(&b, v); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), "\n"+c.key+" ") {
			t.Errorf("Write left %s out:\n%s", c.key, b.String())
		}
		f, err = ParseWeights(&b)
		if err != nil {
			t.Fatal(err)
		}
		back := DefaultWeights(v)
		if _, err := f.Apply(v, &back); err != nil || c.field(&back) != c.set {
			t.Errorf("round trip: %v, %s %d", err, c.key, c.field(&back))
		}
	}
	tv := variant(t, "tai")
	tai := New(tv)
	if got := tai.LMPWorse(); got != 100 {
		t.Errorf("tai: LMPWorse %d, want 100 (eval/weights/tai.ini)", got)
	}
	if got := tai.MarginScale(); got != 300 {
		t.Errorf("tai: MarginScale %d, want 300 (eval/weights/tai.ini)", got)
	}
	if got := BuiltinWeights(tv).Forward; got != 16 {
		t.Errorf("tai: forward %d, want 16 (eval/weights/tai.ini)", got)
	}
	// Heian dai alone ships the threat extension (docs/matches.md,
	// "Eighty-fourth session"); reiwa dai's lost at the clock and was
	// taken out ("Eighty-fifth session").
	ships := map[string]int{"heiandai": 150}
	// Heian alone ships cutoffcnt ("Eighty-fifth session").
	cuts := map[string]int{"heian": 3}
	for _, v := range movegen.Builtin() {
		want := ships[v.Name]
		if got := New(v).ThreatExtension(); got != want {
			t.Errorf("%s: ThreatExtension %d, want %d (eval/weights/%s.ini)", v.Name, got, want, v.Name)
		}
		if got, want := New(v).CutoffCount(), cuts[v.Name]; got != want {
			t.Errorf("%s: CutoffCount %d, want %d (eval/weights/%s.ini)", v.Name, got, want, v.Name)
		}
	}
}

// TestWeightsRootLMR: rootlmr = 0 turns the root's late-move reductions
// off (Weights.NoRootLMR, reported as RootReductions false), 1 and no key
// leave them on, and Write keeps an off. Heian ships them off
// (eval/weights/heian.ini); shogi keeps them.
func TestWeightsRootLMR(t *testing.T) {
	v := variant(t, "chu")
	if !New(v).RootReductions() || !NewWith(v, Weights{}).RootReductions() {
		t.Error("chu without rootlmr: root reductions off")
	}
	for _, c := range []struct {
		text string
		on   bool
	}{{"[chu]\nrootlmr = 0\n", false}, {"[chu]\nrootlmr = 1\n", true}} {
		w := loadText(t, v, c.text)
		if got := NewWith(v, w).RootReductions(); got != c.on {
			t.Errorf("%q: RootReductions %v, want %v", c.text, got, c.on)
		}
		back, text := writeRead(t, v, w)
		if got := strings.Contains(text, "\nrootlmr "); got == c.on {
			t.Errorf("%q: Write wrote rootlmr %v:\n%s", c.text, got, text)
		}
		if back.NoRootLMR == c.on {
			t.Errorf("%q: round trip NoRootLMR %v", c.text, back.NoRootLMR)
		}
	}
	if New(variant(t, "heian")).RootReductions() {
		t.Error("heian: root reductions on, want off (eval/weights/heian.ini)")
	}
	if !New(variant(t, "shogi")).RootReductions() {
		t.Error("shogi: root reductions off")
	}
}

// TestWeightsChangeEvaluate: a weight from a file reaches Evaluate (the
// tempo alone moves every score by its change), and New uses the shipped
// weights: BuiltinWeights equals DefaultWeights for a game without a file
// in eval/weights and differs for one with a file (in a term or in a
// setting of the search: a file may set only rfpthreat, say).
func TestWeightsChangeEvaluate(t *testing.T) {
	v := variant(t, "chu")
	w := DefaultWeights(v)
	w.Tempo += 33
	pos := position(t, v, v.StartSFEN)
	if d := NewWith(v, w).Evaluate(pos) - newHand(v).Evaluate(pos); d != 33 {
		t.Errorf("tempo +33 moved the score by %d", d)
	}
	entries, err := builtinWeights.ReadDir("weights")
	if err != nil {
		t.Fatal(err)
	}
	shipped := map[string]bool{}
	for _, e := range entries {
		if name, ok := strings.CutSuffix(e.Name(), ".ini"); ok {
			shipped[name] = true
		}
	}
	for _, v := range movegen.Builtin() {
		b, d := BuiltinWeights(v), DefaultWeights(v)
		same := slices.Equal(b.Vector(), d.Vector()) && b.Margin == d.Margin && b.LMPWorse == d.LMPWorse && b.NoRootLMR == d.NoRootLMR &&
			b.LMPFactor == d.LMPFactor && b.NoLateBad == d.NoLateBad && b.ReduceChecks == d.ReduceChecks &&
			b.NoContPrune == d.NoContPrune && b.RFPThreat == d.RFPThreat && b.QSEE == d.QSEE && b.ThreatExt == d.ThreatExt
		if same == shipped[v.Name] {
			t.Errorf("%s: shipped weights file %v, built-in weights equal to the defaults %v", v.Name, shipped[v.Name], same)
		}
	}
}

// TestBuiltinWeightsNeedTheirPieces: a user's variant that takes a
// built-in game's name but lacks the pieces of its shipped weights file
// keeps the hand-set weights instead of failing or mixing the two. (A
// file that names no piece, only scalar weights such as heian dai's
// chase, applies to any game of its name.)
func TestBuiltinWeightsNeedTheirPieces(t *testing.T) {
	entries, err := builtinWeights.ReadDir("weights")
	if err != nil {
		t.Fatal(err)
	}
	tried := 0
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".ini")
		if !ok {
			continue
		}
		data, err := builtinWeights.ReadFile("weights/" + e.Name())
		if err != nil {
			t.Fatal(err)
		}
		file, err := ParseWeights(strings.NewReader(string(data)))
		if err != nil {
			t.Fatal(err)
		}
		if !namesPieces(file) {
			continue
		}
		vs, err := movegen.ParseVariants("mini.ini", "["+name+"]\nboard = 5x5\nzone = 1\ncheck = true\nstart = rbsgk/4p/5/P4/KGSBR b - 1\n"+
			"piece = K king K royal\npiece = G gold WfF value=500\npiece = S silver FfW value=400 promote=G\n"+
			"piece = B bishop B value=600\npiece = R rook R value=700\npiece = P pawn fW value=100 promote=G\n")
		if err != nil {
			t.Fatal(err)
		}
		v := vs[0]
		if b, d := BuiltinWeights(v), DefaultWeights(v); !slices.Equal(b.Vector(), d.Vector()) {
			t.Errorf("a 5x5 game named %s got the shipped weights %v", name, b.Vector())
		}
		tried++
	}
	if tried == 0 {
		t.Error("no shipped weights file names a piece; the test checks nothing")
	}
}

// namesPieces reports whether a weights file sets a piece's value or a
// piece-square entry.
func namesPieces(f *WeightsFile) bool {
	for _, sec := range f.Games {
		for _, k := range sec.Keys {
			if strings.HasPrefix(k, "value.") || strings.HasPrefix(k, "sq.") {
				return true
			}
		}
	}
	return false
}

// TestWeightsMoveRules: latebad = 0 keeps the losing captures in the
// captures' order, checklmr = 1 reduces late quiet checks and contprune =
// 0 turns continuation pruning off and rfpthreat = 1 withholds reverse
// futility under a threat and qsee = 1 tests the quiescence search's
// captures by the exchange (search.MoveRuler); no key leaves the search's
// rules (late losing captures, unreduced checks, continuation pruning, the
// Params' reverse futility and quiescence test), Write keeps a change, a
// value other than 0 or 1 is refused, heian ships the first two changes
// and the last (eval/weights/heian.ini), tai the third and fourth, chu the
// fourth (eval/weights/tai.ini, chu.ini), while shogi keeps the rules.
func TestWeightsMoveRules(t *testing.T) {
	v := variant(t, "chu")
	if e := NewWith(v, Weights{}); !e.LateLosingCaptures() || e.ReducedChecks() || !e.ContinuationPruning() || e.ThreatRFP() || e.QuiescenceExchange() {
		t.Error("no keys: want late losing captures, unreduced checks, continuation pruning and the Params' reverse futility and quiescence test")
	}
	for _, c := range []struct {
		text                string
		late, reduced, cont bool
	}{
		{"[chu]\nlatebad = 0\n", false, false, true},
		{"[chu]\nlatebad = 1\n", true, false, true},
		{"[chu]\nchecklmr = 1\n", true, true, true},
		{"[chu]\nchecklmr = 0\nlatebad = 0\n", false, false, true},
		{"[chu]\ncontprune = 0\n", true, false, false},
		{"[chu]\ncontprune = 1\nchecklmr = 1\n", true, true, true},
		{"[chu]\nrfpthreat = 1\n", true, false, true},
		{"[chu]\nrfpthreat = 0\n", true, false, true},
		{"[chu]\nqsee = 1\n", true, false, true},
		{"[chu]\nqsee = 0\nlatebad = 0\n", false, false, true},
	} {
		w := loadText(t, v, c.text)
		e := NewWith(v, w)
		if e.LateLosingCaptures() != c.late || e.ReducedChecks() != c.reduced || e.ContinuationPruning() != c.cont {
			t.Errorf("%q: LateLosingCaptures %v, ReducedChecks %v, ContinuationPruning %v; want %v, %v, %v", c.text,
				e.LateLosingCaptures(), e.ReducedChecks(), e.ContinuationPruning(), c.late, c.reduced, c.cont)
		}
		// chu's own weights set rfpthreat = 1 (eval/weights/chu.ini),
		// which the file's key laid over them can only turn off.
		threat := !strings.Contains(c.text, "rfpthreat = 0")
		if e.ThreatRFP() != threat {
			t.Errorf("%q: ThreatRFP %v, want %v", c.text, e.ThreatRFP(), threat)
		}
		qsee := strings.Contains(c.text, "qsee = 1")
		if e.QuiescenceExchange() != qsee {
			t.Errorf("%q: QuiescenceExchange %v, want %v", c.text, e.QuiescenceExchange(), qsee)
		}
		if back, _ := writeRead(t, v, w); back.NoLateBad == c.late || back.ReduceChecks != c.reduced || back.NoContPrune == c.cont || back.RFPThreat != threat || back.QSEE != qsee {
			t.Errorf("%q: round trip NoLateBad %v, ReduceChecks %v, NoContPrune %v, RFPThreat %v, QSEE %v", c.text, back.NoLateBad, back.ReduceChecks, back.NoContPrune, back.RFPThreat, back.QSEE)
		}
	}
	for _, text := range []string{"[chu]\nlatebad = 2\n", "[chu]\nchecklmr = -1\n", "[chu]\ncontprune = 3\n", "[chu]\nrfpthreat = 2\n", "[chu]\nqsee = -1\n"} {
		f, err := ParseWeights(strings.NewReader(text))
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := LoadWeights(v, f); err == nil || !strings.Contains(err.Error(), "must be 0 (off) or 1 (on)") {
			t.Errorf("%q: error %v, want one saying 0 or 1", text, err)
		}
	}
	if e := New(variant(t, "heian")); e.LateLosingCaptures() || !e.ReducedChecks() || !e.QuiescenceExchange() {
		t.Error("heian: want the losing captures in order, reduced checks and the exchange's quiescence test (eval/weights/heian.ini)")
	}
	for _, name := range []string{"shogi", "okisaki", "chu", "dai", "heiandai", "reiwadai", "tai"} {
		if New(variant(t, name)).QuiescenceExchange() {
			t.Errorf("%s: want the game's own quiescence test", name)
		}
	}
	if e := New(variant(t, "shogi")); !e.LateLosingCaptures() || e.ReducedChecks() || !e.ContinuationPruning() {
		t.Error("shogi: want late losing captures, unreduced checks and continuation pruning")
	}
	if New(variant(t, "tai")).ContinuationPruning() {
		t.Error("tai: want no continuation pruning (eval/weights/tai.ini)")
	}
	for _, name := range []string{"tai", "chu", "heian", "shogi", "okisaki", "reiwadai", "heiandai"} {
		if !New(variant(t, name)).ThreatRFP() {
			t.Errorf("%s: want reverse futility withheld under a threat (eval/weights/%s.ini)", name, name)
		}
	}
	if New(variant(t, "dai")).ThreatRFP() {
		t.Error("dai: want no rule of its own on reverse futility under a threat (it has no weights file)")
	}
}

// loadText reads a weights file's text for variant v and fails the test
// unless it parses and has a section for v.
func loadText(t *testing.T, v *movegen.Variant, text string) Weights {
	t.Helper()
	f, err := ParseWeights(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	w, ok, err := LoadWeights(v, f)
	if !ok || err != nil {
		t.Fatalf("%q: %v %v", text, ok, err)
	}
	return w
}

// writeRead writes w for variant v and reads the text back over the
// default weights, failing the test on any error; it returns what was
// read and the text.
func writeRead(t *testing.T, v *movegen.Variant, w Weights) (Weights, string) {
	t.Helper()
	var b bytes.Buffer
	if err := w.Write(&b, v); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	f, err := ParseWeights(&b)
	if err != nil {
		t.Fatal(err)
	}
	back := DefaultWeights(v)
	if _, err := f.Apply(v, &back); err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	return back, text
}

// TestApplyList: a list sets the weights it names over the given ones,
// search settings and piece values included, and changes nothing when
// empty; a bad list leaves the weights as they were and names the item.
func TestApplyList(t *testing.T) {
	v, err := movegen.Lookup("shogi")
	if err != nil {
		t.Fatal(err)
	}
	base := BuiltinWeights(v)
	for _, empty := range []string{"", " default", "none"} {
		if w, err := ApplyList(v, base, empty); err != nil || !reflect.DeepEqual(w, base) {
			t.Errorf("ApplyList(%q): %v, weights changed: %v", empty, err, !reflect.DeepEqual(w, base))
		}
	}
	w, err := ApplyList(v, base, "tempo=77, margin=400,value.P=120")
	if err != nil {
		t.Fatal(err)
	}
	p := -1
	for i, info := range v.Pieces {
		if info.ID == "P" {
			p = i
		}
	}
	if w.Tempo != 77 || w.Margin != 400 || p < 0 || w.Material[p] != 120 || base.Tempo == 77 {
		t.Errorf("tempo %d, margin %d, pawn %v; want 77, 400, 120", w.Tempo, w.Margin, w.Material)
	}
	for _, c := range []struct{ list, want string }{
		{"tempo", `item 1: want NAME=INTEGER, got "tempo"`},
		{"tempo=1,,", `item 2: want NAME=INTEGER, got ""`},
		{"tempo=1,bogus=2", `item 2: "bogus" is no weight of shogi`},
		{"danger=5000", "item 1: danger must be from 0 to 4096, got 5000"},
	} {
		got, err := ApplyList(v, base, c.list)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) || !reflect.DeepEqual(got, base) {
			t.Errorf("ApplyList(%q): %v; want an error starting %q and the weights unchanged", c.list, err, c.want)
		}
	}
}

package movegen

import (
	"errors"
	"strings"
	"testing"
)

// optVariant returns a built-in variant with some options set.
func optVariant(t *testing.T, name string, settings ...string) *Variant {
	t.Helper()
	v, err := Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	if v, err = v.WithOptions(settings...); err != nil {
		t.Fatal(err)
	}
	return v
}

// optPos sets up sfen in a built-in variant with some options set.
func optPos(t *testing.T, name, sfen string, settings ...string) *Position {
	t.Helper()
	pos, err := NewPosition(optVariant(t, name, settings...), sfen)
	if err != nil {
		t.Fatal(err)
	}
	return pos
}

// movesFrom counts the legal moves of the piece on USI square s.
func movesFrom(t *testing.T, pos *Position, s string) int {
	t.Helper()
	sq, err := pos.v.ParseSquareUSI(s)
	if err != nil {
		t.Fatal(err)
	}
	var l MoveList
	pos.GenerateLegal(&l)
	n := 0
	for _, m := range l.Slice() {
		if m.From() == sq && !m.IsDrop() {
			n++
		}
	}
	return n
}

// taiOne is a Tai position with Black's piece id on 13m (the centre), the
// two princes in the corners, and extra placed on the rank of 13l (the
// square straight ahead of the piece) as an SFEN row, e.g. "12P12".
func taiOne(id, rowL, rowK string) string {
	rows := make([]string, 25)
	for i := range rows {
		rows[i] = "25"
	}
	rows[0] = "24[cp]"
	rows[24] = "[CP]24"
	rows[12] = "12[" + id + "]12"
	if rowL != "" {
		rows[11] = rowL
	}
	if rowK != "" {
		rows[10] = rowK
	}
	return strings.Join(rows, "/") + " b - 1"
}

// TestVariantOptionsAPI checks the option list, defaults, WithOptions and
// its errors, and that the fingerprint covers the chosen values.
func TestVariantOptionsAPI(t *testing.T) {
	tai := optVariant(t, "tai")
	var names []string
	for _, o := range tai.Options() {
		names = append(names, o.Name)
		if o.Value != o.Values[0] || !strings.HasPrefix(o.Line, "tai.ini:") {
			t.Errorf("option %s: value %q (default %q), line %q", o.Name, o.Value, o.Values[0], o.Line)
		}
	}
	want := "prince flyingdragon liondogpromo rushingbird liondog teachingking emperor emperorguard sparrow fierceeagle freedemon neighborking donkey peacock stalemate goblin"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("tai options %q, want %q", got, want)
	}
	if tai.Option("liondog") != "lion" || tai.Option("nosuch") != "" {
		t.Errorf("Option: liondog = %q, nosuch = %q", tai.Option("liondog"), tai.Option("nosuch"))
	}
	q3 := optVariant(t, "tai", "liondog=q3", "emperor=any")
	if q3.Option("liondog") != "q3" || q3.Option("emperor") != "any" || q3.Option("donkey") != "tsa" {
		t.Errorf("after WithOptions: %v", q3.Options())
	}
	if q3.ID == tai.ID || optVariant(t, "tai", "emperor=any").ID == tai.ID {
		t.Error("the fingerprint does not cover the option values (a data and a code option)")
	}
	back, err := q3.WithOptions("liondog=lion", "emperor=royal")
	if err != nil || back.ID != tai.ID || back.Canonical() != tai.Canonical() {
		t.Errorf("setting the defaults back gives id %x (want %x), %v", back.ID, tai.ID, err)
	}
	if same, _ := tai.WithOptions("donkey=tsa"); same != tai {
		t.Error("WithOptions with the values in force should return the variant itself")
	}
	// Setting one option keeps the others.
	both := optVariant(t, "tai", "liondog=q3")
	if both, err = both.WithOptions("liondogpromo=gold"); err != nil || both.Option("liondog") != "q3" {
		t.Fatalf("options do not accumulate: %v %v", both.Options(), err)
	}
	ld := both.Info(both.byID["LD"])
	if ld.Betza != "Q3" || both.Pieces[ld.PromotesTo].ID != "G" {
		t.Errorf("liondog=q3 with liondogpromo=gold: LD %s promotes to %s, want Q3 and G", ld.Betza, both.Pieces[ld.PromotesTo].ID)
	}
	errs := []struct {
		settings []string
		want     string
	}{
		{[]string{"nosuch=1"}, `tai.ini:15: variant tai has no option "nosuch"`},
		{[]string{"liondog=hachu"}, `tai.ini:31: option liondog of variant tai has no value "hachu" (values: lion, q3)`},
		{[]string{"liondog"}, `option setting "liondog" is not NAME=VALUE`},
		{[]string{"liondog=q3", "liondog=lion"}, "option liondog set twice"},
	}
	for _, e := range errs {
		_, err := tai.WithOptions(e.settings...)
		if err == nil || !strings.Contains(err.Error(), e.want) {
			t.Errorf("WithOptions(%q) = %v, want an error containing %q", e.settings, err, e.want)
		}
	}
	shogi := optVariant(t, "shogi")
	if _, err := shogi.WithOptions("liondog=q3"); err == nil || !strings.Contains(err.Error(), "has no options") {
		t.Errorf("shogi with an option: %v", err)
	}
}

// TestVariantOptionsRuleSet checks that options and rule sets are kept
// across WithRuleSet and WithOptions, and the definition errors of options.
func TestVariantOptionsRuleSet(t *testing.T) {
	def := strings.Replace(miniDef, "check = true", "check = true\nrulesets = jcsa, hachu\noption = gold plain silver", 1) +
		"piece = G gold FfW value=500 when=gold:silver\n"
	vs, err := ParseVariants("t.ini", def)
	if err != nil {
		t.Fatal(err)
	}
	v := vs[0]
	if g := v.Info(v.byID["G"]); g.Betza != "WfF" || g.Line != "t.ini:12" {
		t.Errorf("default gold %s from %s", g.Betza, g.Line)
	}
	w, err := v.WithOptions("gold=silver")
	if err != nil {
		t.Fatal(err)
	}
	if w, err = w.WithRuleSet("hachu"); err != nil {
		t.Fatal(err)
	}
	if g := w.Info(w.byID["G"]); g.Betza != "FfW" || w.RuleSet != "hachu" || w.Option("gold") != "silver" {
		t.Errorf("gold %s, rule set %s, option %s", g.Betza, w.RuleSet, w.Option("gold"))
	}
	if w, err = w.WithOptions("gold=plain"); err != nil || w.RuleSet != "hachu" {
		t.Errorf("WithOptions lost the rule set: %v %v", w.RuleSet, err)
	}
	// Inheritance: a child keeps its parent's options and guarded lines.
	vs, err = ParseVariants("t.ini", def+"[child:mini]\ntitle = Child\n")
	if err != nil {
		t.Fatal(err)
	}
	if c, err := vs[1].WithOptions("gold=silver"); err != nil || c.Info(c.byID["G"]).Betza != "FfW" {
		t.Errorf("child variant: %v", err)
	}
	cases := []struct {
		name, text, pos string
	}{
		{"option without values", strings.Replace(miniDef, "zone = 1", "zone = 1\noption = x", 1), "t.ini:6"},
		{"option with one value", strings.Replace(miniDef, "zone = 1", "zone = 1\noption = x a", 1), "t.ini:6"},
		{"bad option name", strings.Replace(miniDef, "zone = 1", "zone = 1\noption = X a b", 1), "t.ini:6"},
		{"repeated value", strings.Replace(miniDef, "zone = 1", "zone = 1\noption = x a a", 1), "t.ini:6"},
		{"option twice", strings.Replace(miniDef, "zone = 1", "zone = 1\noption = x a b\noption = x c d", 1), "t.ini:7"},
		{"code option value", strings.Replace(miniDef, "zone = 1", "zone = 1\noption = stalemate loss win", 1), "t.ini:6"},
		{"when without option", miniDef + "piece = G gold K when=x:a\n", "t.ini:12"},
		{"when with a bad value", strings.Replace(miniDef, "zone = 1", "zone = 1\noption = x a b", 1) + "piece = G gold K when=x:c\n", "t.ini:13"},
		{"when without a value", strings.Replace(miniDef, "zone = 1", "zone = 1\noption = x a b", 1) + "piece = G gold K when=x\n", "t.ini:13"},
		{"same condition twice", strings.Replace(miniDef, "zone = 1", "zone = 1\noption = x a b", 1) + "piece = G gold K when=x:b\npiece = G gold R when=x:b\n", "t.ini:14"},
		{"error only under an alternative", strings.Replace(miniDef, "zone = 1", "zone = 1\noption = x a b", 1) + "piece = G gold WfY when=x:b\n", "t.ini:13"},
	}
	for _, tc := range cases {
		_, err := ParseVariants("t.ini", tc.text)
		if err == nil || !strings.Contains(err.Error(), tc.pos+":") {
			t.Errorf("%s: got %v, want an error at %s", tc.name, err, tc.pos)
		}
	}
}

// TestTaiOptionMoves checks that each Tai option that changes a piece's
// moves changes its legal moves in a position built for it: the piece on
// 13m of an otherwise empty board (princes in the corners), sometimes with
// a Black pawn on 13l, straight ahead, to block its slides.
func TestTaiOptionMoves(t *testing.T) {
	cases := []struct {
		setting, id, rowL string
		def, alt          int
		why               string
	}{
		// 10 = 8 B2 squares + 2 sideways steps; + the forward step.
		{"fierceeagle=wikipedia", "FE", "", 10, 11, "B2sW vs B2fsW"},
		// 4 = two sideways steps + two straight jumps; + the steps ahead and back.
		{"donkey=wikipedia", "DO", "", 4, 6, "sWvD vs WvD"},
		{"neighborking=king", "NK", "", 7, 8, "FfsW vs K"},
		// 48 diagonal (less the own prince on 25y) + 24 sideways + 10
		// vertical; the backward diagonals are gone under forward.
		{"freedemon=forward", "FDE", "", 81, 58, "BsRvR5 vs fBsRvR5"},
		{"freedemon=forward", "FTP", "", 81, 58, "BvRsR5 vs fBvRsR5"},
		// A pawn on 13l: the lion dog's jumps to 13k and 13j and its pass
		// stay (24 squares - 1 + pass); Q3 loses the forward line (21).
		{"liondog=q3", "LD", "12P12", 24, 21, "KADGH...@liondog vs Q3"},
		// Lion area 23 + 8 three-square jumps + pass; Q3 loses 13j.
		{"liondog=q3", "FF", "12P12", 32, 31, "lion or lion dog vs lion or Q3"},
		// Queen without the forward ray and the prince's square (83) +
		// jumps to 13k, 13j + pass.
		{"teachingking=queen", "TK", "12P12", 86, 83, "queen or lion dog vs queen"},
		{"liondog=q3", "TK", "12P12", 86, 83, "queen or Q3 = queen"},
		// Diagonal first legs forward, turned legs either way vs forward only.
		{"peacock=forward", "PC", "", 226, 94, "@hook(fB) vs @hook(fB,f)"},
	}
	for _, c := range cases {
		sfen := taiOne(c.id, c.rowL, "")
		def := movesFrom(t, optPos(t, "tai", sfen), "13m")
		alt := movesFrom(t, optPos(t, "tai", sfen, c.setting), "13m")
		if def != c.def || alt != c.alt {
			t.Errorf("%s %s (%s): %d moves by default, %d under the option; want %d, %d", c.setting, c.id, c.why, def, alt, c.def, c.alt)
		}
	}
	// The vermillion sparrow and turtle-snake swap their strings: the same
	// counts, but the step ahead becomes a slide ahead.
	for _, id := range []string{"VS", "TS"} {
		sfen := taiOne(id, "", "")
		for _, setting := range []string{"sparrow=wikipedia", "sparrow=evans"} {
			pos := optPos(t, "tai", sfen, setting)
			_, err := pos.ParseMoveUSI("13m13k")
			slides := err == nil
			wantSlide := (id == "TS") == (setting == "sparrow=wikipedia")
			if slides != wantSlide {
				t.Errorf("%s under %s: 13m13k legal = %v, want %v", id, setting, slides, wantSlide)
			}
		}
	}
}

// TestTaiOptionPromotions checks the options that change what a piece
// becomes when it captures (sheet 1.3): the piece takes a White pawn on
// 12l (its forward-left diagonal) or 13l (straight ahead).
func TestTaiOptionPromotions(t *testing.T) {
	const diag, ahead = "13p11", "12p12"
	cases := []struct {
		setting, id, row, move, def, alt string
		royalsAlt                        int // Black's royals after the move under the option
	}{
		{"flyingdragon=dragonking", "FD", diag, "13m12l+", "G", "DK", 1},
		{"liondogpromo=gold", "LD", ahead, "13m13l+", "GE", "G", 1},
		{"rushingbird=gold", "RB", diag, "13m12l+", "FDE", "G", 1},
		{"goblin=gold", "LGN", diag, "13m12l+", "LGN", "G", 1},
		{"goblin=gold", "OK", ahead, "13m13l+", "LGN", "+OK", 1},
		// prince = emperor: the prince becomes an emperor, a drunk
		// elephant a prince of its own type (+DE) that does not promote.
		{"prince=emperor", "CP", ahead, "13m13l+", "CP", "E", 2},
		{"prince=emperor", "DE", ahead, "13m13l+", "CP", "+DE", 2},
	}
	for _, c := range cases {
		sfen := taiOne(c.id, c.row, "")
		for i, setting := range []string{"", c.setting} {
			var opts []string
			want := c.def
			if setting != "" {
				opts, want = []string{setting}, c.alt
			}
			pos := optPos(t, "tai", sfen, opts...)
			// A piece that does not promote captures without the +.
			m, err := pos.ParseMoveUSI(c.move)
			if err != nil {
				m, err = pos.ParseMoveUSI(strings.TrimSuffix(c.move, "+"))
			}
			if err != nil {
				t.Errorf("%s %s: %s: %v", c.setting, c.id, c.move, err)
				continue
			}
			pos.Make(m)
			if got := taiAt(t, pos, c.move[3:6]); got != want {
				t.Errorf("%s %s (option %v): the capturer is %q, want %q", c.setting, c.id, i == 1, got, want)
			}
			if i == 1 && pos.RoyalCount(Black) != c.royalsAlt {
				t.Errorf("%s %s: %d royals, want %d", c.setting, c.id, pos.RoyalCount(Black), c.royalsAlt)
			}
			if pos.Key() != pos.ComputeKey() {
				t.Errorf("%s %s: incremental key differs from a fresh one", c.setting, c.id)
			}
		}
	}
}

// TestTaiOptionEmperor checks emperor = any (sheet 1.6 and ⚠12, TSA and
// Evans): no protected piece may be taken, and the enemy emperor protects
// every square, so nothing but the enemy emperor itself can be taken while
// it is on the board. It also checks emperorguard = everywhere (sheet 1.6,
// Evans' reading of "protected" under the default rule): the enemy emperor
// protects a royal even where its recapture would be illegal because
// another piece of ours guards the square.
func TestTaiOptionEmperor(t *testing.T) {
	const (
		// Black's emperor 13m; White: princes 25a and 1a, a gold 2a
		// guarding the prince on 1a, no emperor.
		noEmperor = "[cp]22g[cp]/25/25/25/25/25/25/25/25/25/25/25/12E12/25/25/25/25/25/25/25/25/25/25/1G23/[CP]24 b - 1"
		// White's emperor 25a, a White pawn 12c, Black's emperor 13m.
		emperors = "e23[cp]/25/13p11/25/25/25/25/25/25/25/25/25/12E12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1"
		// As above with a White gold on 25b guarding the emperor.
		guarded = "e23[cp]/g24/13p11/25/25/25/25/25/25/25/25/25/12E12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1"
		// White's emperor 25a and prince 1a, nothing else of White's guards
		// the prince; Black's gold 2b does, so White's emperor could not
		// legally retake a Black emperor on 1a (design note section 7,
		// emperor-vs-emperor-cover).
		covered = "e23[cp]/23G1/25/25/25/25/25/25/25/25/25/25/12E12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1"
	)
	settings := [][]string{{"emperor=royal"}, {"emperorguard=everywhere"}, {"emperor=any"}}
	cases := []struct {
		name, sfen, move string
		want             [3]bool // legal under each of settings
	}{
		{"unprotected prince", noEmperor, "13m25a", [3]bool{true, true, true}},
		{"protected prince", noEmperor, "13m1a", [3]bool{false, false, false}},
		{"protected gold", noEmperor, "13m2a", [3]bool{true, true, false}},
		{"unprotected pawn while their emperor lives", emperors, "13m12c", [3]bool{true, true, false}},
		{"their unprotected emperor", emperors, "13m25a", [3]bool{true, true, true}},
		{"their protected emperor", guarded, "13m25a", [3]bool{false, false, false}},
		{"prince their emperor cannot legally retake", covered, "13m1a", [3]bool{true, false, false}},
		{"prince their emperor may retake", emperors, "13m1a", [3]bool{false, false, false}},
		{"their emperor, our gold near", covered, "13m25a", [3]bool{true, true, true}},
		{"a move to an empty square", emperors, "13m13a", [3]bool{true, true, true}},
	}
	for _, c := range cases {
		for i, setting := range settings {
			pos := optPos(t, "tai", c.sfen, setting...)
			_, err := pos.ParseMoveUSI(c.move)
			if err != nil && !errors.Is(err, ErrIllegal) {
				t.Fatalf("%s: %v", c.name, err)
			}
			if (err == nil) != c.want[i] {
				t.Errorf("%s under %s: %s legal = %v, want %v", c.name, setting, c.move, err == nil, c.want[i])
			}
		}
	}
	// Under emperor = any the enemy emperor protects every square already:
	// emperorguard changes nothing there.
	for _, c := range cases {
		a := optPos(t, "tai", c.sfen, "emperor=any")
		b := optPos(t, "tai", c.sfen, "emperor=any", "emperorguard=everywhere")
		if na, nb := Perft(a, 1), Perft(b, 1); na != nb {
			t.Errorf("%s: emperor=any has %d moves, with emperorguard=everywhere %d", c.name, na, nb)
		}
	}
}

// TestOptionOutcomes checks the options read by Outcome: tai's stalemate
// (⚠25) and Reiwa dai's fourth-occurrence repetition (sheet 7).
func TestOptionOutcomes(t *testing.T) {
	// Black's prince is walled in by its own pawns, which cannot move.
	const stalemate = "[CP]P23/PP23/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/24[cp] b - 1"
	if got := optPos(t, "tai", stalemate).Outcome(); got != (Outcome{WhiteWins, ReasonNoMoves}) {
		t.Errorf("tai stalemate by default: %+v, want a loss", got)
	}
	if got := optPos(t, "tai", stalemate, "stalemate=draw").Outcome(); got != (Outcome{Draw, ReasonNoMoves}) {
		t.Errorf("tai stalemate under stalemate=draw: %+v, want a draw", got)
	}
	// Reiwa dai: Black's Rook 9h and White's King 8a walk a cycle of four
	// plies; the start position comes back after plies 4, 8 and 12.
	const rookBeside = "7k7/15/15/15/15/15/15/6R8/15/15/15/15/15/15/14K b - 1"
	cycle := []string{"9h8h", "8a7a", "8h9h", "7a8a"}
	for _, c := range []struct {
		setting string
		plies   int
		want    Outcome
	}{
		{"repetition=first", 4, Outcome{BlackWins, ReasonRepeatIllegal}},
		{"repetition=fourth", 4, Outcome{Result: Ongoing}},
		{"repetition=fourth", 8, Outcome{Result: Ongoing}},
		{"repetition=fourth", 12, Outcome{BlackWins, ReasonRepeatIllegal}},
	} {
		pos := optPos(t, "reiwadai", rookBeside, c.setting)
		for i := 0; i < c.plies; i++ {
			if o := pos.Outcome(); o.Result != Ongoing {
				t.Fatalf("%s: over after %d plies: %+v", c.setting, i, o)
			}
			m, err := pos.ParseMoveUSI(cycle[i%4])
			if err != nil {
				t.Fatal(err)
			}
			pos.Make(m)
		}
		if got := pos.Outcome(); got != c.want {
			t.Errorf("%s after %d plies: %+v, want %+v", c.setting, c.plies, got, c.want)
		}
	}
}

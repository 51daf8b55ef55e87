package movegen

import (
	"errors"
	"strings"
	"testing"
)

// miniDef is a small valid definition that the error cases below break one
// line at a time.
const miniDef = `# a test file
[mini]
title = Mini
board = 5x5
zone = 1
drops = true
check = true
start = 2k2/5/5/5/2K2 b - 1
piece = K king K royal
piece = G gold WfF value=500
piece = P pawn fW value=100 promote=G nifu
`

// TestParseVariantsErrors checks that each kind of definition error names the
// file and the line it is on.
func TestParseVariantsErrors(t *testing.T) {
	cases := []struct {
		name, text, pos string
	}{
		{"unknown key", strings.Replace(miniDef, "zone = 1", "zone = 1\ncolour = red", 1), "t.ini:6"},
		{"bad board", strings.Replace(miniDef, "board = 5x5", "board = 5by5", 1), "t.ini:4"},
		{"board too big", strings.Replace(miniDef, "board = 5x5", "board = 26x5", 1), "t.ini:4"},
		{"missing board", strings.Replace(miniDef, "board = 5x5\n", "", 1), "t.ini:2"},
		{"bad zone", strings.Replace(miniDef, "zone = 1", "zone = 3", 1), "t.ini:5"},
		{"bad bool", strings.Replace(miniDef, "drops = true", "drops = maybe", 1), "t.ini:6"},
		{"promotion to undefined piece", strings.Replace(miniDef, "promote=G", "promote=Z", 1), "t.ini:11"},
		{"duplicate ID", miniDef + "piece = G gold2 WfF\n", "t.ini:12"},
		{"bad ID", miniDef + "piece = g gold2 WfF\n", "t.ini:12"},
		{"bad Betza", strings.Replace(miniDef, "WfF value=500", "WfY value=500", 1), "t.ini:10"},
		{"unknown piece option", strings.Replace(miniDef, "nifu", "nifoo", 1), "t.ini:11"},
		{"short piece line", miniDef + "piece = X xiangqi\n", "t.ini:12"},
		{"bad start SFEN", strings.Replace(miniDef, "2k2/5/5/5/2K2", "2k2/5/5/5/2K3", 1), "t.ini:8"},
		{"start without a king", strings.Replace(miniDef, "2k2/5/5/5/2K2", "5/5/5/5/2K2", 1), "t.ini:8"},
		{"missing start", strings.Replace(miniDef, "start = 2k2/5/5/5/2K2 b - 1\n", "", 1), "t.ini:2"},
		{"no royal", strings.Replace(miniDef, "K king K royal", "K king K", 1), "t.ini:2"},
		{"two royal types with check", miniDef + "piece = Q queen Q royal\n", "t.ini:2"},
		{"unknown rule set", strings.Replace(miniDef, "check = true", "check = true\nrulesets = jcsa, fide", 1), "t.ini:8"},
		{"duplicate variant", miniDef + "[mini]\n", "t.ini:12"},
		{"unknown parent", miniDef + "[child:nosuch]\n", "t.ini:12"},
		{"bad section header", miniDef + "[child\n", "t.ini:12"},
		{"bad variant name", miniDef + "[Child]\n", "t.ini:12"},
		{"key before section", "board = 5x5\n" + miniDef, "t.ini:1"},
		{"not key = value", strings.Replace(miniDef, "zone = 1", "zone 1", 1), "t.ini:5"},
		{"key twice", strings.Replace(miniDef, "zone = 1", "zone = 1\nzone = 1", 1), "t.ini:6"},
		{"promoted piece promotes", miniDef + "piece = +G tokin WfF promote=P\n", "t.ini:12"},
		{"no section", "# nothing\n", "t.ini:1"},
	}
	for _, tc := range cases {
		_, err := ParseVariants("t.ini", tc.text)
		var pe *ParseError
		switch {
		case err == nil:
			t.Errorf("%s: accepted", tc.name)
		case !errors.As(err, &pe):
			t.Errorf("%s: %v is not a *ParseError", tc.name, err)
		case pe.Pos != tc.pos || !strings.HasPrefix(err.Error(), tc.pos+": "):
			t.Errorf("%s: error at %s (%v), want %s", tc.name, pe.Pos, err, tc.pos)
		}
	}
	if _, err := ParseVariants("t.ini", miniDef); err != nil {
		t.Fatalf("the base definition itself fails: %v", err)
	}
}

// TestParseVariantsInherit checks [child:parent]: keys and pieces are copied,
// the child's own lines override them and nopiece removes one.
func TestParseVariantsInherit(t *testing.T) {
	text := miniDef + `
[big:mini]
board = 6x6
start = 3k2/6/6/6/6/2K3 w - 5
piece = G gold WfF value=900
nopiece = P
piece = S silver FfW value=400 promote=G
`
	vs, err := ParseVariants("t.ini", text)
	if err != nil {
		t.Fatal(err)
	}
	if len(vs) != 2 || vs[0].Name != "mini" || vs[1].Name != "big" {
		t.Fatalf("got %d variants", len(vs))
	}
	mini, big := vs[0], vs[1]
	if big.Files != 6 || big.ZoneDepth != 1 || !big.Drops || !big.Check || big.Title != "Mini" {
		t.Errorf("big: %dx%d zone %d drops %v check %v title %q", big.Files, big.Ranks, big.ZoneDepth, big.Drops, big.Check, big.Title)
	}
	if _, ok := big.PieceByID("P"); ok {
		t.Error("big still has the Pawn")
	}
	if _, ok := big.PieceByID("+P"); ok {
		t.Error("big still has the promoted Pawn")
	}
	g, _ := big.PieceByID("G")
	s, ok := big.PieceByID("S")
	if !ok || big.Info(g).Value != 900 || big.Info(big.Info(s).PromotesTo).Value != 900 {
		t.Errorf("big: gold value %d, silver found %v", big.Info(g).Value, ok)
	}
	if g, _ := mini.PieceByID("G"); mini.Info(g).Value != 500 {
		t.Error("the child changed its parent")
	}
	if _, ok := mini.PieceByID("S"); ok {
		t.Error("the parent got the child's piece")
	}
	if mini.ID == big.ID {
		t.Error("parent and child share an ID")
	}
	pos, err := NewPosition(big, "startpos")
	if err != nil || pos.SFEN() != "3k2/6/6/6/6/2K3 w - 5" {
		t.Errorf("big start: %v %v", pos, err)
	}
}

// builtinText returns the embedded definition file.
func builtinText(t *testing.T) string {
	t.Helper()
	data, err := builtinFS.ReadFile("variants/builtin.ini")
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// builtinFile is one embedded definition file: its name and text.
type builtinFile struct{ name, text string }

// builtinFiles returns every embedded definition file, in directory order.
func builtinFiles(t *testing.T) []builtinFile {
	t.Helper()
	entries, err := builtinFS.ReadDir("variants")
	if err != nil {
		t.Fatal(err)
	}
	var files []builtinFile
	for _, e := range entries {
		data, err := builtinFS.ReadFile("variants/" + e.Name())
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, builtinFile{e.Name(), string(data)})
	}
	return files
}

// TestVariantID checks the fingerprint: the same definitions give the same
// IDs however they are laid out, every game has its own, and a change to a
// piece changes it.
func TestVariantID(t *testing.T) {
	text := builtinText(t)
	a, err := ParseVariants("builtin.ini", text)
	if err != nil {
		t.Fatal(err)
	}
	// Comments, blank lines, spacing and titles are not part of the game.
	var b strings.Builder
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "title") {
			line = "title = Renamed"
		}
		b.WriteString("   " + strings.Replace(line, " = ", "=", 1) + "   # note\n\n")
	}
	reflowed, err := ParseVariants("reflowed.ini", b.String())
	if err != nil {
		t.Fatal(err)
	}
	ids := map[uint64]string{}
	for i, v := range a {
		if reflowed[i].ID != v.ID {
			t.Errorf("%s: ID %#x after reformatting, was %#x", v.Name, reflowed[i].ID, v.ID)
		}
		if w, err := Lookup(v.Name); err != nil || w.ID != v.ID {
			t.Errorf("%s: Lookup gives a different ID", v.Name)
		}
		if other, dup := ids[v.ID]; dup {
			t.Errorf("%s and %s share ID %#x", v.Name, other, v.ID)
		}
		ids[v.ID] = v.Name
	}
	base, err := ParseVariants("t.ini", miniDef)
	if err != nil {
		t.Fatal(err)
	}
	for _, change := range []struct{ from, to string }{
		{"value=500", "value=501"},
		{"piece = G gold WfF", "piece = G gold WfsF"},
		{"nifu", "nifu lastrank"},
		{"zone = 1", "zone = 2"},
	} {
		vs, err := ParseVariants("t.ini", strings.Replace(miniDef, change.from, change.to, 1))
		if err != nil {
			t.Fatal(err)
		}
		if vs[0].ID == base[0].ID {
			t.Errorf("%q -> %q: ID unchanged", change.from, change.to)
		}
	}
}

// TestWithRuleSet checks chu's rule sets.
func TestWithRuleSet(t *testing.T) {
	chu := perftVariant(t, "chu")
	if chu.RuleSet != "jcsa" || chu.LionTrade != LionJCSA || !chu.BareKing {
		t.Errorf("default chu: rule set %q, lion rule %d, bare king %v", chu.RuleSet, chu.LionTrade, chu.BareKing)
	}
	if same, err := chu.WithRuleSet("jcsa"); err != nil || same != chu {
		t.Errorf("WithRuleSet(jcsa) = %v, %v", same, err)
	}
	li, err := chu.WithRuleSet("lishogi")
	if err != nil {
		t.Fatal(err)
	}
	lance, _ := li.PieceByID("L")
	if li.RuleSet != "lishogi" || li.LionTrade != LionLishogi || !li.Info(lance).LastRank || chu.Info(lance).LastRank {
		t.Errorf("lishogi: rule set %q, lion rule %d, lance last rank %v", li.RuleSet, li.LionTrade, li.Info(lance).LastRank)
	}
	hc, err := chu.WithRuleSet("hachu")
	if err != nil {
		t.Fatal(err)
	}
	if hc.RuleSet != "hachu" || hc.LionTrade != LionHaChu || hc.BareKing {
		t.Errorf("hachu: rule set %q, lion rule %d, bare king %v", hc.RuleSet, hc.LionTrade, hc.BareKing)
	}
	if li.ID == chu.ID || hc.ID == chu.ID || li.ID == hc.ID {
		t.Error("rule sets share a variant ID")
	}
	if again, _ := chu.WithRuleSet("lishogi"); again.ID != li.ID {
		t.Error("lishogi ID not stable")
	}
	for _, bad := range []string{"fide", "JCSA", "lishogi "} {
		if _, err := chu.WithRuleSet(bad); err == nil {
			t.Errorf("WithRuleSet(%q) accepted", bad)
		}
	}
	if _, err := perftVariant(t, "shogi").WithRuleSet("jcsa"); err == nil {
		t.Error("shogi accepted a rule set")
	}
	// The rule sets play differently: HaChu forbids both counter-strikes
	// that JCSA and lishogi each allow one of.
	counts := map[string]uint64{}
	for _, v := range []*Variant{chu, li, hc} {
		pos, err := NewPosition(v, "11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 8j 1")
		if err != nil {
			t.Fatal(err)
		}
		counts[v.RuleSet] = Perft(pos, 1)
	}
	if counts["jcsa"] != 7 || counts["lishogi"] != 7 || counts["hachu"] != 6 {
		t.Errorf("counter-strike position: %v", counts)
	}
}

// TestBuiltins checks the registry: six games, found by name, unknown names
// rejected.
func TestBuiltins(t *testing.T) {
	var names []string
	for _, v := range Builtin() {
		names = append(names, v.Name)
	}
	if strings.Join(names, ",") != strings.Join(builtinNames, ",") {
		t.Errorf("built-in games %v", names)
	}
	if _, err := Lookup("xiangqi"); err == nil {
		t.Error("Lookup(xiangqi) accepted")
	}
}

// TestBuiltinAlternatives concludes every alternative option value of the
// built-in definitions, which Builtin skips at start-up (parseVariants):
// ParseVariants of each embedded file must succeed and give the variants
// Builtin gives, with the same IDs.
func TestBuiltinAlternatives(t *testing.T) {
	ids := map[string]uint64{}
	for _, v := range Builtin() {
		ids[v.Name] = v.ID
	}
	seen, alternatives := 0, 0
	for _, f := range builtinFiles(t) {
		vs, err := ParseVariants(f.name, f.text)
		if err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		for _, v := range vs {
			if id, ok := ids[v.Name]; !ok || id != v.ID {
				t.Errorf("%s: %s has ID %#x, Builtin's %#x (listed %v)", f.name, v.Name, v.ID, id, ok)
			}
			seen++
			for _, o := range v.Options() {
				alternatives += len(o.Values) - 1
			}
		}
	}
	if seen != len(ids) || alternatives < 8 {
		t.Fatalf("%d of %d built-in variants parsed, %d alternative values concluded", seen, len(ids), alternatives)
	}
}

// TestZobristKeys checks the keys of every built-in variant: each piece of
// each colour has a key on every cell of the board, none 0 and no two
// alike, and no key off the board (buildKeys fills only the board's cells).
func TestZobristKeys(t *testing.T) {
	for _, v := range Builtin() {
		seen := map[uint64]bool{v.sideKey: true}
		for ty := 1; ty < len(v.Pieces); ty++ {
			for c := Color(0); c < ColorCount; c++ {
				p := MakePiece(PieceType(ty), c)
				for s := Square(0); s < NumCells; s++ {
					k := v.pieceKey(p, s)
					if !v.OnBoard(s) {
						if k != 0 {
							t.Fatalf("%s: a key off the board at cell %d", v.Name, s)
						}
						continue
					}
					if k == 0 || seen[k] {
						t.Fatalf("%s: piece %s of colour %d on cell %d has key %#x (0 or seen before)", v.Name, v.Pieces[ty].ID, c, s, k)
					}
					seen[k] = true
				}
			}
		}
	}
}

package movegen

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

// kanjiVariants returns every built-in variant under its default options and
// under each alternative option value on its own, the same set that
// ParseVariants concludes.
func kanjiVariants(t *testing.T) []*Variant {
	t.Helper()
	var out []*Variant
	for _, v := range Builtin() {
		out = append(out, v)
		for _, o := range v.Options() {
			for _, val := range o.Values {
				if val == o.Value {
					continue
				}
				w, err := v.WithOptions(o.Name + "=" + val)
				if err != nil {
					t.Fatalf("%s %s=%s: %v", v.Name, o.Name, val, err)
				}
				out = append(out, w)
			}
		}
	}
	return out
}

// kanjiLabel names a variant with its non-default options for messages.
func kanjiLabel(v *Variant) string {
	s := v.Name
	for _, o := range v.Options() {
		if o.Value != o.Values[0] {
			s += " " + o.Name + "=" + o.Value
		}
	}
	return s
}

// TestBuiltinKanji checks that every piece type of every built-in game,
// promoted forms included, has a kanji name and a face of 1 or 2
// characters, and that every piece line of the embedded files writes both.
func TestBuiltinKanji(t *testing.T) {
	for _, v := range kanjiVariants(t) {
		for _, p := range v.Pieces[1:] {
			if p.Kanji == "" {
				t.Errorf("%s: piece %s (%s) has no kanji", kanjiLabel(v), p.ID, p.Name)
			}
			if n := utf8.RuneCountInString(p.Face); n < 1 || n > 2 {
				t.Errorf("%s: piece %s (%s) has face %q of %d characters", kanjiLabel(v), p.ID, p.Name, p.Face, n)
			}
			if err := checkDisplayText("kanji", p.Kanji); err != nil {
				t.Errorf("%s: piece %s: %v", kanjiLabel(v), p.ID, err)
			}
		}
	}
	pieceLine := regexp.MustCompile(`^\s*piece\s*=`)
	for _, f := range builtinFiles(t) {
		for n, line := range strings.Split(f.text, "\n") {
			code, _, _ := strings.Cut(line, "#")
			if !pieceLine.MatchString(code) {
				continue
			}
			if !strings.Contains(code, " kanji=") || !strings.Contains(code, " face=") {
				t.Errorf("%s:%d: piece line without kanji= and face=", f.name, n+1)
			}
		}
	}
}

// faceCollisions lists the pairs of piece types of v that share a face
// although they move differently and neither is the promoted form of the
// other (promoted pieces are drawn in red). A promote=X form shares X's
// face on purpose: it moves as X.
func faceCollisions(v *Variant) []string {
	var out []string
	for a := PieceType(1); int(a) < len(v.Pieces); a++ {
		for b := a + 1; int(b) < len(v.Pieces); b++ {
			pa, pb := v.Info(a), v.Info(b)
			promotedPair := (pa.Promoted && pa.Base == b) || (pb.Promoted && pb.Base == a)
			if pa.Face == pb.Face && pa.Betza != pb.Betza && !promotedPair {
				out = append(out, fmt.Sprintf("%s (%s, %s) and %s (%s, %s) share face %s",
					pa.ID, pa.Name, pa.Betza, pb.ID, pb.Name, pb.Betza, pa.Face))
			}
		}
	}
	return out
}

// TestFaceUnique checks the rule the board relies on: within one game two
// piece types that move differently never share a face, unless one is the
// promoted form of the other. It first makes sure the check finds a clash.
func TestFaceUnique(t *testing.T) {
	// G and +P share 金 but move alike; S and +S share 銀, +S being S's
	// promoted form; N's 金 clashes with both G and +P.
	clash := strings.Replace(kanjiDef, "kanji=金将", "kanji=金将 face=金", 1) +
		"piece = S silver FfW kanji=銀将 face=銀\n" +
		"piece = +S promoted-silver FfsW kanji=成銀 face=銀\n" +
		"piece = N knight ffN kanji=桂馬 face=金\n"
	vs, err := ParseVariants("t.ini", clash)
	if err != nil {
		t.Fatal(err)
	}
	got := faceCollisions(vs[0])
	if len(got) != 2 || !strings.Contains(got[0], "N (knight") || !strings.Contains(got[1], "N (knight") {
		t.Errorf("crafted variant: collisions %q, want N with G and with +P", got)
	}
	for _, v := range kanjiVariants(t) {
		for _, c := range faceCollisions(v) {
			t.Errorf("%s: %s", kanjiLabel(v), c)
		}
	}
}

// kanjiDef is miniDef with display options, for TestParseKanji.
const kanjiDef = `[mini]
board = 5x5
zone = 1
drops = true
check = true
start = 2k2/5/5/5/2K2 b - 1
piece = K king K royal kanji=玉将 face=玉
piece = G gold WfF value=500 kanji=金将
piece = P pawn fW value=100 promote=G nifu kanji=自在天王
`

// TestParseKanji checks the kanji= and face= options: the face defaults,
// promote= forms taking the kanji of the piece whose moves they take,
// inheritance, and the errors (with their lines).
func TestParseKanji(t *testing.T) {
	cases := []struct {
		name        string
		text        string
		variant, id string
		kanji, face string
		errPos      string
	}{
		{name: "both given", text: kanjiDef, id: "K", kanji: "玉将", face: "玉"},
		{name: "face defaults to a two-character kanji", text: kanjiDef, id: "G", kanji: "金将", face: "金将"},
		{name: "face defaults to the first two of a longer kanji", text: kanjiDef, id: "P", kanji: "自在天王", face: "自在"},
		{name: "one-character kanji", text: strings.Replace(kanjiDef, "kanji=金将", "kanji=金", 1), id: "G", kanji: "金", face: "金"},
		{name: "face without kanji", text: strings.Replace(kanjiDef, "kanji=金将", "face=金", 1), id: "G", kanji: "", face: "金"},
		{name: "neither", text: strings.Replace(kanjiDef, " kanji=金将", "", 1), id: "G", kanji: "", face: ""},
		{name: "promote= form shows the target's kanji", text: kanjiDef, id: "+P", kanji: "金将", face: "金将"},
		{name: "promote= form shows the target's face", text: strings.Replace(kanjiDef, "kanji=金将", "kanji=金将 face=金", 1), id: "+P", kanji: "金将", face: "金"},
		{name: "explicit promoted form", text: strings.Replace(kanjiDef, "promote=G ", "", 1) + "piece = +P tokin WfF kanji=と金 face=と\n", id: "+P", kanji: "と金", face: "と"},
		{name: "options in any order", text: strings.Replace(kanjiDef, "royal kanji=玉将 face=玉", "face=王 kanji=王将 royal", 1), id: "K", kanji: "王将", face: "王"},
		{name: "child inherits", text: kanjiDef + "[big:mini]\npiece = S silver FfW promote=G\n", variant: "big", id: "K", kanji: "玉将", face: "玉"},
		{name: "child inherits through promote=", text: kanjiDef + "[big:mini]\npiece = S silver FfW promote=G\n", variant: "big", id: "+S", kanji: "金将", face: "金将"},
		{name: "child overrides", text: kanjiDef + "[big:mini]\npiece = G gold WfF kanji=金 face=金\n", variant: "big", id: "+P", kanji: "金", face: "金"},
		{name: "face of three characters", text: strings.Replace(kanjiDef, "face=玉", "face=玉将棋", 1), errPos: "t.ini:7"},
		{name: "ASCII letter in kanji", text: strings.Replace(kanjiDef, "kanji=金将", "kanji=G将", 1), errPos: "t.ini:8"},
		{name: "ASCII letters as face", text: strings.Replace(kanjiDef, "face=玉", "face=K", 1), errPos: "t.ini:7"},
		{name: "empty kanji", text: strings.Replace(kanjiDef, "kanji=自在天王", "kanji=", 1), errPos: "t.ini:9"},
		{name: "empty face", text: strings.Replace(kanjiDef, "face=玉", "face=", 1), errPos: "t.ini:7"},
		{name: "control character", text: strings.Replace(kanjiDef, "kanji=金将", "kanji=金\x01", 1), errPos: "t.ini:8"},
		{name: "error in a child", text: kanjiDef + "[big:mini]\npiece = S silver FfW kanji=Silver\n", errPos: "t.ini:11"},
	}
	for _, tc := range cases {
		vs, err := ParseVariants("t.ini", tc.text)
		if tc.errPos != "" {
			var pe *ParseError
			switch {
			case err == nil:
				t.Errorf("%s: accepted", tc.name)
			case !errors.As(err, &pe) || pe.Pos != tc.errPos:
				t.Errorf("%s: error %v, want one at %s", tc.name, err, tc.errPos)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		v := vs[0]
		if tc.variant != "" {
			v = vs[len(vs)-1]
			if v.Name != tc.variant {
				t.Fatalf("%s: last variant is %s", tc.name, v.Name)
			}
		}
		pt, ok := v.PieceByID(tc.id)
		if !ok {
			t.Errorf("%s: no piece %s", tc.name, tc.id)
			continue
		}
		if p := v.Info(pt); p.Kanji != tc.kanji || p.Face != tc.face {
			t.Errorf("%s: %s has kanji %q face %q, want %q %q", tc.name, tc.id, p.Kanji, p.Face, tc.kanji, tc.face)
		}
	}
}

// TestKanjiNotCanonical checks that kanji= and face= are display data: the
// built-in files give the same canonical texts and variant IDs with the
// options removed.
func TestKanjiNotCanonical(t *testing.T) {
	display := regexp.MustCompile(` (kanji|face)=\S+`)
	for _, f := range builtinFiles(t) {
		with, err := ParseVariants(f.name, f.text)
		if err != nil {
			t.Fatal(err)
		}
		plain := display.ReplaceAllString(f.text, "")
		if plain == f.text {
			t.Fatalf("%s: no kanji= or face= to remove", f.name)
		}
		without, err := ParseVariants(f.name, plain)
		if err != nil {
			t.Fatal(err)
		}
		for i, v := range with {
			w := without[i]
			if v.Canonical() != w.Canonical() || v.ID != w.ID {
				t.Errorf("%s: canonical text or ID %#x changes without the display options (%#x)", v.Name, v.ID, w.ID)
			}
			if w.Pieces[1].Kanji != "" {
				t.Errorf("%s: kanji left after removing the options", v.Name)
			}
		}
	}
}

package movegen

import (
	"errors"
	"strings"
	"testing"
)

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

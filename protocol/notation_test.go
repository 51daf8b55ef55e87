package protocol

import (
	"fmt"
	"maps"
	"strings"
	"testing"

	"github.com/kirin-shogi/kirin/movegen"
)

// tableTokens splits one half of a piece-to-char table into slot entries.
func tableTokens(half string) []string {
	var out []string
	for i := 0; i < len(half); {
		j := i
		if half[j] == '^' {
			j++
		}
		j++
		if j < len(half) && (half[j] == '\'' || half[j] == '!') {
			j++
		}
		out = append(out, half[i:j])
		i = j
	}
	return out
}

// TestXBoardTable checks the setup tables of the built-in games: both
// halves alike, the king last, every piece XBoard can name present once,
// and under the shogi parent the slots XBoard forces to promote (its
// pawn, knight and lance) held only by pieces that move like those (an
// okisaki knight there was relayed as a promotion and forked the game).
func TestXBoardTable(t *testing.T) {
	for _, v := range movegen.Builtin() {
		table, ok := xboardTable(v)
		if !ok {
			if v.Name != "tai" {
				t.Errorf("%s: no table", v.Name)
			}
			continue
		}
		if len(table)%2 != 0 {
			t.Fatalf("%s: odd table %q", v.Name, table)
		}
		w, b := table[:len(table)/2], table[len(table)/2:]
		if strings.ToLower(w) != b {
			t.Errorf("%s: halves differ: %s", v.Name, table)
		}
		tok := tableTokens(w)
		if len(tok) > xbSlots {
			t.Errorf("%s: %d slots", v.Name, len(tok))
		}
		seen := map[string]int{}
		for _, s := range tok {
			if s != "." {
				seen[s]++
			}
		}
		for _, p := range v.Pieces[1:] {
			id, _ := xbID(p.ID)
			if p.Promoted {
				continue
			}
			if seen[id] != 1 {
				t.Errorf("%s: %s appears %d times in %s", v.Name, id, seen[id], w)
			}
		}
		if king, _ := xbID(v.Pieces[1].ID); tok[len(tok)-1] != king {
			t.Errorf("%s: last slot %s, want the king %s", v.Name, tok[len(tok)-1], king)
		}
		if xboardParent(v) == "shogi" {
			want := map[int]string{0: "fW", 1: "ffN", 4: "fR"}
			for slot, betza := range want {
				if slot < len(tok)-1 && tok[slot] != "." {
					typ, _ := v.PieceByID(tok[slot])
					if got := v.Info(typ).Betza; got != betza {
						t.Errorf("%s: slot %d holds %s (%s), XBoard treats it as %s", v.Name, slot, tok[slot], got, betza)
					}
				}
			}
		}
	}
}

func TestParents(t *testing.T) {
	want := map[string]string{"okisaki": "shogi", "heian": "fairy", "heiandai": "fairy", "dai": "chu", "reiwadai": "chu", "tai": "chu"}
	for name, parent := range want {
		v, err := movegen.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		if got := xboardParent(v); got != parent {
			t.Errorf("%s: parent %s, want %s", name, got, parent)
		}
	}
}

func TestFENToSFEN(t *testing.T) {
	shogi, _ := movegen.Lookup("shogi")
	chu, _ := movegen.Lookup("chu")
	cases := []struct {
		v         *movegen.Variant
		fen, sfen string
	}{
		{shogi, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"},
		{shogi, "4k4/9/9/9/9/9/9/9/4K4[PPgB] b 0 1", "4k4/9/9/9/9/9/9/9/4K4 w 2PBg 1"},
		{chu, "k11/12/12/12/12/5pp5/5N6/12/12/12/12/11K w - 0 1", "k11/12/12/12/12/5pp5/5N6/12/12/12/12/11K b - 1"},
	}
	for _, c := range cases {
		got, err := fenToSFEN(c.v, c.fen)
		if err != nil || got != c.sfen {
			t.Errorf("%s: got %q, %v; want %q", c.fen, got, err, c.sfen)
		}
		if _, err := movegen.NewPosition(c.v, got); err != nil {
			t.Errorf("%s: %v", got, err)
		}
	}
	for _, bad := range []string{"", "9/9 x", "4k4/9/9/9/9/9/9/9/4K4[P#] w"} {
		if _, err := fenToSFEN(shogi, bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestUCIMoves round-trips every legal move of a few positions through
// the UCI notation, lion double moves included.
func TestUCIMoves(t *testing.T) {
	for _, c := range []struct{ name, sfen string }{
		{"shogi", "startpos"},
		{"shogi", "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 1"},
		{"chu", "k11/12/12/12/12/5pp5/5N6/12/12/12/12/11K b - 1"},
		{"okisaki", "startpos"},
	} {
		v, _ := movegen.Lookup(c.name)
		pos, err := movegen.NewPosition(v, c.sfen)
		if err != nil {
			t.Fatal(err)
		}
		var list movegen.MoveList
		pos.GenerateLegal(&list)
		for _, m := range list.Slice() {
			text := moveUCI(v, m)
			back, err := parseMoveUCI(pos, text)
			if err != nil || back != m {
				t.Errorf("%s %s: %s read back as %v (%v)", c.name, c.sfen, text, back, err)
			}
		}
	}
}

// TestXBetza checks the Betza strings sent in piece lines: XBoard 4.9.1
// reads a lone direction on a knight as the two narrow jumps and on a King
// as one straight step, so those are spelled out (a Reiwa dai leaping
// hare's fN sideways jump b1d2 was forfeited as invalid; so was a mountain
// crane's diagonal igui i12h13,h13i12 while its fcavK went unsplit), and for every
// built-in piece the rewritten string means to movegen what the original
// means.
func TestXBetza(t *testing.T) {
	for in, want := range map[string]string{
		"sWbFfN":                  "sWbFfffsN",
		"ffN":                     "ffN",
		"lN":                      "lllvN",
		"sbRbB2fKfDfAfcavKfabKfB": "sbRbB2fWfFfDfAfcavWcfavFfabWfabFfB",
		"fsQ2":                    "fsR2fB2",
		"KNADcaKmabK":             "KNADcaKmabK",
		"fBbB2@hook(fB)":          "fBbB2",
		"vRfB":                    "vRfB",
	} {
		if got := xbetza(in); got != want {
			t.Errorf("xbetza(%q) = %q, want %q", in, got, want)
		}
	}
	moves := func(b string) map[string]bool {
		atoms, err := movegen.ParseBetza(b)
		if err != nil {
			t.Fatalf("%q: %v", b, err)
		}
		out := map[string]bool{}
		for _, a := range atoms {
			for _, v := range a.Vecs {
				out[fmt.Sprint(v, a.Range, a.Mode, a.Legged, a.Mode1, a.Rel2)] = true
			}
		}
		return out
	}
	for _, v := range movegen.Builtin() {
		for _, p := range v.Pieces[1:] {
			b := xbetza(p.Betza)
			if b == "" || strings.ContainsRune(p.Betza, '@') {
				continue
			}
			if orig, got := moves(p.Betza), moves(b); !maps.Equal(orig, got) {
				t.Errorf("%s %s: %q became %q, which movegen reads differently", v.Name, p.Name, p.Betza, b)
			}
		}
	}
}

// TestXBoardSlots checks two slot rules XBoard 4.9.1 imposes: under the
// fairy parent only pieces in the slots up to its Man may promote with
// "+" (a Heian dai lance in the Lance slot lost its promotion), and under
// the chu parent only a piece with the chu lion-trading rules may sit in
// its Lion slot (a Reiwa dai lion was refused a legal capture there).
func TestXBoardSlots(t *testing.T) {
	for _, v := range movegen.Builtin() {
		table, ok := xboardTable(v)
		if !ok {
			continue
		}
		tok := tableTokens(table[:len(table)/2])
		for slot, id := range tok[:len(tok)-1] {
			if id == "." || id[0] == '^' {
				continue
			}
			typ, _ := v.PieceByID(id)
			p := v.Info(typ)
			switch xboardParent(v) {
			case "fairy", "shogi":
				// okisaki's lance from slot 18: XBoard refused "c0c1+".
				if p.PromotesTo != 0 && slot > xbMan {
					t.Errorf("%s: %s promotes but sits in slot %d", v.Name, id, slot)
				}
			case "chu":
				if slot == xbLionSlot && !p.Lion {
					t.Errorf("%s: %s (%s) sits in the Lion slot without the lion rules", v.Name, id, p.Name)
				}
			}
		}
	}
}

package movegen_test

// Golden per-piece move diagrams (STYLE 4.6): for every built-in variant and
// every piece type, the piece's legal moves from a central square of an
// otherwise empty board, with the concluded flags and the variant
// fingerprint. A change in the Betza parser, the variant tables, the
// promotion rules or the generator shows up as a diff of
// testdata/diagrams/<variant>.golden. Refresh with
//
//	go test ./movegen -run Diagram -update

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/kirin-shogi/kirin/movegen"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/ instead of comparing with them")

// diagramLegend opens every golden file.
const diagramLegend = `# Legend: @ the piece (Black, moving up the board); * a destination reached
# without promotion only; = a destination with optional promotion; + a
# destination reached with promotion only; . an empty square; other pieces by
# their SFEN letters (upper case Black, lower case White). In the diagrams
# with enemies (pieces with multi-leg moves) x is an enemy piece the piece
# can take (at the end of a move or on the way) and o one it cannot.
# Counts: moves = legal moves of the piece (each promotion choice counts),
# promotions = those that promote, destinations = distinct end squares (igui
# ends on the piece's own square), passes and multi-leg moves (listed in USI
# text under the diagram: origin, square of the first victim, end square).
# Kings stand on the first squares (Black: from the bottom-left corner, White:
# from the top-right corner) that share no rank, file or diagonal with the
# piece and are more than three squares away from it. In variants with the
# bare-king rule White also gets a Pawn next to its King: a bare White King
# would end the game before Black moves. The royal piece's own diagram has
# no second Black royal.
`

// diagramCenter returns the central square: row ranks/2, column files/2.
func diagramCenter(v *movegen.Variant) (int, int) { return v.Ranks / 2, v.Files / 2 }

// diagramFar reports whether (r, c) is out of the way of a piece on the
// central square: not on its lines and more than three squares away.
func diagramFar(v *movegen.Variant, r, c int) bool {
	cr, cc := diagramCenter(v)
	dr, dc := r-cr, c-cc
	if dr == 0 || dc == 0 || dr == dc || dr == -dc {
		return false
	}
	return max(diagramAbs(dr), diagramAbs(dc)) > 3
}

func diagramAbs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// diagramPlacement is the board of one diagram: piece text by (row, col).
type diagramPlacement map[[2]int]string

func (pl diagramPlacement) sfen(v *movegen.Variant) string {
	var rows []string
	for r := 0; r < v.Ranks; r++ {
		var b strings.Builder
		empty := 0
		for c := 0; c < v.Files; c++ {
			p, ok := pl[[2]int{r, c}]
			if !ok {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&b, empty)
				empty = 0
			}
			b.WriteString(diagramToken(p))
		}
		if empty > 0 {
			fmt.Fprint(&b, empty)
		}
		rows = append(rows, b.String())
	}
	return strings.Join(rows, "/") + " b - 1"
}

// diagramToken writes a piece for SFEN: IDs of 2 to 4 letters in brackets
// ([HM], +[EB]).
func diagramToken(p string) string {
	plus, s := "", p
	if strings.HasPrefix(s, "+") {
		plus, s = "+", s[1:]
	}
	if len(s) > 1 && s[1] != '\'' && s[1] != '!' {
		s = "[" + s + "]"
	}
	return plus + s
}

// diagramFirstFree returns the first square in scan order that is far from
// the centre and empty.
func diagramFirstFree(v *movegen.Variant, pl diagramPlacement, squares [][2]int) [2]int {
	for _, s := range squares {
		if _, taken := pl[s]; !taken && diagramFar(v, s[0], s[1]) {
			return s
		}
	}
	panic("no free square for a king")
}

// diagramSetup places piece t (Black) on the central square, the kings, the
// bare-king Pawn and the given enemy pieces (offsets in Black's frame:
// rows up, columns right).
func diagramSetup(v *movegen.Variant, t movegen.PieceType, enemies [][2]int) diagramPlacement {
	cr, cc := diagramCenter(v)
	pl := diagramPlacement{{cr, cc}: v.Pieces[t].ID}
	king := ""
	for i := 1; i < len(v.Pieces); i++ {
		if v.Pieces[i].Royal && !v.Pieces[i].Promoted {
			king = v.Pieces[i].ID
			break
		}
	}
	var fromBottomLeft, fromTopRight [][2]int
	for r := 0; r < v.Ranks; r++ {
		for c := 0; c < v.Files; c++ {
			fromBottomLeft = append(fromBottomLeft, [2]int{v.Ranks - 1 - r, c})
			fromTopRight = append(fromTopRight, [2]int{r, v.Files - 1 - c})
		}
	}
	if !v.Pieces[t].Royal {
		pl[diagramFirstFree(v, pl, fromBottomLeft)] = king
	}
	wk := diagramFirstFree(v, pl, fromTopRight)
	pl[wk] = strings.ToLower(king)
	if v.BareKing {
		near := append([][2]int(nil), fromTopRight...)
		sort.SliceStable(near, func(i, j int) bool {
			return max(diagramAbs(near[i][0]-wk[0]), diagramAbs(near[i][1]-wk[1])) < max(diagramAbs(near[j][0]-wk[0]), diagramAbs(near[j][1]-wk[1]))
		})
		pl[diagramFirstFree(v, pl, near)] = "p"
	}
	for _, e := range enemies {
		pl[[2]int{cr - e[0], cc + e[1]}] = "p"
	}
	return pl
}

// diagramEnemies surround pieces with multi-leg moves: adjacent in front,
// front-right and back-left, two squares straight ahead, two squares
// front-right diagonally and two squares to the left.
var diagramEnemies = [][2]int{{1, 0}, {2, 0}, {1, 1}, {2, 2}, {-1, -1}, {0, -2}}

// diagramOne draws the moves of the piece on the central square.
func diagramOne(t *testing.T, v *movegen.Variant, pt movegen.PieceType, enemies [][2]int) string {
	t.Helper()
	pl := diagramSetup(v, pt, enemies)
	sfen := pl.sfen(v)
	pos, err := movegen.NewPosition(v, sfen)
	if err != nil {
		t.Fatalf("%s %s: %v", v.Name, v.Pieces[pt].ID, err)
	}
	cr, cc := diagramCenter(v)
	from := movegen.MakeSquare(cr, cc)
	enemy := map[movegen.Square]bool{}
	for _, e := range enemies {
		enemy[movegen.MakeSquare(cr-e[0], cc+e[1])] = true
	}
	var l movegen.MoveList
	pos.GenerateLegal(&l)
	plain := map[movegen.Square]bool{}
	promo := map[movegen.Square]bool{}
	taken := map[movegen.Square]bool{}
	var multi []string
	nMoves, nPromo, nPass := 0, 0, 0
	// Hook movers and the emperor reach every square, the kings' too.
	reachesAll := strings.Contains(v.Pieces[pt].Betza, "@hook") || strings.Contains(v.Pieces[pt].Betza, "@emperor")
	for _, m := range l.Slice() {
		if m.IsDrop() || m.From() != from {
			continue
		}
		nMoves++
		if m.IsPass() {
			nPass++
			multi = append(multi, pos.MoveUSI(m)+" (pass)")
			continue
		}
		if m.IsPromotion() {
			nPromo++
			promo[m.To()] = true
		} else {
			plain[m.To()] = true
		}
		for _, s := range []movegen.Square{m.Mid(), m.Mid2(), m.To()} {
			if s != movegen.NoSquare && s != from && pos.At(s) != movegen.Empty {
				taken[s] = true
				if info := v.Pieces[pos.At(s).Type()]; info.Royal && !reachesAll {
					t.Errorf("%s %s: the diagram's piece attacks a royal piece (%s)", v.Name, v.Pieces[pt].ID, pos.MoveUSI(m))
				}
			}
		}
		if m.Mid() != movegen.NoSquare {
			multi = append(multi, pos.MoveUSI(m))
		}
	}
	dests := map[movegen.Square]bool{}
	for s := range plain {
		dests[s] = true
	}
	for s := range promo {
		dests[s] = true
	}
	var b strings.Builder
	fmt.Fprintf(&b, "square %s  moves %d  promotions %d  destinations %d", v.SquareUSI(from), nMoves, nPromo, len(dests))
	if nPass > 0 {
		fmt.Fprintf(&b, "  passes %d", nPass)
	}
	if len(multi) > nPass {
		fmt.Fprintf(&b, "  multi-leg %d", len(multi)-nPass)
	}
	fmt.Fprintf(&b, "\nsfen %s\n", sfen)
	b.WriteString("   ")
	for c := 0; c < v.Files; c++ {
		fmt.Fprintf(&b, "%3d", v.Files-c)
	}
	b.WriteByte('\n')
	for r := 0; r < v.Ranks; r++ {
		b.WriteString("   ")
		for c := 0; c < v.Files; c++ {
			s := movegen.MakeSquare(r, c)
			mark := "."
			switch p := pos.At(s); {
			case s == from:
				mark = "@"
			case enemy[s]:
				mark = "o"
				if taken[s] {
					mark = "x"
				}
			case p != movegen.Empty:
				mark = v.Pieces[p.Type()].ID
				if p.Color() == movegen.White {
					mark = strings.ToLower(mark)
				}
			case plain[s] && promo[s]:
				mark = "="
			case promo[s]:
				mark = "+"
			case plain[s]:
				mark = "*"
			}
			fmt.Fprintf(&b, "%3s", mark)
		}
		fmt.Fprintf(&b, "  %c\n", 'a'+r)
	}
	if len(multi) > 0 {
		sort.Strings(multi)
		b.WriteString("multi-leg moves:")
		for i, u := range multi {
			if i%8 == 0 {
				b.WriteString("\n  ")
			} else {
				b.WriteByte(' ')
			}
			b.WriteString(u)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// diagramVariant writes the golden text of one variant.
func diagramVariant(t *testing.T, v *movegen.Variant) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Move diagrams of every piece of the built-in variant %s (%s).\n", v.Name, v.Title)
	b.WriteString("# Generated by TestDiagramGolden; refresh with: go test ./movegen -run Diagram -update\n")
	b.WriteString(diagramLegend)
	fmt.Fprintf(&b, "variant %s\nfingerprint %#016x\n", v.Name, v.ID)
	fmt.Fprintf(&b, "board %dx%d  zone %d  promotion %s  deadpieces %s  drops %t  check %t  bareking %t  ruleset %q\n",
		v.Files, v.Ranks, v.ZoneDepth, []string{"shogi", "chu", "capture"}[v.Promotion],
		[]string{"forbid", "promote", "allow"}[v.DeadPieces], v.Drops, v.Check, v.BareKing, v.RuleSet)
	if len(v.HandTypes) > 0 {
		var ids []string
		for _, ht := range v.HandTypes {
			ids = append(ids, v.Pieces[ht].ID)
		}
		fmt.Fprintf(&b, "hand types %s\n", strings.Join(ids, " "))
	}
	for i := 1; i < len(v.Pieces); i++ {
		diagramPiece(t, &b, v, movegen.PieceType(i))
	}
	return b.String()
}

// diagramOptions writes, for each alternative value of each named option of
// v, the diagrams of the pieces that differ from v's (moves or promotion),
// or says that the option changes no piece.
func diagramOptions(t *testing.T, v *movegen.Variant) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Pieces of %s that an option changes: each alternative value, with the\n", v.Name)
	b.WriteString("# diagrams of the pieces whose moves or promotion differ from the defaults.\n")
	b.WriteString("# Generated by TestDiagramGolden; the legend is in " + v.Name + ".golden.\n")
	for _, o := range v.Options() {
		for _, val := range o.Values[1:] {
			w, err := v.WithOptions(o.Name + "=" + val)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, "\n######## option %s=%s (default %s)  fingerprint %#016x\n", o.Name, val, o.Values[0], w.ID)
			n := 0
			for i := 1; i < len(w.Pieces); i++ {
				p := &w.Pieces[i]
				if d, ok := v.PieceByID(p.ID); ok {
					q := &v.Pieces[d]
					if q.Betza == p.Betza && v.Pieces[q.PromotesTo].ID == w.Pieces[p.PromotesTo].ID {
						continue
					}
				}
				diagramPiece(t, &b, w, movegen.PieceType(i))
				n++
			}
			if n == 0 {
				b.WriteString("no piece changes (a rule read by the engine's code)\n")
			}
		}
	}
	return b.String()
}

// diagramPiece writes the diagram block of piece type pt.
func diagramPiece(t *testing.T, b *strings.Builder, v *movegen.Variant, pt movegen.PieceType) {
	{
		p := &v.Pieces[pt]
		fmt.Fprintf(b, "\n== %s %s %s  value %d", p.ID, p.Name, p.Betza, p.Value)
		if p.PromotesTo != 0 {
			fmt.Fprintf(b, "  promotes to %s", v.Pieces[p.PromotesTo].ID)
		}
		var flags []string
		for _, f := range []struct {
			on   bool
			name string
		}{{p.Royal, "royal"}, {p.Lion, "lion"}, {p.Nifu, "nifu"}, {p.NoDropMate, "nodropmate"}, {p.LastRank, "lastrank"}, {p.Spirit, "spirit"}} {
			if f.on {
				flags = append(flags, f.name)
			}
		}
		if len(flags) > 0 {
			fmt.Fprintf(b, "  flags %s", strings.Join(flags, ","))
		}
		b.WriteByte('\n')
		b.WriteString(diagramOne(t, v, pt, nil))
		if strings.Contains(p.Betza, "a") {
			b.WriteString("-- with enemies\n")
			b.WriteString(diagramOne(t, v, pt, diagramEnemies))
		}
	}
}

// TestDiagramGolden compares the move diagrams of every built-in variant with
// testdata/diagrams/<variant>.golden (or rewrites them with -update).
func TestDiagramGolden(t *testing.T) {
	type golden struct {
		name string
		text func(*testing.T, *movegen.Variant) string
		v    *movegen.Variant
	}
	var all []golden
	for _, v := range movegen.Builtin() {
		all = append(all, golden{v.Name, diagramVariant, v})
		if len(v.Options()) > 0 {
			all = append(all, golden{v.Name + "-options", diagramOptions, v})
		}
	}
	for _, g := range all {
		v := g.v
		t.Run(g.name, func(t *testing.T) {
			got := g.text(t, v)
			path := filepath.Join("testdata", "diagrams", g.name+".golden")
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (create it with: go test ./movegen -run Diagram -update)", err)
			}
			want := string(data)
			if got == want {
				return
			}
			gl, wl := strings.Split(got, "\n"), strings.Split(want, "\n")
			for i := 0; i < len(gl) || i < len(wl); i++ {
				var g, w string
				if i < len(gl) {
					g = gl[i]
				}
				if i < len(wl) {
					w = wl[i]
				}
				if g != w {
					section := ""
					for j := min(i, len(gl)-1); j >= 0; j-- {
						if strings.HasPrefix(gl[j], "== ") {
							section = gl[j]
							break
						}
					}
					t.Fatalf("%s differs from the generated diagrams at line %d (in %q):\n got: %s\nwant: %s\n(if the change is intended: go test ./movegen -run Diagram -update)", path, i+1, section, g, w)
				}
			}
		})
	}
}

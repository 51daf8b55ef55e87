package movegen_test

// A deliberately simple second move generator for Tai shogi, written
// straight from shared/rules/tai-shogi.md and sharing nothing with movegen
// except the public API used to compare results. The piece moves come from
// the sheet's Appendix direction table, copied below as it stands (codes per
// direction F,B,L,R,FL,FR,BL,BR; the special powers of §3.2 spelled out
// square by square), the start position from §2.3 in the sheet's own
// all-bracket notation. It has its own 25x25 array board, SFEN reader and
// writer, and copy-make. Rules (sheet §1): no drops, no check; promotion is
// compulsory at the end of every capturing move and happens only then,
// once (§1.3); capturing a deva or teaching king makes the capturer a
// teaching king, a dark spirit or Buddhist spirit a Buddhist spirit, royals
// exempt and a drunk elephant taking its own promotion, the last contagious
// victim deciding (§1.5); the emperor may take a royal piece only if it is
// unprotected (§1.6, default reading); a side without royal pieces has lost,
// so a node where a side has none has no moves. Moves are identified by
// their effect: origin, end square and the squares of the pieces captured.

import (
	"fmt"
	"math/rand"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/kirin-shogi/kirin/movegen"
)

const tsN = 25

// tsAppendix is the sheet's Appendix table (default reading).
const tsAppendix = `id,abbr,name,F,B,L,R,FL,FR,BL,BR,special,promotes_to,count_per_side,evans_weight
1,E,Emperor,0,0,0,0,0,0,0,0,EMPEROR,-,1,999
2,P,Pawn,1,0,0,0,0,0,0,0,,-,25,1
3,L,Lance,64,0,0,0,0,0,0,0,,-,2,3
4,S,Silver general,1,0,0,0,1,1,1,1,,-,2,5
5,G,Gold general,1,1,1,1,1,1,0,0,,-,2,6
6,C,Copper general,1,1,0,0,1,1,0,0,,-,2,4
7,B,Bishop,0,0,0,0,64,64,64,64,,G,2,9
8,R,Rook,64,64,64,64,0,0,0,0,,G,2,11
9,AB,Angry boar,1,1,1,1,0,0,0,0,,-,2,5
10,DH,Dragon horse,1,1,1,1,64,64,64,64,,-,2,17
11,DK,Dragon king,64,64,64,64,1,1,1,1,,-,2,20
12,BB,Blind bear,0,64,0,0,1,1,1,1,,-,2,7
13,FL,Ferocious leopard,1,1,0,0,1,1,1,1,,-,2,6
14,FK,Queen (free king),64,64,64,64,64,64,64,64,,-,2,28
15,BT,Blind tiger,0,1,1,1,1,1,1,1,,-,2,7
16,Ky,Kirin,128,128,128,128,1,1,1,1,,GD,1,10
17,Ph,Phoenix,1,1,1,1,128,128,128,128,,GBd,1,10
18,Ln,Lion,0,0,0,0,0,0,0,0,LION,FF,1,32
19,RC,Reverse chariot,64,64,0,0,0,0,0,0,,-,2,5
20,SM,Side mover,1,1,64,64,0,0,0,0,,G,2,7
21,VM,Vertical mover,64,64,1,1,0,0,0,0,,G,2,7
22,BDe,Buddhist devil,0,1,1,1,3,3,0,0,,G,1,7
23,CSw,Cat sword,0,0,0,0,1,1,1,1,,-,2,4
24,Ca,Capricorn,0,0,0,0,2048,2048,2048,2048,,G,1,26
25,CC,Chinese cock,0,1,1,1,1,1,0,0,,WS,2,7
26,CS,Coiled serpent,1,1,0,0,0,0,1,1,,-,2,4
27,DSp,Dark spirit,0,0,0,1,1,1,1,0,,BSp,1,18
28,EW,Evil wolf,1,0,1,1,1,1,0,0,,-,2,4
29,DV,Deva,0,0,1,0,1,1,0,1,,TK,1,18
30,FD,Flying dragon,0,0,0,0,2,2,2,2,,G,2,6
31,Do,Donkey,128,128,1,1,0,0,0,0,,G,2,4
32,DE,Drunk elephant,1,0,1,1,1,1,1,1,,CP,1,20
33,Ea,Earth general,1,1,0,0,0,0,0,0,,-,2,2
34,GB,Go-between,1,1,0,0,0,0,0,0,,-,2,2
35,GG,Guardian of the Gods,3,3,3,3,1,1,0,0,,G,1,8
36,N,Knight,1024,0,0,0,0,0,0,0,,G,2,3
37,HM,Hook mover,2048,2048,2048,2048,0,0,0,0,,G,1,30
38,OM,Old monkey,0,1,0,0,1,1,1,1,,-,2,5
39,I,Iron general,1,0,0,0,1,1,0,0,,-,2,3
40,LCh,Left chariot,64,1,0,0,64,0,0,64,,-,1,10
41,RD,Reclining dragon,1,1,1,1,0,0,1,1,,-,2,6
42,LD,Lion dog,3,3,3,3,3,3,3,3,LIONDOG,GE,1,14
43,BD,Blue dragon,2,2,64,64,1,64,0,0,,-,1,13
44,T,Tile general,0,1,0,0,1,1,0,0,,-,2,3
45,Wr,Wrestler,0,0,1,1,3,3,3,3,,G,1,8
46,RCh,Right chariot,64,1,0,0,0,64,64,0,,-,1,10
47,SD,She-devil,5,5,5,5,2,2,2,2,,G,1,11
48,St,Stone general,0,0,0,0,1,1,0,0,,-,2,2
49,VO,Violent ox,2,2,2,2,0,0,0,0,,-,2,7
50,OR,Old rat,0,2,0,0,2,2,0,0,,WS,2,8
51,BM,Blind monkey,0,0,1,1,1,1,1,1,,MW,2,9
52,CP,Prince,1,1,1,1,1,1,1,1,,-,1,150
53,D,Dove,2,2,2,2,5,5,5,5,,-,2,16
54,EB,Eastern barbarian,2,2,1,1,1,1,0,0,,Ln,1,16
55,EBa,Enchanted badger,2,0,2,2,0,0,0,0,,D,2,8
56,FH,Flying horse,1,1,1,1,2,2,0,0,,FK,2,12
57,FDe,Free demon,5,5,64,64,64,64,64,64,,-,2,26
58,FTp,Free dream-eater,64,64,5,5,64,64,64,64,,-,2,26
59,GBd,Golden bird,64,64,2,2,3,3,3,3,,-,1,16
60,GD,Great dragon,2,2,64,64,3,3,3,3,,-,1,16
61,HD,Howling dog,64,1,0,0,0,0,0,0,,-,2,4
62,LG,Left general,1,1,0,1,1,1,1,1,,-,1,7
63,RG,Right general,1,1,1,0,1,1,1,1,,-,1,7
64,LGn,Long-nosed goblin,1,1,1,1,2048,2048,2048,2048,,-,2,64
65,NK,Neighbor king,1,0,1,1,1,1,1,1,,SBr,1,9
66,NB,Northern barbarian,0,0,1,1,2,2,1,1,,FEl,1,9
67,OK,Old kite,2,2,2,2,1,1,0,0,,LGn,1,32
68,RB,Rushing bird,64,0,64,64,64,64,64,64,,FDe,1,24
69,SB,Southern barbarian,0,0,1,1,1,1,2,2,,WE,1,9
70,SBr,Standard bearer,64,2,2,2,64,64,2,2,,-,2,16
71,WBf,Water buffalo,2,2,64,64,64,64,64,64,,FTp,2,23
72,WB,Western barbarian,1,1,2,2,1,1,0,0,,LD,1,9
73,W,Whale,64,64,0,0,0,0,64,64,,-,2,14
74,WE,White elephant,2,2,2,2,2,2,64,64,,-,2,15
75,WH,White horse,64,64,0,0,64,64,0,0,,-,2,14
76,WT,White tiger,64,64,2,2,64,1,0,0,,-,1,13
77,Wo,Wood general,0,0,0,0,2,2,0,0,,-,2,3
78,FE,Fierce eagle,0,0,1,1,2,2,2,2,,-,2,8
79,FO,Flying ox,64,64,0,0,64,64,64,64,,-,2,20
80,GDe,Golden deer,0,0,0,0,64,64,2,2,,-,2,9
81,HF,Horned falcon,512,64,64,64,64,64,64,64,,-,2,28
82,PC,Peacock,0,0,0,0,2048,2048,2,2,,-,2,36
83,PS,Poisonous snake,128,0,1,1,0,0,128,128,,HM,2,48
84,PSt,Prancing stag,1,0,2,2,1,1,1,1,,SMo,2,11
85,RS,Ram's-head soldier,0,0,0,0,64,64,0,0,,-,2,5
86,SDr,Side dragon,64,1,64,64,0,0,0,0,,G,2,10
87,SCh,Racing chariot,64,64,64,64,0,0,1,1,,-,2,18
88,SDe,Silver hare,0,0,0,0,2,2,64,64,,-,2,9
89,SE,Soaring eagle,64,64,64,64,512,512,64,64,,-,2,28
90,So,Soldier,64,64,64,64,0,0,64,64,,-,2,22
91,TS,Turtle-snake,64,1,0,0,64,64,2,2,,-,1,14
92,VS,Vermillion sparrow,1,64,0,0,64,64,2,2,,-,1,14
93,VBe,Violent bear,0,0,1,1,2,2,0,0,,-,2,5
94,BSp,Buddhist spirit,64,64,64,64,64,64,64,64,LION+Q,-,0,
95,FEl,Fragrant elephant,2,2,2,2,64,64,2,2,,-,0,
96,FF,Furious fiend,3,3,3,3,3,3,3,3,LION+LIONDOG,-,0,
97,GE,Great elephant,3,3,5,5,3,3,5,5,,-,0,
98,MW,Mountain witch,1,64,0,0,64,64,64,64,,-,0,
99,SMo,Square mover,64,64,64,64,1,1,0,0,,-,0,
100,TK,Teaching king,64,64,64,64,64,64,64,64,Q+LIONDOG,-,0,
101,WS,Wizard stork,64,1,0,0,64,64,64,64,,-,0,
`

// tsSheetStart is the sheet's §2.3 position string, as printed there.
const tsSheetStart = "[l][wt][w][fd][lgn][d][r][dh][dk][fk][g][dsp][e][dv][g][fk][dk][dh][r][d][lgn][fd][w][ts][l]/[rc][sdr][se][n][ps][ftp][b][fe][we][fde][s][rg][cp][lg][s][fde][we][fe][b][ftp][ps][n][se][sdr][rc]/[sch][wh][rs][vo][csw][bb][sde][gde][bm][bt][sd][gg][nk][wr][bde][bt][bm][gde][sde][bb][csw][vo][rs][wh][sch]/[so][wbf][fl][nb][sb][cc][hf][om][rb][pc][gbd][ph][ln][ky][gd][pc][ok][om][hf][cc][eb][wb][fl][wbf][so]/[rch][vs][wo][ea][st][t][i][c][or][cs][rd][hm][de][ca][rd][cs][or][c][i][t][st][ea][wo][bd][lch]/[hd][fh][eba][do][fo][sm][vm][vbe][sbr][pst][ab][ew][ld][ew][ab][pst][sbr][vbe][vm][sm][fo][do][eba][fh][hd]/[p][p][p][p][p][p][p][p][p][p][p][p][p][p][p][p][p][p][p][p][p][p][p][p][p]/7[gb]9[gb]7/25/25/25/25/25/25/25/25/25/7[GB]9[GB]7/[P][P][P][P][P][P][P][P][P][P][P][P][P][P][P][P][P][P][P][P][P][P][P][P][P]/[HD][FH][EBA][DO][FO][SM][VM][VBE][SBR][PST][AB][EW][LD][EW][AB][PST][SBR][VBE][VM][SM][FO][DO][EBA][FH][HD]/[LCH][BD][WO][EA][ST][T][I][C][OR][CS][RD][CA][DE][HM][RD][CS][OR][C][I][T][ST][EA][WO][VS][RCH]/[SO][WBF][FL][WB][EB][CC][HF][OM][OK][PC][GD][KY][LN][PH][GBD][PC][RB][OM][HF][CC][SB][NB][FL][WBF][SO]/[SCH][WH][RS][VO][CSW][BB][SDE][GDE][BM][BT][BDE][WR][NK][GG][SD][BT][BM][GDE][SDE][BB][CSW][VO][RS][WH][SCH]/[RC][SDR][SE][N][PS][FTP][B][FE][WE][FDE][S][LG][CP][RG][S][FDE][WE][FE][B][FTP][PS][N][SE][SDR][RC]/[L][TS][W][FD][LGN][D][R][DH][DK][FK][G][DV][E][DSP][G][FK][DK][DH][R][D][LGN][FD][W][WT][L] b"

// tsPiece is one row of the Appendix: the move codes per direction, the
// special power and the promotion, with upper-cased abbreviations.
type tsPiece struct {
	abbr    string
	codes   [8]int
	special string
	promo   string
}

// tsDirs are the directions of the Appendix columns F,B,L,R,FL,FR,BL,BR as
// (row, column) steps for Black: row 0 is rank a, column 0 is file 25, so
// forward is up and Black's left is toward file 25.
var tsDirs = [8][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}, {-1, -1}, {-1, 1}, {1, -1}, {1, 1}}

var tsPieces = func() map[string]*tsPiece {
	out := map[string]*tsPiece{}
	for _, line := range strings.Split(strings.TrimSpace(tsAppendix), "\n")[1:] {
		f := strings.Split(line, ",")
		p := &tsPiece{abbr: strings.ToUpper(f[1]), special: f[11]}
		for i := 0; i < 8; i++ {
			n, err := strconv.Atoi(f[3+i])
			if err != nil {
				panic(line)
			}
			p.codes[i] = n
		}
		if f[12] != "-" {
			p.promo = strings.ToUpper(f[12])
		}
		out[p.abbr] = p
	}
	return out
}()

// royal: the emperor and the prince (§1.4).
func (p *tsPiece) royal() bool { return p.abbr == "E" || p.abbr == "CP" }

// contagion: what a piece capturing this one becomes (§1.5).
func (p *tsPiece) contagion() string {
	switch p.abbr {
	case "DV", "TK":
		return "TK"
	case "DSP", "BSP":
		return "BSP"
	}
	return ""
}

// tsCell is one square; done marks a piece that got its type by promotion
// and so does not promote again (§1.3).
type tsCell struct {
	p     *tsPiece
	black bool
	done  bool
}

// tsBoard is a position: sq[row][column].
type tsBoard struct {
	sq    [tsN][tsN]tsCell
	black bool
	// everywhere: §1.6 read as Evans does, an emperor protects every
	// square (option emperorguard = everywhere).
	everywhere bool
}

type tsSq [2]int

// tsMove is a move: origin, end square and the captured squares in capture
// order; or a pass.
type tsMove struct {
	from, to tsSq
	victims  []tsSq
	pass     bool
}

// tsKey identifies a move by its effect.
type tsKey struct {
	from, to tsSq
	victims  string
	pass     bool
}

func (m tsMove) key() tsKey {
	if m.pass {
		return tsKey{pass: true}
	}
	var v []string
	for _, s := range m.victims {
		v = append(v, tsSquareText(s))
	}
	sort.Strings(v)
	return tsKey{from: m.from, to: m.to, victims: strings.Join(v, ",")}
}

func (k tsKey) String() string {
	if k.pass {
		return "<pass>"
	}
	s := tsSquareText(k.from) + "-" + tsSquareText(k.to)
	if k.victims != "" {
		s += " x" + k.victims
	}
	return s
}

func tsSquareText(s tsSq) string { return fmt.Sprintf("%d%c", tsN-s[1], 'a'+s[0]) }

func tsOn(s tsSq) bool { return s[0] >= 0 && s[0] < tsN && s[1] >= 0 && s[1] < tsN }

func tsAdd(s, d tsSq, n int) tsSq { return tsSq{s[0] + n*d[0], s[1] + n*d[1]} }

func (b *tsBoard) at(s tsSq) tsCell { return b.sq[s[0]][s[1]] }

// tsID is the piece ID movegen uses for a cell: the abbreviation, except
// that a promoted eastern barbarian, western barbarian or poisonous snake
// (a lion, lion dog or hook mover that may not promote again) is +EB, +WB,
// +PS.
func tsID(c tsCell) string {
	if c.done {
		switch c.p.abbr {
		case "LN":
			return "+EB"
		case "LD":
			return "+WB"
		case "HM":
			return "+PS"
		}
	}
	return c.p.abbr
}

// tsToken is the piece text of a cell in the SFEN form movegen writes:
// IDs of more than one letter in brackets (+[EB]), lower case for White.
func tsToken(c tsCell) string {
	plus, id := "", tsID(c)
	if strings.HasPrefix(id, "+") {
		plus, id = "+", id[1:]
	}
	if !c.black {
		id = strings.ToLower(id)
	}
	if len(id) > 1 {
		id = "[" + id + "]"
	}
	return plus + id
}

// tsSame reports whether movegen's position has the naive board's pieces
// and side to move (a quick test; the SFENs say where they differ).
func tsSame(b *tsBoard, pos *movegen.Position) bool {
	if (pos.SideToMove() == movegen.Black) != b.black {
		return false
	}
	v := pos.Variant()
	for r := 0; r < tsN; r++ {
		for c := 0; c < tsN; c++ {
			cell, p := b.sq[r][c], pos.At(movegen.MakeSquare(r, c))
			if cell.p == nil || p == movegen.Empty {
				if cell.p != nil || p != movegen.Empty {
					return false
				}
				continue
			}
			if (p.Color() == movegen.Black) != cell.black || v.Pieces[p.Type()].ID != tsID(cell) {
				return false
			}
		}
	}
	return true
}

func tsParse(sfen string) (tsBoard, error) {
	var b tsBoard
	f := strings.Fields(sfen)
	if len(f) < 2 {
		return b, fmt.Errorf("need board and side: %q", sfen)
	}
	rows := strings.Split(f[0], "/")
	if len(rows) != tsN {
		return b, fmt.Errorf("%d ranks", len(rows))
	}
	for r, row := range rows {
		c := 0
		for i := 0; i < len(row); {
			if row[i] >= '0' && row[i] <= '9' {
				n := 0
				for i < len(row) && row[i] >= '0' && row[i] <= '9' {
					n = n*10 + int(row[i]-'0')
					i++
				}
				c += n
				continue
			}
			plus := row[i] == '+'
			if plus {
				i++
			}
			if i >= len(row) {
				return b, fmt.Errorf("rank %d: dangling +", r+1)
			}
			var tok string
			if row[i] == '[' {
				j := strings.IndexByte(row[i:], ']')
				if j < 0 {
					return b, fmt.Errorf("rank %d: unclosed [", r+1)
				}
				tok, i = row[i+1:i+j], i+j+1
			} else {
				tok, i = row[i:i+1], i+1
			}
			black := tok == strings.ToUpper(tok)
			if !black && tok != strings.ToLower(tok) {
				return b, fmt.Errorf("rank %d: mixed case %q", r+1, tok)
			}
			cell := tsCell{p: tsPieces[strings.ToUpper(tok)], black: black}
			if plus {
				// Only the three promoted forms that keep their own ID.
				to := map[string]string{"EB": "LN", "WB": "LD", "PS": "HM"}[strings.ToUpper(tok)]
				cell = tsCell{p: tsPieces[to], black: black, done: true}
			}
			if cell.p == nil || c >= tsN {
				return b, fmt.Errorf("rank %d: bad piece %q or rank too long", r+1, tok)
			}
			b.sq[r][c] = cell
			c++
		}
		if c != tsN {
			return b, fmt.Errorf("rank %d has %d squares", r+1, c)
		}
	}
	switch f[1] {
	case "b":
		b.black = true
	case "w":
	default:
		return b, fmt.Errorf("bad side %q", f[1])
	}
	return b, nil
}

// sfen2 writes the board and side fields.
func (b *tsBoard) sfen2() string {
	var s strings.Builder
	for r := 0; r < tsN; r++ {
		if r > 0 {
			s.WriteByte('/')
		}
		empty := 0
		for c := 0; c < tsN; c++ {
			cell := b.sq[r][c]
			if cell.p == nil {
				empty++
				continue
			}
			if empty > 0 {
				s.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			s.WriteString(tsToken(cell))
		}
		if empty > 0 {
			s.WriteString(strconv.Itoa(empty))
		}
	}
	if b.black {
		return s.String() + " b"
	}
	return s.String() + " w"
}

// tsGen collects the pseudo-legal moves of one side, by effect: a square
// reached in two ways (a hook through two corners, a lion dog's jump and
// its step path) is one move, as is every pass.
type tsGen struct {
	b     *tsBoard
	black bool
	out   map[tsKey]tsMove
}

func (g *tsGen) add(from, to tsSq, victims ...tsSq) {
	m := tsMove{from: from, to: to, victims: victims}
	g.out[m.key()] = m
}

func (g *tsGen) pass() { g.out[tsKey{pass: true}] = tsMove{pass: true} }

func (g *tsGen) friend(s tsSq) bool {
	c := g.b.at(s)
	return c.p != nil && c.black == g.black
}

func (g *tsGen) enemy(s tsSq) bool {
	if !tsOn(s) {
		return false
	}
	c := g.b.at(s)
	return c.p != nil && c.black != g.black
}

func (g *tsGen) empty(s tsSq) bool { return tsOn(s) && g.b.at(s).p == nil }

// target: a move may end on s (empty or enemy).
func (g *tsGen) target(s tsSq) bool { return tsOn(s) && !g.friend(s) }

// land adds the move from -> s if s is empty or enemy (a step or a jump).
func (g *tsGen) land(from, s tsSq) {
	if !g.target(s) {
		return
	}
	if g.enemy(s) {
		g.add(from, s, s)
	} else {
		g.add(from, s)
	}
}

// slide: up to max squares along d (0 = unlimited), stopping at the first
// piece and capturing it if it is an enemy.
func (g *tsGen) slide(from, d tsSq, max int) { g.slideOn(from, from, d, max) }

// slideOn slides the piece on from along d starting at square start (a
// hook's corner).
func (g *tsGen) slideOn(from, start, d tsSq, max int) {
	for n := 1; max == 0 || n <= max; n++ {
		s := tsAdd(start, d, n)
		if !g.target(s) {
			return
		}
		g.land(from, s)
		if g.enemy(s) {
			return
		}
	}
}

// hook (§3.1): along d over empty squares to an empty corner, turn 90
// degrees either way, slide on; the first enemy may be taken.
func (g *tsGen) hook(from, d tsSq) {
	for corner := tsAdd(from, d, 1); g.empty(corner); corner = tsAdd(corner, d, 1) {
		for _, t := range []tsSq{{d[1], -d[0]}, {-d[1], d[0]}} {
			g.slideOn(from, corner, t, 0)
		}
	}
}

// line2 (§3.2 LINE2 along d): step, jump to the 2nd square, capture on the
// 1st and go on to the 2nd or come back (igui), pass over an empty 1st.
func (g *tsGen) line2(from, d tsSq) {
	s1, s2 := tsAdd(from, d, 1), tsAdd(from, d, 2)
	g.land(from, s1)
	g.land(from, s2)
	if g.enemy(s1) {
		g.add(from, from, s1)
		if g.enemy(s2) {
			g.add(from, s2, s1, s2)
		} else if g.target(s2) {
			g.add(from, s2, s1)
		}
	}
	if g.empty(s1) {
		g.pass()
	}
}

// lion (§3.2 LION): any square within two king steps; a capture on an
// adjacent square followed by a second king step (back home = igui); a
// pass over an empty adjacent square.
func (g *tsGen) lion(from tsSq) {
	for dr := -2; dr <= 2; dr++ {
		for dc := -2; dc <= 2; dc++ {
			if dr != 0 || dc != 0 {
				g.land(from, tsSq{from[0] + dr, from[1] + dc})
			}
		}
	}
	for _, d1 := range tsDirs {
		s1 := tsAdd(from, d1, 1)
		if g.empty(s1) {
			g.pass()
		}
		if !g.enemy(s1) {
			continue
		}
		for _, d2 := range tsDirs {
			s2 := tsAdd(s1, d2, 1)
			switch {
			case s2 == from:
				g.add(from, from, s1)
			case g.enemy(s2):
				g.add(from, s2, s1, s2)
			case g.target(s2):
				g.add(from, s2, s1)
			}
		}
	}
}

// lionDog (§3.2 LIONDOG) along each line: jumps to the 1st, 2nd or 3rd
// square; or up to three single steps along the line, each landing on an
// empty or enemy square and capturing there, going back toward the start
// only after a capture and never past it; a pass over an empty 1st square.
func (g *tsGen) lionDog(from tsSq) {
	for _, d := range tsDirs {
		for n := 1; n <= 3; n++ {
			g.land(from, tsAdd(from, d, n))
		}
		if g.empty(tsAdd(from, d, 1)) {
			g.pass()
		}
		var walk func(k, steps int, victims []tsSq)
		walk = func(k, steps int, victims []tsSq) {
			if steps == 3 {
				return
			}
			for _, dk := range []int{1, -1} {
				nk := k + dk
				if nk < 0 || dk < 0 && len(victims) == 0 {
					continue
				}
				s := tsAdd(from, d, nk)
				if nk > 0 && !g.target(s) {
					continue
				}
				v := victims
				taken := false
				for _, x := range victims {
					taken = taken || x == s
				}
				if nk > 0 && g.enemy(s) && !taken {
					v = append(append([]tsSq(nil), victims...), s)
				}
				if len(v) > 0 {
					g.add(from, s, v...)
				}
				walk(nk, steps+1, v)
			}
		}
		walk(0, 0, nil)
	}
}

// piece adds the moves of the piece on from.
func (g *tsGen) piece(from tsSq) {
	cell := g.b.at(from)
	p := cell.p
	sgn := 1
	if !cell.black {
		sgn = -1
	}
	liondog := strings.Contains(p.special, "LIONDOG")
	for i, code := range p.codes {
		d := tsSq{sgn * tsDirs[i][0], sgn * tsDirs[i][1]}
		switch code {
		case 0:
		case 1:
			g.slide(from, d, 1)
		case 2, 5:
			g.slide(from, d, code)
		case 3:
			if !liondog { // for lion-dog powers the 3 is their reach
				g.slide(from, d, 3)
			}
		case 64:
			g.slide(from, d, 0)
		case 128:
			g.land(from, tsAdd(from, d, 2))
		case 512:
			g.line2(from, d)
		case 1024: // the shogi knight, listed under F
			g.land(from, tsSq{from[0] + 2*d[0], from[1] - 1})
			g.land(from, tsSq{from[0] + 2*d[0], from[1] + 1})
		case 2048:
			g.slide(from, d, 0)
			g.hook(from, d)
		default:
			panic(fmt.Sprintf("%s: code %d", p.abbr, code))
		}
	}
	if p.special == "EMPEROR" {
		for r := 0; r < tsN; r++ {
			for c := 0; c < tsN; c++ {
				if s := (tsSq{r, c}); s != from {
					g.land(from, s)
				}
			}
		}
	}
	if strings.Contains(p.special, "LION") && p.special != "LIONDOG" && p.special != "Q+LIONDOG" {
		g.lion(from)
	}
	if liondog {
		g.lionDog(from)
	}
}

// pseudo returns the moves of side black's pieces, leaving out emperors if
// noEmperor.
func (b *tsBoard) pseudo(black, noEmperor bool) map[tsKey]tsMove {
	g := tsGen{b: b, black: black, out: map[tsKey]tsMove{}}
	for r := 0; r < tsN; r++ {
		for c := 0; c < tsN; c++ {
			if cell := b.sq[r][c]; cell.p != nil && cell.black == black && !(noEmperor && cell.p.abbr == "E") {
				g.piece(tsSq{r, c})
			}
		}
	}
	return g.out
}

// canCapture reports whether a piece of side black other than an emperor
// has a move capturing on t.
func (b *tsBoard) canCapture(black bool, t tsSq) bool {
	for _, m := range b.pseudo(black, true) {
		for _, v := range m.victims {
			if v == t {
				return true
			}
		}
	}
	return false
}

func (b *tsBoard) royals(black bool) int {
	n := 0
	for r := 0; r < tsN; r++ {
		for c := 0; c < tsN; c++ {
			if cell := b.sq[r][c]; cell.p != nil && cell.black == black && cell.p.royal() {
				n++
			}
		}
	}
	return n
}

func (b *tsBoard) hasEmperor(black bool) bool {
	for r := 0; r < tsN; r++ {
		for c := 0; c < tsN; c++ {
			if cell := b.sq[r][c]; cell.p != nil && cell.black == black && cell.p.abbr == "E" {
				return true
			}
		}
	}
	return false
}

// emperorOK applies §1.6 to an emperor's capture of a royal on t: it is
// legal only if the royal is unprotected, that is if after the capture no
// enemy piece but an emperor could capture on t, and, while the enemy keeps
// an emperor (which could retake only an unprotected emperor), some other
// piece of ours could capture on t were an enemy standing there. Read as
// Evans does (everywhere), an enemy emperor protects t in any case.
func (b *tsBoard) emperorOK(m tsMove) bool {
	us := b.black
	after := b.make(m)
	if after.canCapture(!us, m.to) {
		return false
	}
	if after.hasEmperor(!us) {
		if b.everywhere {
			return false
		}
		probe := after
		probe.sq[m.to[0]][m.to[1]] = tsCell{p: tsPieces["P"], black: !us}
		return probe.canCapture(us, m.to)
	}
	return true
}

// legal returns the legal moves of the side to move: none once a side has
// lost all its royals (§1.4), else the pieces' moves less the emperor's
// captures of protected royals (§1.6).
func (b *tsBoard) legal() map[tsKey]tsMove {
	if b.royals(true) == 0 || b.royals(false) == 0 {
		return map[tsKey]tsMove{}
	}
	out := b.pseudo(b.black, false)
	for k, m := range out {
		if m.pass || b.at(m.from).p.abbr != "E" {
			continue
		}
		if v := b.at(m.to); v.p != nil && v.p.royal() && !b.emperorOK(m) {
			delete(out, k)
		}
	}
	return out
}

// make plays m on a copy: the victims leave the board; a non-royal mover
// whose promotion is not royal becomes the contagion type of the last
// contagious victim; otherwise a capturing piece that can promote does.
func (b *tsBoard) make(m tsMove) tsBoard {
	nb := *b
	nb.black = !b.black
	if m.pass {
		return nb
	}
	mover := nb.at(m.from)
	contagion := ""
	for _, v := range m.victims {
		if c := nb.at(v).p.contagion(); c != "" {
			contagion = c
		}
		nb.sq[v[0]][v[1]] = tsCell{}
	}
	exempt := mover.p.royal() || mover.p.promo != "" && tsPieces[mover.p.promo].royal()
	switch {
	case contagion != "" && !exempt:
		mover = tsCell{p: tsPieces[contagion], black: mover.black, done: true}
	case len(m.victims) > 0 && !mover.done && mover.p.promo != "":
		mover = tsCell{p: tsPieces[mover.p.promo], black: mover.black, done: true}
	}
	nb.sq[m.from[0]][m.from[1]] = tsCell{}
	nb.sq[m.to[0]][m.to[1]] = mover
	return nb
}

func tsPerft(b *tsBoard, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	ms := b.legal()
	if depth == 1 {
		return uint64(len(ms))
	}
	var n uint64
	for _, m := range ms {
		nb := b.make(m)
		n += tsPerft(&nb, depth-1)
	}
	return n
}

// tsMovegenKey writes a movegen move as its effect.
func tsMovegenKey(pos *movegen.Position, m movegen.Move) tsKey {
	if m.IsPass() {
		return tsKey{pass: true}
	}
	v := pos.Variant()
	sq := func(s movegen.Square) tsSq {
		t := v.SquareUSI(s)
		f, _ := strconv.Atoi(t[:len(t)-1])
		return tsSq{int(t[len(t)-1] - 'a'), tsN - f}
	}
	mv := tsMove{from: sq(m.From()), to: sq(m.To())}
	for _, s := range []movegen.Square{m.Mid(), m.Mid2(), m.To()} {
		if s == movegen.NoSquare || s == m.From() {
			continue
		}
		if p := pos.At(s); p != movegen.Empty && p.Color() != pos.SideToMove() {
			dup := false
			for _, x := range mv.victims {
				dup = dup || x == sq(s)
			}
			if !dup {
				mv.victims = append(mv.victims, sq(s))
			}
		}
	}
	return mv.key()
}

// tsRef is the Tai generator as the harness (naive_harness_test.go) sees
// it: moves by their effect (tsKey), positions by their pieces and side to
// move (tsSame), shown as the board and side of the SFEN.
func tsRef() naiveRef[tsBoard, tsMove, tsKey] {
	return naiveRef[tsBoard, tsMove, tsKey]{
		variant: "tai",
		legal:   func(b *tsBoard) (map[tsKey]tsMove, string) { return b.legal(), "" },
		make:    (*tsBoard).make,
		perft:   tsPerft,
		key:     tsMovegenKey,
		text:    tsKey.String,
		differ: func(b *tsBoard, pos *movegen.Position) (string, string, bool) {
			if tsSame(b, pos) {
				return "", "", false
			}
			return sfenFields(pos, 2), b.sfen2(), true
		},
	}
}

// TestNaiveTaiReader checks the naive SFEN reader and writer against
// movegen on every case, and that the sheet's §2.3 string is the start.
func TestNaiveTaiReader(t *testing.T) {
	sheet, err := tsParse(tsSheetStart)
	if err != nil {
		t.Fatal(err)
	}
	ref := tsRef()
	start := ref.pos(t, "startpos")
	if got, want := sheet.sfen2(), sfenFields(start, 2); got != want {
		t.Errorf("the sheet's start position reads as %s, movegen's start is %s", got, want)
	}
	if from := sfenFields(ref.pos(t, tsSheetStart), 2); from != sfenFields(start, 2) {
		t.Errorf("movegen reads the sheet's string as %s", from)
	}
	for _, tc := range tsCases {
		b, err := tsParse(tc.sfen)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		pos := ref.pos(t, tc.sfen)
		if got, want := b.sfen2(), sfenFields(pos, 2); got != want {
			t.Errorf("%s: naive %s, movegen %s", tc.name, got, want)
		}
	}
}

// TestNaiveTaiMoves compares the move lists at the root of every case and
// after every root move (the root only for the largest trees), and the
// positions after each of those moves.
func TestNaiveTaiMoves(t *testing.T) {
	for _, tc := range tsCases {
		t.Run(tc.name, func(t *testing.T) {
			if testing.Short() && tc.nodes[0] > 600 {
				t.Skip("large root under -short")
			}
			b, err := tsParse(tc.sfen)
			if err != nil {
				t.Fatal(err)
			}
			ref := tsRef()
			pos := ref.pos(t, tc.sfen)
			plies, limit := 1, uint64(300000)
			if testing.Short() {
				limit = 50000
			}
			if tc.nodes[1] > limit {
				plies = 0 // the root only (its children's lists are perft-tested)
			}
			if d := ref.compareTree(&b, pos, plies, "root"); d != "" {
				t.Error(d)
			}
		})
	}
}

// tsOptionCases are perft counts under a tai option, agreed by both
// generators: the emperor positions of tsCases with emperorguard =
// everywhere (§1.6, Evans), where our gold covering 1a no longer makes
// White's prince takeable.
var tsOptionCases = []struct {
	name, option, sfen string
	nodes              []uint64
}{
	{"emperor", "emperorguard=everywhere", "[cp]22g[cp]/25/25/25/25/25/25/25/25/25/25/25/12E12/25/25/25/25/25/25/25/25/25/25/1G23/[CP]24 b - 1", []uint64{629, 5655}},
	{"note-emperor-vs-emperor", "emperorguard=everywhere", "e23[cp]/25/25/25/25/25/25/25/25/25/25/25/12E12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", []uint64{625, 390000}},
	{"note-emperor-vs-emperor-cover", "emperorguard=everywhere", "e23[cp]/23G1/25/25/25/25/25/25/25/25/25/25/12E12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", []uint64{630, 393118}}, // default 631, 393740
}

// TestNaiveTaiOptionPerft compares perft under an option with the naive
// generator (which knows the option) and with the pinned counts.
func TestNaiveTaiOptionPerft(t *testing.T) {
	for _, tc := range tsOptionCases {
		for depth := 1; depth <= len(tc.nodes); depth++ {
			t.Run(fmt.Sprintf("%s/%s/d%d", tc.name, tc.option, depth), func(t *testing.T) {
				pinned := tc.nodes[depth-1]
				if testing.Short() && pinned > 300000 {
					t.Skip("large tree under -short")
				}
				b, err := tsParse(tc.sfen)
				if err != nil {
					t.Fatal(err)
				}
				b.everywhere = tc.option == "emperorguard=everywhere"
				v, err := movegen.Lookup("tai")
				if err != nil {
					t.Fatal(err)
				}
				if v, err = v.WithOptions(tc.option); err != nil {
					t.Fatal(err)
				}
				pos, err := movegen.NewPosition(v, tc.sfen)
				if err != nil {
					t.Fatal(err)
				}
				tsRef().checkPerft(t, tc.name+"/"+tc.option, &b, pos, depth, tc.nodes)
			})
		}
	}
}

// TestNaiveTaiPerft compares perft with the naive generator and with the
// pinned counts, at the depths each case lists. Under -short, trees of more
// than 300,000 leaves are skipped.
func TestNaiveTaiPerft(t *testing.T) {
	for _, tc := range tsCases {
		for depth := 1; depth <= len(tc.nodes); depth++ {
			t.Run(fmt.Sprintf("%s/d%d", tc.name, depth), func(t *testing.T) {
				pinned := tc.nodes[depth-1]
				if testing.Short() && pinned > 300000 {
					t.Skip("large tree under -short")
				}
				b, err := tsParse(tc.sfen)
				if err != nil {
					t.Fatal(err)
				}
				ref := tsRef()
				ref.checkPerft(t, tc.name, &b, ref.pos(t, tc.sfen), depth, tc.nodes)
			})
		}
	}
}

// TestNaiveTaiRandomGames plays seeded random games from every case
// (captures preferred, so that promotions, contagion, emperor captures and
// royal losses happen) and compares the move lists and the positions after
// every move at every node.
func TestNaiveTaiRandomGames(t *testing.T) {
	plies, games := 100, 1
	if testing.Short() {
		plies = 16
	}
	ends := map[string]int{}
	promotions := 0
	ref := tsRef()
	for g := 0; g < games*len(tsCases); g++ {
		tc := tsCases[g%len(tsCases)]
		r := rand.New(rand.NewSource(int64(g + 1)))
		b, err := tsParse(tc.sfen)
		if err != nil {
			t.Fatal(err)
		}
		pos := ref.pos(t, tc.sfen)
		end := "ply limit"
		for ply := 0; ply < plies; ply++ {
			if d := ref.compareMoves(&b, pos); d != "" {
				t.Fatalf("%s, ply %d: %s", tc.name, ply, d)
			}
			legal := b.legal()
			if len(legal) == 0 {
				end = "no moves"
				if b.royals(true) == 0 || b.royals(false) == 0 {
					end = "royals lost"
				}
				break
			}
			var all, captures []tsKey
			for k, m := range legal {
				all = append(all, k)
				if len(m.victims) > 0 {
					captures = append(captures, k)
				}
			}
			less := func(s []tsKey) func(i, j int) bool {
				return func(i, j int) bool { return s[i].String() < s[j].String() }
			}
			sort.Slice(all, less(all))
			sort.Slice(captures, less(captures))
			k := all[r.Intn(len(all))]
			if len(captures) > 0 && r.Intn(4) > 0 {
				k = captures[r.Intn(len(captures))]
			}
			mg, _ := ref.movegenMoves(pos)
			if mg[k].IsPromotion() {
				promotions++
			}
			pos.Make(mg[k])
			b = b.make(legal[k])
		}
		ends[end]++
	}
	t.Logf("game ends: %v; promotions (and contagion) played: %d", ends, promotions)
}

// tsCases are the Tai perft counts both generators agree on; tai_test.go
// pins the same numbers in the perft table and describes the positions
// (the start is the sheet's own string here).
var tsCases = []struct {
	name  string
	sfen  string
	nodes []uint64 // depth 1, 2, ...
}{
	{"start", tsSheetStart, []uint64{479, 230770}},
	{"hooks", "4P19[cp]/3gP20/4P20/2[hm]1P20/[ca]3P20/4P20/3[pc]P20/1[lgn]2P20/2p1P20/4P20/+[ps]3P20/4P20/4P20/4P20/4P20/3+[PS]P20/4P20/[LGN]3P20/1P2P20/2[PC]1P20/4P20/1[HM]2P20/3[CA]P20/G3P20/4P19[CP] b - 1", []uint64{113, 17790, 2105267}},
	{"liondogs", "24[cp]/25/25/25/25/25/25/12[ld]12/25/25/12[dv][dsp]3[ff]7/11pp12/7p4[LD]2p1p7/17+[WB]g6/7[FF]1s15/25/6[wb]18/12P12/12[TK]12/25/25/25/25/25/[CP]24 b - 1", []uint64{162, 13680, 2234081}},
	{"emperor", "[cp]22g[cp]/25/25/25/25/25/25/25/25/25/25/25/12E12/25/25/25/25/25/25/25/25/25/25/1G23/[CP]24 b - 1", []uint64{629, 5655, 3552590}},
	{"emperors", "e23[cp]/23G1/13p11/3[ld]21/25/25/25/20[ca]4/25/25/25/25/12E12/25/25/25/25/25/25/25/5[HM]19/25/25/25/[CP]24 b - 1", []uint64{1249, 1187194}},
	{"contagion", "24[cp]/25/25/25/14r10/25/25/7[dv]17/25/9[bsp]15/18[dv]6/5[dv]6[dsp][dv]1[tk]2[dsp]2[dsp]3/5[DE]3g2[LN]5[LD]6/9[DV]4[DSP]10/25/7R17/15G9/21[TK]3/25/25/25/25/25/25/[CP]24 b - 1", []uint64{189, 36800, 7163340}},
	{"royals", "25/25/25/25/25/25/25/25/25/25/11g[cp]11R/13[de]11/13P11/13p11/12[CP][DE]10r/11G13/25/25/25/25/25/25/25/25/25 b - 1", []uint64{44, 1980, 101220}},
	{"random-6", "l[wt]w[fd][lgn]dr[dh][dk][fk]g[dsp]1[dv]1[fk][dk][dh]rd[lgn][fd]w[ts]l/[rc][sdr][se]n[ps][ftp]b1[we][fde]s[rg][cp][lg]s[fde][we][fe]b[ftp][ps]n[se][sdr][rc]/[sch][wh][rs][vo][csw][bb]2[bm][bt][sd][gg][nk][wr][bde][bt][bm][gde][sde][bb][csw][vo][rs][wh][sch]/[so][wbf][fl][nb][sb][cc][hf][om][rb][pc]1[ph][ln][ky][gd][pc][ok][om][hf][cc][eb]1[fl][wbf][so]/[rch][vs][wo]1[st]1ic[or][cs][gbd][hm][de][ca][rd][cs][or]cit[st]+[wb][wo]1[lch]/[hd][fh][eba][ea]1[sm]3[pst][ab][ew][ld][ew][ab][pst][sbr][vbe]G[sm]1[do]2[hd]/ppppp3p2ppppppp1pp2pp/7[gb]1p15/17[gb]7/3[FO]21/25/25/25/25/25/25/25/2P4[GB]1P11P3/PP1PPPPPP1PPPPPPP3P2PP/[HD][FH][EBA][DO][FO][SM][VM][VBE]1[PST][AB][EW][LD][EW][AB][PST]1[VBE]1[SM]1[DO][VS]2/[LCH][BD][WO][EA][ST]TI1[OR][CS][RD][CA][DE][HM][RD][CS][OR]CI1[ST][EA][WO]1[RCH]/[SO][WBF][FL][WB][PS][CC]1[OM]1[PC][GD][KY][LN][PH][GBD][PC][RB][OM][HF]1[SB][NB][FL][WBF][SO]/[SCH][WH][RS][VO][CSW]2[GDE][BM][BT][BDE][WR][NK][GG][SD][WE][BM][GDE][fo][BB][CSW][VO][RS][WH][SCH]/[RC][SDR][SE]N1[SDE]2[WE][FDE]S[LG][CP][RG]S[FDE][FK][FE]B[FTP][PS]N[SE][SDR][RC]/L[TS]W[FD][LGN]DR[DH][bd][FK]G[DV]1[DSP]G1[DK][DH]RD[LGN][FD]W[WT]L b - 61", []uint64{157, 19291, 3093843}},
	{"random-1", "l[wt]w[fd][lgn]dr1[dk][fk]g[dsp]2g[fk][dk][dh]rd[lgn]E1[ts]l/[rc]1[se]n1[ftp]b[fe][we][fde]1[rg][cp][lg]s[fde][we][fe]b1[ps]n[se][sdr][rc]/[sch][wh][rs][vo][csw][bb][sde][gde][bm][bt]s[gg][nk][wr][bde][bt][bm]1[sde][bb]1[vo][rs]1[sch]/[so][wbf][fl][nb][sb][cc]1[om][rb][pc][gbd][ph]1[ky][gd][pc][ok][om][hf][cc][eb][wb][fl]1[so]/[rch]1[wo]1[st]ti1[or][cs][rd][hm][de][ca][rd][cs][or]cit[st][ea][wo][bd][lch]/[hd][fh][eba][do][fo][sm][vm]2[pst]1[ew][ld][ew][ab]1[sbr][vbe][vm][sm][fo][do][eba][fh][hd]/ppppp2pppppppppp1ppppppp/7[gb]9[gb]7/25/25/25/25/25/25/25/25/25/7[GB]9[GB]7/PPPP2P1PP1PPPePPPPPPPPPP/[HD][FH][EBA]1[FO][SM][VM][VBE][SBR][PST][AB][EW][LD][EW][AB][PST]1[VBE][VM][SM][FO][DO][EBA][FH][HD]/[LCH][BD][WO]1[ST]TI1[OR][CS][RD][CA][DE][HM][RD][CS]1CIT[ST][EA][WO][VS][RCH]/[SO][WBF][FL][WB][EB][CC][HF][OM][OK]1[GD][KY][LN][PH][GBD][PC][RB][OM]1[CC][SB][NB][FL][WBF][SO]/[SCH][WH]1[VO]1[BB][SDE][GDE][BM]1[BDE][WR][NK]1[SD][BT][BM][GDE]1[BB][CSW][VO][RS][WH][SCH]/[RC][SDR][SE]N[PS][FTP]B[FE][WE][FDE]S1[CP][RG]1[FDE][WE][FE]B1[PS]N[SE][SDR][RC]/1[TS]2[LGN]DR[DH][DK][FK]G2[DSP]G[FK][DK][DH]RD[LGN][FD]W[WT]L b - 61", []uint64{625, 387188}},
	// docs/tai-design.md section 7.
	{"note-promo-capture", "24[cp]/25/25/25/12p12/25/25/25/25/25/25/25/12R12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", []uint64{47, 187, 9020}},
	{"note-lion-igui", "24[cp]/25/25/25/25/25/25/25/25/25/25/12p12/12[LN]12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", []uint64{36, 135, 4252}},
	{"note-contagion-tk", "24[cp]/25/25/25/12[dv]12/25/25/25/25/25/25/5[dv]19/5[DE]6R12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", []uint64{48, 520, 27944}},
	{"note-contagion-bsp", "24[cp]/25/25/25/25/25/25/25/25/25/25/12[dsp][dv]11/12[LN]12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", []uint64{44, 404, 20387}},
	{"note-liondog-c13", "24[cp]/25/25/25/25/25/25/25/25/25/12p12/12p12/12[LD]12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", []uint64{32, 125, 3729}},
	{"note-liondog-c23", "24[cp]/25/25/25/25/25/25/25/25/25/12p12/25/12[LD]12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", []uint64{30, 117, 3462}},
	{"note-liondog-hop", "24[cp]/25/25/25/25/25/25/25/25/25/12p12/12P12/12[LD]12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", []uint64{28, 110, 3246}},
	{"note-ld-alone", "24[cp]/25/25/25/25/25/25/25/25/25/25/25/12[LD]12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", []uint64{28, 84, 2379}},
	{"note-tk-alone", "24[cp]/25/25/25/25/25/25/25/25/25/25/25/12[TK]12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", []uint64{99, 294, 25638}},
	{"note-ff-alone", "24[cp]/25/25/25/25/25/25/25/25/25/25/25/12[FF]12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", []uint64{36, 108, 3915}},
	{"note-hook-HM", "24[cp]/25/25/25/25/25/25/25/25/25/25/25/12[HM]12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", []uint64{626, 1875}},
	{"note-hook-CA", "24[cp]/25/25/25/25/25/25/25/25/25/25/25/12[CA]12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", []uint64{314, 939, 294248}},
	{"note-hook-LGN", "24[cp]/25/25/25/25/25/25/25/25/25/25/25/12[LGN]12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", []uint64{318, 951, 301672}},
	{"note-hook-PC", "24[cp]/25/25/25/25/25/25/25/25/25/25/25/12[PC]12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", []uint64{229, 684, 116981}},
	{"note-hook-PC-blocked", "24[cp]/25/25/25/25/25/25/25/25/9P5p9/25/25/12[PC]12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", []uint64{93, 371, 66071}},
	{"note-emperor-alone", "24[cp]/25/25/25/25/25/25/25/25/25/25/25/12E12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", []uint64{626, 1875}},
	{"note-emperor-protected-royal", "23g[cp]/25/25/25/25/25/25/25/25/25/25/25/12E12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", []uint64{625, 3747}},
	{"note-emperor-vs-emperor", "e23[cp]/25/25/25/25/25/25/25/25/25/25/25/12E12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", []uint64{625, 390000}},
	{"note-emperor-vs-emperor-cover", "e23[cp]/23G1/25/25/25/25/25/25/25/25/25/25/12E12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", []uint64{631, 393740}},
	{"note-royals", "r23e/25/25/25/25/25/25/25/25/25/25/12p12/12[DE]12/25/25/25/25/25/25/25/25/25/25/25/E24 b - 1", []uint64{629, 420847}},
	{"note-stalemate", "[CP]P23/PP23/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/24[cp] b - 1", []uint64{0, 0, 0}},
}

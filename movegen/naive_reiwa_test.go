package movegen_test

// A deliberately simple second move generator for Reiwa dai shogi, written
// straight from shared/rules/reiwa-dai-shogi.md (the "Moves" column of
// section 3, the promotion rule of section 4, the spirit-trading rule of
// section 5, royal capture of section 6) and sharing nothing with movegen
// except the public API used to compare results: its own 15x15 array board,
// SFEN reader, hard-coded moves (steps, slides, jumps, linear and full Lion
// powers spelled out square by square), copy-make. Reiwa has no check rule
// and no drops, so the legal moves are the moves the pieces can make; a
// node where a side has no royal (King or Prince) left has none. Like
// naive_test.go for Heian dai, it is the differential reference for a game
// without published perft numbers.

import (
	"fmt"
	"math/rand"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/kirin-shogi/kirin/movegen"
)

const rwN = 15

// rwCell is one square: kind is the SFEN token of the unpromoted piece in
// upper case ("K", "H'", ...), "" for an empty square.
type rwCell struct {
	kind     string
	black    bool
	promoted bool
}

// rwBoard is a position: row 0 is rank a, column 0 is file 15. mustPass
// says that the side to move must pass (spirit trading).
type rwBoard struct {
	sq       [rwN][rwN]rwCell
	black    bool
	mustPass bool
}

// rwMove is a move: the squares visited (origin, an optional first victim,
// destination), promotion, or a pass (a piece's pass or the forced pass).
type rwMove struct {
	sq      [][2]int
	promote bool
	pass    bool
	forced  bool
}

// rwPart is one element of a piece's moves in the mover's frame (dx to its
// right, dy forward): a step or jump to (dx, dy); a slide along it, max
// squares (0 = unlimited); a linear Lion power along it; or the full Lion
// power.
type rwPart struct {
	kind   byte // 's' step/jump, 'r' slide, 'l' linear Lion, 'L' Lion
	dx, dy int
	max    int
}

var (
	rwF, rwB, rwL, rwR     = [2]int{0, 1}, [2]int{0, -1}, [2]int{-1, 0}, [2]int{1, 0}
	rwFL, rwFR, rwBL, rwBR = [2]int{-1, 1}, [2]int{1, 1}, [2]int{-1, -1}, [2]int{1, -1}
	rwOrth                 = [][2]int{rwF, rwB, rwL, rwR}
	rwDiag                 = [][2]int{rwFL, rwFR, rwBL, rwBR}
	rwAll                  = [][2]int{rwF, rwB, rwL, rwR, rwFL, rwFR, rwBL, rwBR}
)

func rwSteps(ds ...[2]int) []rwPart {
	var out []rwPart
	for _, d := range ds {
		out = append(out, rwPart{'s', d[0], d[1], 1})
	}
	return out
}

func rwSlides(max int, ds ...[2]int) []rwPart {
	var out []rwPart
	for _, d := range ds {
		out = append(out, rwPart{'r', d[0], d[1], max})
	}
	return out
}

func rwLions(ds ...[2]int) []rwPart {
	var out []rwPart
	for _, d := range ds {
		out = append(out, rwPart{'l', d[0], d[1], 0})
	}
	return out
}

func rwCat(parts ...[]rwPart) []rwPart {
	var out []rwPart
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// rwMoves are the moves of the rules sheet's tables (section 3), by SFEN
// token; promoted forms that move like another piece use that piece's moves
// (section 3, "Promotions onto existing types").
var rwMoves = map[string][]rwPart{
	// King: one step in any direction.
	"K": rwSteps(rwAll...),
	// Gold: step orthogonally or diagonally forward.
	"G": rwSteps(rwF, rwB, rwL, rwR, rwFL, rwFR),
	// Silver: step diagonally or straight forward.
	"S": rwSteps(rwFL, rwFR, rwBL, rwBR, rwF),
	// Copper: step forward (3) or straight back.
	"C": rwSteps(rwF, rwFL, rwFR, rwB),
	// Ferocious Leopard: step in any direction but sideways.
	"F": rwSteps(rwF, rwB, rwFL, rwFR, rwBL, rwBR),
	// Lance: slide forward.
	"L": rwSlides(0, rwF),
	// Leaping Hare: step sideways or diagonally back; jump to the 4
	// forward knight squares.
	"H'": rwSteps(rwL, rwR, rwBL, rwBR, [2]int{-1, 2}, [2]int{1, 2}, [2]int{-2, 1}, [2]int{2, 1}),
	// Ram's-Head Soldier: slide diagonally forward.
	"R'": rwSlides(0, rwFL, rwFR),
	// Reverse Chariot: slide forward or back.
	"A": rwSlides(0, rwF, rwB),
	// Poisonous Snake: step sideways, back, or diagonally forward; jump 2
	// straight forward.
	"S'": rwSteps(rwL, rwR, rwB, rwFL, rwFR, [2]int{0, 2}),
	// Donkey: step forward, back, or diagonally back; jump 2 diagonally
	// forward.
	"D'": rwSteps(rwF, rwB, rwBL, rwBR, [2]int{-2, 2}, [2]int{2, 2}),
	// Blind Tiger: step in any direction but straight forward.
	"T": rwSteps(rwB, rwL, rwR, rwFL, rwFR, rwBL, rwBR),
	// Drunk Elephant: step in any direction but straight back.
	"E": rwSteps(rwF, rwL, rwR, rwFL, rwFR, rwBL, rwBR),
	// Flying Crocodile: slide sideways; up to 2 squares diagonally forward;
	// step diagonally back.
	"C'": rwCat(rwSlides(0, rwL, rwR), rwSlides(2, rwFL, rwFR), rwSteps(rwBL, rwBR)),
	// Bishop: slide diagonally.
	"B": rwSlides(0, rwDiag...),
	// Ceramic Dove: slide forward; up to 2 squares sideways; step back or
	// diagonally back.
	"W'": rwCat(rwSlides(0, rwF), rwSlides(2, rwL, rwR), rwSteps(rwB, rwBL, rwBR)),
	// Kirin: step diagonally; jump 2 orthogonally.
	"O": rwSteps(rwFL, rwFR, rwBL, rwBR, [2]int{0, 2}, [2]int{0, -2}, [2]int{2, 0}, [2]int{-2, 0}),
	// Phoenix: step orthogonally; jump 2 diagonally.
	"X": rwSteps(rwF, rwB, rwL, rwR, [2]int{2, 2}, [2]int{-2, 2}, [2]int{2, -2}, [2]int{-2, -2}),
	// Thunder Runner: the 8 chess knight jumps.
	"T'": rwSteps([2]int{1, 2}, [2]int{-1, 2}, [2]int{2, 1}, [2]int{-2, 1}, [2]int{1, -2}, [2]int{-1, -2}, [2]int{2, -1}, [2]int{-2, -1}),
	// Enchanted Fox: slide back and diagonally forward; up to 2 squares
	// forward; step sideways.
	"F'": rwCat(rwSlides(0, rwB, rwFL, rwFR), rwSlides(2, rwF), rwSteps(rwL, rwR)),
	// Side Mover: slide sideways; step forward or back.
	"M": rwCat(rwSlides(0, rwL, rwR), rwSteps(rwF, rwB)),
	// Vertical Mover: slide forward or back; step sideways.
	"V": rwCat(rwSlides(0, rwF, rwB), rwSteps(rwL, rwR)),
	// Rook: slide orthogonally.
	"R": rwSlides(0, rwOrth...),
	// Dragon Horse: Bishop plus an orthogonal step.
	"H": rwCat(rwSlides(0, rwDiag...), rwSteps(rwOrth...)),
	// Dragon King: Rook plus a diagonal step.
	"D": rwCat(rwSlides(0, rwOrth...), rwSteps(rwDiag...)),
	// Lion: the chu Lion.
	"N": {{kind: 'L'}},
	// Buddhist Spirit: Lion or Queen.
	"U": rwCat([]rwPart{{kind: 'L'}}, rwSlides(0, rwAll...)),
	// Queen: slide in any direction.
	"Q": rwSlides(0, rwAll...),
	// Pawn: step forward.
	"P": rwSteps(rwF),
	// Go-Between: step forward or back.
	"I": rwSteps(rwF, rwB),
	// White Horse: slide forward, back, diagonally forward.
	"+L": rwSlides(0, rwF, rwB, rwFL, rwFR),
	// Free Wolf: slide sideways and diagonally forward; step straight back.
	"+R'": rwCat(rwSlides(0, rwL, rwR, rwFL, rwFR), rwSteps(rwB)),
	// Whale: slide forward, back, diagonally back.
	"+A": rwSlides(0, rwF, rwB, rwBL, rwBR),
	// Flying Stag: slide forward or back; step sideways and diagonally.
	"+T": rwCat(rwSlides(0, rwF, rwB), rwSteps(rwL, rwR, rwFL, rwFR, rwBL, rwBR)),
	// Prince: as King.
	"+E": rwSteps(rwAll...),
	// Great Shark: slide forward, sideways, diagonally forward; up to 2
	// straight back; linear Lion power on both back diagonals.
	"+C'": rwCat(rwSlides(0, rwF, rwL, rwR, rwFL, rwFR), rwSlides(2, rwB), rwLions(rwBL, rwBR)),
	// Strong Bear: slide diagonally and straight forward; linear Lion power
	// sideways and straight back.
	"+W'": rwCat(rwSlides(0, rwFL, rwFR, rwBL, rwBR, rwF), rwLions(rwL, rwR, rwB)),
	// Mountain Crane: slide sideways and straight back; up to 2 diagonally
	// back; linear Lion power forward and diagonally forward; slides on
	// along the forward diagonals (section 9.3).
	"+F'": rwCat(rwSlides(0, rwL, rwR, rwB), rwSlides(2, rwBL, rwBR), rwLions(rwF, rwFL, rwFR), rwSlides(0, rwFL, rwFR)),
	// Free Boar: slide sideways and diagonally.
	"+M": rwSlides(0, rwFL, rwFR, rwBL, rwBR, rwL, rwR),
	// Flying Ox: slide vertically and diagonally.
	"+V": rwSlides(0, rwFL, rwFR, rwBL, rwBR, rwF, rwB),
	// Horned Falcon: slide diagonally, sideways and back; linear Lion power
	// straight forward.
	"+H": rwCat(rwSlides(0, rwDiag...), rwSlides(0, rwL, rwR, rwB), rwLions(rwF)),
	// Soaring Eagle: slide orthogonally and diagonally back; linear Lion
	// power on the forward diagonals.
	"+D": rwCat(rwSlides(0, rwOrth...), rwSlides(0, rwBL, rwBR), rwLions(rwFL, rwFR)),
}

// rwPromotedLike maps promotions onto existing types to the piece they move
// as (Gold -> Rook, ..., Go-Between -> Drunk Elephant).
var rwPromotedLike = map[string]string{
	"G": "R", "S": "V", "C": "M", "F": "B", "H'": "F'", "S'": "C'", "D'": "W'",
	"O": "N", "X": "Q", "T'": "U", "P": "G", "I": "E", "B": "H", "R": "D",
}

// rwCanPromote: the King, Lion, Buddhist Spirit and Queen do not promote
// (section 4).
func rwCanPromote(c rwCell) bool {
	return !c.promoted && c.kind != "K" && c.kind != "N" && c.kind != "U" && c.kind != "Q"
}

func (c rwCell) parts() []rwPart {
	if !c.promoted {
		return rwMoves[c.kind]
	}
	if to, ok := rwPromotedLike[c.kind]; ok {
		return rwMoves[to]
	}
	return rwMoves["+"+c.kind]
}

// royal: King and Prince (a promoted Drunk Elephant; a promoted Go-Between
// moves like one but is not royal).
func (c rwCell) royal() bool { return c.kind == "K" || c.kind == "E" && c.promoted }

// spirit: the Buddhist Spirit and a promoted Thunder Runner.
func (c rwCell) spirit() bool { return c.kind == "U" || c.kind == "T'" && c.promoted }

func rwParse(sfen string) (rwBoard, error) {
	var b rwBoard
	f := strings.Fields(sfen)
	if len(f) < 2 {
		return b, fmt.Errorf("need board and side: %q", sfen)
	}
	rows := strings.Split(f[0], "/")
	if len(rows) != rwN {
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
			var cell rwCell
			if row[i] == '+' {
				cell.promoted = true
				i++
			}
			if i >= len(row) {
				return b, fmt.Errorf("rank %d: dangling +", r+1)
			}
			ch := row[i]
			i++
			cell.black = ch >= 'A' && ch <= 'Z'
			cell.kind = strings.ToUpper(string(ch))
			if i < len(row) && row[i] == '\'' {
				cell.kind += "'"
				i++
			}
			if rwMoves[cell.kind] == nil || cell.promoted && cell.parts() == nil {
				return b, fmt.Errorf("rank %d: unknown piece %s", r+1, row[:i])
			}
			if cell.promoted && !rwCanPromote(rwCell{kind: cell.kind}) {
				return b, fmt.Errorf("rank %d: %s cannot be promoted", r+1, cell.kind)
			}
			if c >= rwN {
				return b, fmt.Errorf("rank %d too long", r+1)
			}
			b.sq[r][c] = cell
			c++
		}
		if c != rwN {
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
	if len(f) > 2 {
		switch f[2] {
		case "-":
		case "pass":
			b.mustPass = true
		default:
			return b, fmt.Errorf("bad third field %q", f[2])
		}
	}
	return b, nil
}

// sfen3 writes the board, side and pass fields.
func (b *rwBoard) sfen3() string {
	var s strings.Builder
	for r := 0; r < rwN; r++ {
		if r > 0 {
			s.WriteByte('/')
		}
		empty := 0
		for c := 0; c < rwN; c++ {
			cell := b.sq[r][c]
			if cell.kind == "" {
				empty++
				continue
			}
			if empty > 0 {
				s.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			if cell.promoted {
				s.WriteByte('+')
			}
			if cell.black {
				s.WriteString(cell.kind)
			} else {
				s.WriteString(strings.ToLower(cell.kind))
			}
		}
		if empty > 0 {
			s.WriteString(strconv.Itoa(empty))
		}
	}
	side, third := " w ", "-"
	if b.black {
		side = " b "
	}
	if b.mustPass {
		third = "pass"
	}
	return s.String() + side + third
}

func rwOn(r, c int) bool { return r >= 0 && r < rwN && c >= 0 && c < rwN }

// rwZone: the five far ranks (section 4).
func rwZone(black bool, r int) bool {
	if black {
		return r < 5
	}
	return r >= rwN-5
}

// gen collects the moves of one piece; moves are keyed by their USI text,
// so a square reached in two ways (a Lion's jump and a Queen's slide) is one
// move, as is every pass.
type rwGen struct {
	b    *rwBoard
	out  map[string]rwMove
	pass bool
}

func (g *rwGen) add(m rwMove) {
	if m.pass {
		if !g.pass {
			g.pass = true
			g.out["<pass>"] = m
		}
		return
	}
	g.out[m.text()] = m
}

// addWithPromotion adds a board move with its promotion choices: a piece
// may promote when it enters the zone or starts inside it and captures; a
// Pawn, Lance or Ram's-Head Soldier reaching the last rank must promote, and
// always may (section 4 and 9.6).
func (g *rwGen) addWithPromotion(cell rwCell, sq [][2]int, capture bool) {
	from, to := sq[0], sq[len(sq)-1]
	if !rwCanPromote(cell) {
		g.add(rwMove{sq: sq})
		return
	}
	fromZ, toZ := rwZone(cell.black, from[0]), rwZone(cell.black, to[0])
	last := cell.black && to[0] == 0 || !cell.black && to[0] == rwN-1
	forced := last && (cell.kind == "P" || cell.kind == "L" || cell.kind == "R'")
	if forced || !fromZ && toZ || fromZ && capture {
		g.add(rwMove{sq: sq, promote: true})
	}
	if !forced {
		g.add(rwMove{sq: sq})
	}
}

// target reports what a move of side black may do on (r, c): land there
// (empty or enemy) and whether that captures.
func (b *rwBoard) target(black bool, r, c int) (ok, capture bool) {
	if !rwOn(r, c) {
		return false, false
	}
	t := b.sq[r][c]
	if t.kind == "" {
		return true, false
	}
	return t.black != black, t.black != black
}

func (b *rwBoard) enemy(black bool, r, c int) bool {
	return rwOn(r, c) && b.sq[r][c].kind != "" && b.sq[r][c].black != black
}

func (b *rwBoard) empty(r, c int) bool { return rwOn(r, c) && b.sq[r][c].kind == "" }

// pieceMoves adds the moves of the piece on (r, c).
func (g *rwGen) pieceMoves(r, c int) {
	b := g.b
	cell := b.sq[r][c]
	black := cell.black
	orient := func(dx, dy int) (int, int) { // mover's frame -> (row, col) step
		if black {
			return -dy, dx
		}
		return dy, -dx
	}
	from := [2]int{r, c}
	for _, p := range cell.parts() {
		switch p.kind {
		case 's':
			dr, dc := orient(p.dx, p.dy)
			if ok, capt := b.target(black, r+dr, c+dc); ok {
				g.addWithPromotion(cell, [][2]int{from, {r + dr, c + dc}}, capt)
			}
		case 'r':
			dr, dc := orient(p.dx, p.dy)
			for n, tr, tc := 1, r+dr, c+dc; p.max == 0 || n <= p.max; n, tr, tc = n+1, tr+dr, tc+dc {
				ok, capt := b.target(black, tr, tc)
				if !ok {
					break
				}
				g.addWithPromotion(cell, [][2]int{from, {tr, tc}}, capt)
				if capt {
					break
				}
			}
		case 'l':
			// Linear Lion power: step 1; jump to 2 over anything; capture
			// on 1 and go on to 2 or come back (igui); pass through an
			// empty 1.
			dr, dc := orient(p.dx, p.dy)
			s1, s2 := [2]int{r + dr, c + dc}, [2]int{r + 2*dr, c + 2*dc}
			if ok, capt := b.target(black, s1[0], s1[1]); ok {
				g.addWithPromotion(cell, [][2]int{from, s1}, capt)
			}
			if ok, capt := b.target(black, s2[0], s2[1]); ok {
				g.addWithPromotion(cell, [][2]int{from, s2}, capt)
			}
			if b.enemy(black, s1[0], s1[1]) {
				g.addWithPromotion(cell, [][2]int{from, s1, from}, true)
				if ok, _ := b.target(black, s2[0], s2[1]); ok {
					g.addWithPromotion(cell, [][2]int{from, s1, s2}, true)
				}
			}
			if b.empty(s1[0], s1[1]) {
				g.add(rwMove{sq: [][2]int{from, s1, from}, pass: true})
			}
		case 'L':
			// The Lion: any square within two King steps (as a jump); a
			// capture on an adjacent square followed by a second step in
			// any direction (back to the start is igui); a pass through an
			// empty adjacent square.
			for dr := -2; dr <= 2; dr++ {
				for dc := -2; dc <= 2; dc++ {
					if dr == 0 && dc == 0 {
						continue
					}
					if ok, capt := b.target(black, r+dr, c+dc); ok {
						g.addWithPromotion(cell, [][2]int{from, {r + dr, c + dc}}, capt)
					}
				}
			}
			for _, d1 := range rwAll {
				s1 := [2]int{r + d1[0], c + d1[1]}
				if b.empty(s1[0], s1[1]) {
					g.add(rwMove{sq: [][2]int{from, s1, from}, pass: true})
				}
				if !b.enemy(black, s1[0], s1[1]) {
					continue
				}
				for _, d2 := range rwAll {
					s2 := [2]int{s1[0] + d2[0], s1[1] + d2[1]}
					if s2 == from {
						g.addWithPromotion(cell, [][2]int{from, s1, from}, true)
					} else if ok, _ := b.target(black, s2[0], s2[1]); ok {
						g.addWithPromotion(cell, [][2]int{from, s1, s2}, true)
					}
				}
			}
		}
	}
}

func (m rwMove) text() string {
	if m.forced {
		return "pass"
	}
	if m.pass {
		return "<pass>"
	}
	var s strings.Builder
	for _, q := range m.sq {
		fmt.Fprintf(&s, "%d%c", rwN-q[1], 'a'+q[0])
	}
	if m.promote {
		s.WriteByte('+')
	}
	return s.String()
}

// royals counts side black's royal pieces.
func (b *rwBoard) royals(black bool) int {
	n := 0
	for r := 0; r < rwN; r++ {
		for c := 0; c < rwN; c++ {
			if cell := b.sq[r][c]; cell.kind != "" && cell.black == black && cell.royal() {
				n++
			}
		}
	}
	return n
}

// legal returns the moves of the side to move by text: none once a side has
// lost all its royals (section 6), only the forced pass while one is
// pending (section 5), else every move its pieces can make (no check rule).
func (b *rwBoard) legal() map[string]rwMove {
	out := map[string]rwMove{}
	if b.royals(true) == 0 || b.royals(false) == 0 {
		return out
	}
	if b.mustPass {
		out["pass"] = rwMove{pass: true, forced: true}
		return out
	}
	g := rwGen{b: b, out: out}
	for r := 0; r < rwN; r++ {
		for c := 0; c < rwN; c++ {
			if cell := b.sq[r][c]; cell.kind != "" && cell.black == b.black {
				g.pieceMoves(r, c)
			}
		}
	}
	return out
}

// make plays m on a copy. A Spirit captured by a piece that is not a King or
// Prince (before it promotes) makes the opponent pass; one pass per move.
func (b *rwBoard) make(m rwMove) rwBoard {
	nb := *b
	nb.black = !b.black
	nb.mustPass = false
	if m.pass {
		return nb
	}
	from, to := m.sq[0], m.sq[len(m.sq)-1]
	mover := nb.sq[from[0]][from[1]]
	spirit := false
	for _, q := range m.sq[1:] {
		if v := nb.sq[q[0]][q[1]]; q != from && v.kind != "" && v.black != mover.black {
			spirit = spirit || v.spirit()
			nb.sq[q[0]][q[1]] = rwCell{}
		}
	}
	nb.mustPass = spirit && !mover.royal()
	nb.sq[from[0]][from[1]] = rwCell{}
	if m.promote {
		mover.promoted = true
	}
	nb.sq[to[0]][to[1]] = mover
	return nb
}

func rwPerft(b *rwBoard, depth int) uint64 {
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
		n += rwPerft(&nb, depth-1)
	}
	return n
}

// rwMovegenText writes a movegen move in the naive generator's terms: USI
// text, every voluntary pass as <pass>.
func rwMovegenText(pos *movegen.Position, m movegen.Move) string {
	if m.IsPass() && m != movegen.ForcedPass {
		return "<pass>"
	}
	return pos.MoveUSI(m)
}

// rwRef is the Reiwa generator as the harness (naive_harness_test.go)
// sees it: moves by their text, positions by the board, side and third
// field of the SFEN.
func rwRef() naiveRef[rwBoard, rwMove, string] {
	return naiveRef[rwBoard, rwMove, string]{
		variant: "reiwadai",
		legal:   func(b *rwBoard) (map[string]rwMove, string) { return b.legal(), "" },
		make:    (*rwBoard).make,
		perft:   rwPerft,
		key:     rwMovegenText,
		text:    sameText,
		differ: func(b *rwBoard, pos *movegen.Position) (string, string, bool) {
			got, want := sfenFields(pos, 3), b.sfen3()
			return got, want, got != want
		},
	}
}

// TestNaiveReiwaReader checks the naive SFEN reader and writer against
// movegen on every case.
func TestNaiveReiwaReader(t *testing.T) {
	for _, tc := range rwCases {
		b, err := rwParse(tc.sfen)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		pos := rwRef().pos(t, tc.sfen)
		if got, want := b.sfen3(), sfenFields(pos, 3); got != want {
			t.Errorf("%s: naive %s, movegen %s", tc.name, got, want)
		}
	}
}

// TestNaiveReiwaMoves compares the move lists at the root of every case and
// after every root move, and the positions after each of those moves.
func TestNaiveReiwaMoves(t *testing.T) {
	for _, tc := range rwCases {
		t.Run(tc.name, func(t *testing.T) {
			b, err := rwParse(tc.sfen)
			if err != nil {
				t.Fatal(err)
			}
			ref := rwRef()
			pos := ref.pos(t, tc.sfen)
			if d := ref.compareTree(&b, pos, 1, "root"); d != "" {
				t.Error(d)
			}
		})
	}
}

// TestNaiveReiwaPerft compares perft at depths 1-3 with the naive
// generator and with the pinned counts. Under -short, depth 3 is skipped
// where the naive walk costs more than about a second.
func TestNaiveReiwaPerft(t *testing.T) {
	for _, tc := range rwCases {
		for depth := 1; depth <= 3; depth++ {
			t.Run(fmt.Sprintf("%s/d%d", tc.name, depth), func(t *testing.T) {
				pinned := tc.nodes[depth-1]
				if testing.Short() && depth == 3 && pinned > 600000 {
					t.Skip("depth 3 of a large tree under -short")
				}
				b, err := rwParse(tc.sfen)
				if err != nil {
					t.Fatal(err)
				}
				ref := rwRef()
				ref.checkPerft(t, tc.name, &b, ref.pos(t, tc.sfen), depth, tc.nodes)
			})
		}
	}
}

// TestNaiveReiwaRandomGames plays seeded random games from every case
// (captures preferred, so that Spirits fall and forced passes, promotions
// and royal captures happen) and compares the move lists and the positions
// after every move at every node.
func TestNaiveReiwaRandomGames(t *testing.T) {
	plies, games := 300, 8
	if testing.Short() {
		plies, games = 60, 1
	}
	ends := map[string]int{}
	forced, promotions := 0, 0
	ref := rwRef()
	for g := 0; g < games*len(rwCases); g++ {
		tc := rwCases[g%len(rwCases)]
		r := rand.New(rand.NewSource(int64(g + 1)))
		b, err := rwParse(tc.sfen)
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
				end = "royals lost"
				break
			}
			var all, captures []string
			for u, m := range legal {
				all = append(all, u)
				if !m.pass && len(m.sq) > 1 {
					for _, q := range m.sq[1:] {
						if q != m.sq[0] && b.enemy(b.black, q[0], q[1]) {
							captures = append(captures, u)
							break
						}
					}
				}
			}
			sort.Strings(all)
			sort.Strings(captures)
			u := all[r.Intn(len(all))]
			if len(captures) > 0 && r.Intn(4) > 0 {
				u = captures[r.Intn(len(captures))]
			}
			if u == "pass" {
				forced++
			}
			if legal[u].promote {
				promotions++
			}
			mg, _ := ref.movegenMoves(pos)
			pos.Make(mg[u])
			b = b.make(legal[u])
		}
		ends[end]++
	}
	t.Logf("game ends: %v; forced passes played: %d; promotions: %d", ends, forced, promotions)
}

// rwCases are the Reiwa perft counts both generators agree on. The first
// six are also pinned, with depth 4 where it is quick, in reiwa_test.go and
// testdata/perft/reiwadai.epd, which describe them; the rest are the
// scenario positions of reiwa_test.go.
var rwCases = []struct {
	name  string
	sfen  string
	nodes []uint64 // depth 1, 2, 3
}{
	{"start", "lh'r'fcsgkgscfr'h'l/a1s'1d'1tet1d'1s'1a/1c'1b1w'xt'ow'1b1c'1/f'mvrhdqundhrvmf'/ppppppppppppppp/4i5i4/15/15/15/4I5I4/PPPPPPPPPPPPPPP/F'MVRHDNUQDHRVMF'/1C'1B1W'OT'XW'1B1C'1/A1S'1D'1TET1D'1S'1A/LH'R'FCSGKGSCFR'H'L b - 1", []uint64{82, 6724, 560523}},
	{"spirits", "14k/15/15/15/15/7u7/7p7/3u3U7/3+t'11/3NE10/15/15/15/2u12/1K13 b - 1", []uint64{106, 19359, 1758505}},
	{"forced-pass", "8+e1g4/3r3k7/7N7/15/15/15/15/12R2/15/15/15/15/15/15/7K7 w pass 1", []uint64{1, 71, 2849}},
	{"linear-lions", "14k/15/5+h5p3/5P3+dsp3/3+C'1S2P2+F'3/2p12/1c13/3s1g9/3p2p8/3+H3+D1gp+W'3/11p3/15/15/15/K14 b - 1", []uint64{149, 13351, 1968274}},
	{"random-3", "lh'1fcsgk1scfr'h'l/ar's'1d'w't1tegd'b1a/f'2b1x1t'ow'2s'c'f'/c'mvrhdqn1dhrv1m/pppppppppppp1pp/10i1p2/4i10/15/4I5I4/3PP3N6/PPPR1PPPPP1PPPP/1MV1HD1UQDHRVM1/F'S'C'B2OX1W'1B1C'F'/A2SD'W'1ETT'1D'S'R'A/LH'R'FCTGKGSCF1H'L b - 51", []uint64{97, 8428, 837884}},
	{"jumpers", "8p6/2P5Gs4p/10R'4/3g11/8n4pL/1S'1OID'6H'2/6X2T'5/15/7t'7/11o3/1l13/15/15/5p9/K13k b - 1", []uint64{79, 5175, 411181}},
	// A Prince next to a Spirit (no pass when it captures).
	{"prince", "k14/15/15/15/15/15/15/6u8/6+E8/15/15/15/15/15/14K b - 1", []uint64{11, 680, 7568}},
	// A Drunk Elephant takes a Spirit entering the zone, with or without
	// promoting to Prince (a pass either way).
	{"elephant", "k14/15/15/15/6u8/6E8/15/15/15/15/15/15/15/15/14K b - 1", []uint64{13, 702, 7943}},
	// A promoted Go-Between (moves as a Drunk Elephant, not royal).
	{"go-between", "k14/15/15/15/15/15/15/6u8/6+I8/15/15/15/15/15/14K b - 1", []uint64{10, 617, 6324}},
	// White's Spirit takes Black's next to Black's King, with White's Lion.
	{"white-spirit", "k14/15/15/15/15/15/6n8/6u8/6U8/6K8/15/15/15/15/15 w - 1", []uint64{86, 4628, 352993}},
	// Two White Spirits around Black's: a bonus move can take the second.
	{"bonus-spirit", "k14/15/15/15/15/15/6u8/6U8/6u8/15/15/15/15/15/14K b - 1", []uint64{72, 6180, 353798}},
	// Black's King in check from a Rook; Black's Lion can take a Spirit.
	{"check-spirit", "k14/15/7r7/15/15/15/15/3u11/3N11/15/15/15/15/15/7K7 b - 1", []uint64{38, 2726, 80677}},
	// A Spirit alone with a Pawn before it: Lion and Queen moves overlap.
	{"overlap", "2k12/15/15/15/15/15/7p7/7U7/15/15/15/15/15/15/13K1 b - 1", []uint64{73, 429, 25856}},
	// Captures leaving the zone (may promote) and outside it (may not).
	{"zone-exit", "k14/15/15/15/6G8/6p8/15/15/4S10/3p11/15/15/15/15/14K b - 1", []uint64{15, 86, 1421}},
}

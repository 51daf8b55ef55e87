package movegen

import (
	"fmt"
	"strconv"
	"strings"
)

// Move text comes in three dialects, all parsed against the legal moves of a
// position so that a parsed move is always legal:
//
//   - USI: square = decimal file counted from Black's right + rank letter from
//     the top (5e, 12l). Multi-leg moves run their squares together
//     (6f5e4d), igui and pass return to the origin (6f5e6f), drops are P*5e,
//     promotion is a trailing +, and a trailing = (declined) is accepted.
//     The forced pass of spirit trading is "pass" (read as any pass).
//   - XBoard: square = file letter from Black's left + rank number from
//     Black's side, 1-based, or 0-based on boards with exactly 10 ranks as
//     XBoard numbers them. Legs are joined by commas (f5e6,e6f7), a pass is
//     @@@@ (legs out and back, and HaChu's from = to, are accepted too),
//     drops are P@e5.
//   - Hodges (for people): piece ID, origin square when needed to
//     disambiguate, - or x, destination (P-8f, Nx7c=, +P-5c). Multi-leg moves
//     give each leg (Nx6ex5d, Nx6e-5d); ! marks a return to the origin (igui
//     Nx6e!, pass N-6e!); drops are P*5e; = marks a declined promotion;
//     the forced pass is "pass".

// SquareUSI writes s in the USI dialect.
func (v *Variant) SquareUSI(s Square) string {
	return strconv.Itoa(v.Files-s.Col()) + string(rune('a'+s.Row()))
}

// ParseSquareUSI reads a USI square such as 5e or 12l.
func (v *Variant) ParseSquareUSI(t string) (Square, error) {
	s, n, err := v.readSquareUSI(t, 0)
	if err != nil {
		return 0, err
	}
	if n != len(t) {
		return 0, fmt.Errorf("bad square %q", t)
	}
	return s, nil
}

// readSquareUSI reads digits then one rank letter at t[i:].
func (v *Variant) readSquareUSI(t string, i int) (Square, int, error) {
	j := i
	f := 0
	for j < len(t) && t[j] >= '0' && t[j] <= '9' && j-i < 2 {
		f = f*10 + int(t[j]-'0')
		j++
	}
	if j == i || j >= len(t) || t[j] < 'a' || t[j] > 'z' {
		return 0, 0, fmt.Errorf("bad square in %q", t)
	}
	r := int(t[j] - 'a')
	j++
	if f < 1 || f > v.Files || r >= v.Ranks {
		return 0, 0, fmt.Errorf("square %s is off the %dx%d board", t[i:j], v.Files, v.Ranks)
	}
	return MakeSquare(r, v.Files-f), j, nil
}

// xbRankBase is the number XBoard gives the bottom rank: 0 on 10-rank boards.
func (v *Variant) xbRankBase() int {
	if v.Ranks == 10 {
		return 0
	}
	return 1
}

// SquareXBoard writes s as XBoard does.
func (v *Variant) SquareXBoard(s Square) string {
	return string(rune('a'+s.Col())) + strconv.Itoa(v.Ranks-1-s.Row()+v.xbRankBase())
}

// readSquareXBoard reads a file letter and a rank number at t[i:].
func (v *Variant) readSquareXBoard(t string, i int) (Square, int, error) {
	if i >= len(t) || t[i] < 'a' || t[i] > 'z' {
		return 0, 0, fmt.Errorf("bad square in %q", t)
	}
	c := int(t[i] - 'a')
	j := i + 1
	n := 0
	for j < len(t) && t[j] >= '0' && t[j] <= '9' && j-i <= 2 {
		n = n*10 + int(t[j]-'0')
		j++
	}
	if j == i+1 {
		return 0, 0, fmt.Errorf("bad square in %q", t)
	}
	row := v.Ranks - 1 - (n - v.xbRankBase())
	if c >= v.Files || row < 0 || row >= v.Ranks {
		return 0, 0, fmt.Errorf("square %s is off the %dx%d board", t[i:j], v.Files, v.Ranks)
	}
	return MakeSquare(row, c), j, nil
}

// squares lists a move's squares: origin, intermediate squares, destination.
func (m Move) squares() []Square {
	sq := []Square{m.From()}
	if mid := m.Mid(); mid != NoSquare {
		sq = append(sq, mid)
		if mid2 := m.Mid2(); mid2 != NoSquare {
			sq = append(sq, mid2)
		}
	}
	return append(sq, m.To())
}

// PieceText writes piece p as SFEN does: its ID, in brackets when it has
// more than one letter, upper case for Black (P, +p, [DE], +[ln]).
func (v *Variant) PieceText(p Piece) string { return v.pieceText(p) }

// MoveUSI writes m in the USI dialect.
func (pos *Position) MoveUSI(m Move) string {
	v := pos.v
	if m == ForcedPass {
		return "pass"
	}
	if m.IsDrop() {
		return v.Pieces[m.DropType()].ID + "*" + v.SquareUSI(m.To())
	}
	var b strings.Builder
	for _, s := range m.squares() {
		b.WriteString(v.SquareUSI(s))
	}
	if m.IsPromotion() {
		b.WriteByte('+')
	}
	return b.String()
}

// MoveXBoard writes m as XBoard expects it.
func (pos *Position) MoveXBoard(m Move) string {
	v := pos.v
	if m.IsPass() {
		return "@@@@"
	}
	if m.IsDrop() {
		return v.Pieces[m.DropType()].ID + "@" + v.SquareXBoard(m.To())
	}
	sq := m.squares()
	var b strings.Builder
	for i := 1; i < len(sq); i++ {
		if i > 1 {
			b.WriteByte(',')
		}
		b.WriteString(v.SquareXBoard(sq[i-1]))
		b.WriteString(v.SquareXBoard(sq[i]))
	}
	if m.IsPromotion() {
		b.WriteByte('+')
	}
	return b.String()
}

// ErrIllegal is wrapped by the errors of the move parsers when the text is
// well-formed but names no legal move.
var ErrIllegal = fmt.Errorf("illegal move")

// moveSpec is the parsed shape of a move text before it is matched.
type moveSpec struct {
	drop    bool
	dropID  string
	sq      []Square
	promote int // -1 declined (=), 0 unspecified, 1 promote (+)
	pass    bool
}

// ParseMoveUSI reads a move in the USI dialect and returns the legal move it
// names.
func (pos *Position) ParseMoveUSI(t string) (Move, error) {
	v := pos.v
	var sp moveSpec
	body := t
	if t == "pass" {
		sp.pass = true
		return pos.match(t, sp)
	}
	if k := strings.IndexByte(t, '*'); k > 0 {
		sp.drop, sp.dropID = true, strings.ToUpper(t[:k])
		s, err := v.ParseSquareUSI(t[k+1:])
		if err != nil {
			return NullMove, fmt.Errorf("move %q: %v", t, err)
		}
		sp.sq = []Square{s}
		return pos.match(t, sp)
	}
	if n := len(body); n > 0 && (body[n-1] == '+' || body[n-1] == '=') {
		sp.promote = map[byte]int{'+': 1, '=': -1}[body[n-1]]
		body = body[:n-1]
	}
	for i := 0; i < len(body); {
		s, j, err := v.readSquareUSI(body, i)
		if err != nil {
			return NullMove, fmt.Errorf("move %q: %v", t, err)
		}
		sp.sq = append(sp.sq, s)
		i = j
	}
	return pos.match(t, sp)
}

// ParseMoveXBoard reads a move in XBoard's coordinates and returns the legal
// move it names.
func (pos *Position) ParseMoveXBoard(t string) (Move, error) {
	v := pos.v
	var sp moveSpec
	if t == "@@@@" {
		sp.pass = true
		return pos.match(t, sp)
	}
	if k := strings.IndexAny(t, "@*"); k > 0 {
		sp.drop, sp.dropID = true, strings.ToUpper(t[:k])
		s, n, err := v.readSquareXBoard(t, k+1)
		if err != nil || n != len(t) {
			return NullMove, fmt.Errorf("move %q: bad drop square", t)
		}
		sp.sq = []Square{s}
		return pos.match(t, sp)
	}
	body := t
	if n := len(body); n > 0 && (body[n-1] == '+' || body[n-1] == '=') {
		sp.promote = map[byte]int{'+': 1, '=': -1}[body[n-1]]
		body = body[:n-1]
	}
	for li, leg := range strings.Split(body, ",") {
		a, i, err := v.readSquareXBoard(leg, 0)
		if err != nil {
			return NullMove, fmt.Errorf("move %q: %v", t, err)
		}
		b, j, err := v.readSquareXBoard(leg, i)
		if err != nil || j != len(leg) {
			return NullMove, fmt.Errorf("move %q: each leg must be two squares", t)
		}
		if li == 0 {
			sp.sq = append(sp.sq, a)
		} else if sp.sq[len(sp.sq)-1] != a {
			return NullMove, fmt.Errorf("move %q: legs do not join", t)
		}
		sp.sq = append(sp.sq, b)
	}
	if len(sp.sq) == 2 && sp.sq[0] == sp.sq[1] {
		// HaChu reads a piece "moving" to its own square as that piece's pass.
		sp.pass = true
	}
	return pos.match(t, sp)
}

// match finds the legal move that a parsed move text names.
func (pos *Position) match(text string, sp moveSpec) (Move, error) {
	v := pos.v
	var list MoveList
	pos.GenerateLegal(&list)
	if sp.drop {
		t, ok := v.byID[sp.dropID]
		if !ok {
			return NullMove, fmt.Errorf("move %q: unknown piece %q", text, sp.dropID)
		}
		for _, m := range list.Slice() {
			if m.IsDrop() && m.DropType() == t && m.To() == sp.sq[0] {
				return m, nil
			}
		}
		return NullMove, fmt.Errorf("%w: %s", ErrIllegal, text)
	}
	if !sp.pass {
		if len(sp.sq) < 2 || len(sp.sq) > 4 {
			return NullMove, fmt.Errorf("move %q: need 2 to 4 squares", text)
		}
		// A leg through an empty square captures nothing: it is the same move
		// as the direct step or jump (lion moves are identified by effect),
		// and out-and-back through an empty square is a pass.
		from, to := sp.sq[0], sp.sq[len(sp.sq)-1]
		if len(sp.sq) == 3 && pos.board[sp.sq[1]] == Empty {
			if to == from {
				sp.pass = true
			} else {
				sp.sq = []Square{from, to}
			}
		}
	}
	if sp.pass {
		// All passes have the same effect and the generator lists one per
		// position; a text naming a piece (and its empty square) is that
		// piece's pass if the piece can pass that way.
		var pass Move
		for _, m := range list.Slice() {
			if m.IsPass() {
				pass = m
			}
		}
		if pass == NullMove {
			return NullMove, fmt.Errorf("%w: %s", ErrIllegal, text)
		}
		if len(sp.sq) == 0 {
			return pass, nil
		}
		if pass == ForcedPass {
			// No piece's pass is legal while the forced pass is pending.
			return NullMove, fmt.Errorf("%w: %s", ErrIllegal, text)
		}
		mid := NoSquare
		if len(sp.sq) == 3 {
			mid = sp.sq[1]
		}
		if m, ok := pos.passOf(sp.sq[0], mid); ok {
			return m, nil
		}
		return NullMove, fmt.Errorf("%w: %s", ErrIllegal, text)
	}
	for _, m := range list.Slice() {
		if m.IsDrop() || m.IsPass() || !sameSquares(m.squares(), sp.sq) {
			continue
		}
		if m.IsPromotion() == (sp.promote == 1) {
			return m, nil
		}
	}
	return NullMove, fmt.Errorf("%w: %s", ErrIllegal, text)
}

func sameSquares(a, b []Square) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// MoveHodges writes m in Hodges notation for people. It needs the legal
// moves of the position to decide whether the origin must be given and
// whether a non-promotion is a declined promotion.
func (pos *Position) MoveHodges(m Move) string {
	var list MoveList
	pos.GenerateLegal(&list)
	return pos.hodges(m, list.Slice())
}

func (pos *Position) hodges(m Move, legal []Move) string {
	v := pos.v
	if m == ForcedPass {
		return "pass"
	}
	if m.IsDrop() {
		return v.Pieces[m.DropType()].ID + "*" + v.SquareUSI(m.To())
	}
	body := pos.hodgesBody(m)
	id := v.Pieces[pos.board[m.From()].Type()].ID
	text := id + body
	for _, o := range legal {
		if o != m && !o.IsDrop() && o.From() != m.From() && pos.board[o.From()] == pos.board[m.From()] &&
			pos.hodgesBody(o) == body && o.IsPromotion() == m.IsPromotion() {
			text = id + v.SquareUSI(m.From()) + body
			break
		}
	}
	if m.IsPromotion() {
		return text + "+"
	}
	for _, o := range legal {
		if o == m|movePromote {
			return text + "="
		}
	}
	return text
}

// hodgesBody writes the legs of a board move: - or x and each square, with !
// for a return to the origin.
func (pos *Position) hodgesBody(m Move) string {
	v := pos.v
	var b strings.Builder
	sq := m.squares()
	for i := 1; i < len(sq); i++ {
		s := sq[i]
		if s == sq[0] && i > 1 {
			b.WriteByte('!')
			break
		}
		visited := false
		for _, e := range sq[:i] {
			visited = visited || e == s
		}
		if pos.board[s].isPiece() && !visited {
			b.WriteByte('x')
		} else {
			b.WriteByte('-')
		}
		b.WriteString(v.SquareUSI(s))
	}
	return b.String()
}

// ParseMoveHodges reads a move in Hodges notation and returns the legal move
// it names. The origin square may be given even where it is not needed.
func (pos *Position) ParseMoveHodges(t string) (Move, error) {
	var list MoveList
	pos.GenerateLegal(&list)
	legal := list.Slice()
	for _, m := range legal {
		if m != ForcedPass && !m.IsDrop() && !strings.Contains(t, pos.hodgesBody(m)) {
			continue // any text naming m contains its legs; skips the O(n) hodges
		}
		h := pos.hodges(m, legal)
		if h == t || strings.TrimSuffix(h, "=") == t && h != t {
			return m, nil
		}
		if !m.IsDrop() {
			id := pos.v.Pieces[pos.board[m.From()].Type()].ID
			full := id + pos.v.SquareUSI(m.From()) + strings.TrimPrefix(h, id)
			if full == t || strings.TrimSuffix(full, "=") == t {
				return m, nil
			}
		}
	}
	return NullMove, fmt.Errorf("%w: %s", ErrIllegal, t)
}

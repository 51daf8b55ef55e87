package movegen

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"
)

// MaxPiecesPerSide bounds the piece list of one side.
const MaxPiecesPerSide = 255

// undo records what Make changed, so Unmake can restore it exactly.
type undo struct {
	move     Move
	moved    Piece
	capMid   Piece
	capMid2  Piece
	capTo    Piece
	key      uint64
	lionCap  Square
	mustPass bool
	nonRoyal [ColorCount]int16
	quiet    int32
}

// Position is a game position: board, hands, side to move, the chu
// counter-strike state, and an undo stack. The zero value is not usable; build
// positions with NewPosition. A Position is not safe for concurrent use.
type Position struct {
	v     *Variant
	board [NumCells]Piece
	hand  [ColorCount][MaxPieceTypes + 1]uint8
	side  Color
	key   uint64
	// lionCap is the square where a non-Lion captured a Lion on the last
	// move (the chu counter-strike rule), or NoSquare.
	lionCap Square
	// mustPass is set when the last move captured a Spirit with a
	// non-royal piece: the side to move must pass (spirit trading).
	mustPass bool
	// moveNo counts plies from 1, as in SFEN.
	moveNo int
	// quiet counts the plies since the last capture, promotion or drop
	// (0 in a position read from SFEN).
	quiet int32
	// moveLimit is the caller's draw limit on moveNo (0 = none).
	moveLimit int
	list      [ColorCount][MaxPiecesPerSide]Square
	count     [ColorCount]int
	index     [NumCells]uint8
	// near[c][s] has bit d-1 set when the cell one king step from s in
	// direction d (dirOffset[d]) holds a piece of colour c: the capture
	// generator reads a piece's adjacent victims from it in one load
	// (Variant.capNear). put, remove and relocate keep it.
	near   [ColorCount][NumCells]uint8
	royals [ColorCount]int
	// nonRoyal counts each side's non-royal pieces on the board.
	nonRoyal [ColorCount]int16
	// king holds the square of one of each side's royals while it has any
	// (its only one in the check variants).
	king [ColorCount]Square
	// sqTable and sqSum: see SetSquareTable.
	sqTable []int64
	sqSum   [ColorCount]int64
	hist    []undo
	// capsOnly and quietsOnly make GeneratePseudo produce captures only
	// (GenerateCaptures) or only moves that capture nothing
	// (GenerateQuiets); the legality filter never sees them set.
	capsOnly, quietsOnly bool
	// dropsMasked makes GeneratePseudo drop only on the cells of dropMask
	// (generateLegal, in check: the cells between the checker and the
	// royal); the legality filter never sees it set.
	dropsMasked bool
	dropMask    pinSet
	// hookSeen and hookStamp deduplicate the destinations of one hook
	// mover (two corners can reach the same square) without clearing.
	hookSeen  [NumCells]uint32
	hookStamp uint32
	// scratch holds move lists for nested generation, allocated on first
	// use: [0] for Outcome's legal-move test, [1] for the drop-mate test,
	// which can run inside it, [2] for IsLegal.
	scratch [3]*MoveList
	// replay holds the repetition replay's buffers (replayFlags), allocated
	// on first use.
	replay *replayBuf
}

// Variant returns the position's variant.
func (pos *Position) Variant() *Variant { return pos.v }

// SideToMove returns the side to move.
func (pos *Position) SideToMove() Color { return pos.side }

// Key returns the Zobrist key of the position.
func (pos *Position) Key() uint64 { return pos.key }

// At returns the content of square s.
func (pos *Position) At(s Square) Piece { return pos.board[s] }

// Hand returns how many pieces of type t side c holds.
func (pos *Position) Hand(c Color, t PieceType) int { return int(pos.hand[c][t]) }

// Ply returns the number of moves made since the position was set up.
func (pos *Position) Ply() int { return len(pos.hist) }

// LionCaptureSquare returns the square where a non-Lion captured a Lion on
// the previous move (chu counter-strike rule), or NoSquare.
func (pos *Position) LionCaptureSquare() Square { return pos.lionCap }

// MustPass reports whether the side to move must pass this turn because the
// opponent's last move captured a Spirit with a non-royal piece (Reiwa's
// spirit-trading rule); its only move is then ForcedPass.
func (pos *Position) MustPass() bool { return pos.mustPass }

// RoyalCount returns how many royal pieces side c has on the board.
func (pos *Position) RoyalCount(c Color) int { return pos.royals[c] }

// Pieces returns the squares of side c's pieces (in no particular order).
func (pos *Position) Pieces(c Color) []Square { return pos.list[c][:pos.count[c]] }

// LastMove returns the last move made, or NullMove.
func (pos *Position) LastMove() Move {
	if len(pos.hist) == 0 {
		return NullMove
	}
	return pos.hist[len(pos.hist)-1].move
}

// Clone returns an independent copy of the position (the undo history is
// copied too).
func (pos *Position) Clone() *Position {
	c := *pos
	c.hist = append(make([]undo, 0, cap(pos.hist)), pos.hist...)
	c.scratch = [3]*MoveList{}
	c.replay = nil
	return &c
}

// mark flips the bit of square s in near[c] of its eight neighbours: a
// piece of colour c arrives on s or leaves it. The neighbours of s lie in
// three runs of three cells, one per row, so three 32-bit XORs do it (the
// fourth byte of each gets 0). Every playing cell has guard cells around it,
// so the runs are inside the array.
func (pos *Position) mark(c Color, s Square) {
	n := pos.near[c][:]
	i := uint(s)
	// The row below s sees s to the north, the row above to the south.
	below := n[i+Stride-1 : i+Stride+3]
	binary.LittleEndian.PutUint32(below, binary.LittleEndian.Uint32(below)^markBelow)
	same := n[i-1 : i+3]
	binary.LittleEndian.PutUint32(same, binary.LittleEndian.Uint32(same)^markSame)
	above := n[i-Stride-1 : i-Stride+3]
	binary.LittleEndian.PutUint32(above, binary.LittleEndian.Uint32(above)^markAbove)
}

// The bits mark flips in each run of three cells, the leftmost cell in the
// low byte: a neighbour to the south-west of s sees s to its north-east,
// and so on.
const (
	markBelow = 1<<(dirNE-1) | 1<<(dirN-1)<<8 | 1<<(dirNW-1)<<16
	markSame  = 1<<(dirE-1) | 1<<(dirW-1)<<16
	markAbove = 1<<(dirSE-1) | 1<<(dirS-1)<<8 | 1<<(dirSW-1)<<16
)

func (pos *Position) put(p Piece, s Square) {
	c := p.Color()
	pos.board[s] = p
	pos.mark(c, s)
	pos.index[s] = uint8(pos.count[c])
	pos.list[c][pos.count[c]] = s
	pos.count[c]++
	pos.key ^= pos.v.pieceKey(p, s)
	if pos.sqTable != nil {
		pos.sqSum[c] += pos.sqTable[int(p)*NumCells+int(s)]
	}
	if pos.v.Pieces[p.Type()].Royal {
		pos.royals[c]++
		pos.king[c] = s
	} else {
		pos.nonRoyal[c]++
	}
}

func (pos *Position) remove(s Square) {
	p := pos.board[s]
	c := p.Color()
	i := pos.index[s]
	pos.count[c]--
	last := pos.list[c][pos.count[c]]
	pos.list[c][i] = last
	pos.index[last] = i
	pos.board[s] = Empty
	pos.mark(c, s)
	pos.key ^= pos.v.pieceKey(p, s)
	if pos.sqTable != nil {
		pos.sqSum[c] -= pos.sqTable[int(p)*NumCells+int(s)]
	}
	if pos.v.Pieces[p.Type()].Royal {
		pos.royals[c]--
		if pos.king[c] == s {
			pos.findKing(c)
		}
	} else {
		pos.nonRoyal[c]--
	}
}

// relocate moves the piece on from to the empty square to, changing it to np
// (which differs on promotion).
func (pos *Position) relocate(from, to Square, np Piece) {
	p := pos.board[from]
	c := p.Color()
	i := pos.index[from]
	pos.list[c][i] = to
	pos.index[to] = i
	pos.board[from] = Empty
	pos.board[to] = np
	pos.mark(c, from)
	pos.mark(c, to)
	pos.key ^= pos.v.pieceKey(p, from) ^ pos.v.pieceKey(np, to)
	if pos.sqTable != nil {
		pos.sqSum[c] += pos.sqTable[int(np)*NumCells+int(to)] - pos.sqTable[int(p)*NumCells+int(from)]
	}
	was, is := pos.v.Pieces[p.Type()].Royal, pos.v.Pieces[np.Type()].Royal
	if is {
		pos.king[c] = to
	} else if was && pos.king[c] == from {
		pos.findKing(c)
	}
	// A promotion to a royal (Drunk Elephant to Prince), or its undoing.
	if is && !was {
		pos.royals[c]++
		pos.nonRoyal[c]--
	} else if was && !is {
		pos.royals[c]--
		pos.nonRoyal[c]++
	}
}

// findKing points king[c] at one of c's royals, or NoSquare if it has none.
func (pos *Position) findKing(c Color) {
	pos.king[c] = NoSquare
	for _, s := range pos.list[c][:pos.count[c]] {
		if pos.v.Pieces[pos.board[s].Type()].Royal {
			pos.king[c] = s
			return
		}
	}
}

func (pos *Position) setHand(c Color, t PieceType, n int) {
	if ks := pos.v.handKeys[c][t]; ks != nil {
		pos.key ^= ks[pos.hand[c][t]] ^ ks[n]
	}
	pos.hand[c][t] = uint8(n)
}

// Make plays m, which must be a legal (or at least pseudo-legal) move of the
// side to move, and pushes an undo record.
func (pos *Position) Make(m Move) {
	v := pos.v
	u := undo{move: m, key: pos.key, lionCap: pos.lionCap, mustPass: pos.mustPass, nonRoyal: pos.nonRoyal, quiet: pos.quiet}
	us := pos.side
	if pos.lionCap != NoSquare {
		pos.key ^= v.lionKeys[pos.lionCap]
		pos.lionCap = NoSquare
	}
	if pos.mustPass {
		pos.key ^= v.spiritKey
		pos.mustPass = false
	}
	switch {
	case m.IsDrop():
		t := m.DropType()
		p := MakePiece(t, us)
		pos.setHand(us, t, int(pos.hand[us][t])-1)
		pos.put(p, m.To())
		u.moved = p
	case m.IsPass():
		u.moved = pos.board[m.From()]
	default:
		from, to := m.From(), m.To()
		p := pos.board[from]
		u.moved = p
		np := p
		if m.IsPromotion() {
			np = MakePiece(pos.promotedType(m, p), us)
		}
		lionCapture := false
		if mid := m.Mid(); mid != NoSquare {
			if pos.board[mid] != Empty {
				u.capMid = pos.board[mid]
				pos.capture(mid)
				lionCapture = lionCapture || v.Pieces[u.capMid.Type()].Lion
			}
			// A three-leg move may capture on its second intermediate
			// square whether or not it captured on the first (lion dog).
			if mid2 := m.Mid2(); mid2 != NoSquare && mid2 != from && pos.board[mid2] != Empty {
				u.capMid2 = pos.board[mid2]
				pos.capture(mid2)
				lionCapture = lionCapture || v.Pieces[u.capMid2.Type()].Lion
			}
		}
		if to != from {
			if q := pos.board[to]; q != Empty {
				u.capTo = q
				pos.capture(to)
				lionCapture = lionCapture || v.Pieces[q.Type()].Lion
			}
			pos.relocate(from, to, np)
		} else if np != p {
			pos.remove(from)
			pos.put(np, from)
		}
		if lionCapture && v.LionTrade != LionNone && !v.Pieces[p.Type()].Lion {
			pos.lionCap = to
			pos.key ^= v.lionKeys[to]
		}
		// Spirit trading: a Spirit taken by a non-royal piece (as it was
		// before promoting) makes the opponent pass; one pass however
		// many Spirits the move took.
		if v.hasSpirit && !v.Pieces[p.Type()].Royal && (v.Pieces[u.capMid.Type()].Spirit ||
			v.Pieces[u.capMid2.Type()].Spirit || v.Pieces[u.capTo.Type()].Spirit) {
			pos.mustPass = true
			pos.key ^= v.spiritKey
		}
	}
	if m.IsDrop() || m.IsPromotion() || u.capMid != Empty || u.capMid2 != Empty || u.capTo != Empty {
		pos.quiet = 0
	} else {
		pos.quiet++
	}
	pos.hist = append(pos.hist, u)
	pos.side = us.Other()
	pos.key ^= v.sideKey
	pos.moveNo++
}

// Quiet returns the number of plies since the last capture, promotion or
// drop (counted from the position read from SFEN, which does not record
// it). Nothing in the rules reads it; the evaluation uses it to notice a
// game that is not going anywhere.
func (pos *Position) Quiet() int { return int(pos.quiet) }

// capture removes the piece on s and, in drop games, puts its base type in
// the hand of the side to move.
func (pos *Position) capture(s Square) {
	p := pos.board[s]
	pos.remove(s)
	if pos.v.Drops {
		if info := &pos.v.Pieces[p.Type()]; !info.Royal {
			pos.setHand(pos.side, info.Base, int(pos.hand[pos.side][info.Base])+1)
		}
	}
}

// Unmake takes back the last move made.
func (pos *Position) Unmake() {
	n := len(pos.hist) - 1
	u := pos.hist[n]
	pos.hist = pos.hist[:n]
	pos.side = pos.side.Other()
	pos.moveNo--
	pos.quiet = u.quiet
	m := u.move
	us := pos.side
	switch {
	case m.IsDrop():
		pos.remove(m.To())
		t := m.DropType()
		pos.setHand(us, t, int(pos.hand[us][t])+1)
	case m.IsPass():
	default:
		from, to := m.From(), m.To()
		if to != from {
			pos.relocate(to, from, u.moved)
		} else if pos.board[from] != u.moved {
			pos.remove(from)
			pos.put(u.moved, from)
		}
		if u.capTo != Empty {
			pos.uncapture(u.capTo, to)
		}
		if u.capMid2 != Empty {
			pos.uncapture(u.capMid2, m.Mid2())
		}
		if u.capMid != Empty {
			pos.uncapture(u.capMid, m.Mid())
		}
	}
	pos.lionCap = u.lionCap
	pos.mustPass = u.mustPass
	pos.key = u.key
	pos.nonRoyal = u.nonRoyal
}

func (pos *Position) uncapture(p Piece, s Square) {
	pos.put(p, s)
	if pos.v.Drops {
		if info := &pos.v.Pieces[p.Type()]; !info.Royal {
			pos.setHand(pos.side, info.Base, int(pos.hand[pos.side][info.Base])-1)
		}
	}
}

// ComputeKey recomputes the Zobrist key from scratch (for verification).
func (pos *Position) ComputeKey() uint64 {
	v := pos.v
	var k uint64
	for r := 0; r < v.Ranks; r++ {
		for f := 0; f < v.Files; f++ {
			s := MakeSquare(r, f)
			if p := pos.board[s]; p != Empty {
				k ^= v.pieceKey(p, s)
			}
		}
	}
	for c := Color(0); c < ColorCount; c++ {
		for _, t := range v.HandTypes {
			k ^= v.handKeys[c][t][pos.hand[c][t]]
		}
	}
	if pos.side == White {
		k ^= v.sideKey
	}
	if pos.lionCap != NoSquare {
		k ^= v.lionKeys[pos.lionCap]
	}
	if pos.mustPass {
		k ^= v.spiritKey
	}
	return k
}

// NewPosition sets up a position of variant v from an SFEN string
// (board, side, hand, lion-capture or pass field, move number; the last
// three are optional). "startpos" gives the variant's start position. On
// the board a promoted piece may be written with its own code or as + and
// the code of the piece it promoted from (+[DE] for tai's [CP]); SFEN
// writes the own code.
func NewPosition(v *Variant, sfen string) (*Position, error) {
	if sfen == "startpos" {
		sfen = v.StartSFEN
	}
	pos := &Position{v: v, hist: make([]undo, 0, 512), moveNo: 1}
	for i := range pos.board {
		pos.board[i] = Edge
	}
	fields := strings.Fields(sfen)
	if len(fields) == 0 || len(fields) > 4 {
		return nil, fmt.Errorf("SFEN needs 1 to 4 fields (board side hand move), got %d", len(fields))
	}
	if err := pos.parseBoard(fields[0]); err != nil {
		return nil, err
	}
	if len(fields) > 1 {
		switch fields[1] {
		case "b":
		case "w":
			pos.side = White
			pos.key ^= v.sideKey
		default:
			return nil, fmt.Errorf("side to move must be b or w, got %q", fields[1])
		}
	}
	if len(fields) > 2 {
		if err := pos.parseThird(fields[2]); err != nil {
			return nil, err
		}
	}
	if len(fields) > 3 {
		n, err := strconv.Atoi(fields[3])
		if err != nil || n < 1 || n > 1000000 {
			return nil, fmt.Errorf("bad move number %q", fields[3])
		}
		pos.moveNo = n
	}
	// Captures move pieces from the board to the hands, so all pieces of a
	// hand type, on the board and in hand, must fit the hand-count range.
	if v.Drops {
		var total [MaxPieceTypes + 1]int
		for c := Color(0); c < ColorCount; c++ {
			for _, s := range pos.Pieces(c) {
				total[v.Pieces[pos.board[s].Type()].Base]++
			}
			for _, t := range v.HandTypes {
				total[t] += int(pos.hand[c][t])
			}
		}
		for _, t := range v.HandTypes {
			if total[t] > v.handMax {
				return nil, fmt.Errorf("%d %s pieces on the board and in hand, at most %d", total[t], v.Pieces[t].Name, v.handMax)
			}
		}
	}
	if v.Check {
		for c := Color(0); c < ColorCount; c++ {
			if pos.royals[c] != 1 {
				return nil, fmt.Errorf("%s must have exactly one %s, has %d", c, v.Pieces[v.royalType].Name, pos.royals[c])
			}
		}
		if pos.attacked(pos.king[pos.side.Other()], pos.side) {
			return nil, fmt.Errorf("the side not to move is in check")
		}
	} else if pos.royals[Black] == 0 && pos.royals[White] == 0 {
		// One side without royals is a finished game (its royal was
		// captured), which a game record may end with; both is no game.
		return nil, fmt.Errorf("neither side has a royal piece")
	}
	return pos, nil
}

// readPieceID reads one piece token at s[i:]: an optional +, then a letter
// with an optional ' or ! (P, l!, +C'), or 1 to 4 letters in brackets
// ([HM], +[eb]); upper case is Black, lower case White, never mixed. It
// returns the upper-case ID, the colour and the token length.
func readPieceID(s string, i int) (string, Color, int, bool) {
	j := i
	prom := false
	if j < len(s) && s[j] == '+' {
		prom = true
		j++
	}
	if j >= len(s) {
		return "", 0, 0, false
	}
	var letters string
	if s[j] == '[' {
		k := strings.IndexByte(s[j:], ']')
		if k < 2 || k > 5 {
			return "", 0, 0, false
		}
		letters = s[j+1 : j+k]
		j += k + 1
	} else {
		letters = s[j : j+1]
		j++
		if j < len(s) && (s[j] == '\'' || s[j] == '!') {
			letters += s[j : j+1]
			j++
		}
	}
	up, low := 0, 0
	for k := 0; k < len(letters); k++ {
		switch c := letters[k]; {
		case c >= 'A' && c <= 'Z':
			up++
		case c >= 'a' && c <= 'z':
			low++
		case k == 1 && (c == '\'' || c == '!') && len(letters) == 2:
		default:
			return "", 0, 0, false
		}
	}
	var col Color
	switch {
	case low == 0 && up > 0:
		col = Black
	case up == 0 && low > 0:
		col = White
	default:
		return "", 0, 0, false
	}
	id := strings.ToUpper(letters)
	if prom {
		id = "+" + id
	}
	return id, col, j - i, true
}

// sfenPiece returns the type an upper-case SFEN piece code names on the
// board: a type's own ID, or + and the ID of a piece with a promoted form,
// which names that form. Other tools write every promoted piece that way
// (shogi SFEN's +P); Kirin writes a promoted type's own ID where it has one
// ([CP] for tai's promoted Drunk Elephant) and reads both. A piece has at
// most one promoted form (PieceInfo.PromotesTo), so +X is never ambiguous;
// for a piece without one it is an error.
func (v *Variant) sfenPiece(id string) (PieceType, error) {
	if t, ok := v.byID[id]; ok {
		return t, nil
	}
	if base, ok := v.byID[strings.TrimPrefix(id, "+")]; ok && id[0] == '+' {
		info := &v.Pieces[base]
		if info.PromotesTo != 0 {
			return info.PromotesTo, nil
		}
		return 0, fmt.Errorf("%s (%s) does not promote in %s", info.ID, info.Name, v.Name)
	}
	return 0, fmt.Errorf("unknown piece in %s", v.Name)
}

func (pos *Position) parseBoard(b string) error {
	v := pos.v
	rows := strings.Split(b, "/")
	if len(rows) != v.Ranks {
		return fmt.Errorf("board has %d ranks, %s needs %d", len(rows), v.Name, v.Ranks)
	}
	for r, row := range rows {
		f := 0
		for i := 0; i < len(row); {
			if row[i] >= '0' && row[i] <= '9' {
				n := 0
				for i < len(row) && row[i] >= '0' && row[i] <= '9' {
					n = n*10 + int(row[i]-'0')
					i++
					if n > v.Files {
						break
					}
				}
				if n == 0 || f+n > v.Files {
					return fmt.Errorf("rank %d: bad empty count or too many squares", r+1)
				}
				for k := 0; k < n; k++ {
					pos.board[MakeSquare(r, f)] = Empty
					f++
				}
				continue
			}
			id, col, n, ok := readPieceID(row, i)
			if !ok {
				return fmt.Errorf("rank %d: unexpected %q", r+1, row[i:i+1])
			}
			t, err := v.sfenPiece(id)
			if err != nil {
				return fmt.Errorf("rank %d: %q: %v", r+1, row[i:i+n], err)
			}
			if f >= v.Files {
				return fmt.Errorf("rank %d has more than %d squares", r+1, v.Files)
			}
			if pos.count[col] >= MaxPiecesPerSide {
				return fmt.Errorf("too many pieces for %s", col)
			}
			pos.put(MakePiece(t, col), MakeSquare(r, f))
			f++
			i += n
		}
		if f != v.Files {
			return fmt.Errorf("rank %d has %d squares, %s needs %d", r+1, f, v.Name, v.Files)
		}
	}
	return nil
}

// parseThird reads the third SFEN field: the hands in drop games, the
// counter-strike square in chu (lishogi's convention), "pass" in games with
// spirit trading when the side to move must pass, else "-".
func (pos *Position) parseThird(s string) error {
	v := pos.v
	if s == "-" {
		return nil
	}
	if v.hasSpirit {
		if s != "pass" {
			return fmt.Errorf("third field must be - or pass (a forced pass is pending), got %q", s)
		}
		pos.mustPass = true
		pos.key ^= v.spiritKey
		return nil
	}
	if v.LionTrade != LionNone {
		sq, err := v.ParseSquareUSI(s)
		if err != nil {
			return fmt.Errorf("lion-capture field: %v", err)
		}
		p := pos.board[sq]
		if !p.isPiece() || p.Color() == pos.side {
			return fmt.Errorf("lion-capture field %s: no piece of the side that just moved there", s)
		}
		pos.lionCap = sq
		pos.key ^= v.lionKeys[sq]
		return nil
	}
	if !v.Drops {
		return fmt.Errorf("%s has no pieces in hand; third field must be -", v.Name)
	}
	for i := 0; i < len(s); {
		n := 0
		digits := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			n = n*10 + int(s[i]-'0')
			i++
			digits++
			if digits > 3 {
				return fmt.Errorf("hand count too large")
			}
		}
		if digits == 0 {
			n = 1
		}
		id, col, k, ok := readPieceID(s, i)
		if !ok {
			return fmt.Errorf("bad hand %q", s)
		}
		t, known := v.byID[id]
		if !known || v.handKeys[col][t] == nil {
			return fmt.Errorf("piece %q cannot be in hand", s[i:i+k])
		}
		total := int(pos.hand[col][t]) + n
		if n == 0 || total > v.handMax {
			return fmt.Errorf("bad hand count in %q", s)
		}
		pos.setHand(col, t, total)
		i += k
	}
	return nil
}

// BoardField writes the board field of a FEN or SFEN: the ranks from the
// top, separated by '/', each cell's text from cell (rank, file from the
// left; "" for an empty cell), a run of empty cells as its length.
func BoardField(ranks, files int, cell func(r, f int) string) string {
	var b strings.Builder
	for r := 0; r < ranks; r++ {
		if r > 0 {
			b.WriteByte('/')
		}
		empty := 0
		for f := 0; f < files; f++ {
			text := cell(r, f)
			if text == "" {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			b.WriteString(text)
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
	}
	return b.String()
}

// SFEN returns the position in SFEN form: board, side, hand (drop games) or
// counter-strike square (chu) or pass (a forced pass is pending) or -, and
// move number.
func (pos *Position) SFEN() string {
	v := pos.v
	var b strings.Builder
	b.WriteString(BoardField(v.Ranks, v.Files, func(r, f int) string {
		if p := pos.board[MakeSquare(r, f)]; p != Empty {
			return v.pieceText(p)
		}
		return ""
	}))
	if pos.side == Black {
		b.WriteString(" b ")
	} else {
		b.WriteString(" w ")
	}
	third := "-"
	if pos.mustPass {
		third = "pass"
	} else if pos.lionCap != NoSquare {
		third = v.SquareUSI(pos.lionCap)
	} else if v.Drops {
		var h strings.Builder
		for c := Color(0); c < ColorCount; c++ {
			for _, t := range v.HandTypes {
				n := pos.hand[c][t]
				if n == 0 {
					continue
				}
				if n > 1 {
					h.WriteString(strconv.Itoa(int(n)))
				}
				h.WriteString(v.pieceText(MakePiece(t, c)))
			}
		}
		if h.Len() > 0 {
			third = h.String()
		}
	}
	b.WriteString(third)
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(pos.moveNo))
	return b.String()
}

// pieceText writes a piece as in SFEN: upper case for Black.
func (v *Variant) pieceText(p Piece) string {
	id := v.Pieces[p.Type()].ID
	if multiLetter(id) {
		if id[0] == '+' {
			id = "+[" + id[1:] + "]"
		} else {
			id = "[" + id + "]"
		}
	}
	if p.Color() == White {
		return strings.ToLower(id)
	}
	return id
}

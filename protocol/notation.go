package protocol

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/kirin-shogi/kirin/movegen"
)

// knownToXBoard reports whether XBoard 4.9 has v built in (with our board
// size and piece letters), so it plays it without a setup command.
func knownToXBoard(v *movegen.Variant) bool {
	switch v.Name {
	case "shogi":
		return v.Files == 9 && v.Ranks == 9
	case "chu":
		return v.Files == 12 && v.Ranks == 12
	}
	return false
}

// xboardParent picks the XBoard parent variant: chu for games with lions
// or other two-leg moves (XBoard relays their moves and passes only
// there), shogi for drop games, fairy otherwise.
func xboardParent(v *movegen.Variant) string {
	for _, p := range v.Pieces[1:] {
		if p.Lion || p.Spirit || strings.Contains(xbetza(p.Betza), "a") {
			return "chu"
		}
	}
	if v.Drops {
		return "shogi"
	}
	return "fairy"
}

// xbetza writes a Betza string in the dialect XBoard 4.9 reads: cut at
// the first named move kind (@liondog, @hook, @emperor), which XBoard
// cannot read, and with direction letters spelled out where XBoard reads
// them more narrowly than movegen (see xbAtom).
func xbetza(b string) string {
	if k := strings.IndexByte(b, '@'); k >= 0 {
		b = b[:k]
	}
	var out strings.Builder
	for i := 0; i < len(b); {
		j := i
		for j < len(b) && b[j] >= 'a' && b[j] <= 'z' {
			j++
		}
		if j == len(b) {
			out.WriteString(b[i:])
			break
		}
		k := j + 1
		for k < len(b) && b[k] >= '0' && b[k] <= '9' {
			k++
		}
		out.WriteString(xbAtom(b[i:j], b[j], b[j+1:k]))
		i = k
	}
	return out.String()
}

// xbAtom writes one atom with its modifiers for XBoard. movegen reads a
// lone f, b, l or r on an oblique atom (N, C, Z, ...) as every move on
// that side, XBoard (moves.c, MovesFromString) as the two narrow ones
// only, so the lone letter becomes the pair of pairs (fN = fffsN). On K
// and Q XBoard reads a lone letter as one straight step, movegen as every
// step that way, so a K or Q with direction letters is split into its
// orthogonal and diagonal halves (fK = fWfF). In an atom of multi-leg
// moves (an a among the modifiers) the later legs' letters are relative
// in both readings, but the first leg's are read as above, so a K whose
// first leg has direction letters is split the same way (fcavK =
// fcavWcfavF: XBoard read the Reiwa dai mountain crane's fcavK as a
// straight step only and forfeited its diagonal igui i12h13,h13i12).
func xbAtom(mods string, atom byte, rng string) string {
	if k := strings.IndexByte(mods, 'a'); k >= 0 {
		return xbLegs(mods[:k], mods[k:], atom, rng)
	}
	if mods == "" {
		return string(atom) + rng
	}
	switch atom {
	case 'N', 'C', 'Z', 'L', 'J':
		var m strings.Builder
		for i := 0; i < len(mods); i++ {
			c := mods[i]
			if strings.IndexByte("fblr", c) >= 0 && i+1 < len(mods) && isDir(mods[i+1]) {
				m.WriteString(mods[i : i+2]) // a pair: one direction in both readings
				i++
				continue
			}
			switch c {
			case 'f', 'b':
				m.WriteString(string(c) + string(c) + string(c) + "s")
			case 'l', 'r':
				m.WriteString(string(c) + string(c) + string(c) + "v")
			default:
				m.WriteByte(c)
			}
		}
		return m.String() + string(atom) + rng
	case 'K', 'Q':
		modes, dirs := splitDirs(mods)
		if len(dirs) == 0 {
			break
		}
		orth, diag := "W", "F"
		if atom == 'Q' {
			orth, diag = "R", "B"
		}
		out := string(modes) + string(dirs) + orth + rng
		for _, d := range dirs {
			if d != 'v' && d != 's' { // no diagonal is mainly vertical or sideways
				out += string(modes) + string(d) + diag + rng
			}
		}
		return out
	}
	return mods + string(atom) + rng
}

// xbLegs writes a multi-leg atom for XBoard: first holds the first leg's
// modifiers, rest the 'a' and everything after it. A K whose first leg
// has direction letters becomes its orthogonal and diagonal halves, as in
// xbAtom; any other atom is left alone.
func xbLegs(first, rest string, atom byte, rng string) string {
	modes, dirs := splitDirs(first)
	if atom != 'K' || len(dirs) == 0 {
		return first + rest + string(atom) + rng
	}
	out := first + rest + "W" + rng
	for _, d := range dirs {
		if d != 'v' && d != 's' { // no diagonal is mainly vertical or sideways
			out += string(modes) + string(d) + rest + "F" + rng
		}
	}
	return out
}

// isDir reports whether Betza modifier c is a direction letter.
func isDir(c byte) bool { return strings.IndexByte("fblrvs", c) >= 0 }

// splitDirs splits a leg's modifiers into its direction letters (f, b, l,
// r, v, s) and the others, each in order.
func splitDirs(mods string) (modes, dirs []byte) {
	for i := 0; i < len(mods); i++ {
		if isDir(mods[i]) {
			dirs = append(dirs, mods[i])
		} else {
			modes = append(modes, mods[i])
		}
	}
	return modes, dirs
}

// XBoard's piece slots per colour (common.h, 4.9): the King is the last.
const (
	xbSlots    = 66
	xbKingSlot = xbSlots - 1
	xbPromo    = 46 // first of the slots XBoard keeps for promoted pieces
	xbLionSlot = 21 // XBoard's Lion, which the chu parent gives the lion-trading rules
	xbMan      = 10 // the last slot whose pieces may promote with "+" under the fairy parent
)

// xbSlot gives pieces XBoard has an image and slot for their own slot,
// so the board shows a familiar symbol; -1 for the others. Under the shogi
// parent XBoard forces the pieces in the Pawn, Knight and Queen slots (its
// shogi pawn, knight and lance) to promote on the last ranks, so only
// pieces that move exactly like those may have them (okisaki's knight and
// lance move backwards too, and its queen never promotes).
func xbSlot(parent string, p *movegen.PieceInfo) int {
	if parent == "shogi" {
		switch {
		case p.Betza == "fW":
			return 0
		case p.Betza == "ffN":
			return 1
		case p.Betza == "fR":
			return 4
		case p.Name == "silver":
			return 5
		}
		if n := xbSlotByName(p.Name); !xbReserved(parent, n) {
			return n
		}
		return -1
	}
	n := xbSlotByName(p.Name)
	if n == xbLionSlot && !p.Lion {
		return -1 // a lion without the chu trading rules (Reiwa dai's)
	}
	return n
}

// xbSlotByName is the slot of XBoard's piece of that name, or -1.
func xbSlotByName(name string) int {
	switch name {
	case "pawn":
		return 0
	case "knight":
		return 1
	case "bishop":
		return 2
	case "rook":
		return 3
	case "queen", "free-king":
		return 4
	case "gold":
		return 9
	case "dragon-king":
		return 14
	case "silver":
		return 16
	case "lance":
		return 18
	case "lion":
		return xbLionSlot
	case "dragon-horse":
		return 34
	case "copper":
		return 36
	case "iron":
		return 37
	case "drunk-elephant":
		return 53
	}
	return -1
}

// xbReserved reports slots that only the pieces xbSlot assigns them may
// take: XBoard gives them rules of their own, the shogi parent its pawn,
// knight and lance, the chu parent the lion-trading rules to its Lion (a
// Reiwa dai lion there was refused a capture of a protected lion that
// Reiwa dai allows).
func xbReserved(parent string, slot int) bool {
	return parent == "shogi" && (slot == 0 || slot == 1 || slot == 4) || parent == "chu" && slot == xbLionSlot
}

// xbID writes a piece ID as XBoard reads it (one letter with an optional '
// or !); ok is false for IDs XBoard cannot represent (2-4 letters).
func xbID(id string) (string, bool) {
	id = strings.TrimPrefix(id, "+")
	if len(id) == 1 || len(id) == 2 && (id[1] == '\'' || id[1] == '!') {
		return id, id[0] >= 'A' && id[0] <= 'Z'
	}
	return "", false
}

// xboardSetup returns the setup and piece lines that define v for XBoard.
// Games whose piece IDs XBoard cannot represent get setup (-) and piece
// lines for the types it can.
func xboardSetup(v *movegen.Variant) []string {
	parent := xboardParent(v)
	hold := 0
	if v.Drops {
		hold = len(v.HandTypes)
	}
	board := strings.Fields(v.StartSFEN)[0]
	side := "w"
	if f := strings.Fields(v.StartSFEN); len(f) > 1 && f[1] == "w" {
		side = "b"
	}
	var fen string
	switch parent {
	case "shogi":
		fen = board + "[-] " + side + " 0 1"
	case "chu":
		fen = board + " " + side + " 0 1"
	default:
		fen = board + " " + side + " - - 0 1"
	}
	table, ok := xboardTable(v)
	if !ok {
		table = "-"
	}
	lines := []string{fmt.Sprintf("setup (%s) %dx%d+%d_%s %s", table, v.Files, v.Ranks, hold, parent, fen)}
	for _, p := range v.Pieces[1:] {
		id, ok := xbID(p.ID)
		b := xbetza(p.Betza)
		if !ok || b == "" {
			continue
		}
		if p.Promoted {
			id = "+" + id
		}
		lines = append(lines, "piece "+id+"& "+b)
	}
	return lines
}

// xboardTable builds the (PIECETOCHAR) table: base pieces in the slot of
// their name or the next free one (pieces that can be held first, because
// XBoard numbers holdings in slot order), promoted forms as ^X from the
// promoted-piece slots on, the royal king last.
func xboardTable(v *movegen.Variant) (string, bool) {
	parent := xboardParent(v)
	var slots [xbSlots]string
	used := func(i int) bool { return slots[i] != "" }
	// place puts id in slot pref if free, else in the first free slot
	// from `from` on, else in the first free slot below end.
	place := func(id string, pref, from, end int) bool {
		if pref >= 0 && pref < end && !used(pref) {
			slots[pref] = id
			return true
		}
		for i := from; i < end; i++ {
			if !used(i) && !xbReserved(parent, i) {
				slots[i] = id
				return true
			}
		}
		for i := 0; i < end; i++ {
			if !used(i) && !xbReserved(parent, i) {
				slots[i] = id
				return true
			}
		}
		return false
	}
	inHand := map[movegen.PieceType]bool{}
	for _, t := range v.HandTypes {
		inHand[t] = true
	}
	king := false
	// Order: held pieces with a slot of their own, other held pieces,
	// other pieces with a slot of their own, the rest; promoted forms and
	// the king go to their own slots whenever they come.
	// Under the fairy and shogi parents XBoard takes a shogi-style "+"
	// only from pieces in the slots up to its Man (moves.c, LegalityTest);
	// it dropped the "+" of a Heian dai lance (slot 18) entering the zone
	// and then forfeited the lance's next move as a gold, and it refused
	// an okisaki lance's "c0c1+" from that slot as an invalid move. So
	// promoting pieces go first there and keep to those slots.
	lowOnly := func(p *movegen.PieceInfo) bool {
		return (parent == "fairy" || parent == "shogi") && !p.Promoted && p.PromotesTo != 0
	}
	var order []movegen.PieceType
	for pass := 0; pass < 8; pass++ {
		for t := 1; t < len(v.Pieces); t++ {
			p := v.Pieces[t]
			slot := xbSlot(parent, &p)
			named := slot >= 0 && !p.Promoted && (!lowOnly(&p) || slot <= xbMan)
			if lowOnly(&p) == (pass < 4) && inHand[movegen.PieceType(t)] == (pass%4 < 2) && named == (pass%2 == 0) {
				order = append(order, movegen.PieceType(t))
			}
		}
	}
	for _, t := range order {
		p := v.Pieces[t]
		id, ok := xbID(p.ID)
		if !ok {
			return "", false
		}
		switch {
		case p.Royal && !p.Promoted && !king:
			slots[xbKingSlot] = id
			king = true
		case p.Promoted:
			base, _ := xbID(v.Pieces[p.Base].ID)
			for b := 1; b < len(v.Pieces); b++ {
				if v.Pieces[b].PromotesTo == t {
					base, _ = xbID(v.Pieces[b].ID)
				}
			}
			if !place("^"+base, -1, xbPromo, xbKingSlot) {
				return "", false
			}
		case lowOnly(&p) && place(id, xbSlot(parent, &p), 0, xbMan+1):
		default:
			if !place(id, xbSlot(parent, &p), 0, xbKingSlot) {
				return "", false
			}
		}
	}
	if !king {
		return "", false
	}
	last := 0
	for i := 0; i < xbKingSlot; i++ {
		if used(i) {
			last = i
		}
	}
	var w, b strings.Builder
	for i := 0; i <= last; i++ {
		s := slots[i]
		if s == "" {
			s = "."
		}
		w.WriteString(s)
		b.WriteString(strings.ToLower(s))
	}
	w.WriteString(slots[xbKingSlot])
	b.WriteString(strings.ToLower(slots[xbKingSlot]))
	return w.String() + b.String(), true
}

// fenToSFEN converts XBoard's FEN (w = the first mover, holdings in
// brackets after the board, optional castling, e.p. and counter fields)
// into an SFEN of variant v.
func fenToSFEN(v *movegen.Variant, fen string) (string, error) {
	f := strings.Fields(fen)
	if len(f) == 0 {
		return "", errors.New("empty FEN")
	}
	board, hold := f[0], ""
	if v.Drops && strings.HasSuffix(board, "]") {
		k := strings.LastIndexByte(board, '[')
		if k < 0 {
			return "", errors.New("unbalanced holdings bracket")
		}
		board, hold = board[:k], board[k+1:len(board)-1]
	}
	side := "b"
	if len(f) > 1 {
		switch f[1] {
		case "w":
		case "b":
			side = "w"
		default:
			return "", fmt.Errorf("side to move must be w or b, got %q", f[1])
		}
	}
	hand, err := holdingsToHand(hold)
	if err != nil {
		return "", err
	}
	return board + " " + side + " " + hand + " 1", nil
}

// holdingsToHand turns XBoard holdings (PPg, or - for none) into an SFEN
// hand field (2Pg).
func holdingsToHand(hold string) (string, error) {
	type entry struct {
		id string
		n  int
	}
	var up, low []entry
	add := func(list *[]entry, id string) {
		for i := range *list {
			if (*list)[i].id == id {
				(*list)[i].n++
				return
			}
		}
		*list = append(*list, entry{id, 1})
	}
	for i := 0; i < len(hold); i++ {
		c := hold[i]
		switch {
		case c == '-' || c == ' ':
			continue
		case c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z':
			id := string(c)
			if i+1 < len(hold) && (hold[i+1] == '\'' || hold[i+1] == '!') {
				id += string(hold[i+1])
				i++
			}
			if c <= 'Z' {
				add(&up, id)
			} else {
				add(&low, id)
			}
		default:
			return "", fmt.Errorf("bad character %q in holdings", c)
		}
	}
	var b strings.Builder
	for _, e := range append(up, low...) {
		if e.n > 1 {
			b.WriteString(strconv.Itoa(e.n))
		}
		b.WriteString(e.id)
	}
	if b.Len() == 0 {
		return "-", nil
	}
	return b.String(), nil
}

// parseSquareXBoard reads an XBoard square (e5, a10) of v's board.
func parseSquareXBoard(v *movegen.Variant, t string) (movegen.Square, bool) {
	for r := 0; r < v.Ranks; r++ {
		for c := 0; c < v.Files; c++ {
			s := movegen.MakeSquare(r, c)
			if v.SquareXBoard(s) == t {
				return s, true
			}
		}
	}
	return movegen.NoSquare, false
}

// squareUCI writes a UCI square: file letter from the first mover's left,
// rank number from 1 at the first mover's side.
func squareUCI(v *movegen.Variant, s movegen.Square) string {
	return string(rune('a'+s.Col())) + strconv.Itoa(v.Ranks-s.Row())
}

// moveUCI writes m in our UCI dialect: squares run together, drops P@e5,
// promotion +, 0000 for a pass.
func moveUCI(v *movegen.Variant, m movegen.Move) string {
	if m.IsPass() || m == movegen.NullMove {
		return "0000"
	}
	if m.IsDrop() {
		return v.Pieces[m.DropType()].ID + "@" + squareUCI(v, m.To())
	}
	t := squareUCI(v, m.From())
	for _, s := range []movegen.Square{m.Mid(), m.Mid2()} {
		if s != movegen.NoSquare {
			t += squareUCI(v, s)
		}
	}
	t += squareUCI(v, m.To())
	if m.IsPromotion() {
		t += "+"
	}
	return t
}

// parseMoveUCI reads a move in our UCI dialect by rewriting it into
// XBoard's notation, which movegen parses against the legal moves.
func parseMoveUCI(pos *movegen.Position, t string) (movegen.Move, error) {
	v := pos.Variant()
	if t == "0000" {
		return pos.ParseMoveXBoard("@@@@")
	}
	readSq := func(s string, i int) (movegen.Square, int, error) {
		if i >= len(s) || s[i] < 'a' || s[i] > 'z' {
			return 0, 0, fmt.Errorf("bad square in %q", t)
		}
		c := int(s[i] - 'a')
		j, n := i+1, 0
		for j < len(s) && j-i <= 2 && s[j] >= '0' && s[j] <= '9' {
			n = n*10 + int(s[j]-'0')
			j++
		}
		if j == i+1 || c >= v.Files || n < 1 || n > v.Ranks {
			return 0, 0, fmt.Errorf("bad square in %q", t)
		}
		return movegen.MakeSquare(v.Ranks-n, c), j, nil
	}
	if k := strings.IndexAny(t, "@*"); k > 0 {
		s, j, err := readSq(t, k+1)
		if err != nil || j != len(t) {
			return movegen.NullMove, fmt.Errorf("bad drop %q", t)
		}
		return pos.ParseMoveXBoard(t[:k] + "@" + v.SquareXBoard(s))
	}
	body, suffix := t, ""
	if n := len(body); n > 0 && (body[n-1] == '+' || body[n-1] == '=') {
		body, suffix = body[:n-1], body[n-1:]
	}
	var sq []movegen.Square
	for i := 0; i < len(body); {
		s, j, err := readSq(body, i)
		if err != nil {
			return movegen.NullMove, err
		}
		sq = append(sq, s)
		i = j
	}
	if len(sq) < 2 || len(sq) > 4 {
		return movegen.NullMove, fmt.Errorf("move %q: need 2 to 4 squares", t)
	}
	var b strings.Builder
	for i := 1; i < len(sq); i++ {
		if i > 1 {
			b.WriteByte(',')
		}
		b.WriteString(v.SquareXBoard(sq[i-1]) + v.SquareXBoard(sq[i]))
	}
	return pos.ParseMoveXBoard(b.String() + suffix)
}

// clean makes a message safe for XBoard: it must not read a line as an
// illegal-move claim, a failed start or a result.
func clean(s string) string {
	r := strings.NewReplacer("Illegal", "Invalid", "illegal", "invalid", "not found", "unknown",
		"No such file", "no file", "\n", " ", "\r", " ")
	return r.Replace(s)
}

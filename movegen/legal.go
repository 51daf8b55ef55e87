package movegen

import "slices"

// GenerateLegal appends the legal moves of the side to move. It generates
// nothing when the game is already over (GameOver), and otherwise filters the
// pseudo-legal moves by the variant's rules: no move may leave the own royal
// attacked (check variants), no drop of a NoDropMate piece may checkmate, and
// the chu lion-trading rules of the rule set in force.
func (pos *Position) GenerateLegal(list *MoveList) { pos.generateLegal(list, false, false) }

// generateLegal is GenerateLegal, GenerateCaptures (caps) or GenerateQuiets
// (quiets): the flags narrow GeneratePseudo only, so that the legality
// filter's own look at the opponent's replies (the drop-mate test) still
// sees all of them.
func (pos *Position) generateLegal(list *MoveList, caps, quiets bool) {
	if pos.GameOver() {
		return
	}
	start := list.N
	var lg legality
	filter := pos.filterSetup(&lg)
	// In check, a drop helps only between the checker and the king (and
	// in double check nowhere), and there it always does: generate no
	// other drops.
	pos.dropsMasked = filter && lg.inCheck && lg.evadeKnown
	if pos.dropsMasked {
		pos.dropMask = lg.evade
	}
	pos.capsOnly, pos.quietsOnly = caps, quiets
	pos.GeneratePseudo(list)
	pos.capsOnly, pos.quietsOnly, pos.dropsMasked = false, false, false
	if !filter {
		return
	}
	// Where the lion-trading rules are the only filter, a move that takes
	// no Lion needs no test, and quiet moves take nothing.
	lionsOnly := !pos.v.Check && !pos.v.hasEmperor
	if lionsOnly && quiets {
		return
	}
	// In a plain check game out of check, most moves need no test at all:
	// those of unpinned pieces other than the royal, and drops of pieces
	// that may give mate by a drop. Saying so here spares the filter's
	// call for each.
	v := pos.v
	plain := v.Check && !lg.inCheck && v.LionTrade == LionNone && !v.hasEmperor
	k := pos.king[pos.side]
	n := start
	for _, m := range list.Moves[start:list.N] {
		if plain && lg.safeOutOfCheck(m, k) && !(m.IsDrop() && v.Pieces[m.DropType()].NoDropMate) ||
			lionsOnly && !pos.mayTakeLion(m) || pos.legalFilter(m, &lg) {
			list.Moves[n] = m
			n++
		}
	}
	list.N = n
}

// IsLegal reports whether m is one of the moves GenerateLegal would
// produce, without generating them all: it generates the moves of the one
// piece on m's origin (or checks the drop), then applies the legality
// filter. A search uses it for a move from the transposition table, which
// may come from another position with the same key.
func (pos *Position) IsLegal(m Move) bool {
	if pos.GameOver() {
		return false
	}
	if pos.mustPass || m == ForcedPass {
		return pos.mustPass && m == ForcedPass
	}
	v := pos.v
	us := pos.side
	switch {
	case m.IsDrop():
		t, to := m.DropType(), m.To()
		if !v.Drops || int(t) >= len(v.Pieces) || pos.hand[us][t] == 0 || !v.OnBoard(to) || pos.board[to] != Empty {
			return false
		}
		if !pos.mayDrop(MakePiece(t, us), to) {
			return false
		}
	case m.IsPass():
		// Only one pass is generated, by the first piece able to pass:
		// compare with the full list.
		l := pos.scratchList(scratchLegal)
		pos.GenerateLegal(l)
		return slices.Contains(l.Slice(), m)
	default:
		from := m.From()
		if !v.OnBoard(from) || !pos.board[from].isPiece() || pos.board[from].Color() != us {
			return false
		}
		l := pos.scratchList(scratchLegal)
		passed := true // passes were handled above
		pos.generatePiece(l, from, &passed)
		if !slices.Contains(l.Slice(), m) {
			return false
		}
	}
	var lg legality
	return !pos.filterSetup(&lg) || pos.legalFilter(m, &lg)
}

// mayDrop reports whether the rules let piece p be dropped on the empty
// cell s: not where it could never move again, and a nifu piece not on a
// file that holds an unpromoted one of its side.
func (pos *Position) mayDrop(p Piece, s Square) bool {
	d := pos.v.dead[p]
	return (d == nil || !d[s]) && !(pos.v.Pieces[p.Type()].Nifu && pos.fileHas(s.Col(), p))
}

// filterSetup reports whether the variant's rules make some pseudo-legal
// moves illegal (check, lion trading, the emperor's capture rule) and, if
// so, fills lg with what legalFilter needs in a check game.
func (pos *Position) filterSetup(lg *legality) bool {
	v := pos.v
	if !v.Check && v.LionTrade == LionNone && !v.hasEmperor {
		return false
	}
	if v.Check {
		pos.setupRoyalSafety(lg)
	}
	return true
}

// legalFilter applies the legality tests GeneratePseudo leaves out.
func (pos *Position) legalFilter(m Move, lg *legality) bool {
	v := pos.v
	us := pos.side
	if v.Check {
		if !pos.keepsRoyalSafe(m, lg) {
			return false
		}
		if m.IsDrop() && v.Pieces[m.DropType()].NoDropMate && pos.DropMates(m) {
			return false
		}
	}
	if v.LionTrade != LionNone && !m.IsDrop() && !m.IsPass() && pos.mayTakeLion(m) {
		if !pos.lionTradeOK(m, us) {
			return false
		}
	}
	if v.hasEmperor && !m.IsDrop() && !m.IsPass() && v.kinds[pos.board[m.From()]]&kindEmperor != 0 {
		return pos.emperorCaptureOK(m, us)
	}
	return true
}

// emperorCaptureOK applies the emperor's capture restriction (tai sheet
// 1.6). Default reading (option emperor = royal): an emperor may capture any
// non-royal piece, and a royal piece only if that royal is unprotected: no
// enemy piece other than an emperor could recapture, and, if the enemy keeps
// an emperor, some other piece of ours guards the square (their emperor may
// only take our emperor when ours is unprotected). With emperorguard =
// everywhere (Evans: an emperor protects every square) the enemy emperor
// protects the square whatever guards it, so no royal may be taken while the
// enemy keeps an emperor, and its emperor only when nothing else of the enemy
// could retake. Under emperor = any (TSA,
// Evans) it may capture no protected piece, royal or not, and the enemy
// emperor protects every square, as the sheet says ("every piece is
// protected by its own emperor"; it does not apply the one-step reasoning
// of the default here): so an emperor captures only the enemy emperor
// itself, or anything once the enemy has no emperor, and then only pieces
// no enemy piece could retake.
func (pos *Position) emperorCaptureOK(m Move, us Color) bool {
	v := pos.v
	from, t := m.From(), m.To()
	victim := pos.board[t]
	if !victim.isPiece() || !v.emperorAny && !v.Pieces[victim.Type()].Royal {
		return true
	}
	them := us.Other()
	// Judge protection on the board after the capture. An emperor's move is
	// one leap that changes two cells, so set them by hand rather than call
	// Make: the piece lists keep their order, which callers looping over
	// them (InCheck, threatens) rely on, and no key work is done.
	mover := pos.board[from]
	pos.board[from], pos.board[t] = Empty, mover
	pos.mark(us, from) // (attacked reads the neighbour masks)
	pos.mark(us, t)
	pos.mark(them, t)
	var ok bool
	if v.emperorAny {
		ok = !pos.hasEmperorBesides(them, t) && !pos.attacked(t, them)
	} else {
		protected := pos.attacked(t, them)
		if !protected && pos.hasEmperorBesides(them, t) {
			protected = v.emperorGuardsAll || !pos.attacked(t, us)
		}
		ok = !protected
	}
	pos.board[from], pos.board[t] = mover, victim
	pos.mark(us, from)
	pos.mark(us, t)
	pos.mark(them, t)
	return ok
}

// emperorAttacks reports whether the emperor on s could capture the enemy
// piece on t under the variant's emperor rule (emperorCaptureOK), whichever
// side is to move: the universal leaper reaches every square, so "the
// emperor attacks" can only mean "the rule would let it take".
func (pos *Position) emperorAttacks(s, t Square) bool {
	p, q := pos.board[s], pos.board[t]
	if !p.isPiece() || !q.isPiece() || q.Color() == p.Color() {
		return false
	}
	return pos.emperorCaptureOK(NewMove(s, t), p.Color())
}

// royalThreatened reports whether side by could capture the royal on s: an
// attack (attacked), or an emperor of by whose rule lets it take the royal.
func (pos *Position) royalThreatened(s Square, by Color) bool {
	if pos.attacked(s, by) {
		return true
	}
	if !pos.v.hasEmperor {
		return false
	}
	for i := 0; i < pos.count[by]; i++ {
		e := pos.list[by][i]
		if pos.v.kinds[pos.board[e]]&kindEmperor != 0 && pos.emperorAttacks(e, s) {
			return true
		}
	}
	return false
}

// hasEmperor reports whether side c has an @emperor piece on the board.
func (pos *Position) hasEmperor(c Color) bool { return pos.hasEmperorBesides(c, NoSquare) }

// hasEmperorBesides reports whether side c has an @emperor piece on the
// board other than one on square x.
func (pos *Position) hasEmperorBesides(c Color, x Square) bool {
	for i := 0; i < pos.count[c]; i++ {
		s := pos.list[c][i]
		if s != x && pos.v.kinds[pos.board[s]]&kindEmperor != 0 {
			return true
		}
	}
	return false
}

// pinSet is a bit set of the squares of the side to move's pieces that
// shield its royal from an enemy slider.
type pinSet [NumCells / 64]uint64

func (ps *pinSet) has(s Square) bool { return ps[s/64]&(1<<(s%64)) != 0 }

func (ps *pinSet) add(s Square) { ps[s/64] |= 1 << (s % 64) }

// findPins fills ps with the pieces that stand alone between the royal of the
// side to move and an enemy piece that attacks along that line.
func (pos *Position) findPins(ps *pinSet) {
	v := pos.v
	us := pos.side
	k := int(pos.king[us])
	for i := range v.attack {
		a := &v.attack[i]
		if a.max < 2 {
			continue
		}
		var shield Square
		s := k
		for n := 1; n <= a.max; n++ {
			s -= a.off
			q := pos.board[s]
			if q == Empty {
				continue
			}
			if q == Edge {
				break
			}
			if q.Color() == us {
				if shield != NoSquare {
					break
				}
				shield = Square(s)
				continue
			}
			if shield != NoSquare && int(v.capRange[q][i]) >= n {
				ps.add(shield)
			}
			break
		}
	}
}

// legality is what keepsRoyalSafe needs to know of a position of a check
// game, computed once for all its moves (setupRoyalSafety).
type legality struct {
	inCheck bool
	// pins: the pieces of the side to move that shield its royal from an
	// enemy attacker (findPins).
	pins pinSet
	// evade, where evadeKnown: in check from one attacker along one attack
	// vector, the cells a one-leg move of a non-royal piece must reach to
	// end the check (the attacker's own and those between it and the
	// royal; none in double check).
	evade      pinSet
	evadeKnown bool
}

// safeOutOfCheck reports whether move m of the side to move, whose royal
// stands on k and is not in check, needs no test: a drop, a pass, or the
// move of an unpinned piece other than the royal.
func (lg *legality) safeOutOfCheck(m Move, k Square) bool {
	return m.IsDrop() || m.IsPass() || m.From() != k && !lg.pins.has(m.From())
}

// setupRoyalSafety fills lg for the side to move of a check game.
func (pos *Position) setupRoyalSafety(lg *legality) {
	us := pos.side
	lg.inCheck = pos.InCheck()
	pos.findPins(&lg.pins)
	// Without hook movers attacked reads only the board and the
	// neighbour masks, which the one-leg shortcuts rely on.
	if lg.inCheck && !pos.v.hasHooks {
		lg.evadeKnown = pos.findEvasions(&lg.evade, pos.king[us], us.Other())
	}
}

// findEvasions fills ev with the cells where a one-leg move of a non-royal
// piece can end the attack of side by on the royal on k: the attacker's
// cell and the cells between it and k. In double check it leaves ev empty.
// It reports false (ev is not to be used) when one attacker is found along
// two attack vectors, whose lines would have to be intersected.
func (pos *Position) findEvasions(ev *pinSet, k Square, by Color) bool {
	v := pos.v
	attacker, vec := NoSquare, -1
	for i := range v.attack {
		t := pos.rayAttacker(k, i, by)
		if t == NoSquare {
			continue
		}
		if attacker != NoSquare {
			if t == attacker {
				return false
			}
			*ev = pinSet{} // double check: only royal moves can help
			return true
		}
		attacker, vec = t, i
	}
	if attacker == NoSquare {
		return false // not in check after all (emperors do not attack)
	}
	off := v.attack[vec].off
	for s := int(k) - off; ; s -= off {
		ev.add(Square(s))
		if Square(s) == attacker {
			break
		}
	}
	return true
}

// keepsRoyalSafe reports whether m leaves the mover's royal unattacked. When
// the side is not in check, only royal moves and moves of pinned pieces can
// expose the royal, so most moves need no test; in check from one attacker,
// a one-leg move of a non-royal piece that neither takes the attacker nor
// blocks its line fails at once, and one that does needs a test only if the
// piece is pinned. What remains is made and tested: a one-leg move by
// setting its cells by hand (safeAfter), any other with Make.
func (pos *Position) keepsRoyalSafe(m Move, lg *legality) bool {
	us := pos.side
	k := pos.king[us]
	if !lg.inCheck && lg.safeOutOfCheck(m, k) {
		return true
	}
	// A one-leg move in a game without hook movers can be tested by
	// setting its two cells by hand (safeAfter).
	oneLeg := !pos.v.hasHooks && !m.IsPass() && m.Leg1() == 0 && (m.IsDrop() || m.From() != m.To()) && pos.royalKept(m)
	if lg.inCheck && oneLeg && lg.evadeKnown && !pos.movesRoyal(m) {
		if !lg.evade.has(m.To()) {
			return false
		}
		if m.IsDrop() || !lg.pins.has(m.From()) {
			return true
		}
	}
	if oneLeg {
		return pos.safeAfter(m)
	}
	pos.Make(m)
	ok := !pos.attacked(pos.king[us], us.Other())
	pos.Unmake()
	return ok
}

// movesRoyal reports whether m moves or drops a royal piece.
func (pos *Position) movesRoyal(m Move) bool {
	if m.IsDrop() {
		return pos.v.Pieces[m.DropType()].Royal
	}
	return pos.v.Pieces[pos.board[m.From()].Type()].Royal
}

// royalKept reports whether move m (not a pass) leaves the mover's
// royal-ness as it was: not a promotion to or from a royal, after which
// Make would look for the side's royal afresh.
func (pos *Position) royalKept(m Move) bool {
	if m.IsDrop() || !m.IsPromotion() {
		return true
	}
	p := pos.board[m.From()]
	return pos.v.Pieces[pos.promotedType(m, p)].Royal == pos.v.Pieces[p.Type()].Royal
}

// safeAfter reports whether the one-leg move or drop m (no intermediate
// captures, no change of royal-ness) leaves the mover's royal unattacked.
// Rather than Make it sets the two cells and the neighbour masks by hand,
// tests and puts them back: attacked reads nothing else when the variant
// has no hook movers, and the moved piece blocks the same lines whatever
// it promotes to.
func (pos *Position) safeAfter(m Move) bool {
	us, them := pos.side, pos.side.Other()
	k := pos.king[us]
	to := m.To()
	from := NoSquare
	var mover Piece
	if m.IsDrop() {
		mover = MakePiece(m.DropType(), us)
	} else {
		from = m.From()
		mover = pos.board[from]
		pos.board[from] = Empty
		pos.mark(us, from)
	}
	if pos.v.Pieces[mover.Type()].Royal {
		k = to
	}
	victim := pos.board[to]
	if victim != Empty {
		pos.mark(them, to)
	}
	pos.board[to] = mover
	pos.mark(us, to)
	ok := !pos.attacked(k, them)
	pos.mark(us, to)
	pos.board[to] = victim
	if victim != Empty {
		pos.mark(them, to)
	}
	if from != NoSquare {
		pos.board[from] = mover
		pos.mark(us, from)
	}
	return ok
}

// DropMates reports whether drop m checkmates: it attacks the enemy royal and
// the opponent has no legal reply. GenerateLegal leaves out such drops of
// NoDropMate pieces (no pawn-drop mate); Fairy-Stockfish's and SjaakII's
// perft count them, so cross-checks add them back.
//
// A drop opens no line, so it checks only if the dropped piece attacks the
// royal; in a game without hook movers that is read from the board first
// (dropChecks), and only a checking drop is made.
func (pos *Position) DropMates(m Move) bool {
	them := pos.side.Other()
	if k := pos.king[them]; !pos.v.hasHooks && k != NoSquare && !pos.dropChecks(MakePiece(m.DropType(), pos.side), m.To(), k) {
		return false
	}
	pos.Make(m)
	mate := false
	if pos.attacked(pos.king[them], pos.side.Other()) {
		mate = !pos.hasLegalMove()
	}
	pos.Unmake()
	return mate
}

// dropChecks reports whether piece p, dropped on the empty cell s, would
// attack the cell k along one of the attack vectors: the first cell it
// reaches along the vector's line within its capture range, as
// rayAttacker counts attacks from the other end.
func (pos *Position) dropChecks(p Piece, s, k Square) bool {
	v := pos.v
	for i, r := range v.capRange[p] {
		t := int(s)
		for n := 1; n <= int(r); n++ {
			t += v.attack[i].off
			if Square(t) == k {
				return true
			}
			if pos.board[t] != Empty {
				break
			}
		}
	}
	return false
}

// hasLegalMove reports whether the side to move has a legal move (drop-mate
// restrictions aside, which cannot matter: a drop that mates also is a move).
func (pos *Position) hasLegalMove() bool {
	l := pos.scratchList(scratchDropMate)
	pos.GeneratePseudo(l)
	var lg legality
	pos.setupRoyalSafety(&lg)
	for i := 0; i < l.N; i++ {
		if pos.keepsRoyalSafe(l.Moves[i], &lg) {
			return true
		}
	}
	return false
}

// GameOver reports whether the game has ended in this position: a side has
// lost its last royal, or the bare-king rule has decided it (bareKingOver).
// Mate and stalemate show as a position without legal moves. This is also
// the perft convention: such a node has no children, as Fairy-Stockfish
// counts (docs/perft.md).
func (pos *Position) GameOver() bool {
	us, them := pos.side, pos.side.Other()
	if pos.royals[us] == 0 || pos.royals[them] == 0 {
		return true
	}
	return pos.v.BareKing && pos.bareKingOver()
}

// bareKingOver applies the bare-king rule to the position. It is over when
//   - the side that just moved is bare: it was bared and its reply did not
//     change that (it loses), or it bared the opponent back (both bare: a
//     draw); or
//   - the side to move is bare and its reply cannot change the result: the
//     opponent has three or more pieces counting royals and hand, so no
//     single capture can bare it back, and it does not stand to lose its
//     last royal (it has two or more, or its only one is not attacked).
//     With two pieces or fewer the bared side gets its reply. This is
//     Fairy-Stockfish's count (extinctionClaim with an opponent count of 2):
//     whether the bared royal can reach the piece does not matter.
func (pos *Position) bareKingOver() bool {
	us, them := pos.side, pos.side.Other()
	if pos.bare(them) {
		return true
	}
	if !pos.bare(us) || pos.pieceTotal(them) < 3 {
		return false
	}
	return pos.royals[them] > 1 || !pos.royalAttacked(them)
}

// bare reports whether side c has nothing but one royal piece (on the board
// and in hand).
func (pos *Position) bare(c Color) bool {
	if pos.royals[c] != 1 || pos.nonRoyal[c] != 0 {
		return false
	}
	for _, t := range pos.v.HandTypes {
		if pos.hand[c][t] != 0 {
			return false
		}
	}
	return true
}

// pieceTotal returns how many pieces side c has, royals included, on the
// board and in hand.
func (pos *Position) pieceTotal(c Color) int {
	n := pos.royals[c] + int(pos.nonRoyal[c])
	for _, t := range pos.v.HandTypes {
		n += int(pos.hand[c][t])
	}
	return n
}

// lionTradeOK applies the chu lion-trading rules (chu sheet, sections 5 and
// 9b) to a move of side us.
func (pos *Position) lionTradeOK(m Move, us Color) bool {
	v := pos.v
	from, to, mid := m.From(), m.To(), m.Mid()
	var victimMid, victimTo Piece
	if mid != NoSquare {
		victimMid = pos.board[mid]
	}
	if to != from {
		victimTo = pos.board[to]
	}
	isLion := func(p Piece) bool { return v.lion[p] }
	if !isLion(victimMid) && !isLion(victimTo) {
		return true
	}
	mover := pos.board[from]
	moverLion := v.Pieces[mover.Type()].Lion
	them := us.Other()
	// Rule 2: a Lion takes a non-adjacent Lion.
	if moverLion && isLion(victimTo) && !adjacent(from, to) {
		bridge := victimMid.isPiece() && v.Pieces[victimMid.Type()].Value > bridgeValue
		if !bridge {
			pos.Make(m)
			protected := pos.attacked(to, them)
			pos.Unmake()
			if !protected && v.LionTrade != LionHaChu && victimMid.isPiece() {
				protected = pos.pieceAttacks(victimMid, mid, to)
			}
			if protected {
				return false
			}
		}
	}
	// Rule 3: the counter-strike after a non-Lion captured a Lion.
	if pos.lionCap == NoSquare {
		return true
	}
	switch v.LionTrade {
	case LionHaChu:
		return moverLion
	case LionLishogi:
		if moverLion {
			return true
		}
		if isLion(victimMid) && mid != pos.lionCap || isLion(victimTo) && to != pos.lionCap {
			return false
		}
		return true
	default: // JCSA: protected Lions of the opponent may not be taken at all,
		// except by a bridge capture, which overrides the ban (chu sheet 9b).
		if moverLion && isLion(victimTo) && victimMid.isPiece() && v.Pieces[victimMid.Type()].Value > bridgeValue {
			return true
		}
		pos.Make(m)
		protected := isLion(victimTo) && pos.attacked(to, them) || isLion(victimMid) && pos.attacked(mid, them)
		pos.Unmake()
		return !protected
	}
}

// mayTakeLion reports whether move m may capture a Lion, which is when the
// lion-trading rules have something to say: whether its destination or
// first intermediate square holds a piece that counts as a Lion. It may
// answer true for a move that takes none (an igui or a pass names the
// mover's own square), never false for one that does: a drop's
// destination is empty.
func (pos *Position) mayTakeLion(m Move) bool {
	v := pos.v
	return v.lion[pos.board[m.To()]] || m.Leg1() != 0 && v.lion[pos.board[m.Mid()]]
}

// bridgeValue is the highest value of a first victim that does not make a
// "bridge" capture (a Pawn or Go-Between, worth one pawn).
const bridgeValue = 100

// adjacent reports whether a and b are one king step apart.
func adjacent(a, b Square) bool {
	return dirOf(int(b)-int(a)) != 0
}

// pieceAttacks reports whether piece p standing on s could capture on t, on
// the current board: with a single leg (which covers every square a lion's
// or lion dog's multi-leg move captures on, checkAttackCoverage), or a hook
// mover's bent move (the same test as attacked). An emperor counts only
// against an enemy piece standing on t, and only when its capture rule
// lets it take that piece (emperorAttacks).
func (pos *Position) pieceAttacks(p Piece, s, t Square) bool {
	v := pos.v
	if v.kinds[p]&kindHook != 0 && pos.hookReaches(p, s, t) {
		return true
	}
	if v.kinds[p]&kindEmperor != 0 && pos.board[s] == p && pos.emperorAttacks(s, t) {
		return true
	}
	for _, r := range v.rays[p] {
		if r.mode&modeCapture == 0 {
			continue
		}
		x := int(s)
		for n := 0; n < r.max; n++ {
			x += r.off
			if x == int(t) {
				return true
			}
			if pos.board[x] != Empty {
				break
			}
		}
	}
	return false
}

// Scratch move lists for nested generation; see Position.scratch.
const (
	scratchOutcome  = 0
	scratchDropMate = 1
	scratchLegal    = 2
)

// scratchList returns the empty scratch list i, allocating it on first use.
func (pos *Position) scratchList(i int) *MoveList {
	if pos.scratch[i] == nil {
		pos.scratch[i] = new(MoveList)
	}
	pos.scratch[i].N = 0
	return pos.scratch[i]
}

// Package movegen is Kirin's rules engine: the board, the variants as data,
// move generation, make/unmake, Zobrist keys, positions and move text. It
// imports nothing of Kirin's and knows nothing about scores.
//
// # Board
//
// A padded mailbox of NumCells (1024) cells with a row stride of 32: a rank
// of up to 25 playing cells is followed by at least 7 guard cells, four guard
// rows lie above the playing area and three below it (4+25+3 rows x 32 =
// 1024 cells). Guard cells hold Edge, so steps, slides and leaps of up to
// three files or ranks need no bounds checks. cell = (row+4)*32 + col, with row 0
// the top rank (rank letter a, White's side) and col 0 Black's leftmost file
// (shogi file number W, XBoard file a). Black moves first and moves up.
//
// # Pieces
//
// A Piece is a byte: Empty (0), Edge (0xFF), or type<<1|color. Types index
// the variant's piece table ([]PieceInfo); promoted forms are types of their
// own, so a promoted Silver that moves as a Vertical Mover never promotes
// again. Pieces are never identified by value: flags in the table (Royal,
// Lion, Nifu, NoDropMate, LastRank, Spirit) say what is special about them.
// Each side also has a piece list (square list plus a reverse index), so
// generation visits only occupied squares, and a neighbour mask per square
// (which of the eight adjacent cells hold its pieces), so the capture
// generator finds a piece's victims one king step away in one load and
// skips the lines a friend next to it blocks. Make and Unmake keep both.
//
// # Moves
//
// Move is a uint32: to (bits 0-9), from or dropped type (10-19), first and
// second intermediate squares as king-step direction codes 1-8 (20-23,
// 24-27), and the Promote, Pass and Drop flags (28-30); see the Move type.
// A lion double capture is from, leg1, to; igui is to == from with leg1; a
// pass is the Pass flag; ForcedPass (the Pass flag alone) is the pass the
// spirit-trading rule forces. Moves are counted by effect: a two-leg move
// whose first leg captures nothing is the same move as the step or jump to
// its destination, a position has at most one pass, and atoms that overlap
// (the Buddhist Spirit's Lion and Queen moves) give each move once.
//
// # Variants
//
// Games are text definitions (variants/*.ini, embedded; users may load their
// own), parsed, checked and concluded into a Variant: per-piece ray and
// two-leg tables for each colour, zone and dead-square tables, attack vectors
// for check and protection tests, and Zobrist keys. XBetza describes every
// piece of the built-in games; the lion's powers use two-leg `a` moves
// (KNADcaKmabK). Moves XBetza expresses badly are named kinds after the
// XBetza part (@liondog: three-step paths with up to three captures, encoded
// with leg1 = leg2 = the line's direction). The variant ID is the FarmHash fingerprint of the canonical
// definition; Zobrist keys are derived from it with go-farm, per piece ID,
// colour and square, so they are deterministic.
//
// # Rules
//
// GeneratePseudo produces the moves pieces can make with their promotion
// choices (zone rule shogi or chu, dead-piece rule, last-rank chance) and
// drops (no dead drops, nifu). GenerateLegal adds the filters: no self-check
// in check variants, no mating drop of a NoDropMate piece, the chu
// lion-trading rules of the rule set in force (jcsa, lishogi, hachu), and no
// moves at all once GameOver (royal captured, or a bare king the rule has
// decided: after its reply, or at once when no reply can help it).
// GenerateCaptures and GenerateQuiets split GenerateLegal in two for a
// search that tries the captures first.
//
// The self-check filter tests as few moves as it can. Out of check only
// royal moves and moves of pinned pieces are tested; in check from one
// attacker, a one-leg move of another piece must take the attacker or land
// between it and the royal, and passes untested if the piece is not pinned
// (in double check none does). A tested one-leg move sets its two cells
// and the neighbour masks by hand rather than Make (safeAfter), and a drop
// of a NoDropMate piece is made only if it checks. In shogi this took the
// filter from a third of the search's time to a twentieth (docs/speed.md).
//
// Spirit trading (Reiwa dai): when a move captures a Spirit piece (as any of
// its victims) and the moving piece is not royal, the opponent must pass its
// next turn, once however many Spirits the move took. Make sets the
// position's MustPass flag, which is part of the Zobrist key, Unmake restores
// it, and while it is set the only move generated is ForcedPass. The SFEN
// writes the pending pass as its third field, "pass" (otherwise -); move text
// writes the forced pass "pass" (USI, Hodges) and @@@@ (XBoard).
//
// # Exchanges
//
// SEE, the static exchange evaluation of a move, plays the captures on the
// move's destination out on the board itself: each side's least valuable
// attacker (found along the attack vectors, plus hook movers) is lifted off
// its square in turn, which lets the pieces behind it join, and the swap
// list is folded back so that either side may stop. The lifted pieces are
// put back before it returns. It counts the spirit-trading pass (the
// exchange ends) and values royals at SEERoyal; it ignores pins, promotions
// during the exchange, the chu lion-trading rules and the emperor.
// SEEAtLeast answers SEE(m) >= threshold, the search's question, with
// less work: it keeps only how far the side to capture next stands from
// its goal, stops once that side cannot gain by going on (often before any
// attacker is looked for), and takes any attacker cheap enough to settle
// the exchange rather than the least one. A test plays the same exchanges
// out with real moves in random games of every built-in game and checks
// SEEAtLeast against SEE there.
//
// DropMate finds a mate in one by a drop in the games with drops and the
// check rule (shogi, okisaki): a piece from hand set down within two files
// and ranks of the enemy royal so that it attacks it, where the royal can
// neither take it nor step to an unattacked cell and no other piece takes
// it or, across an empty cell, blocks it. The variant precomputes, for each
// piece, the cells of that box from which it attacks the centre
// (dropCheck); the replies are tried on the board set by hand, without
// making the drop, where every piece moves and captures along the same
// single-leg rays (plainAttacks), and by making it and trying every reply
// otherwise. A test compares it with making every such drop in random
// games of shogi and okisaki, by both ways.
//
// MoveMate finds a mate in one by a move on the board in the games with the
// check rule where every piece moves along single-leg rays (shogi, okisaki,
// heian, heian dai): a piece moved, as it is or promoted, onto a cell of the
// same box from which it attacks the royal in one step or leap. The movers
// onto a cell are the pieces that attack it; a mover must attack, from its
// new cell, each neighbour the royal could step to unattacked before the
// move (mateRing, read when first needed), unless that neighbour is in line
// with the cell the mover leaves (its move may open a line there: a second
// piece's check through the royal as well); what passes is tried on the
// board set by hand, as for a drop, and only then asked whether it is legal.
// A test compares it with making every such move in random games of the four
// games and of a shogi with full Knights and Camels.
//
// Mobility walks one piece's rays as the generator does and counts the
// squares it reaches (empty squares and enemy pieces) instead of making
// moves, for an evaluation. Special moves are not walked. A test compares
// it with the generator's destinations in random games of every built-in
// game.
//
// # Hashing and undo
//
// Make XORs the key incrementally and pushes an undo record (moved piece,
// up to three victims, previous key and counter-strike square); Unmake pops
// it. Hands are hashed per (colour, type, count). A caller may also give the
// position a piece-square table (SetSquareTable) whose per-side sums it then
// keeps the same way, for an evaluation without a loop over the pieces.
// Generation and make/unmake do not allocate.
package movegen

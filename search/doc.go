// Package search is Kirin's game-tree search: iterative deepening
// principal-variation search with aspiration windows over the rules engine
// (movegen), a shared lockless transposition table and Lazy SMP threads. It
// knows nothing about piece-square tables or any other evaluation: it takes
// an Evaluator, and it knows nothing about protocols: it reports through a
// callback and returns a Result.
//
// # Model
//
// An Engine owns the table (Options.HashMB), one worker per thread
// (Options.Threads) and the options. Search(pos, limits, report) copies the
// position into every worker, runs iterative deepening on each (helper
// threads start one ply deeper on odd thread numbers, so the threads spread
// over the tree and share their results through the table), and returns the
// main thread's best move when a limit is reached or Stop is called. A
// worker preallocates its move lists, search stack, principal-variation
// table and history, so the search allocates nothing per node.
//
// # Scores
//
// Scores are centipawns from the side to move's point of view. Decided
// games score Mate minus the distance in plies (IsMate, MateIn): the loss of
// the last royal, checkmate and stalemate as each game rules them, the
// bare-king rule, impasse, and repetition by the game's rule: a repeated
// position is a draw in the shogi family (perpetual check inside the search
// tree loses for the checker), a loss for the side that repeated under
// HaChu's chu rule, and under Reiwa dai's rule unless that side was in
// check. The table stores mate scores relative to the node (scoreToTT).
// Static evaluations are clamped to ±MaxEval, just inside the mate scores:
// an Evaluator's material lead (tai's sides hold about 180,000 each) must
// never read as a decided game, nor overflow the table's 16-bit score.
//
// # Node
//
// In a game with drops and the check rule (shogi, okisaki) a node not in
// check asks whether its side mates at once by a drop next to the
// enemy royal (movegen's DropMate) and, if so, returns that win, stored in
// the table with the drop as its move: in a node of the main search after
// the table probe, reverse futility and the null move (a node these cut
// fails high without it), and in a first quiescence ply whose stand-pat is
// below beta. The quiescence search searches no drops, so without the test
// it stood pat on positions where the side to move drops a Gold on the
// King's head (issue 15: +57.4 ± 29.3 Elo in shogi at 20,000 nodes, an
// SPRT pass; docs/matches.md, "Fifty-fourth session"). Where no drop mates,
// the same node asks for a mate by a move on the board onto a cell next to
// the enemy royal or a leap away (movegen's MoveMate; fifty-fifth session):
// the quiescence search finds mates by captures only, and near the leaves
// futility and late-move pruning drop quiet moves, checks among them.
//
// Each node: game-end and repetition tests, mate-distance pruning, check
// extension (from the depth Params.CheckExtDepth names, every depth by
// default; not for a check whose move loses material in the exchange on
// its square: makeMove; a side with two or more royals is never in check
// for the search, since losing one does not end its game: inCheck; in a
// game without the check rule a move that leaves the royal in check to be
// taken is scored as that loss without a child: royalLeftEnPrise), table
// probe, static evaluation, reverse futility
// pruning (its margin a ply narrower where the static evaluation improves
// on the side's last turn) and
// null move (not in check, not when the rules force a pass, not with little
// material), both reading the table's score in place of the static
// evaluation where the table's bound says the position is worth more (a
// lower bound above it) or less (an upper bound below it; Stockfish's
// adjusted evaluation; issue 15, fifty-eighth session), the singular
// extension (from depth 6, where the side to move has a single royal and
// the table holds a lower bound or an exact score
// at most 3 plies shallower: the node is searched to half the depth
// without the table move against a window 2 a ply below the table score,
// scaled like the margins below; if every other move fails low the table
// move is searched a ply deeper, if one reaches that window and it is
// above beta the node fails high at once, and if only the table score is
// above beta the table move is searched a ply shallower; the test search
// stores nothing in the table and, where the table move was the only
// move, fails low instead of scoring a position without moves), then the
// legal moves ordered table move, royal captures, captures by victim then
// attacker value (MVV/LVA), promotions, two killers, the counter move (the
// quiet move that last refuted the opponent's previous move, by its piece
// type and destination) and the quiet moves by their history (by piece
// type and destination) plus their butterfly history (by origin and
// destination, a drop's piece type standing for its origin: bfIndex) plus
// their continuation history after the moves one and two plies before
// (hashed: contIndex; tai's exact table would have 10^10 entries), and last the
// captures by a more valuable piece that lose in the exchange (SEE < 0:
// losingCapture), searched with
// late-move reductions (a ply less for killers and the counter move, two
// more at an expected cut node: search's cutNode, two less for a move of
// a piece the opponent threatens where it stands, an escape from a
// capture: movegen's Threatened; none for a move that gives check), the
// threat extension where the Params or an Extender ask for it (a move of a
// node of depth 1 that gives no check and leaves its piece threatening to
// win more than a bound, movegen's Threat, is searched a ply deeper:
// horizonThreat; heian dai's weights set it), a ply more of reduction
// for a late quiet move once the earlier moves at its node and its earlier
// siblings were refuted more often than Params.CutoffCnt or a
// CutoffCounter allows (frame's cutoffs; heian's weights set it),
// late-move pruning (a node tries 6 + 2
// depth² quiet moves, half as many when its static evaluation is not
// improving unless the Evaluator is a Pruner that says otherwise, up to 64;
// a Pruner may set the factor of depth² too: lmpCount), continuation pruning (a late quiet move that is no killer or
// counter move, whose depth after its late-move reduction would be below 3,
// and whose continuation history is negative after each of the two moves
// before it: contPrunable; a MoveRuler can turn it off, as tai does),
// futility pruning near the leaves and
// exchange pruning (movegen's SEEAtLeast: up to depth 6 a capture that
// loses more than 150 a ply, up to depth 7 a quiet move that loses more
// than 25 depth², in material units); up to depth 3 a royal's capture onto
// a defended square is left out too, at PV nodes as well, and for a side
// with a single royal even before any move has held (royalExposed: in tai
// the emperor can take almost any piece, and without this every node near
// the leaves searched a hundred emperor captures that lose it). The moves
// come in stages (nextMove): the table move, checked with IsLegal, before
// anything is generated; then the captures, less the losing ones, which are
// kept aside (up to 32); then the rest, generated and scored only when
// neither cut the node off (so their history scores are those of that
// moment); then the losing captures. Where late-move pruning or futility
// ends the quiet moves, the losing captures still come (exchange pruning and
// capture futility judge them). A game's Evaluator can keep the losing
// captures in the captures' order instead (MoveRuler; heian does).
//
// The quiescence search reads the table (a first quiescence ply also stores
// its result, at depth 0, where no main-search result of the position is),
// stands pat on the static evaluation and searches captures (all evasions
// when in check in a check game), with delta pruning and without the
// captures by a more valuable piece that qLoses judges likely to lose (in a
// drop game those that lose the exchange, SEE < 0, and so in a game whose
// MoveRuler asks for it, as heian's does, or with Params.QSEE; in the others
// any onto a defended square); below its first ply a node tries at most
// Params.QBreadth captures, its recaptures on the square the last move went
// to first where it has more (qMoves), and from Params.QRecapture plies
// down only recaptures, because tai's emperor can take almost any piece on
// the board. Futility and delta pruning count a promotion's gain from the
// pieces' Values, except that a promotion to a royal piece (a drunk
// elephant becoming a crown prince) gains royalRisk: the evaluation counts
// another royal at least as the strongest piece, and the prince's own small
// Value made the pruning drop the move under some windows and not others
// (promoGain).
//
// The pruning margins (reverse futility, futility of quiet moves and
// captures, delta pruning) are set for an evaluation whose Pawn is about
// 100. An Evaluator that is a Scaler widens them all by its factor: a
// game's evaluation whose positional terms outweigh material spreads its
// scores wider, and margins that stay narrow then prune the moves that
// matter (shogi's fitted evaluation played 182 ± 55 Elo better at 5+0.05
// with them eight times wider).
//
// The margins' base values, the depths up to which each pruning applies,
// the butterfly history's weight, the escape's reduction, continuation
// pruning's bound, the reduction table's divisor, late-move pruning's
// counts, the null move's reduction, the exchange pruning's material
// margins and the aspiration window are Params (Options.Params; the SearchParams engine
// option takes them as a list name=value,...), so that kirin match spsa can
// tune them; DefaultParams are the numbers given above, and the engine
// turns them into its margins and reduction table when they change
// (SetOptions), not in the search.
//
// At the root each iteration searches the first move with the full window
// and the rest with a null window; from the fourth move on, a quiet move
// that gives no check (and not out of check) is first searched with the
// late-move reduction of a PV node below the root (rootReduction), and
// again at full depth if it beats alpha. A game's Evaluator can turn these
// root reductions off (RootReducer). Below the root a late quiet move that
// gives check is not reduced either, unless the game's Evaluator asks for
// it (MoveRuler; heian does).
//
// Quiesce runs the quiescence search alone from a position and returns the
// captures that lead to its quiet position (kirin tune takes its training
// positions there); it neither reads nor writes the table, since a stored
// score would end the line short of the quiet position.
//
// # Memory
//
// The table and the history tables are read at random places, so the
// search waits on memory rather than on arithmetic unless it helps the
// processor. On Linux the table, the small boards' 4 MB continuation
// history and the 8 MB butterfly history (a worker's each) lie in huge
// pages (hugeSlice: an allocation of at least 2 MB
// starts at a 2 MB boundary and is madvised MADV_HUGEPAGE), which spares
// nearly every read there a TLB miss. And a move made in the search or the
// quiescence search at once starts loading the child's table bucket and
// evaluation-cache entry (prefetchNode, with PREFETCHT0 on amd64), so the
// loads overlap the child's first tests instead of stalling its probe.
// Neither changes what the search does, only how fast: the same node
// counts, and 1.13-1.41 times the nodes a second in every game in
// side-by-side runs (docs/speed.md, "Huge pages and prefetch").
//
// A node is a position the search enters (enter), counted once: search
// hands a node at the horizon to the quiescence search's body (quiesce),
// which it has already entered, and only a capture's child inside the
// quiescence search enters afresh (qsearch). Node limits, Info.Nodes and
// the nodes a second all use that count.
//
// # Time
//
// Limits covers depth, nodes, fixed time per move, infinite and ponder, and
// clocks with increment, moves to go and byoyomi. plan turns a clock into a
// target share of the time left (the time over one and a half moves for
// each piece on the board when more than 40 stand there, at most 150, else
// over 40, and always over 40 in a game with drops; over the time control's
// moves to go if fewer), a soft limit (no new iteration after 60% of it) and
// a hard limit (checked every 64 nodes) that never exceeds the time left
// less Options.MoveOverhead.
// The 60% is scaled after each iteration by how settled the search is
// (paceFactor, 0.5 to 2.5 times): more time while the best move keeps
// changing or the score falls below the average of the last search's
// score and the iteration three back, less once the best move has held for six
// iterations (issue 15: an SPRT pass in shogi self-play at 2+0.02,
// +31.4 ± 18.7 Elo in 1330 games; docs/matches.md, "Twenty-fourth
// session").
// Limits.NodeRate measures the same clocks in nodes instead (CECP's nps:
// NodeRate nodes are one second), which makes timed searches reproducible
// on one thread.
package search

// Package eval is Kirin's static evaluation: it scores a position in
// centipawns from the side to move's point of view. It imports movegen only
// and derives everything from the variant's data, so a user's variant file
// with its own piece values and moves gets a matching evaluator; nothing is
// keyed on a game's name.
//
// # Model
//
// New concludes a variant into read-only tables, once. Evaluate then makes
// one pass over each side's piece list (never over the board), or none on a
// position the search attached (Attach): that position keeps the sums of
// the piece-square table below itself, updated by Make and Unmake
// (movegen's SetSquareTable), with score and phase material packed in one
// int64 per entry. The first
// three terms are folded into one piece-square table, psq[piece][square],
// built for Black and turned by 180 degrees for White:
//
//   - material: PieceInfo.Value (Pawn = 100; the GCSA-based values of the
//     built-in games). A royal counts at least as much as the strongest
//     non-royal piece (materialValue): where a side can have two royals
//     (chu's Crown Prince, tai's emperor and prince) losing one is not the
//     end but is a heavy loss; with one royal a side it cancels.
//   - placement: Value/16 times the relative difference between the piece's
//     empty-board mobility on the square and its average over the squares
//     where it can move (movegen's AppendEmptyMoves); a square where it can
//     never move costs Value/2. Pieces whose every move is a single step
//     forward (Pawn, Stone General) also gain up to Value/2, linearly with
//     the ranks advanced from their own back rank. In a game without a
//     promotion zone (tai promotes on capture) every other piece gains up
//     to Value/8 the same way (forward): there nothing else draws pieces
//     out of the camp, and a full engine that only pushed pawns drew
//     every tai game as White against a 1-ply material engine (see
//     docs/selfplay-results.md); tai's weights file halves it to Value/16
//     (forward = 16, kept by match). Royals get no placement term (see
//     the royal terms).
//   - promotion potential: a piece that promotes to something worth more
//     gains a fraction of the gain, min(promoted - base, 4 * base): 1/32,
//     1/16 and 1/8 three, two and one ranks short of its zone; inside the
//     zone 1/4 under the shogi rule (any move there may promote) and 1/8
//     under the chu rule (only a capture there may). Pieces that would
//     promote to something worth less, and games without a zone (tai's
//     promotion by capture), get nothing.
//
// The other terms are computed per position:
//
//   - pieces in hand (drop games): Value plus 1/8, because a piece in hand
//     can go anywhere.
//
//   - royal safety, middle game: for each royal, +12 per friendly non-royal
//     piece on the 8 squares around it (at most 3 count), and for each enemy
//     piece in the 5x5 box around it -(10 + Value/32), at most -50, doubled
//     when adjacent; averaged over the side's royals. Where the weights
//     set Zone or ZoneHand (none of the hand-set ones do; shogi's fitted
//     set does), each of the 8 squares next to the royal that its side
//     does not hold and the enemy attacks costs Zone plus ZoneHand per
//     enemy piece in hand (at most 8 count): the squares a drop checks
//     from with support (zoneCost; up to eight attack tests a royal, so
//     the term is not computed at 0). Where the weights set Danger, a
//     royal whose safety so far costs C > 0 costs Danger/256 × C²/1000
//     more: a few attackers are a nuisance, many are a mating attack.
//
//   - royal centralisation, endgame, games without drops: up to +50 for a
//     royal on the central squares, falling linearly to 0 at the edge. In
//     drop games material never leaves the game, so the royal never becomes
//     a safe fighting piece.
//
//   - royal safety, endgame (only where a game's weights set EndGuard or
//     EndPressure: chu's does, docs/tuning.md): the middle-game safety's
//     guards and enemy pieces counted again with these weights instead of
//     Guard and Pressure (no zone), tapered like the centralisation. The
//     middle-game term fades with the material, and without this one a
//     royal's attackers count for nothing in an ending, though in chu a
//     Lion mates a king that walks out of its camp and in heian a king
//     and two golds do.
//
//   - simplification: the side ahead in non-royal material gains its lead
//     times the share of the start material the other side has lost, over
//     4 (simplify): trading down wins won games, above all under the
//     bare-king rule.
//
//   - hunt: the side ahead in non-royal material gains 4 per king step
//     each of its non-royal pieces stands inside 6 steps of the nearest
//     enemy royal (of the first two), times min(lead, 1000)/1000. A lead
//     alone does not end these games; the term gives a shallow search a
//     gradient towards the royal it must mate or capture.
//
//   - chase (only where a game's weights set Chase, ChaseMob, ChaseEdge or
//     ChaseRoyal: heian dai's): once the side behind in non-royal material
//     is down to 4 non-royal pieces or fewer (pieces in hand count), the
//     side ahead gains Chase/16 for every king step each of its non-royal
//     pieces stands nearer to the nearest of those pieces than the board's
//     larger side, and loses ChaseMob/16 for every square those pieces
//     reach (movegen's Position.Mobility), scaled like the hunt. The last
//     pieces run, and the hunt pulls towards the royal only; royals do
//     not chase, since a royal that walks after the last pieces walks into
//     their mate. Its last stage (ChaseEdge, ChaseRoyal): once the side
//     behind has one royal and at most one non-royal piece, that one on
//     the board, on the side ahead's first rank (its own last) and with
//     no move off it on an empty board (movegen's Variant.AppendEmptyMoves:
//     heian dai's Side Mover and Iron), and the side ahead one royal, the
//     side ahead gains ChaseEdge/16 for every rank the enemy royal stands
//     nearer to its far rank and ChaseRoyal/16 for every king step its own
//     royal stands nearer to the enemy royal, scaled like the hunt, in
//     place of the chase. A Side Mover that reaches its last rank can only
//     slide along it, and chasing it there pulled the side ahead's pieces
//     away from the royal they must mate; gold-like pieces mate a royal on
//     the rank ahead of them, with their own royal's help.
//
//   - reach (only where a game's weights set Reach; no shipped set does,
//     docs/tuning.md): Reach/16 for every square a non-royal piece
//     reaches with its single-leg moves on the board as it stands
//     (movegen's Position.Mobility), the side to move's less the other
//     side's. One pass over the rays of each piece, so it is the one term
//     that costs time in proportion to the pieces' mobility.
//
//   - loose pieces (games with a universal leaper, tai's emperor): while
//     the enemy has one, each non-royal piece with no friend on the 8
//     squares around it costs Value/4 (loose). The emperor may take any
//     unprotected piece anywhere, so every loose piece is attacked at once
//     and a search sees only the first loss; neighbours stand in for
//     defenders, at one load a piece from movegen's neighbour masks.
//
//   - stagnation: after 20 plies without a capture, promotion or drop
//     (movegen's Position.Quiet) the whole score, tempo aside, shrinks by
//     1/200 a ply, to at most half. None of these games has a fifty-move
//     rule; this makes the side ahead seek the exchange or break that
//     opens a locked position. The count is not in an SFEN, so the same
//     board can score differently after different histories (as a
//     fifty-move counter does in chess engines).
//
// Scale: a score beyond ±20,000 is bent towards ±30,000, never reaching it
// (compress), before the tempo is added; both evaluators do this. A tai
// side has about 180,000 in material, so leads far beyond the search's
// mate scores (about 31,000) happen in real games, and a search would read
// them as won games (it clamps evaluations at search.MaxEval). Bending
// rather than cutting keeps a larger lead scoring higher.
//
// The royal terms are tapered by the phase: the non-royal material on the
// board and in hand as a fraction of the start position's (capped at 1). The
// middle-game safety term is scaled by the phase, the centralisation and
// the endgame safety by its complement. The side to move gets a tempo of 10.
//
// The evaluation is colour-symmetric: the tables of White are Black's turned
// by 180 degrees, and a position and its colour-flipped mirror score equal
// and opposite (apart from the tempo).
//
// # Weights
//
// The scales of the terms are Weights, integers: New uses BuiltinWeights,
// which are the hand-set scales above (DefaultWeights) unless Kirin ships
// a fitted set for the game in eval/weights/GAME.ini (embedded; a section
// [GAME] of NAME = INTEGER lines). NewWith takes any set, and `kirin
// engine --weights FILE` lays a file's sections over the built-in ones;
// ApplyList lays a list NAME=INTEGER,... over a set (the engine's
// EvalWeights option, which kirin match spsa tunes through). Fractions of a piece's Value are in 1/256ths, so the defaults reproduce
// the hand-set numbers exactly. Material (value.ID in a file) replaces a
// piece's Value only as material; the placement, promotion, attack, phase
// and loose-piece terms keep the variant's Value as their scale, so a
// fitted set changes what a piece is worth without changing where it
// likes to stand. A set may also hold a piece-square table
// (Weights.Square; sq.ID.rR.fF in a file: type ID on its R-th rank from
// home and F-th file from the nearer edge, both wings alike), centipawns
// added to the piece's table entry on top of every other term; a set
// without one adds nothing. The table costs nothing at a node, since the
// position sums the piece-square entries as moves are made. A set may
// likewise hold a king-relative table (Weights.King; kp.ID.own.fF.rR and
// kp.ID.foe.fF.rR in a file): each non-royal piece on the board adds the
// entry of its type for where it stands beside its own royal and the one
// for where it stands beside the enemy's, by files apart (0 to 4, the
// last meaning 4 or more) and ranks ahead from its own side's view (-4
// to 4, clamped). A castle's shape and an attack's are of this kind. It
// depends on where the royals stand, so it is summed at every evaluation,
// over the pieces, and only when the set has one. One setting
// of a file is no term: margin (Weights.Margin,
// percent) tells the search how much wider than a Pawn-of-100 scale the
// scores spread, and the Evaluator passes it on as search.Scaler's
// MarginScale. Nor is lmpworse (Weights.LMPWorse, percent): the share of
// late-move pruning's quiet moves the search tries where the evaluation is
// not improving, passed on as search.Pruner's LMPWorse; nor lmpfactor
// (Weights.LMPFactor): the growth of that count with depth², passed on as
// search.Pruner's LMPFactor in place of the search's own; nor rootlmr
// (Weights.NoRootLMR): 0 turns off the late-move reductions of root
// moves, passed on as search.RootReducer's RootReductions; nor latebad
// and checklmr (Weights.NoLateBad, Weights.ReduceChecks): 0 and 1 keep the
// losing captures in the captures' order and reduce late quiet checks,
// passed on as search.MoveRuler's LateLosingCaptures and ReducedChecks;
// nor contprune (Weights.NoContPrune): 0 turns off continuation pruning,
// passed on as search.MoveRuler's ContinuationPruning; nor rfpthreat
// (Weights.RFPThreat): 1 withholds reverse futility where the move into a
// node threatens more than the node's lead, passed on as
// search.MoveRuler's ThreatRFP; nor qsee (Weights.QSEE): 1 has the
// quiescence search leave out a capture by a more valuable piece only where
// it loses in the exchange, passed on as search.MoveRuler's
// QuiescenceExchange; nor threatext (Weights.ThreatExt): above 0,
// a move at the horizon whose piece then threatens to win more than it is
// searched a ply deeper, passed on as search.Extender's ThreatExtension;
// nor cutoffcnt (Weights.CutoffCnt): above 0, a late quiet move is reduced
// a ply more once the earlier moves were refuted more often than it,
// passed on as search.CutoffCounter's CutoffCount.
//
// Linear writes the evaluation as a linear function of the weights: every
// term is a weight times what the position decides, and stagnation scales
// them all. kirin tune (package tune) fits the weights to game results on
// that form (Texel's method).
//
// NewMaterial gives a material-only evaluator (Value on the board and in
// hand, no tempo), a weak reference opponent for self-play tests.
//
// An Evaluator is immutable after construction: Evaluate does not allocate
// and may be called from several goroutines at once, each with its own
// Position.
package eval

// Package protocol connects Kirin to the outside world over the three text
// protocols engines speak: CECP (XBoard/WinBoard protocol version 2, as
// XBoard 4.9 uses it), USI (shogi GUIs, lishogi-style chushogi bots) and UCI
// (for tools that only speak UCI). It imports the rules engine (movegen)
// for positions and move text and the searcher (search) for limits, results
// and progress reports; the evaluator comes in through Config.NewEvaluator,
// so this package never sees it.
//
// # Model
//
// Run reads the first non-empty line and picks the front end it names
// (xboard, usi or uci). One goroutine reads lines and feeds them, with the
// '\r' stripped and no length limit, into the session loop; the loop owns
// all state: the variant in force, the game (a movegen.Position holding the
// whole history since the start or the last setboard/position, so
// repetition rules and undo work), the search.Engine and the options.
// Searches run on their own goroutine, on a clone of the position, and hand
// their Result back to the loop through a channel; their progress reports
// are printed from the search goroutine. Every line goes through one
// mutex-guarded writer that flushes after each line, so lines never
// interleave and never wait in a buffer.
//
// While a search runs, the loop keeps reading. Commands that must be
// answered during a search (USI/UCI isready, stop, ponderhit, quit; CECP ?,
// ., ping while pondering or analysing, time, otim, post, quit, and any
// unknown command's error, so that a ? behind it still counts) are
// answered at once. Commands that change the game first stop and discard a
// search that can be abandoned (pondering, analysis, or the engine's own
// search after force, new, result, undo, remove, setboard); every other
// command waits until the engine's own move has been played, which keeps
// CECP's rule that pong follows everything sent before the ping.
//
// CECP pondering: after its move the engine searches the position after
// the reply it expects (the hint) with its clock limits held back
// (search.Limits.Ponder). If the opponent plays that move, the search goes
// on as the engine's own and search.Engine.PonderHit starts its clock; any
// other move stops it and a fresh search begins.
//
// Stopping is robust against the race where a search goroutine has been
// launched but the engine has not yet begun: Stop is repeated until the
// goroutine reports back. quit and end of input stop the search and return
// at once.
//
// # Variants and options
//
// Config.Variants lists the games offered (default movegen.Builtin()). The
// variant in force is the named base game with the chu rule set (option
// RuleSet) and its named options (one combo per option, named
// VARIANT_OPTION, for example tai_liondog) applied; a new engine (and a new
// evaluator) is built whenever the variant ID changes. Hash, Threads,
// MultiPV, Contempt (default search.DefaultContempt; 0 for neutral
// analysis) and Ponder are the engine settings (CECP sets hash and threads
// with memory and cores); SearchOff switches search features off and
// SearchParams sets the search's tunable numbers (search.ParseParams; kirin
// match spsa tunes them through it), both for experiments; where
// Config.Reweigh is set (kirin engine sets it), EvalWeights lays a list of
// evaluation weights over the game's own, checked against the game in
// force, and the engine is built again with them.
//
// # CECP
//
// Squares, moves and passes use movegen's XBoard notation (files a.., ranks
// from 1, or 0 on 10-rank boards; legs joined by commas; @@@@ for a pass);
// 3-leg moves (tai's lion dogs) go out on one line, which only our own
// tools read. For every game but shogi and chu (which XBoard knows),
// variant NAME is answered with setup (piece table, WxH+S_PARENT, FEN),
// PARENT being chu for games with lions or other two-leg moves, shogi for
// drop games and fairy otherwise, and one piece line per type with its
// XBetza (named move kinds such as @liondog are cut off; XBoard cannot read
// them), written the way XBoard 4.9 reads it: a lone direction letter on
// a knight-like atom or on K/Q means less to XBoard than to movegen, so it
// is spelled out (fN as fffsN, fK as fWfF). The piece table keeps XBoard's
// rule-bearing slots for pieces those rules fit: under the fairy parent
// only the slots up to its Man may promote with "+", under the chu parent
// only a lion with the chu trading rules takes the Lion slot, under the
// shogi parent the pawn, knight and lance slots hold only pieces moving
// like those. In games without a check rule (chu, dai) the engine never
// sends a move leaving its only royal en prise while another move exists,
// because XBoard judges those games with one. setboard takes XBoard's FEN: w is the first mover (upper case, the
// SFEN's b), holdings in brackets. Thinking output is "depth score time
// nodes pv" with time in centiseconds and mate as ±100000±moves. With nps N
// (feature nps=1) the clocks count nodes: level, st, time and otim are
// measured in nodes, N to the second (search.Limits.NodeRate), so st 1 with
// nps 5000 is 5000 nodes a move and the game does not depend on the speed
// of the machine. The engine does not ponder then, and before its move it
// repeats the last thinking line with the whole node count, by which
// XBoard charges its clock. new, nps 0 and negative rates go back to the
// wall clock. Two departures from the protocol text:
// it asks for user CPU time with nps 0, and for CPU time in the thinking
// output while nps is in force; Kirin uses the wall clock for both (the
// same on an idle core with one thread). Game ends
// are claimed as "1-0 {reason}" and the like, only when movegen's Outcome
// says the game is over, except one win in engine-against-engine games
// (after "computer"): where the opponent's forced pass leaves its royal to
// be taken, a win XBoard cannot confirm and would forfeit, the winner
// leaves the claim to the loser (xboard.claim). Every diagnostic line
// starts with "#", and no other line but "Illegal move" replies contains
// the word XBoard reads as an illegal-move claim.
//
// # USI and UCI
//
// USI uses movegen's USI dialect (decimal file from the first mover's
// right, rank letter from the top, lion moves as the squares run together,
// drops P*5e) and SFEN; it is lishogi's chushogi dialect on 12x12, and
// USI_Variant (or UCI_Variant) value chushogi selects chu. Mate scores are
// in plies. UCI uses file letters from the first mover's left and rank
// numbers from 1 at the first mover's side (a1, l12), the squares of a
// multi-leg move run together (f5e6f7), drops P@e5, promotion +, the null
// move 0000 for a pass, and mate scores in moves; position fen takes our
// SFEN or XBoard's FEN. USI btime and UCI wtime are the first mover's clock.
package protocol

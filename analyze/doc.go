// Package analyze is `kirin analyze`: Kirin's search run on one position
// (evaluation, depth and principal variation per iteration, in Hodges and
// USI notation, printed as each depth completes) or on every move of a game
// (the engine's evaluation of the move played and of its best alternative,
// with blunders marked). It wires movegen, search and eval together and
// reads games with match's PGN reader.
//
// Scores are in pawns from the side to move's point of view (+M5 / -M5:
// mate in 5 plies). A move loses Δ when the best move's score minus the
// played move's score, both searched with the same limits, is Δ; Δ ≥ 1
// pawn is marked "?" (a mistake), Δ ≥ 3 pawns "??" (a blunder). Both
// limits widen with the evaluation's margin factor (eval.Weights.Margin,
// search.Scaler), as the search's margins do: in shogi, whose scores
// spread eight times wider, a mistake starts at 8 pawns of Kirin's score.
package analyze

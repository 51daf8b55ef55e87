// Package bench holds Kirin's measuring tools: perft with divide and move
// categories (captures, promotions, drops, lion double captures, igui and
// passes), the set-up of positions from an SFEN plus moves, the tactics
// suites (LoadTactics: per game, positions with a forced win of material or
// of the game, proved by a plain material search in the tests), and, as the
// engine grows, the fixed-depth search suite behind `kirin bench`.
//
// It also plays games: SelfPlay soaks the rules with random or greedy moves
// and checks invariants at every ply, and Versus plays engine against engine
// (VersusMaterial: the full engine against a 1-ply material-only one) with
// alternating colours, seeded random openings shared by each pair of games,
// every move checked for legality and Position.Outcome as referee, and
// reports the score with an Elo estimate and its 95% interval.
//
// Perft counts follow movegen's conventions: every promotion choice is its
// own move, a drop never promotes, a node where the game is over has no
// children, and lion moves are counted by their effect.
package bench

// Package bench holds Kirin's measuring tools: perft with divide and move
// categories (captures, promotions, drops, lion double captures, igui and
// passes), the set-up of positions from an SFEN plus moves, the tactics
// suites (LoadTactics: per game, positions with a forced win of material or
// of the game, proved by a plain material search in the tests), and, as the
// engine grows, the fixed-depth search suite behind `kirin bench`.
//
// Perft counts follow movegen's conventions: every promotion choice is its
// own move, a drop never promotes, a node where the game is over has no
// children, and lion moves are counted by their effect.
package bench

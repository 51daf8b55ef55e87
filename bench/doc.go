// Package bench holds Kirin's measuring tools: perft with divide and move
// categories (captures, promotions, drops, lion double captures, igui and
// passes), the set-up of positions from an SFEN plus moves, and, as the engine
// grows, the fixed-depth search suite behind `kirin bench`.
//
// Perft counts follow movegen's conventions: every promotion choice is its
// own move, a drop never promotes, a node where the game is over has no
// children, and lion moves are counted by their effect.
package bench

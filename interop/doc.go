// Package interop holds the tests that play whole games between Kirin's
// built binary and programs outside this repository: XBoard 4.9.1 (under
// Xvfb) as the arbiter of CECP games against HaChu, Fairy-Stockfish and
// Kirin itself, and USI sessions against Fairy-Stockfish and Kirin, where
// a referee in the test checks every move with movegen. It has no code of
// its own.
//
// The tests skip under -short. They skip when a program is missing,
// unless KIRIN_REQUIRE_REFERENCE_ENGINES is set (the CI sets it, and
// .ci/run installs xboard, xvfb, hachu and fairy-stockfish), in which case
// they fail.
package interop

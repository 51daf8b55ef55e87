// Package web is `kirin serve`: a browser board for every game Kirin knows,
// 25x25 tai included. It serves a single page (plain ES modules and SVG,
// embedded with go:embed: no network, no build step) and a JSON API, and
// it plays each page's game with the same engine drivers, clocks and
// refereeing as `kirin match` (match.Table).
//
// # Model
//
// A session is one page's game: the variant (with its rule set and
// options), the start position, the moves, who plays each side ("human",
// "kirin" or an engine named on the server's command line: the page can
// only choose among those names, never a command), the time control and
// the result. Its table (match.Table) holds the referee's position, the
// clocks and the seated engine processes. When an engine is to move, a
// goroutine asks it (Table.Think) and streams its info lines; a human move
// comes in as a USI move at a ply, is checked against movegen's legal
// moves and charged to the human's clock. A move at an earlier ply, a
// takeback or a new game closes the table (its engines exit) and builds a
// new one from the moves kept. Analysis is Kirin's search run in process
// (infinite, multi-PV) on the position shown; annotation is `kirin
// analyze --game` run move by move. Engine processes and analyses share
// Config.MaxEngines slots over all sessions. A session ends when its page
// has been gone for Config.Grace (its event stream closed and not reopened)
// or after Config.Idle without requests; Server.Close ends them all and
// waits for the engines to exit.
//
// The page knows no rules. For the position shown, the server sends the
// board, the hands, the last move, the royals in check and every legal
// move as the page enters it: the origin (or the dropped piece) and the
// squares to click after it (the intermediate squares of a lion, lion dog
// or igui move, then the destination; promotion pairs as two moves).
//
// # API
//
// Every response is JSON; every failure is a 4xx or 5xx with
// {"error": "..."}. POST bodies must be JSON (Content-Type
// application/json; an empty body is {}), at most 4 MiB, with no unknown
// fields.
//
//	GET  /api/variants                  games and engine names
//	GET  /api/variant?variant=V[&ruleset=R][&option=N=V...]
//	                                    squares, labels, zones, pieces (names, kanji, XBetza, diagram)
//	GET  /api/legal?variant=V&sfen=S&moves=M1+M2...
//	                                    a position's board and legal moves, without a session
//	POST /api/session                   {variant, ruleset, options, sfen, moves, black, white,
//	                                     tc, depth, movetime, threads, hash, maxplies} -> {id}
//	GET  /api/session/ID/events         Server-Sent Events: game (the whole game and its
//	                                    latest position), info (engine lines), closed
//	GET  /api/session/ID/position?ply=N the position after N plies
//	GET  /api/session/ID/pgn            the game as PGN (kirin match's form)
//	POST /api/session/ID/ACTION         new (settings), move {ply, move}, takeback, stop,
//	                                    resign, analyze {on, ply, multipv}, annotate {on, depth,
//	                                    seconds}, load {text: SFEN or PGN}, close
//
// # Safety
//
// The server listens on 127.0.0.1 unless told otherwise. Requests whose Host
// header names neither a loopback address nor the listening address are
// refused (DNS rebinding), and so are POSTs without a JSON body (a
// cross-site form cannot send one). Engines come only from the server's
// command line.
//
// # Test hooks
//
// The page keeps these attributes stable for tests (the browser tests in
// this package use them):
//
//	data-square="13t"     every board square (USI name), on its <rect class="sq">
//	data-piece="+[ln]"    every piece, its SFEN text (upper case Black), with
//	data-color="black"    black or white, on the piece's <g class="pc">
//	data-hand="P"         a piece in hand (its ID), with data-color
//	data-ply="12"         every entry of the move list (the ply after the move)
//	data-pv="7g7f 3c3d"   every engine output line (its PV in USI), with data-ply
//	                      (the position it belongs to); its moves are <span data-i>
//	data-promote="yes|no" the buttons of the promotion dialog
//	<body data-ready="1" data-ply="N" data-moves="N" data-thinking="black|white|"
//	      data-result="1-0|0-1|1/2-1/2|" data-error="...">  (data-error: why a link's
//	                      position could not be opened)
//
// performance.mark("board-drawn") is set when the first board is drawn.
package web

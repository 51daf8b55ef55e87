// Package match runs games between engine processes that speak CECP
// (XBoard protocol 2) or USI, with Kirin's rules engine (movegen) as the
// referee. It is what `kirin match` runs.
//
// # Model
//
// A Config names the game (a movegen.Variant), the engines (EngineConfig:
// command, protocol, options), the schedule (round robin or gauntlet, games
// per pairing, colour alternation, openings), the time control (TimeControl)
// and the adjudication rules. Run plays the games on Concurrency workers and
// reports each finished game and the running score through a Reporter; it
// returns the Standings.
//
// Each game starts fresh engine processes (so a crash or a hang cannot
// poison the next game), plays them against each other and stops them
// afterwards (quit, then kill after a grace period). The runner keeps the
// clocks itself, measured on the wall clock from the moment the go command
// has been written to the moment the move line has been read. Every move an
// engine sends is parsed against the legal move list of the referee's
// position (movegen.ParseMoveUSI / ParseMoveXBoard), so an illegal or
// unreadable move loses at once. The game ends when movegen's Outcome says
// so (with its reason), when an engine resigns, loses on time, crashes,
// stalls, sends an illegal move, rejects a legal one or makes a false claim
// (USI bestmove win; CECP result claims are left to the referee and the
// engine must still move, except a claim of its own loss, which resigns),
// at the move cap, or by score adjudication (Adjudication).
//
// # Protocols
//
// USI: usi/usiok, setoption for the user's options and then USI_Variant (or
// UCI_Variant, whichever the engine announces) unless the game is shogi,
// isready/readyok, usinewgame; each move is "position startpos|sfen ...
// moves ..." with the whole game and go with btime (the first mover's
// clock), wtime, binc/winc or byoyomi, movetime, depth or nodes; an engine
// marked clocks=swapped gets the two clocks under each other's names
// (Fairy-Stockfish 11.1 reads btime as its own clock when it plays gote,
// and as gote thinks on sente's time and loses on time). Scores
// from info lines (cp, or mate in plies) feed the adjudication and the PGN
// comments.
//
// CECP: xboard, protover 2, every feature accepted; memory (HaChu needs it
// before it searches), new, variant, force, option NAME=VALUE, setboard
// when the game does not start from the variant's start position, level /
// st / sd, post, easy, the opening moves, ping/pong. CECP has no node
// limit; its nps N command counts the engine's time in nodes, N to the
// second, so a node limit goes out as st 1 and nps N instead of the level
// or st. st overrides level, so the engine then plans its moves without
// the clock, which the runner still keeps on the wall clock. An engine
// that does not announce feature nps=1 cannot take a node limit: Run
// starts each CECP engine once to read its features and fails before the
// first game (HaChu 0.21 and Fairy-Stockfish 11.1 do not announce it,
// SjaakII 1.4.1 and Kirin do). The engine is kept in
// force mode; on its turn it gets time, otim and go, and force after its
// move. Multi-leg moves may come in one line or one "move" line per leg
// ending in a comma (HaChu). An engine marked setboard=always gets the
// position by setboard before every move instead of the opponent's moves
// (SjaakII claims 50-move draws in games fed move by move).
//
// # Interactive games
//
// A Table is one game played a move at a time, for a board that lets a
// human play an engine or watch two engines: NewTable sets up the
// position and the clocks, Sit seats an engine on a side (started and
// handed the game so far with the same drivers as Run), Play makes a
// human's move (checked, charged to its clock, passed to the engine
// opposite), Think asks the seated engine for its move and reports its
// search (Info: depth, score, nodes, time, PV parsed against the
// position) as it arrives. Faults end the game as they do in Run and come
// back as *Fault; Close stops every engine, also while one thinks.
//
// # Output
//
// PGN (WritePGN): White is the first mover (XBoard's convention, sente),
// Variant tag, SetUp/FEN for games not from the start position, moves in
// XBoard coordinates on boards XBoard can show (up to 16x15), else in
// Kirin's USI dialect, with {score/depth time} comments and the result
// reason as the last comment and in the Termination tag. Two-leg moves are
// written as XBoard's PGN reader takes them (h6xi7xi8, igui g9xh9-g9), not
// in the protocol form h6i7,i7i8 (moveXBoardPGN); ParseMoveAny, which
// reads the moves ReadPGN returns, takes both. Each game also carries
// the tags Merge reads: GameNumber, OpeningPair (with Repeat, the game's
// opening pair), MatchGames (the whole match's number of games),
// MatchEngines (the engines in configuration order), VariantID and, in a
// shard, Shard. Stats holds the Elo estimate with its 95% error
// (cutechess-cli's formulas) and the SPRT. Where every game of the tested
// pairing belongs to an opening pair (Repeat), the SPRT takes the pair as
// its unit (Penta, the pentanomial model of fishtest and fastchess): the
// two games of an opening are not independent, and engines that play
// alike at a node limit often play one game twice, won by the same colour
// both times, which the per-game (trinomial) model counts as two fresh
// results. Standings.Write prints the pairs' counts (Ptnml) and which model
// the LLR is of. The LLR is the generalized SPRT's own ratio (gsprtLLR:
// the likeliest distribution of outcomes under each hypothesis's mean,
// outcomes not seen yet counted as a thousandth), not the normal
// approximation fishtest once used, which over a handful of pairs on
// bounds far apart gives LLRs of 5 and more and ends a match at once.
//
// # Shards
//
// A match can be split over machines without a job system: Config.Shard
// (kirin match --shard K/N) plays only shard K of N, and an existing
// distributor (GNU parallel over ssh, a Slurm array, a Kubernetes indexed
// job) runs the N shards. Each shard schedules the whole match as an
// unsharded run does (game numbers, engines, colours, the openings with
// their random plies drawn from Seed in schedule order) and keeps the
// opening pairs dealt to it round-robin (Shard), so game n is the same
// game in every shard count. A shard of a split match does not stop on
// the SPRT, which needs every shard's games. Merge (kirin match merge)
// reads the shards' PGN files, refuses a game number seen twice or games
// of different matches, adds the games in game-number order and prints
// the final report Run prints (Standings.Write), the SPRT decided at the
// first game where it crosses a bound. MergeRuns (merge --runs) does the
// same for independent runs of one match, each with its own seed and game
// numbers (an SPRT continued with new openings): the runs' games in the
// order given, a game played in two runs (a seed used twice) refused.
// StripCommand (kirin match strip) writes a run's games with only what
// merge reads (tags, the opening's book moves, the end's comment, the
// result), under 1% of the PGN's size once gzipped, so that an SPRT's
// runs can be kept in the repository (docs/experiments/runs) and merged
// with later runs on another machine. DepthCommand (kirin match depth)
// reads the other part of a run's PGN, the {score/depth time} comment
// after each engine move, and tabulates each engine's depth and time by
// band of plies, one table per engine and opponent: how deep each side
// searched in the opening, the middle game and the ending. EndsCommand
// (kirin match ends) replays the games drawn at the move limit (with
// --all every game) to their last positions and tabulates where each side
// stood: its pieces and material and its engine's last score, summed up
// per engine (issue 15's capped games: who was ahead, and by how much).
//
// # SPSA
//
// RunSPSA (kirin match spsa) tunes an engine's numbers by simultaneous
// perturbation stochastic approximation, as fishtest tunes Stockfish's:
// pair k plays the one engine twice against itself from one opening
// (random plies drawn from the seed and k), the + side with every number
// moved by c_k in a direction drawn at random (±1 each) and the − side
// moved the opposite way, colours swapped between the two games; each
// estimate then moves by the pair's result (the + side's wins minus its
// losses) times a_k/c_k in its + direction, clamped to its range. The
// gains follow fishtest's schedules from the last pair's perturbation
// C_END and learning rate R_END (a/c² there): c_k = C_END (N/k)^0.101,
// a_k = R_END C_END² ((A+N)/(A+k))^0.602 with A = N/10. The engine gets
// whole numbers, each value rounded up with the probability of its
// fraction. The numbers go to the engine through options: as a list
// NAME=V,NAME=V in one option (--into; Kirin's SearchParams takes its
// search numbers, search.ParseParams, and EvalWeights its evaluation
// weights, eval.ApplyList), a number named OPTION:NAME into that option's
// list, or each number as an option of its own. Pairs run Concurrency at a time, each from the estimates of
// its start; the state (SPSA: estimates, pairs done, score) is written
// after each pair and read back to go on, and since a pair's signs,
// roundings and opening depend only on the seed and k, a run stopped and
// resumed one pair at a time ends where one played through ends. Before the first game a
// USI engine is started once with the first point's numbers: the option
// must be one it offers, and an "info string" naming the option before
// readyok (Kirin's way of refusing a value) stops the run.
package match

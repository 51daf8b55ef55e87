package movegen

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// perftCase is one pinned perft count. variant is a built-in name, optionally
// followed by /ruleset (chu/lishogi). source says where the number comes
// from; "kirin only" marks counts that only Kirin has
// produced so far, and "hand count" ones were counted by hand from the
// position (the comment above the rows shows the sum).
type perftCase struct {
	name, variant, sfen string
	depth               int
	nodes               uint64
	source              string
}

// perftCases is also written out, one position a line, in
// testdata/perft/<variant>.epd; TestPerftEPD keeps the two in step.
var perftCases = []perftCase{
	// Hirate start position.
	{"shogi/start", "shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", 1, 30, "published"},
	{"shogi/start", "shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", 2, 900, "published"},
	{"shogi/start", "shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", 3, 25470, "published"},
	{"shogi/start", "shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", 4, 719731, "published"},
	{"shogi/start", "shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", 5, 19861490, "published: ShogiLibSharp, Peeper and lb perft tables agree"},
	// The 'matsuri' middle game: drops for both sides, promotions, a tokin.
	{"shogi/matsuri", "shogi", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1", 1, 207, "published: ShogiLibSharp, Peeper and lb perft tables agree"},
	{"shogi/matsuri", "shogi", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1", 2, 28684, "published: ShogiLibSharp, Peeper and lb perft tables agree"},
	{"shogi/matsuri", "shogi", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1", 3, 4809015, "published: ShogiLibSharp, Peeper and lb perft tables agree"},
	{"shogi/matsuri", "shogi", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1", 4, 516925165, "published: ShogiLibSharp, Peeper and lb perft tables agree"},
	// Late middle game (move 124): Dragons, tokins, pieces in hand for both sides.
	{"shogi/promotions", "shogi", "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124", 1, 178, "published: ShogiLibSharp, Peeper and lb perft tables agree"},
	{"shogi/promotions", "shogi", "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124", 2, 18041, "published: ShogiLibSharp, Peeper and lb perft tables agree"},
	{"shogi/promotions", "shogi", "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124", 3, 2552846, "published: ShogiLibSharp, Peeper and lb perft tables agree"},
	{"shogi/promotions", "shogi", "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124", 4, 207741677, "published: ShogiLibSharp, Peeper and lb perft tables agree"},
	// Bare kings, every other piece in hand: drops dominate, with nifu and dead-square rules.
	{"shogi/alldrops", "shogi", "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1", 1, 524, "published: ShogiLibSharp, Peeper and lb perft tables agree"},
	{"shogi/alldrops", "shogi", "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1", 2, 248257, "published: ShogiLibSharp, Peeper and lb perft tables agree"},
	{"shogi/alldrops", "shogi", "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1", 3, 112911856, "published: ShogiLibSharp, Peeper and lb perft tables agree"},
	// All pawns in hand: nifu restricts the second and later pawn drops.
	{"shogi/pawns-in-hand", "shogi", "lnsgkgsnl/1r5b1/9/9/9/9/9/1B5R1/LNSGKGSNL b 9P9p 1", 1, 119, "published: lb perft table"},
	{"shogi/pawns-in-hand", "shogi", "lnsgkgsnl/1r5b1/9/9/9/9/9/1B5R1/LNSGKGSNL b 9P9p 1", 2, 13311, "published: lb perft table"},
	{"shogi/pawns-in-hand", "shogi", "lnsgkgsnl/1r5b1/9/9/9/9/9/1B5R1/LNSGKGSNL b 9P9p 1", 3, 1473109, "published: lb perft table"},
	// P*5b would mate (the Bishop on 9f guards 5b): the pawn-drop mate is excluded; White has the mirror drop P*3h.
	{"shogi/uchifuzume", "shogi", "ppplkl1pp/b2p1p3/9/9/9/B8/9/5P1P1/PPPP1LKLP b R2G2S2N2Pr2g2s2n2p 1", 1, 260, "published: lb perft table"},
	{"shogi/uchifuzume", "shogi", "ppplkl1pp/b2p1p3/9/9/9/B8/9/5P1P1/PPPP1LKLP b R2G2S2N2Pr2g2s2n2p 1", 2, 62558, "published: lb perft table"},
	{"shogi/uchifuzume", "shogi", "ppplkl1pp/b2p1p3/9/9/9/B8/9/5P1P1/PPPP1LKLP b R2G2S2N2Pr2g2s2n2p 1", 3, 14650255, "published: lb perft table"},
	// The position with 593 legal moves.
	{"shogi/maxmoves", "shogi", "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1", 1, 593, "published: ShogiLibSharp PerftTests"},
	{"shogi/maxmoves", "shogi", "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1", 2, 105677, "Fairy-Stockfish 11.1 (bench xcheck)"},
	{"shogi/maxmoves", "shogi", "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1", 3, 53393368, "published: ShogiLibSharp PerftTests"},
	// Black in check from the Dragon on 9g with pieces in hand: interpositions by drop.
	{"shogi/evasions", "shogi", "k+n7/sg7/9/9/9/9/+r5K1g/7L1/2LN1R1+Bb b RBGSNLP 1", 1, 45, "published: Peeper PerftData"},
	{"shogi/evasions", "shogi", "k+n7/sg7/9/9/9/9/+r5K1g/7L1/2LN1R1+Bb b RBGSNLP 1", 2, 1148, "published: Peeper PerftData"},
	{"shogi/evasions", "shogi", "k+n7/sg7/9/9/9/9/+r5K1g/7L1/2LN1R1+Bb b RBGSNLP 1", 3, 414441, "published: Peeper PerftData"},
	// Hand count: Gold 6, King 5, Pawn drops on the 70 empty squares of ranks b-i less P*1b (mate, the Gold guards 1b and 2b) = 80.
	{"shogi/dropmate-hand", "shogi", "7lk/9/7G1/9/9/9/9/9/4K4 b P 1", 1, 80, "hand count (see comment)"},
	{"shogi/dropmate-hand", "shogi", "7lk/9/7G1/9/9/9/9/9/4K4 b P 1", 2, 187, "Fairy-Stockfish 11.1 minus its mating pawn drops (bench xcheck)"},
	{"shogi/dropmate-hand", "shogi", "7lk/9/7G1/9/9/9/9/9/4K4 b P 1", 3, 5206, "Fairy-Stockfish 11.1 minus its mating pawn drops (bench xcheck)"},
	{"shogi/dropmate-hand", "shogi", "7lk/9/7G1/9/9/9/9/9/4K4 b P 1", 4, 119247, "Fairy-Stockfish 11.1 minus its mating pawn drops (bench xcheck)"},
	// Hand count: King 4, Pawn 1, Pawn drops on 8 files x ranks b-i, none on file 5 (nifu) = 69.
	{"shogi/nifu", "shogi", "4k4/9/9/9/9/9/9/4P4/4K4 b P 1", 1, 69, "hand count (see comment)"},
	{"shogi/nifu", "shogi", "4k4/9/9/9/9/9/9/4P4/4K4 b P 1", 2, 341, "Fairy-Stockfish 11.1 (bench xcheck)"},
	{"shogi/nifu", "shogi", "4k4/9/9/9/9/9/9/4P4/4K4 b P 1", 3, 3682, "Fairy-Stockfish 11.1 (bench xcheck)"},
	{"shogi/nifu", "shogi", "4k4/9/9/9/9/9/9/4P4/4K4 b P 1", 4, 25398, "Fairy-Stockfish 11.1 (bench xcheck)"},
	// Start position.
	{"okisaki/start", "okisaki", "lnsgkqgsnl/1r6b1/pppppppppp/10/10/10/10/PPPPPPPPPP/1B6R1/LNSGQKGSNL b - 1", 1, 37, "Fairy-Stockfish built-in okisaki"},
	{"okisaki/start", "okisaki", "lnsgkqgsnl/1r6b1/pppppppppp/10/10/10/10/PPPPPPPPPP/1B6R1/LNSGQKGSNL b - 1", 2, 1369, "Fairy-Stockfish built-in okisaki"},
	{"okisaki/start", "okisaki", "lnsgkqgsnl/1r6b1/pppppppppp/10/10/10/10/PPPPPPPPPP/1B6R1/LNSGQKGSNL b - 1", 3, 48211, "Fairy-Stockfish built-in okisaki"},
	{"okisaki/start", "okisaki", "lnsgkqgsnl/1r6b1/pppppppppp/10/10/10/10/PPPPPPPPPP/1B6R1/LNSGQKGSNL b - 1", 4, 1697913, "Fairy-Stockfish built-in okisaki"},
	// Reached by 8h8g 3c3d 9i2b+ 3a2b B*5e 2b3c 5e3c+ 2a3c 6j7i 5a4b 3h3g 4c4d 2i3i B*6e 5h5g 6e8g 7i8h 8g7f 8h7g: Queens out, Bishops and a Silver in hand.
	{"okisaki/midgame", "okisaki", "lnsgk1g2l/1r4q3/pppppp1npp/6pp2/10/3b6/3Q1P1P2/PP1PP1P1PP/7R2/LNSG1KGSNL w Sbp 20", 1, 124, "SjaakII 1.4.1 (bench xcheck)"},
	{"okisaki/midgame", "okisaki", "lnsgk1g2l/1r4q3/pppppp1npp/6pp2/10/3b6/3Q1P1P2/PP1PP1P1PP/7R2/LNSG1KGSNL w Sbp 20", 2, 12896, "SjaakII 1.4.1 (bench xcheck)"},
	{"okisaki/midgame", "okisaki", "lnsgk1g2l/1r4q3/pppppp1npp/6pp2/10/3b6/3Q1P1P2/PP1PP1P1PP/7R2/LNSG1KGSNL w Sbp 20", 3, 1231983, "SjaakII 1.4.1 (bench xcheck)"},
	{"okisaki/midgame", "okisaki", "lnsgk1g2l/1r4q3/pppppp1npp/6pp2/10/3b6/3Q1P1P2/PP1PP1P1PP/7R2/LNSG1KGSNL w Sbp 20", 4, 96269017, "kirin only (beyond the cross-check's node budget)"},
	// Hand count: Queen 26 (never promotes), Lance 2d 12 (vR, not dead on 2a: 2a and 2a+), Silver 8, chess Knight 6, Pawn 8b8a+ only, King 5 = 58.
	{"okisaki/promotions", "okisaki", "4k5/2P7/10/1N3S2L1/10/Q9/7p2/9r/10/4K5 b - 1", 1, 58, "hand count (see comment)"},
	{"okisaki/promotions", "okisaki", "4k5/2P7/10/1N3S2L1/10/Q9/7p2/9r/10/4K5 b - 1", 2, 2149, "SjaakII 1.4.1 (bench xcheck), bare-king rule off on both sides, same count"},
	{"okisaki/promotions", "okisaki", "4k5/2P7/10/1N3S2L1/10/Q9/7p2/9r/10/4K5 b - 1", 3, 109991, "SjaakII 1.4.1 (bench xcheck), bare-king rule off on both sides, same count"},
	{"okisaki/promotions", "okisaki", "4k5/2P7/10/1N3S2L1/10/Q9/7p2/9r/10/4K5 b - 1", 4, 2799882, "SjaakII 1.4.1 (bench xcheck), bare-king rule off on both sides, same count"},
	// Hand count: Gold 6, Pawn 1, King 5, Queen and Knight drops 95 each, Pawn drops 80 (9 files, nifu on 5, not rank a) less P*1b (mate) = 281.
	{"okisaki/dropmate-hand", "okisaki", "8lk/10/8G1/10/10/10/10/5P4/10/5K4 b QNPr 1", 1, 281, "hand count (see comment)"},
	{"okisaki/dropmate-hand", "okisaki", "8lk/10/8G1/10/10/10/10/5P4/10/5K4 b QNPr 1", 2, 25071, "SjaakII 1.4.1 minus its mating pawn drops (bench xcheck)"},
	{"okisaki/dropmate-hand", "okisaki", "8lk/10/8G1/10/10/10/10/5P4/10/5K4 b QNPr 1", 3, 4542003, "kirin only (beyond the cross-check's node budget)"},
	// Gx6c bares White (nothing in hand either). Black then has King, Gold and the Pawn in hand, so no reply could bare it back: the game is over at once, White gets no reply. Hand count d1: Gold 6 + King 5 = 11.
	{"okisaki/bareking", "okisaki", "4k5/10/4p5/4G5/10/10/10/10/10/4K5 b - 1", 1, 11, "hand count (see comment)"},
	{"okisaki/bareking", "okisaki", "4k5/10/4p5/4G5/10/10/10/10/10/4K5 b - 1", 2, 56, "Fairy-Stockfish 11.1 okisakishogi, bare-king rule on (bench xcheck)"},
	{"okisaki/bareking", "okisaki", "4k5/10/4p5/4G5/10/10/10/10/10/4K5 b - 1", 3, 606, "Fairy-Stockfish 11.1 okisakishogi, bare-king rule on (bench xcheck)"},
	{"okisaki/bareking", "okisaki", "4k5/10/4p5/4G5/10/10/10/10/10/4K5 b - 1", 4, 3430, "Fairy-Stockfish 11.1 okisakishogi, bare-king rule on (bench xcheck)"},
	// Start position.
	{"heian/start", "heian", "lnsgkgsnl/9/ppppppppp/9/9/PPPPPPPPP/9/LNSGKGSNL b - 1", 1, 26, "Fairy-Stockfish 11.1 heian, bare-king rule on (bench xcheck)"},
	{"heian/start", "heian", "lnsgkgsnl/9/ppppppppp/9/9/PPPPPPPPP/9/LNSGKGSNL b - 1", 2, 676, "Fairy-Stockfish 11.1 heian, bare-king rule on (bench xcheck)"},
	{"heian/start", "heian", "lnsgkgsnl/9/ppppppppp/9/9/PPPPPPPPP/9/LNSGKGSNL b - 1", 3, 17108, "Fairy-Stockfish 11.1 heian, bare-king rule on (bench xcheck)"},
	{"heian/start", "heian", "lnsgkgsnl/9/ppppppppp/9/9/PPPPPPPPP/9/LNSGKGSNL b - 1", 4, 432957, "Fairy-Stockfish 11.1 heian, bare-king rule on (bench xcheck)"},
	// Reached by 7f7e 3c3d 7e7d 7c7d 8h7f 2a3c 7f6d 6c6d 3f3e 3d3e 2f2e 3c2e 2h3f 2e3g+ 4h3g 4a3b 5f5e 5c5d 5e5d.
	{"heian/midgame", "heian", "lnsgk1s1l/6g2/pp3p1pp/2ppP4/6p2/PP1P1PN1P/6G2/L1SGK1S1L w - 20", 1, 27, "Fairy-Stockfish 11.1 heian, bare-king rule on (bench xcheck)"},
	{"heian/midgame", "heian", "lnsgk1s1l/6g2/pp3p1pp/2ppP4/6p2/PP1P1PN1P/6G2/L1SGK1S1L w - 20", 2, 699, "Fairy-Stockfish 11.1 heian, bare-king rule on (bench xcheck)"},
	{"heian/midgame", "heian", "lnsgk1s1l/6g2/pp3p1pp/2ppP4/6p2/PP1P1PN1P/6G2/L1SGK1S1L w - 20", 3, 19069, "Fairy-Stockfish 11.1 heian, bare-king rule on (bench xcheck)"},
	{"heian/midgame", "heian", "lnsgk1s1l/6g2/pp3p1pp/2ppP4/6p2/PP1P1PN1P/6G2/L1SGK1S1L w - 20", 4, 495992, "Fairy-Stockfish 11.1 heian, bare-king rule on (bench xcheck)"},
	// Hand count: Silver 5 (1c 2c with and without +, 2e), Knight 3c2a+ 3c4a+ only, Lance 7c 7b optional and 7a+ forced = 5, Pawn 8a+ only, King 3 = 16.
	{"heian/promotions", "heian", "4k4/1P7/6N2/2L5S/9/5s3/9/4K4 b - 1", 1, 16, "hand count (see comment)"},
	{"heian/promotions", "heian", "4k4/1P7/6N2/2L5S/9/5s3/9/4K4 b - 1", 2, 211, "Fairy-Stockfish 11.1 heian, bare-king rule on (bench xcheck)"},
	{"heian/promotions", "heian", "4k4/1P7/6N2/2L5S/9/5s3/9/4K4 b - 1", 3, 2809, "Fairy-Stockfish 11.1 heian, bare-king rule on (bench xcheck)"},
	{"heian/promotions", "heian", "4k4/1P7/6N2/2L5S/9/5s3/9/4K4 b - 1", 4, 33306, "Fairy-Stockfish 11.1 heian, bare-king rule on (bench xcheck)"},
	// Gx5c bares White. Black keeps only King + Gold, so White gets its reply; it cannot capture the Gold (it guards 4b 5b 6b), so the game ends after it. Hand count d1: 6 + 5 = 11.
	{"heian/bareking", "heian", "4k4/9/4s4/4G4/9/9/9/4K4 b - 1", 1, 11, "hand count (see comment)"},
	{"heian/bareking", "heian", "4k4/9/4s4/4G4/9/9/9/4K4 b - 1", 2, 98, "Fairy-Stockfish 11.1 heian, bare-king rule on (bench xcheck)"},
	{"heian/bareking", "heian", "4k4/9/4s4/4G4/9/9/9/4K4 b - 1", 3, 1104, "Fairy-Stockfish 11.1 heian, bare-king rule on (bench xcheck)"},
	{"heian/bareking", "heian", "4k4/9/4s4/4G4/9/9/9/4K4 b - 1", 4, 9151, "Fairy-Stockfish 11.1 heian, bare-king rule on (bench xcheck)"},
	// Black is in check from the Knight on 4f and the Silver is pinned by the Lance: only the 5 King moves.
	{"heian/check-pin", "heian", "4k4/4l4/9/9/9/4Sn3/9/4K4 b - 1", 1, 5, "hand count (see comment)"},
	{"heian/check-pin", "heian", "4k4/4l4/9/9/9/4Sn3/9/4K4 b - 1", 2, 55, "Fairy-Stockfish 11.1 heian, bare-king rule on (bench xcheck)"},
	{"heian/check-pin", "heian", "4k4/4l4/9/9/9/4Sn3/9/4K4 b - 1", 3, 373, "Fairy-Stockfish 11.1 heian, bare-king rule on (bench xcheck)"},
	{"heian/check-pin", "heian", "4k4/4l4/9/9/9/4Sn3/9/4K4 b - 1", 4, 4509, "Fairy-Stockfish 11.1 heian, bare-king rule on (bench xcheck)"},
	// Gx1d bares White while Black keeps King, Gold and Silver: no reply can bare Black back, so the game is over at once and White's King gets no reply (d2 was 65 with its 5 replies). Hand count d1: Gold 4 + Silver 2 + King 5 = 11.
	{"heian/bare-noreply", "heian", "4k4/9/9/8p/8G/9/9/S3K4 b - 1", 1, 11, "hand count (see comment)"},
	{"heian/bare-noreply", "heian", "4k4/9/9/8p/8G/9/9/S3K4 b - 1", 2, 60, "Fairy-Stockfish 11.1 heian, bare-king rule on (bench xcheck)"},
	{"heian/bare-noreply", "heian", "4k4/9/9/8p/8G/9/9/S3K4 b - 1", 3, 734, "Fairy-Stockfish 11.1 heian, bare-king rule on (bench xcheck)"},
	{"heian/bare-noreply", "heian", "4k4/9/9/8p/8G/9/9/S3K4 b - 1", 4, 5249, "Fairy-Stockfish 11.1 heian, bare-king rule on (bench xcheck)"},
	{"heian/bare-noreply", "heian", "4k4/9/9/8p/8G/9/9/S3K4 b - 1", 5, 68170, "Fairy-Stockfish 11.1 heian, bare-king rule on (bench xcheck)"},
	// Gx5b bares White with Black keeping King + Gold, so White replies, and Kx5b bares Black back: two bare Kings, a draw, so that node has no children (Fairy-Stockfish plays on there: 364 / 1,470 / 16,062). Hand count d1: Gold 6 + King 5 = 11.
	{"heian/bare-back", "heian", "4k4/4p4/4G4/9/9/9/9/4K4 b - 1", 1, 11, "hand count (see comment)"},
	{"heian/bare-back", "heian", "4k4/4p4/4G4/9/9/9/9/4K4 b - 1", 2, 35, "Fairy-Stockfish 11.1 heian, bare-king rule on (bench xcheck) less the moves below two bare Kings"},
	{"heian/bare-back", "heian", "4k4/4p4/4G4/9/9/9/9/4K4 b - 1", 3, 359, "Fairy-Stockfish 11.1 heian, bare-king rule on (bench xcheck) less the moves below two bare Kings"},
	{"heian/bare-back", "heian", "4k4/4p4/4G4/9/9/9/9/4K4 b - 1", 4, 1430, "Fairy-Stockfish 11.1 heian, bare-king rule on (bench xcheck) less the moves below two bare Kings"},
	{"heian/bare-back", "heian", "4k4/4p4/4G4/9/9/9/9/4K4 b - 1", 5, 15672, "Fairy-Stockfish 11.1 heian, bare-king rule on (bench xcheck) less the moves below two bare Kings"},
	// Start position.
	{"heiandai/start", "heiandai", "lnicsgkgscinl/ad2t1m1t2da/ppppppppppppp/6p'6/13/13/13/13/13/6P'6/PPPPPPPPPPPPP/AD2T1M1T2DA/LNICSGKGSCINL b - 1", 1, 29, "independent Heian dai generator (naive_test.go)"},
	{"heiandai/start", "heiandai", "lnicsgkgscinl/ad2t1m1t2da/ppppppppppppp/6p'6/13/13/13/13/13/6P'6/PPPPPPPPPPPPP/AD2T1M1T2DA/LNICSGKGSCINL b - 1", 2, 841, "independent Heian dai generator (naive_test.go)"},
	{"heiandai/start", "heiandai", "lnicsgkgscinl/ad2t1m1t2da/ppppppppppppp/6p'6/13/13/13/13/13/6P'6/PPPPPPPPPPPPP/AD2T1M1T2DA/LNICSGKGSCINL b - 1", 3, 25085, "independent Heian dai generator (naive_test.go)"},
	{"heiandai/start", "heiandai", "lnicsgkgscinl/ad2t1m1t2da/ppppppppppppp/6p'6/13/13/13/13/13/6P'6/PPPPPPPPPPPPP/AD2T1M1T2DA/LNICSGKGSCINL b - 1", 4, 748121, "kirin only: no independent engine counts this (see docs/perft.md)"},
	// Reached by 11k11j 1c1d 12l3c 2b3c 3k3j 3c11k 11m11l: the Flying Dragon on 11k may promote only when it captures.
	{"heiandai/midgame", "heiandai", "lnicsgkgscinl/ad2t1m1t3a/pppppppppp1p1/6p'5p/13/13/13/13/13/2P3P'3P2/PPdPPPPPPP1PP/A1I1T1M1T2DA/LN1CSGKGSCINL w - 8", 1, 49, "independent Heian dai generator (naive_test.go)"},
	{"heiandai/midgame", "heiandai", "lnicsgkgscinl/ad2t1m1t3a/pppppppppp1p1/6p'5p/13/13/13/13/13/2P3P'3P2/PPdPPPPPPP1PP/A1I1T1M1T2DA/LN1CSGKGSCINL w - 8", 2, 2102, "independent Heian dai generator (naive_test.go)"},
	{"heiandai/midgame", "heiandai", "lnicsgkgscinl/ad2t1m1t3a/pppppppppp1p1/6p'5p/13/13/13/13/13/2P3P'3P2/PPdPPPPPPP1PP/A1I1T1M1T2DA/LN1CSGKGSCINL w - 8", 3, 99333, "independent Heian dai generator (naive_test.go)"},
	{"heiandai/midgame", "heiandai", "lnicsgkgscinl/ad2t1m1t3a/pppppppppp1p1/6p'5p/13/13/13/13/13/2P3P'3P2/PPdPPPPPPP1PP/A1I1T1M1T2DA/LN1CSGKGSCINL w - 8", 4, 4335306, "kirin only: no independent engine counts this (see docs/perft.md)"},
	// Hand count (chu-style zone): Pawn 10a+ only, Lance 12c 12b optional, 12a+ forced = 5, Free Chariot 15 (13a-13c optional), Silver 1b (no promotion inside the zone) 2b 2b+ (capture) 2d = 4, Knight 3a+ 5a+ only, Flying Dragon 15, King 5, Side Mover 12 (9c optional) = 59.
	{"heiandai/promotions", "heiandai", "6k6/3P7p1/9N2S/1L2M8/A12/6D6/13/13/13/7p5/13/13/6K6 b - 1", 1, 59, "hand count (see comment)"},
	{"heiandai/promotions", "heiandai", "6k6/3P7p1/9N2S/1L2M8/A12/6D6/13/13/13/7p5/13/13/6K6 b - 1", 2, 466, "independent Heian dai generator (naive_test.go)"},
	{"heiandai/promotions", "heiandai", "6k6/3P7p1/9N2S/1L2M8/A12/6D6/13/13/13/7p5/13/13/6K6 b - 1", 3, 27442, "independent Heian dai generator (naive_test.go)"},
	{"heiandai/promotions", "heiandai", "6k6/3P7p1/9N2S/1L2M8/A12/6D6/13/13/13/7p5/13/13/6K6 b - 1", 4, 242899, "kirin only: no independent engine counts this (see docs/perft.md)"},
	// Black is in check from the Flying Dragon on 1g; the Gold is pinned by the Free Chariot. Hand count: King 4, Copper blocks on 5k and 6l, Lance takes 1g = 7.
	{"heiandai/check-pin", "heiandai", "6k6/13/6a6/13/13/13/12d/13/13/13/6G6/8C4/6K5L b - 1", 1, 7, "hand count (see comment)"},
	{"heiandai/check-pin", "heiandai", "6k6/13/6a6/13/13/13/12d/13/13/13/6G6/8C4/6K5L b - 1", 2, 183, "independent Heian dai generator (naive_test.go)"},
	{"heiandai/check-pin", "heiandai", "6k6/13/6a6/13/13/13/12d/13/13/13/6G6/8C4/6K5L b - 1", 3, 3527, "independent Heian dai generator (naive_test.go)"},
	{"heiandai/check-pin", "heiandai", "6k6/13/6a6/13/13/13/12d/13/13/13/6G6/8C4/6K5L b - 1", 4, 97421, "independent Heian dai generator (naive_test.go)"},
	// Gx7b bares White, and White's only reply Kx7b bares Black back (draw): both end the game. Hand count d1: 6 + 5 = 11.
	{"heiandai/bareking", "heiandai", "6k6/6s6/6G6/13/13/13/13/13/13/13/13/13/6K6 b - 1", 1, 11, "hand count (see comment)"},
	{"heiandai/bareking", "heiandai", "6k6/6s6/6G6/13/13/13/13/13/13/13/13/13/6K6 b - 1", 2, 67, "independent Heian dai generator (naive_test.go)"},
	{"heiandai/bareking", "heiandai", "6k6/6s6/6G6/13/13/13/13/13/13/13/13/13/6K6 b - 1", 3, 735, "independent Heian dai generator (naive_test.go)"},
	{"heiandai/bareking", "heiandai", "6k6/6s6/6G6/13/13/13/13/13/13/13/13/13/6K6 b - 1", 4, 4306, "kirin only: no independent engine counts this (see docs/perft.md)"},
	// Start position.
	{"chu/start", "chu", "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1", 1, 36, "published"},
	{"chu/start", "chu", "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1", 2, 1296, "published"},
	{"chu/start", "chu", "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1", 3, 48315, "published: an independent chu engine"},
	{"chu/start", "chu", "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1", 4, 1801639, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	// A shogiops random middle game; White has no Lion, Falcon or Eagle, so shogiops' move counting agrees at depth 1.
	{"chu/midgame-white", "chu/lishogi", "lfcsg2gso1l/a1bdtet2fc1/2r2q1k1r1a/mv1x+P1+Pp1bvm/3p3d2pp/1Q4h1p2h/P1piD5PP/5B2iPV1/2HP1ONPP3/MCVTED1GBT1M/A1S4XH1RA/LF1RGK2SCFL w - 142", 1, 113, "shogiops perftChushogi.ts (lishogi rules library)"},
	{"chu/midgame-white", "chu/lishogi", "lfcsg2gso1l/a1bdtet2fc1/2r2q1k1r1a/mv1x+P1+Pp1bvm/3p3d2pp/1Q4h1p2h/P1piD5PP/5B2iPV1/2HP1ONPP3/MCVTED1GBT1M/A1S4XH1RA/LF1RGK2SCFL w - 142", 2, 13869, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	{"chu/midgame-white", "chu/lishogi", "lfcsg2gso1l/a1bdtet2fc1/2r2q1k1r1a/mv1x+P1+Pp1bvm/3p3d2pp/1Q4h1p2h/P1piD5PP/5B2iPV1/2HP1ONPP3/MCVTED1GBT1M/A1S4XH1RA/LF1RGK2SCFL w - 142", 3, 1556805, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	{"chu/midgame-white", "chu/lishogi", "lfcsg2gso1l/a1bdtet2fc1/2r2q1k1r1a/mv1x+P1+Pp1bvm/3p3d2pp/1Q4h1p2h/P1piD5PP/5B2iPV1/2HP1ONPP3/MCVTED1GBT1M/A1S4XH1RA/LF1RGK2SCFL w - 142", 4, 193331845, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	// A shogiops random endgame; Black has no Lion, Falcon or Eagle.
	{"chu/midgame-black", "chu/lishogi", "v1f2dk3bl/lg2t5mf/5o1n4/a4h1t+P3/cmr1X5sc/3x4e3/6pP1R1v/A1RM2S1T3/3q3E3L/3KD3C1HF/LCSD1G3M2/1BO6H2 b - 399", 1, 124, "shogiops perftChushogi.ts (lishogi rules library)"},
	{"chu/midgame-black", "chu/lishogi", "v1f2dk3bl/lg2t5mf/5o1n4/a4h1t+P3/cmr1X5sc/3x4e3/6pP1R1v/A1RM2S1T3/3q3E3L/3KD3C1HF/LCSD1G3M2/1BO6H2 b - 399", 2, 18010, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	{"chu/midgame-black", "chu/lishogi", "v1f2dk3bl/lg2t5mf/5o1n4/a4h1t+P3/cmr1X5sc/3x4e3/6pP1R1v/A1RM2S1T3/3q3E3L/3KD3C1HF/LCSD1G3M2/1BO6H2 b - 399", 3, 2218112, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	// Hand count: Lion steps 7, jumps 15 (not 4d: the enemy Lion is guarded by the Pawn on 4c and there is no bridge), double moves through 5e 6e 7g 8 each (6f5e4d is legal: the Gold is a bridge), one pass; Pawn 1; King 5 = 53.
	{"chu/lion", "chu", "6k5/12/8p3/8n3/6pg4/6N5/5s1P4/12/12/12/12/5K6 b - 1", 1, 53, "hand count (see comment)"},
	{"chu/lion", "chu", "6k5/12/8p3/8n3/6pg4/6N5/5s1P4/12/12/12/12/5K6 b - 1", 2, 1959, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	{"chu/lion", "chu", "6k5/12/8p3/8n3/6pg4/6N5/5s1P4/12/12/12/12/5K6 b - 1", 3, 73761, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	{"chu/lion", "chu", "6k5/12/8p3/8n3/6pg4/6N5/5s1P4/12/12/12/12/5K6 b - 1", 4, 2682503, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	// Hand count: Falcon 29 (9f, 9e jump, 9f9e, igui 9f9g; no pass), Eagle 33 (5f, 3f, 6e, 2e jump takes the Lion, 5f6e, igui 5f4g, pass 4g3f4g), Pawn 6d6c with and without +, King 5 = 69.
	{"chu/falcon-eagle", "chu", "6k5/12/6+h5/6P5/3g6n1/3p3s4/3+H4+D3/12/12/12/12/5K6 b - 1", 1, 69, "hand count (see comment)"},
	{"chu/falcon-eagle", "chu", "6k5/12/6+h5/6P5/3g6n1/3p3s4/3+H4+D3/12/12/12/12/5K6 b - 1", 2, 4255, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	{"chu/falcon-eagle", "chu", "6k5/12/6+h5/6P5/3g6n1/3p3s4/3+H4+D3/12/12/12/12/5K6 b - 1", 3, 284345, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	{"chu/falcon-eagle", "chu", "6k5/12/6+h5/6P5/3g6n1/3p3s4/3+H4+D3/12/12/12/12/5K6 b - 1", 4, 16929725, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	// After 6f6e (Pawn takes Lion) in shogiops' falcon test. JCSA: the Falcon may jump onto the unguarded Lion on 7j. Hand count: King 3, Falcon 40 = 43.
	{"chu/counterstrike-falcon", "chu", "k11/12/12/12/6P5/12/12/5+h6/12/5N6/12/11K w 6e 2", 1, 43, "hand count (see comment)"},
	{"chu/counterstrike-falcon", "chu", "k11/12/12/12/6P5/12/12/5+h6/12/5N6/12/11K w 6e 2", 2, 1289, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	{"chu/counterstrike-falcon", "chu", "k11/12/12/12/6P5/12/12/5+h6/12/5N6/12/11K w 6e 2", 3, 45736, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	{"chu/counterstrike-falcon", "chu", "k11/12/12/12/6P5/12/12/5+h6/12/5N6/12/11K w 6e 2", 4, 1275298, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	// lishogi: no non-Lion may take a Lion except on 6e, so 7h7j goes: 42.
	{"chu/counterstrike-falcon", "chu/lishogi", "k11/12/12/12/6P5/12/12/5+h6/12/5N6/12/11K w 6e 2", 1, 42, "hand count (see comment)"},
	{"chu/counterstrike-falcon", "chu/lishogi", "k11/12/12/12/6P5/12/12/5+h6/12/5N6/12/11K w 6e 2", 2, 1284, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	{"chu/counterstrike-falcon", "chu/lishogi", "k11/12/12/12/6P5/12/12/5+h6/12/5N6/12/11K w 6e 2", 3, 45531, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	{"chu/counterstrike-falcon", "chu/lishogi", "k11/12/12/12/6P5/12/12/5+h6/12/5N6/12/11K w 6e 2", 4, 1273781, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	// HaChu: no non-Lion may take a Lion: 42.
	{"chu/counterstrike-falcon", "chu/hachu", "k11/12/12/12/6P5/12/12/5+h6/12/5N6/12/11K w 6e 2", 1, 42, "hand count (see comment)"},
	{"chu/counterstrike-falcon", "chu/hachu", "k11/12/12/12/6P5/12/12/5+h6/12/5N6/12/11K w 6e 2", 2, 1242, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	{"chu/counterstrike-falcon", "chu/hachu", "k11/12/12/12/6P5/12/12/5+h6/12/5N6/12/11K w 6e 2", 3, 44086, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	{"chu/counterstrike-falcon", "chu/hachu", "k11/12/12/12/6P5/12/12/5+h6/12/5N6/12/11K w 6e 2", 4, 1189753, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	// From shogiops: the Kirin on 8j just promoted capturing a Lion. JCSA: 8j is guarded by the Rook, the Lion on 3i is not: 6l3i legal, 6l8j not; 5 Bishop + 3 King - 1 = 7.
	{"chu/counterstrike-bishop", "chu", "11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 8j 1", 1, 7, "hand count (see comment)"},
	{"chu/counterstrike-bishop", "chu", "11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 8j 1", 2, 496, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	{"chu/counterstrike-bishop", "chu", "11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 8j 1", 3, 6758, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	{"chu/counterstrike-bishop", "chu", "11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 8j 1", 4, 461921, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	// lishogi: only the piece on 8j may be taken, so 6l3i goes.
	{"chu/counterstrike-bishop", "chu/lishogi", "11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 8j 1", 1, 7, "shogiops chushogi.test.ts (lishogi rules library)"},
	{"chu/counterstrike-bishop", "chu/lishogi", "11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 8j 1", 2, 498, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	{"chu/counterstrike-bishop", "chu/lishogi", "11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 8j 1", 3, 6666, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	{"chu/counterstrike-bishop", "chu/lishogi", "11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 8j 1", 4, 458670, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	// The same board without the counter-strike square: both Lion captures are legal.
	{"chu/no-counterstrike-bishop", "chu/lishogi", "11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b - 1", 1, 8, "shogiops chushogi.test.ts (lishogi rules library)"},
	// HaChu: no non-Lion may take any Lion: 6.
	{"chu/counterstrike-bishop", "chu/hachu", "11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 8j 1", 1, 6, "hand count (see comment)"},
	{"chu/counterstrike-bishop", "chu/hachu", "11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 8j 1", 2, 448, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	{"chu/counterstrike-bishop", "chu/hachu", "11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 8j 1", 3, 5792, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	{"chu/counterstrike-bishop", "chu/hachu", "11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 8j 1", 4, 415399, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	// shogiops' promotion test: captures in and out of the zone, entering, the Pawn's last-rank chance. JCSA: Lances on the second rank have no last-rank chance.
	{"chu/promotions", "chu", "10p1/2I1pP2p1LL/1Rp1PB2LL2/12/7L4/1p10/12/12/11k/12/11K/12 b - 1", 1, 46, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	{"chu/promotions", "chu", "10p1/2I1pP2p1LL/1Rp1PB2LL2/12/7L4/1p10/12/12/11k/12/11K/12 b - 1", 2, 446, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	{"chu/promotions", "chu", "10p1/2I1pP2p1LL/1Rp1PB2LL2/12/7L4/1p10/12/12/11k/12/11K/12 b - 1", 3, 21491, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	{"chu/promotions", "chu", "10p1/2I1pP2p1LL/1Rp1PB2LL2/12/7L4/1p10/12/12/11k/12/11K/12 b - 1", 4, 221570, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	// lishogi: the two Lances on rank b may also promote on reaching rank a (+2).
	{"chu/promotions", "chu/lishogi", "10p1/2I1pP2p1LL/1Rp1PB2LL2/12/7L4/1p10/12/12/11k/12/11K/12 b - 1", 1, 48, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	{"chu/promotions", "chu/lishogi", "10p1/2I1pP2p1LL/1Rp1PB2LL2/12/7L4/1p10/12/12/11k/12/11K/12 b - 1", 2, 466, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	{"chu/promotions", "chu/lishogi", "10p1/2I1pP2p1LL/1Rp1PB2LL2/12/7L4/1p10/12/12/11k/12/11K/12 b - 1", 3, 23489, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	{"chu/promotions", "chu/lishogi", "10p1/2I1pP2p1LL/1Rp1PB2LL2/12/7L4/1p10/12/12/11k/12/11K/12 b - 1", 4, 242752, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	// Start position.
	{"dai/start", "dai", "lnuicsgkgsciunl/a1c'1f1tet1f1c'1a/1x'1a'1wxl!ow1a'1x'1/rf'mvbhdqdhbvmf'r/ppppppppppppppp/4p'5p'4/15/15/15/4P'5P'4/PPPPPPPPPPPPPPP/RF'MVBHDQDHBVMF'R/1X'1A'1WOL!XW1A'1X'1/A1C'1F1TET1F1C'1A/LNUICSGKGSCIUNL b - 1", 1, 71, "HaChu"},
	{"dai/start", "dai", "lnuicsgkgsciunl/a1c'1f1tet1f1c'1a/1x'1a'1wxl!ow1a'1x'1/rf'mvbhdqdhbvmf'r/ppppppppppppppp/4p'5p'4/15/15/15/4P'5P'4/PPPPPPPPPPPPPPP/RF'MVBHDQDHBVMF'R/1X'1A'1WOL!XW1A'1X'1/A1C'1F1TET1F1C'1A/LNUICSGKGSCIUNL b - 1", 2, 5041, "HaChu"},
	{"dai/start", "dai", "lnuicsgkgsciunl/a1c'1f1tet1f1c'1a/1x'1a'1wxl!ow1a'1x'1/rf'mvbhdqdhbvmf'r/ppppppppppppppp/4p'5p'4/15/15/15/4P'5P'4/PPPPPPPPPPPPPPP/RF'MVBHDQDHBVMF'R/1X'1A'1WOL!XW1A'1X'1/A1C'1F1TET1F1C'1A/LNUICSGKGSCIUNL b - 1", 3, 357978, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	{"dai/start", "dai", "lnuicsgkgsciunl/a1c'1f1tet1f1c'1a/1x'1a'1wxl!ow1a'1x'1/rf'mvbhdqdhbvmf'r/ppppppppppppppp/4p'5p'4/15/15/15/4P'5P'4/PPPPPPPPPPPPPPP/RF'MVBHDQDHBVMF'R/1X'1A'1WOL!XW1A'1X'1/A1C'1F1TET1F1C'1A/LNUICSGKGSCIUNL b - 1", 4, 25421252, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	// Reached by 8k8j 8e8f 8j8i 8f8g 8i8h 8g8h 8m8k 8c8e 8k8i 8e8g 4k4j 12e12f: the Lions face each other with no trading rules.
	{"dai/midgame", "dai", "lnuicsgkgsciunl/a1c'1f1tet1f1c'1a/1x'1a'1wx1ow1a'1x'1/rf'mvbhdqdhbvmf'r/ppp1ppp1ppppppp/3pp'5p'4/7l!7/7p7/7L!7/4P'5P'P3/PPPPPPP1PPP1PPP/RF'MVBHDQDHBVMF'R/1X'1A'1WO1XW1A'1X'1/A1C'1F1TET1F1C'1A/LNUICSGKGSCIUNL b - 13", 1, 113, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	{"dai/midgame", "dai", "lnuicsgkgsciunl/a1c'1f1tet1f1c'1a/1x'1a'1wx1ow1a'1x'1/rf'mvbhdqdhbvmf'r/ppp1ppp1ppppppp/3pp'5p'4/7l!7/7p7/7L!7/4P'5P'P3/PPPPPPP1PPP1PPP/RF'MVBHDQDHBVMF'R/1X'1A'1WO1XW1A'1X'1/A1C'1F1TET1F1C'1A/LNUICSGKGSCIUNL b - 13", 2, 11894, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	{"dai/midgame", "dai", "lnuicsgkgsciunl/a1c'1f1tet1f1c'1a/1x'1a'1wx1ow1a'1x'1/rf'mvbhdqdhbvmf'r/ppp1ppp1ppppppp/3pp'5p'4/7l!7/7p7/7L!7/4P'5P'P3/PPPPPPP1PPP1PPP/RF'MVBHDQDHBVMF'R/1X'1A'1WO1XW1A'1X'1/A1C'1F1TET1F1C'1A/LNUICSGKGSCIUNL b - 13", 3, 1336391, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	{"dai/midgame", "dai", "lnuicsgkgsciunl/a1c'1f1tet1f1c'1a/1x'1a'1wx1ow1a'1x'1/rf'mvbhdqdhbvmf'r/ppp1ppp1ppppppp/3pp'5p'4/7l!7/7p7/7L!7/4P'5P'P3/PPPPPPP1PPP1PPP/RF'MVBHDQDHBVMF'R/1X'1A'1WO1XW1A'1X'1/A1C'1F1TET1F1C'1A/LNUICSGKGSCIUNL b - 13", 4, 141116760, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	// Two Black Lions (L! and a promoted Kirin) next to a Gold and a Pawn; the guarded enemy Lion may be taken (no trading rules in dai). Hand count: Lion 8+15+7+8+1 (pass), +O 8+15+7 (the one pass is taken), King 5 = 74.
	{"dai/lions", "dai", "7k7/15/15/15/8p6/8l!6/7pg6/7L!1+O5/15/15/15/15/15/15/7K7 b - 1", 1, 74, "hand count (see comment)"},
	{"dai/lions", "dai", "7k7/15/15/15/8p6/8l!6/7pg6/7L!1+O5/15/15/15/15/15/15/7K7 b - 1", 2, 2357, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	{"dai/lions", "dai", "7k7/15/15/15/8p6/8l!6/7pg6/7L!1+O5/15/15/15/15/15/15/7K7 b - 1", 3, 151564, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	{"dai/lions", "dai", "7k7/15/15/15/8p6/8l!6/7pg6/7L!1+O5/15/15/15/15/15/15/7K7 b - 1", 4, 5039586, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	// deadpieces=promote. Hand count: 14b14a, 12b13a, 2c1a, 2c3a stay dead (no promotion inside the zone), 12b11a+ must promote (capture), 5f5e and the Knight's two entries optional (6), Falcon 37, King 5 = 53.
	{"dai/promotions", "dai", "4s2k7/1P1U11/13N1/15/15/10P4/5N6p2/12+H2/15/15/15/15/15/15/7K7 b - 1", 1, 53, "hand count (see comment)"},
	{"dai/promotions", "dai", "4s2k7/1P1U11/13N1/15/15/10P4/5N6p2/12+H2/15/15/15/15/15/15/7K7 b - 1", 2, 471, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	{"dai/promotions", "dai", "4s2k7/1P1U11/13N1/15/15/10P4/5N6p2/12+H2/15/15/15/15/15/15/7K7 b - 1", 3, 24321, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	{"dai/promotions", "dai", "4s2k7/1P1U11/13N1/15/15/10P4/5N6p2/12+H2/15/15/15/15/15/15/7K7 b - 1", 4, 256629, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	// The Rook may take the King; the Crown Prince keeps Black alive. Hand count: King 5, Rook 32 = 37.
	{"dai/prince", "dai", "7k7/15/15/15/15/15/15/15/7r7/15/15/15/15/2G12/7K4+E2 w - 1", 1, 37, "hand count (see comment)"},
	{"dai/prince", "dai", "7k7/15/15/15/15/15/15/15/7r7/15/15/15/15/2G12/7K4+E2 w - 1", 2, 582, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	{"dai/prince", "dai", "7k7/15/15/15/15/15/15/15/7r7/15/15/15/15/2G12/7K4+E2 w - 1", 3, 21266, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
	{"dai/prince", "dai", "7k7/15/15/15/15/15/15/15/7r7/15/15/15/15/2G12/7K4+E2 w - 1", 4, 355427, "kirin only: no independent engine counts this (see docs/perft.md); HaChu 0.21 agrees on the depth-1 move lists of chu and dai positions (bench hachu_test)"},
}

// shortNodes is the largest count run under -short (about 0.1 s each).
const shortNodes = 5_000_000

// verifyNodes bounds the cases that also get the checked walk, which
// formats an SFEN and recomputes the key at every node.
func verifyNodes() uint64 {
	if testing.Short() {
		return 100_000
	}
	return 1_000_000
}

var variantCache sync.Map

// perftVariant returns the built-in variant named by spec ("chu" or
// "chu/lishogi").
func perftVariant(t testing.TB, spec string) *Variant {
	t.Helper()
	if v, ok := variantCache.Load(spec); ok {
		return v.(*Variant)
	}
	name, rs, _ := strings.Cut(spec, "/")
	v, err := Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	if rs != "" {
		if v, err = v.WithRuleSet(rs); err != nil {
			t.Fatal(err)
		}
	}
	variantCache.Store(spec, v)
	return v
}

// perftPosition parses sfen in the variant named by spec.
func perftPosition(t testing.TB, spec, sfen string) *Position {
	t.Helper()
	pos, err := NewPosition(perftVariant(t, spec), sfen)
	if err != nil {
		t.Fatalf("%s %q: %v", spec, sfen, err)
	}
	return pos
}

func TestPerft(t *testing.T) {
	for _, tc := range perftCases {
		label := tc.name
		if _, rs, ok := strings.Cut(tc.variant, "/"); ok {
			label += "@" + rs
		}
		t.Run(fmt.Sprintf("%s/d%d", label, tc.depth), func(t *testing.T) {
			if testing.Short() && tc.nodes > shortNodes {
				t.Skipf("%d nodes: skipped under -short", tc.nodes)
			}
			pos := perftPosition(t, tc.variant, tc.sfen)
			before, key := pos.SFEN(), pos.Key()
			if got := Perft(pos, tc.depth); got != tc.nodes {
				t.Errorf("perft(%d) = %d, want %d (%s)", tc.depth, got, tc.nodes, tc.source)
			}
			if after := pos.SFEN(); after != before || pos.Key() != key {
				t.Fatalf("perft changed the position: %q -> %q", before, after)
			}
			if tc.depth <= 3 && tc.nodes <= verifyNodes() {
				w := perftWalker{t: t, lists: make([]MoveList, tc.depth)}
				if got := w.walk(pos, tc.depth); got != tc.nodes {
					t.Errorf("checked walk counted %d leaves, want %d", got, tc.nodes)
				}
				if after := pos.SFEN(); after != before {
					t.Fatalf("walk changed the position: %q -> %q", before, after)
				}
			}
		})
	}
}

// perftWalker is a second, slow perft that checks the position at every node:
// the incremental key equals a key computed from scratch after each Make,
// and Unmake restores the SFEN and the key exactly. It plays the leaf moves
// too (Perft only counts them), so Make and Unmake run on every move.
type perftWalker struct {
	t     *testing.T
	lists []MoveList
}

func (w *perftWalker) walk(pos *Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	l := &w.lists[depth-1]
	l.N = 0
	pos.GenerateLegal(l)
	before, key := pos.SFEN(), pos.Key()
	var n uint64
	for i := 0; i < l.N; i++ {
		m := l.Moves[i]
		pos.Make(m)
		if k := pos.ComputeKey(); pos.Key() != k {
			w.t.Fatalf("after %s in %s: Key() = %#x, ComputeKey() = %#x", pos.v.SquareUSI(m.From()), before, pos.Key(), k)
		}
		n += w.walk(pos, depth-1)
		pos.Unmake()
		if after := pos.SFEN(); after != before || pos.Key() != key {
			w.t.Fatalf("make/unmake of move %#x in %s gave %s (key %#x, want %#x)", uint32(m), before, after, pos.Key(), key)
		}
	}
	return n
}

// TestPerftEPD checks that testdata/perft/*.epd and perftCases hold the same
// positions and numbers, so the EPD files can be handed to other engines.
func TestPerftEPD(t *testing.T) {
	type key struct {
		variant, sfen string
		depth         int
	}
	want := map[key]uint64{}
	for _, tc := range perftCases {
		want[key{tc.variant, tc.sfen, tc.depth}] = tc.nodes
	}
	files, err := filepath.Glob(filepath.Join("testdata", "perft", "*.epd"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no EPD files: %v", err)
	}
	seen := map[key]bool{}
	for _, file := range files {
		variant := strings.Replace(strings.TrimSuffix(filepath.Base(file), ".epd"), "-", "/", 1)
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		line := 0
		for sc.Scan() {
			line++
			text := strings.TrimSpace(sc.Text())
			if text == "" || text[0] == '#' {
				continue
			}
			parts := strings.Split(text, ";")
			sfen := strings.TrimSpace(parts[0])
			perftPosition(t, variant, sfen)
			for _, op := range parts[1:] {
				var d int
				var n uint64
				if _, err := fmt.Sscanf(strings.TrimSpace(op), "D%d %d", &d, &n); err != nil {
					t.Errorf("%s:%d: bad operation %q", file, line, op)
					continue
				}
				k := key{variant, sfen, d}
				seen[k] = true
				if w, ok := want[k]; !ok {
					t.Errorf("%s:%d: D%d is not in perftCases", file, line, d)
				} else if w != n {
					t.Errorf("%s:%d: D%d = %d, perftCases says %d", file, line, d, n, w)
				}
			}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	for k := range want {
		if !seen[k] {
			t.Errorf("perftCases %s %q D%d is missing from the EPD files", k.variant, k.sfen, k.depth)
		}
	}
}

// TestPerftDivide checks that Divide's counts add up to Perft's.
func TestPerftDivide(t *testing.T) {
	for _, spec := range []string{"shogi", "okisaki", "heian", "heiandai", "chu", "dai"} {
		pos := perftPosition(t, spec, "startpos")
		moves, counts := Divide(pos, 2)
		var sum uint64
		for _, c := range counts {
			sum += c
		}
		if want := Perft(pos, 2); sum != want || len(moves) != int(Perft(pos, 1)) {
			t.Errorf("%s: divide sums to %d over %d moves, perft gives %d", spec, sum, len(moves), want)
		}
	}
}

package movegen

// Reiwa dai shogi (shared/rules/reiwa-dai-shogi.md): perft rows and scenario
// tests for the rules Reiwa adds: the spirit-trading forced pass, the linear
// Lion powers of the Horned Falcon, Soaring Eagle, Strong Bear, Great Shark
// and Mountain Crane, the jumping pieces, the chu-style zone with forced
// last-rank promotion, and two royals. naive_reiwa_test.go is the second
// generator that the depth 1-3 counts agree with.

import (
	"errors"
	"strings"
	"testing"
)

// Reiwa positions (also in naive_reiwa_test.go's rwCases).
const (
	reiwaStart = "lh'r'fcsgkgscfr'h'l/a1s'1d'1tet1d'1s'1a/1c'1b1w'xt'ow'1b1c'1/f'mvrhdqundhrvmf'/ppppppppppppppp/4i5i4/15/15/15/4I5I4/PPPPPPPPPPPPPPP/F'MVRHDNUQDHRVMF'/1C'1B1W'OT'XW'1B1C'1/A1S'1D'1TET1D'1S'1A/LH'R'FCSGKGSCFR'H'L b - 1"
	// Black's Spirit 8h faces White's Spirit 8f over a Pawn (8g); Black's
	// Lion 12j can take White's promoted Thunder Runner 12i (a Spirit) and
	// the Spirit 12h behind it; Black's Drunk Elephant 11j can take 12i too;
	// Black's King 14o can take the Spirit 13n next to it; Black's Spirit
	// can take White's King 1a along the diagonal.
	reiwaSpirits = "14k/15/15/15/15/7u7/7p7/3u3U7/3+t'11/3NE10/15/15/15/2u12/1K13 b - 1"
	// White must pass (as after Black took a Spirit): the third field.
	// Black's Lion 8c then takes the King 8b, or the King and the Prince
	// 7a together; the Rook 3h may enter the zone.
	reiwaForcedPass = "8+e1g4/3r3k7/7N7/15/15/15/15/12R2/15/15/15/15/15/15/7K7 w pass 1"
	// Black's Horned Falcon 12j, Soaring Eagle 8j, Strong Bear 4j, Great
	// Shark 12e and Mountain Crane 4e with enemies on their Lion lines;
	// White's Falcon 10c and Eagle 6d likewise.
	reiwaLinearLions = "14k/15/5+h5p3/5P3+dsp3/3+C'1S2P2+F'3/2p12/1c13/3s1g9/3p2p8/3+H3+D1gp+W'3/11p3/15/15/15/K14 b - 1"
	// Kirin, Phoenix, Thunder Runner, Leaping Hare, Poisonous Snake and
	// Donkey next to Black's zone; Pawn 13b, Lance 1e and Ram's-Head
	// Soldier 5c before the last rank; Go-Between 11f, Gold 7b; White's
	// Pawn 10n and Lance 14k before White's last rank.
	reiwaJumpers = "8p6/2P5Gs4p/10R'4/3g11/8n4pL/1S'1OID'6H'2/6X2T'5/15/7t'7/11o3/1l13/15/15/5p9/K13k b - 1"
	// Random play from the start with captures preferred (seed 3 of a
	// PCG(seed, 7) generator), 50 plies: 10o10n 7a6b 5j5i 15d15c 14m13m
	// 14c15d 5k5j 1d1c 9n10o 5b5c 11j11i 8b7a 10n11m 6b5b 15l15m 8d9f
	// 14l14m 9f5j 5i5j pass 1l1m 3b2b 14m14l 7d9f 12k12j 9f8d 8m6n 8d10b
	// 10m10n 4c3b 11k11j 7a6b 5n5m 11f11g 3o2n 13a14b 11m12n 10b8d 12l12k
	// 10c10b 5j5i 2b3c 13n14m 2d1d 7m8m 9c10c 9l7j 3e3f 5m4n 5c4b.
	reiwaRandom3 = "lh'1fcsgk1scfr'h'l/ar's'1d'w't1tegd'b1a/f'2b1x1t'ow'2s'c'f'/c'mvrhdqn1dhrv1m/pppppppppppp1pp/10i1p2/4i10/15/4I5I4/3PP3N6/PPPR1PPPPP1PPPP/1MV1HD1UQDHRVM1/F'S'C'B2OX1W'1B1C'F'/A2SD'W'1ETT'1D'S'R'A/LH'R'FCTGKGSCF1H'L b - 51"
)

const (
	reiwaNaive = "independent Reiwa generator (naive_reiwa_test.go)"
	reiwaKirin = "kirin only: no independent engine counts this (see docs/perft.md)"
)

// reiwaPerftCases join perftCases (TestPerft, TestPerftEPD and the SFEN and
// notation round trips then cover them); testdata/perft/reiwadai.epd holds
// the same rows.
var reiwaPerftCases = []perftCase{
	// Start position. Hand count d1: Go-Betweens 2, Pawns 13, Foxes 2,
	// Vertical Movers 2, Dragon Horses 2, Dragon Kings 2, Lion 6 (10j 8j
	// 11m 10n 7j 9j), Spirit 7 (9j 7j 10j 6j 10n 6n 8j), Crocodiles 4,
	// Doves 4, Kirin 2, Thunder Runner 2, Chariots 2, Snakes 4, Donkeys 2,
	// Tigers 2, Hares 6, Ram's-Heads 8, Leopards 2, Coppers 4, Silvers 2,
	// Golds 2 = 82.
	{"reiwadai/start", "reiwadai", reiwaStart, 1, 82, "hand count (see comment); " + reiwaNaive},
	{"reiwadai/start", "reiwadai", reiwaStart, 2, 6724, reiwaNaive},
	{"reiwadai/start", "reiwadai", reiwaStart, 3, 560523, reiwaNaive},
	{"reiwadai/start", "reiwadai", reiwaStart, 4, 46729330, reiwaKirin},
	{"reiwadai/spirits", "reiwadai", reiwaSpirits, 1, 106, reiwaNaive},
	{"reiwadai/spirits", "reiwadai", reiwaSpirits, 2, 19359, reiwaNaive},
	{"reiwadai/spirits", "reiwadai", reiwaSpirits, 3, 1758505, reiwaNaive},
	// Hand count: the forced pass only = 1; then Black: King 5, Lion 24
	// squares within two steps + 8 through the King on 8b (igui and
	// 8c8b7a, the double royal capture, among them) + 1 pass = 33, Rook
	// 28 + 5 promotions on entering the zone = 33; total 71 at depth 2.
	{"reiwadai/forced-pass", "reiwadai", reiwaForcedPass, 1, 1, "hand count (see comment); " + reiwaNaive},
	{"reiwadai/forced-pass", "reiwadai", reiwaForcedPass, 2, 71, "hand count (see comment); " + reiwaNaive},
	{"reiwadai/forced-pass", "reiwadai", reiwaForcedPass, 3, 2849, reiwaNaive},
	{"reiwadai/forced-pass", "reiwadai", reiwaForcedPass, 4, 186681, reiwaKirin},
	{"reiwadai/linear-lions", "reiwadai", reiwaLinearLions, 1, 149, reiwaNaive},
	{"reiwadai/linear-lions", "reiwadai", reiwaLinearLions, 2, 13351, reiwaNaive},
	{"reiwadai/linear-lions", "reiwadai", reiwaLinearLions, 3, 1968274, reiwaNaive},
	{"reiwadai/jumpers", "reiwadai", reiwaJumpers, 1, 79, reiwaNaive},
	{"reiwadai/jumpers", "reiwadai", reiwaJumpers, 2, 5175, reiwaNaive},
	{"reiwadai/jumpers", "reiwadai", reiwaJumpers, 3, 411181, reiwaNaive},
	{"reiwadai/jumpers", "reiwadai", reiwaJumpers, 4, 27828011, reiwaKirin},
	{"reiwadai/random-3", "reiwadai", reiwaRandom3, 1, 97, reiwaNaive},
	{"reiwadai/random-3", "reiwadai", reiwaRandom3, 2, 8428, reiwaNaive},
	{"reiwadai/random-3", "reiwadai", reiwaRandom3, 3, 837884, reiwaNaive},
	{"reiwadai/random-3", "reiwadai", reiwaRandom3, 4, 73713615, reiwaKirin},
}

func init() { perftCases = append(perftCases, reiwaPerftCases...) }

// reiwaPos sets up a Reiwa position.
func reiwaPos(t *testing.T, sfen string) *Position {
	t.Helper()
	return perftPosition(t, "reiwadai", sfen)
}

// reiwaLegal returns the legal moves by USI text.
func reiwaLegal(pos *Position) map[string]Move {
	var l MoveList
	pos.GenerateLegal(&l)
	out := map[string]Move{}
	for _, m := range l.Slice() {
		out[pos.MoveUSI(m)] = m
	}
	return out
}

// reiwaPlay parses and makes each USI move, failing the test on an illegal one.
func reiwaPlay(t *testing.T, pos *Position, moves ...string) {
	t.Helper()
	for _, u := range moves {
		m, err := pos.ParseMoveUSI(u)
		if err != nil {
			t.Fatalf("%s in %s: %v", u, pos.SFEN(), err)
		}
		pos.Make(m)
		if pos.Key() != pos.ComputeKey() {
			t.Fatalf("after %s: incremental key differs from the computed one", u)
		}
	}
}

// reiwaCheckMoves checks that each listed move text is legal (true) or not
// (false) in pos.
func reiwaCheckMoves(t *testing.T, pos *Position, want map[string]bool) {
	t.Helper()
	for u, legal := range want {
		_, err := pos.ParseMoveUSI(u)
		if err != nil && !errors.Is(err, ErrIllegal) {
			t.Errorf("%s: %v", u, err)
			continue
		}
		if got := err == nil; got != legal {
			t.Errorf("%s in %s: legal = %v, want %v", u, pos.SFEN(), got, legal)
		}
	}
}

// TestReiwaForcedPass checks the spirit-trading rule (sheet section 5): a
// Spirit captured by anything but a King or Prince makes the opponent pass,
// once per move, in the position state (SFEN, key) so that perft and search
// see it.
func TestReiwaForcedPass(t *testing.T) {
	cases := []struct {
		name, sfen string
		moves      []string // the last one captures
		pass       bool     // the opponent must pass after it
	}{
		{"spirit takes spirit by a jump over a pawn", reiwaSpirits, []string{"8h8f"}, true},
		{"spirit takes pawn then spirit", reiwaSpirits, []string{"8h8g8f"}, true},
		{"spirit takes pawn only", reiwaSpirits, []string{"8h8g8h"}, false},
		{"lion takes two spirits: one pass", reiwaSpirits, []string{"12j12i12h"}, true},
		{"lion igui on a promoted thunder runner", reiwaSpirits, []string{"12j12i12j"}, true},
		{"lion hit and run", reiwaSpirits, []string{"12j12i13h"}, true},
		{"drunk elephant takes a spirit", reiwaSpirits, []string{"11j12i"}, true},
		{"king takes a spirit: no pass", reiwaSpirits, []string{"14o13n"}, false},
		{"prince takes a spirit: no pass", "k14/15/15/15/15/15/15/6u8/6+E8/15/15/15/15/15/14K b - 1", []string{"9i9h"}, false},
		// A Drunk Elephant that promotes to Prince with the capture was not
		// a Prince when it took the Spirit.
		{"elephant promoting to prince", "k14/15/15/15/6u8/6E8/15/15/15/15/15/15/15/15/14K b - 1", []string{"9f9e+"}, true},
		{"elephant not promoting", "k14/15/15/15/6u8/6E8/15/15/15/15/15/15/15/15/14K b - 1", []string{"9f9e"}, true},
		// A promoted Go-Between moves as a Drunk Elephant but is not royal.
		{"promoted go-between", "k14/15/15/15/15/15/15/6u8/6+I8/15/15/15/15/15/14K b - 1", []string{"9i9h"}, true},
		// White's Spirit takes Black's Spirit first, Black passes, White's
		// Lion steps back; then Black's King takes White's Spirit: no pass.
		{"white takes, black passes", "k14/15/15/15/15/15/6n8/6u8/6U8/6K8/15/15/15/15/15 w - 1", []string{"9h9i", "pass", "9g8f", "9j9i"}, false},
		{"the bonus move takes another spirit", "k14/15/15/15/15/15/6u8/6U8/6u8/15/15/15/15/15/14K b - 1", []string{"9h9g", "pass", "9g9i"}, true},
	}
	for _, c := range cases {
		pos := reiwaPos(t, c.sfen)
		before, key := pos.SFEN(), pos.Key()
		reiwaPlay(t, pos, c.moves...)
		if pos.MustPass() != c.pass {
			t.Errorf("%s: MustPass = %v, want %v", c.name, pos.MustPass(), c.pass)
			continue
		}
		third := strings.Fields(pos.SFEN())[2]
		legal := reiwaLegal(pos)
		if c.pass {
			if third != "pass" || len(legal) != 1 || legal["pass"] != ForcedPass {
				t.Errorf("%s: third field %q, moves %v; want pass and only the forced pass", c.name, third, legal)
			}
			// The pass itself: the capturer moves again, with no pass pending.
			side := pos.SideToMove()
			reiwaPlay(t, pos, "pass")
			if pos.MustPass() || pos.SideToMove() == side || strings.Fields(pos.SFEN())[2] != "-" {
				t.Errorf("%s: after the forced pass: %s", c.name, pos.SFEN())
			}
			pos.Unmake()
		} else if third != "-" || legal["pass"] == ForcedPass {
			t.Errorf("%s: third field %q, forced pass listed %v", c.name, third, legal["pass"] == ForcedPass)
		}
		for range c.moves {
			pos.Unmake()
		}
		if pos.SFEN() != before || pos.Key() != key {
			t.Errorf("%s: unmake gave %s", c.name, pos.SFEN())
		}
	}
}

// TestReiwaForcedPassText checks how the forced pass is written and read,
// and that no piece's voluntary pass is legal while it is pending.
func TestReiwaForcedPassText(t *testing.T) {
	pos := reiwaPos(t, reiwaSpirits)
	reiwaPlay(t, pos, "8h8f")
	var l MoveList
	pos.GenerateLegal(&l)
	if l.N != 1 || l.Moves[0] != ForcedPass || !ForcedPass.IsPass() {
		t.Fatalf("moves %v, want only ForcedPass", l.Slice())
	}
	if u, x, h := pos.MoveUSI(ForcedPass), pos.MoveXBoard(ForcedPass), pos.MoveHodges(ForcedPass); u != "pass" || x != "@@@@" || h != "pass" {
		t.Errorf("forced pass written %q, %q, %q", u, x, h)
	}
	for _, parse := range []struct {
		name string
		fn   func(string) (Move, error)
		text string
	}{{"usi", pos.ParseMoveUSI, "pass"}, {"xboard", pos.ParseMoveXBoard, "@@@@"}, {"hodges", pos.ParseMoveHodges, "pass"}} {
		if m, err := parse.fn(parse.text); err != nil || m != ForcedPass {
			t.Errorf("%s %q: %#x, %v", parse.name, parse.text, uint32(m), err)
		}
	}
	// White's Spirit 12h could otherwise pass through 12g, and the Lion-like
	// Spirit 13n through 13m; ordinary moves are gone too.
	for _, u := range []string{"12h12g12h", "13n13m13n", "12h12g", "1a2a"} {
		if _, err := pos.ParseMoveUSI(u); !errors.Is(err, ErrIllegal) {
			t.Errorf("%s while a forced pass is pending: %v", u, err)
		}
	}
	if _, err := pos.ParseMoveXBoard("c2c2"); !errors.Is(err, ErrIllegal) { // 13n
		t.Errorf("HaChu-style piece pass while a forced pass is pending: %v", err)
	}
	// Without a pending pass, "pass" names a piece's voluntary pass.
	free := reiwaPos(t, reiwaLinearLions)
	if m, err := free.ParseMoveUSI("pass"); err != nil || !m.IsPass() || m == ForcedPass {
		t.Errorf("pass without a pending forced pass: %#x, %v", uint32(m), err)
	}
}

// TestReiwaForcedPassSFEN checks the pass field: it round-trips, it is part
// of the key, and only games with spirit trading accept it.
func TestReiwaForcedPassSFEN(t *testing.T) {
	with := reiwaPos(t, reiwaForcedPass)
	without := reiwaPos(t, strings.Replace(reiwaForcedPass, " pass ", " - ", 1))
	if !with.MustPass() || without.MustPass() {
		t.Fatalf("MustPass: %v with the field, %v without", with.MustPass(), without.MustPass())
	}
	if with.Key() == without.Key() || with.Key() != with.ComputeKey() {
		t.Errorf("keys %#x and %#x (computed %#x)", with.Key(), without.Key(), with.ComputeKey())
	}
	if with.SFEN() != reiwaForcedPass {
		t.Errorf("SFEN %q", with.SFEN())
	}
	v := perftVariant(t, "reiwadai")
	for _, bad := range []string{"1a", "P", "Pass", "passs"} {
		if _, err := NewPosition(v, strings.Replace(reiwaForcedPass, " pass ", " "+bad+" ", 1)); err == nil {
			t.Errorf("third field %q accepted", bad)
		}
	}
	for _, name := range []string{"chu", "dai", "heiandai"} {
		if _, err := NewPosition(perftVariant(t, name), strings.Replace(perftVariant(t, name).StartSFEN, " - ", " pass ", 1)); err == nil {
			t.Errorf("%s accepted the pass field", name)
		}
	}
	// Spirit trading needs the third field for itself.
	for _, def := range []string{"drops = false", "drops = true", "rulesets = jcsa"} {
		text := "[t]\nboard = 5x5\n" + def + "\nstart = 4k/5/5/5/K3U b - 1\npiece = K king K royal\npiece = U spirit Q spirit\n"
		_, err := ParseVariants("t.ini", text)
		if ok := def == "drops = false"; (err == nil) != ok {
			t.Errorf("spirit with %s: %v", def, err)
		}
	}
}

// TestReiwaForcedPassRoyal checks what the forced pass does to a royal en
// prise (sheet sections 5 and 6): the passing side cannot parry, so the
// capturer's bonus move may take a royal; a side keeps playing while it has
// a royal left, and the game is over once it has none.
func TestReiwaForcedPassRoyal(t *testing.T) {
	pos := reiwaPos(t, reiwaForcedPass)
	if got := reiwaLegal(pos); len(got) != 1 {
		t.Fatalf("moves %v, want the forced pass only", got)
	}
	reiwaPlay(t, pos, "pass")
	reiwaCheckMoves(t, pos, map[string]bool{"8c8b": true, "8c8b7a": true, "8c8b8c": true, "8c7a": true, "8c8b9b": true})
	// The King alone: White keeps its Prince and plays on.
	reiwaPlay(t, pos, "8c8b")
	if pos.GameOver() || pos.RoyalCount(White) != 1 || len(reiwaLegal(pos)) == 0 {
		t.Errorf("after the King is taken: game over %v, White royals %d", pos.GameOver(), pos.RoyalCount(White))
	}
	pos.Unmake()
	// King and Prince in one double capture: the game is over.
	reiwaPlay(t, pos, "8c8b7a")
	if !pos.GameOver() || pos.RoyalCount(White) != 0 || len(reiwaLegal(pos)) != 0 {
		t.Errorf("after King and Prince are taken: game over %v, White royals %d", pos.GameOver(), pos.RoyalCount(White))
	}
	// A player in check may take a Spirit elsewhere instead: the forced pass
	// stops the capture of its King (White's Rook 8c attacks Black's King 8o).
	check := reiwaPos(t, "k14/15/7r7/15/15/15/15/3u11/3N11/15/15/15/15/15/7K7 b - 1")
	reiwaPlay(t, check, "12i12h", "pass")
	if check.SideToMove() != Black || check.RoyalCount(Black) != 1 {
		t.Fatalf("after the Spirit capture and the pass: %s", check.SFEN())
	}
	reiwaCheckMoves(t, check, map[string]bool{"8o9o": true})
}

// TestReiwaLinearLions checks the linear Lion powers (sheet section 3): step,
// jump to the second square, capture on the first square then go on or come
// back, pass through an empty first square, along the listed directions
// only.
func TestReiwaLinearLions(t *testing.T) {
	pos := reiwaPos(t, reiwaLinearLions)
	reiwaCheckMoves(t, pos, map[string]bool{
		// Horned Falcon 12j: Lion power straight forward (12i Pawn, 12h Silver).
		"12j12i12h": true, "12j12i12j": true, "12j12h": true, "12j12i": true,
		"12j12i11h": false, "12j12i13i": false, "12j13i12j": false,
		// Soaring Eagle 8j: forward diagonals (9i Pawn, 10h Gold; 7i empty).
		"8j9i10h": true, "8j9i8j": true, "8j10h": true, "8j7i8j": true, "8j6h": true,
		"8j9i9h": false, "8j8i8j": false,
		// Strong Bear 4j: sideways and back (5j Pawn, 6j Gold; 4k Pawn).
		"4j5j6j": true, "4j5j4j": true, "4j6j": true, "4j4k4l": true, "4j4k4j": true,
		"4j3j4j": true, "4j2j": true, "4j4l": true, "4j4k5l": false, "4j5j5i": false,
		// Great Shark 12e: back diagonals (13f Pawn, 14g Copper; 11f empty),
		// at most 2 straight back, slides elsewhere.
		"12e13f14g": true, "12e13f12e": true, "12e14g": true, "12e11f12e": true, "12e10g": true,
		"12e12g": true, "12e12h": false, "12e12f12e": false, "12e13f13g": false,
		// Mountain Crane 4e: forward, forward diagonals (4d, 4c Pawns; 5d
		// Silver; 3d empty), slides on along the forward diagonals, at most
		// 2 diagonally back.
		"4e4d4c": true, "4e4d4e": true, "4e4c": true, "4e5d6c": true, "4e5d4e": true,
		"4e6c": true, "4e3d4e": true, "4e2c": true, "4e1b": true,
		"4e7b": false, "4e4d4d": false, "4e6g": true, "4e7h": false, "4e4b": false,
	})
	// White's Falcon 10c and Eagle 6d, after a Black move.
	reiwaPlay(t, pos, "15o14o")
	reiwaCheckMoves(t, pos, map[string]bool{
		"10c10d10e": true, "10c10d10c": true, "10c10e": true, "10c10b10c": false,
		"6d7e8f": true, "6d7e6d": true, "6d5e6d": true, "6d8f": true, "6d7c6d": false,
	})
}

// TestReiwaJumpers checks the jumping pieces (sheet section 3) and
// promotion on entering the zone by a jump.
func TestReiwaJumpers(t *testing.T) {
	pos := reiwaPos(t, reiwaJumpers)
	reiwaCheckMoves(t, pos, map[string]bool{
		// Kirin 12f: jumps 2 orthogonally; takes the Gold 12d entering
		// the zone (it may become a Lion).
		"12f12d": true, "12f12d+": true, "12f12h": true, "12f12h+": false, "12f11e+": true,
		"12f14f": false, "12f12e": false,
		// Phoenix 9g: jumps 2 diagonally, enters the zone on 11e and 7e.
		"9g11e": true, "9g11e+": true, "9g7i": true, "9g7i+": false, "9g10f": false,
		// Thunder Runner 6g: the 8 knight jumps; takes the Lion 7e entering
		// the zone (it may become a Buddhist Spirit).
		"6g7e": true, "6g7e+": true, "6g5e+": true, "6g4f": true, "6g8h": true, "6g5i": true,
		// Leaping Hare 3f: the 4 forward knight jumps (wide ones too),
		// steps sideways and diagonally back; no backward jumps.
		"3f4d+": true, "3f2d+": true, "3f5e+": true, "3f5e": true, "3f4h": false, "3f2f": true, "3f4g": true, "3f3g": false,
		// Poisonous Snake 14f: jumps 2 straight forward.
		"14f14d+": true, "14f14d": true, "14f13e": true, "14f14e": false,
		// Donkey 10f: jumps 2 diagonally forward.
		"10f12d": true, "10f12d+": true, "10f8d+": true, "10f11g": true, "10f8h": false, "10f10h": false,
	})
}

// TestReiwaPromotion checks the zone (sheet section 4): a piece may promote
// when it enters the zone, or starts inside it and captures; Pawn, Lance and
// Ram's-Head Soldier must promote on the last rank, even by a move that
// could not promote otherwise.
func TestReiwaPromotion(t *testing.T) {
	pos := reiwaPos(t, reiwaJumpers)
	reiwaCheckMoves(t, pos, map[string]bool{
		// Go-Between 11f enters the zone: optional (to a non-royal Drunk Elephant).
		"11f11e": true, "11f11e+": true,
		// Gold 7b takes inside the zone: optional; a non-capture inside may not.
		"7b7a": true, "7b7a+": true, "7b8b": true, "7b8b+": false,
		// Pawn 13b to the last rank: promotion only.
		"13b13a+": true, "13b13a": false,
		// Lance 1e inside the zone: no promotion on non-captures; 1b+ by capture.
		"1e1c": true, "1e1c+": false, "1e1b": true, "1e1b+": true,
		// Ram's-Head Soldier 5c: 3a only with promotion; 6b by capture optional;
		// 4b without.
		"5c3a+": true, "5c3a": false, "5c6b": true, "5c6b+": true, "5c4b": true, "5c4b+": false,
	})
	// A capture that starts inside the zone and ends outside may promote; a
	// move from outside to outside may not.
	out := reiwaPos(t, "k14/15/15/15/6G8/6p8/15/15/4S10/3p11/15/15/15/15/14K b - 1")
	reiwaCheckMoves(t, out, map[string]bool{"9e9f": true, "9e9f+": true, "11i12j": true, "11i12j+": false})
	// White: Pawn 10n and Lance 14k reach rank o only promoting.
	reiwaPlay(t, pos, "15o15n")
	reiwaCheckMoves(t, pos, map[string]bool{
		"10n10o+": true, "10n10o": false, "14k14o+": true, "14k14o": false, "14k14n": true, "14k14n+": false,
	})
	// What a promoted piece is.
	v := pos.Variant()
	for id, want := range map[string]string{
		"+G": "R", "+S": "vRsW", "+C": "sRvW", "+F": "B", "+H'": "bRfBfR2sW", "+S'": "sRfF2bF",
		"+D'": "fRsR2bWbF", "+O": "KNADcaKmabK", "+X": "Q", "+T'": "KNADcaKmabKQ", "+P": "WfF",
		"+I": "FfsW", "+E": "K", "+B": "BW", "+R": "RF",
	} {
		if t2, ok := v.PieceByID(id); !ok || v.Info(t2).Betza != want {
			t.Errorf("%s moves as %q, want %s", id, v.Info(t2).Betza, want)
		}
	}
	for id, royal := range map[string]bool{"K": true, "+E": true, "E": false, "+I": false} {
		if t2, _ := v.PieceByID(id); v.Info(t2).Royal != royal {
			t.Errorf("%s royal = %v", id, !royal)
		}
	}
	for id, spirit := range map[string]bool{"U": true, "+T'": true, "T'": false, "N": false, "+O": false} {
		if t2, _ := v.PieceByID(id); v.Info(t2).Spirit != spirit {
			t.Errorf("%s spirit = %v", id, !spirit)
		}
	}
	for _, p := range v.Pieces[1:] {
		if p.Lion {
			t.Errorf("%s has the chu lion flag; Reiwa has no lion-trading rules", p.ID)
		}
		if (p.ID == "K" || p.ID == "N" || p.ID == "U" || p.ID == "Q" || p.Promoted) != (p.PromotesTo == 0) {
			t.Errorf("%s promotes to %d", p.ID, p.PromotesTo)
		}
	}
}

// TestReiwaOverlap checks that a piece whose atoms overlap (the Buddhist
// Spirit: Lion and Queen) generates each move once: the Queen slide makes
// the steps and the 2-square moves over an empty square, the Lion jump the
// 2-square moves over an occupied one.
func TestReiwaOverlap(t *testing.T) {
	pos := reiwaPos(t, "2k12/15/15/15/15/15/7p7/7U7/15/15/15/15/15/15/13K1 b - 1")
	seen := map[string]int{}
	var l MoveList
	pos.GenerateLegal(&l)
	n := 0
	for _, m := range l.Slice() {
		if m.From() == MakeSquare(7, 7) {
			seen[pos.MoveUSI(m)]++
			n++
		}
	}
	for u, c := range seen {
		if c > 1 {
			t.Errorf("%s generated %d times", u, c)
		}
	}
	// Queen: 8g (the Pawn) + 7 down + 7 left + 7 right + 4 x 7 diagonal =
	// 50; Lion: the 8 knight squares and 8f over the Pawn = 9 more, 8 moves
	// through the Pawn (7 double moves, igui), 1 pass: 68.
	reiwaCheckMoves(t, pos, map[string]bool{
		"8h8g": true, "8h8f": true, "8h8e": false, "8h8g8f": true, "8h8g8h": true,
		"8h8g7g": true, "8h6f": true, "8h1a": true, "8h9f": true, "8h8d": false,
	})
	if n != 68 {
		t.Errorf("the Spirit has %d moves, want 68", n)
	}
}

// TestPromotedRoyalCount is a regression test: a Drunk Elephant that
// promotes to a royal Prince by an ordinary move must count as a royal, so
// that losing it later leaves its side with the King (it used to leave the
// royal count at zero, ending the game; chu's Crown Prince likewise).
func TestPromotedRoyalCount(t *testing.T) {
	for _, c := range []struct{ variant, sfen, promote, take string }{
		{"reiwadai", "k14/6r8/15/15/15/6E8/15/15/15/15/15/15/15/15/14K b - 1", "9f9e+", "9b9e"},
		{"chu", "k11/6r5/12/12/6E5/12/12/12/12/12/12/11K b - 1", "6e6d+", "6b6d"},
	} {
		pos := perftPosition(t, c.variant, c.sfen)
		before := pos.SFEN()
		m, err := pos.ParseMoveUSI(c.promote)
		if err != nil {
			t.Fatalf("%s %s: %v", c.variant, c.promote, err)
		}
		pos.Make(m)
		if pos.RoyalCount(Black) != 2 {
			t.Errorf("%s: %d Black royals after %s", c.variant, pos.RoyalCount(Black), c.promote)
		}
		m, err = pos.ParseMoveUSI(c.take)
		if err != nil {
			t.Fatalf("%s %s: %v", c.variant, c.take, err)
		}
		pos.Make(m)
		if pos.RoyalCount(Black) != 1 || pos.GameOver() {
			t.Errorf("%s: after %s Black has %d royals, game over %v", c.variant, c.take, pos.RoyalCount(Black), pos.GameOver())
		}
		pos.Unmake()
		pos.Unmake()
		if pos.SFEN() != before || pos.RoyalCount(Black) != 1 {
			t.Errorf("%s: unmake gave %s with %d royals", c.variant, pos.SFEN(), pos.RoyalCount(Black))
		}
	}
}

// TestReiwaAllocs checks that generation and make/unmake stay free of
// allocations with Reiwa's overlapping atoms and the forced pass.
func TestReiwaAllocs(t *testing.T) {
	list := new(MoveList)
	for _, sfen := range []string{reiwaStart, reiwaSpirits, reiwaForcedPass, reiwaLinearLions} {
		pos := reiwaPos(t, sfen)
		moves := new(MoveList)
		pos.GenerateLegal(moves)
		run := func() {
			list.N = 0
			pos.GenerateLegal(list)
			for _, m := range moves.Slice() {
				pos.Make(m)
				pos.Unmake()
			}
		}
		run()
		if n := testing.AllocsPerRun(20, run); n != 0 {
			t.Errorf("%s: %.1f allocations per run", sfen, n)
		}
	}
}

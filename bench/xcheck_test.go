package bench

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/kirin-shogi/kirin/movegen"
)

// The cross-check tests compare Kirin's perft with independent engines:
// Fairy-Stockfish 11.1 (shogi built in; heian from testdata/fsf-variants.ini)
// and SjaakII (okisaki from testdata/sjaakii-okisaki.txt), on every position
// of movegen/testdata/perft/<variant>.epd, up to a node budget per run. They
// skip when an engine is missing, unless KIRIN_REQUIRE_REFERENCE_ENGINES is
// set (CI sets it), in which case they fail.
//
// Known convention differences, added back exactly rather than hidden:
//   - both engines count a pawn drop that mates as a move (they reject it
//     only in search); Kirin does not generate it. Such a drop at the last
//     ply adds one leaf; below an earlier ply it adds nothing (the mated side
//     has no moves), so reference = Kirin + mating pawn drops at the last ply;
//   - under the bare-king rule Fairy-Stockfish's extinction rule (with
//     extinctionClaim, [heian]) ends the game where Kirin does, but it has no
//     draw for two bare kings: it plays King against King on. Kirin's count
//     of such a node is 0 below it; the reference's is the perft of the
//     same position with the rule off (nothing is left to bare), which
//     perftFSF adds back;
//   - SjaakII's perft ignores the bare-king rule, so okisaki is compared
//     with the rule switched off on both sides; the rule itself is checked
//     against Fairy-Stockfish in positions whose pieces shogi has too
//     (TestCrossCheckBareKing).

// referenceEngine returns the path of a reference engine, or skips (fails
// under KIRIN_REQUIRE_REFERENCE_ENGINES) when it is not installed.
func referenceEngine(t *testing.T, name string) string {
	t.Helper()
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	if p := "/usr/games/" + name; fileExists(p) {
		return p
	}
	if os.Getenv("KIRIN_REQUIRE_REFERENCE_ENGINES") != "" {
		t.Fatalf("reference engine %s is not installed (apt-get install %s)", name, name)
	}
	t.Skipf("reference engine %s is not installed", name)
	return ""
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// epdCase is one line of a perft EPD file.
type epdCase struct {
	sfen  string
	nodes []uint64 // nodes[d-1] for depth d
}

func readEPD(t *testing.T, variant string) []epdCase {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "movegen", "testdata", "perft", variant+".epd"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []epdCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		parts := strings.Split(line, ";")
		c := epdCase{sfen: strings.TrimSpace(parts[0])}
		for _, p := range parts[1:] {
			var d int
			var n uint64
			if _, err := fmt.Sscanf(strings.TrimSpace(p), "D%d %d", &d, &n); err != nil || d != len(c.nodes)+1 {
				t.Fatalf("%s.epd: bad field %q", variant, p)
			}
			c.nodes = append(c.nodes, n)
		}
		out = append(out, c)
	}
	if len(out) == 0 {
		t.Fatalf("%s.epd has no positions", variant)
	}
	return out
}

// externalFEN writes pos as Fairy-Stockfish and SjaakII read it: the board,
// the hands in brackets (upper case first player), and w for the first
// player (Black).
func externalFEN(pos *movegen.Position) string {
	v := pos.Variant()
	var hand strings.Builder
	for c := movegen.Black; c <= movegen.White; c++ {
		for _, t := range v.HandTypes {
			id := v.Pieces[t].ID
			if c == movegen.White {
				id = strings.ToLower(id)
			}
			hand.WriteString(strings.Repeat(id, pos.Hand(c, t)))
		}
	}
	side := "w"
	if pos.SideToMove() == movegen.White {
		side = "b"
	}
	return strings.Fields(pos.SFEN())[0] + "[" + hand.String() + "] " + side
}

// perftPlusDropMates returns Kirin's perft and the number of mating drops of
// NoDropMate pieces at the last ply (legal but for that rule).
func perftPlusDropMates(pos *movegen.Position, depth int) (nodes, mates uint64) {
	return perftFSF(pos, nil, depth)
}

// perftFSF is perftPlusDropMates counted as Fairy-Stockfish counts the
// bare-king rule when noBare (the variant with the rule off) is not nil: a
// node where both sides are bare (Kirin: a draw, no children) counts its
// subtree as a game without the rule.
func perftFSF(pos *movegen.Position, noBare *movegen.Variant, depth int) (nodes, mates uint64) {
	if noBare != nil && pos.GameOver() && pos.StaticOutcome().Reason == movegen.ReasonBareKings {
		kk, err := movegen.NewPosition(noBare, pos.SFEN())
		if err != nil {
			panic(err)
		}
		return perftFSF(kk, nil, depth)
	}
	var legal, pseudo movegen.MoveList
	pos.GenerateLegal(&legal)
	if depth == 1 {
		nodes = uint64(legal.N)
		if pos.GameOver() {
			return nodes, 0
		}
		pos.GeneratePseudo(&pseudo)
		us := pos.SideToMove()
		for _, m := range pseudo.Slice() {
			if !m.IsDrop() || !pos.Variant().Pieces[m.DropType()].NoDropMate || !pos.DropMates(m) {
				continue
			}
			pos.Make(m)
			safe := !royalAttacked(pos, us)
			pos.Unmake()
			if safe {
				mates++
			}
		}
		return nodes, mates
	}
	for _, m := range legal.Slice() {
		pos.Make(m)
		n, k := perftFSF(pos, noBare, depth-1)
		pos.Unmake()
		nodes += n
		mates += k
	}
	return nodes, mates
}

func royalAttacked(pos *movegen.Position, c movegen.Color) bool {
	for _, s := range pos.Pieces(c) {
		if pos.Variant().Pieces[pos.At(s).Type()].Royal && pos.Attacked(s, c.Other()) {
			return true
		}
	}
	return false
}

var fsfNodes = regexp.MustCompile(`(?m)^Nodes searched: (\d+)`)

// fsfPerft runs Fairy-Stockfish's perft.
func fsfPerft(t testing.TB, bin, variant, fen string, depth int) uint64 {
	t.Helper()
	ini, _ := filepath.Abs(filepath.Join("testdata", "fsf-variants.ini"))
	script := fmt.Sprintf("uci\nsetoption name VariantPath value %s\nsetoption name UCI_Variant value %s\nposition fen %s - - 0 1\ngo perft %d\nquit\n",
		ini, variant, fen, depth)
	cmd := exec.Command(bin)
	cmd.Stdin = strings.NewReader(script)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("fairy-stockfish: %v", err)
	}
	m := fsfNodes.FindSubmatch(out)
	if m == nil {
		t.Fatalf("fairy-stockfish printed no node count for %s:\n%s", fen, out)
	}
	n, _ := strconv.ParseUint(string(m[1]), 10, 64)
	return n
}

var (
	sjaakPrompt = regexp.MustCompile(`#\[[^]]*\] [0-9]*[wb][^>]*>`)
	sjaakLine   = regexp.MustCompile(`(?m)^\s*(\d+)\s+(\d+)\s+[\d.]+\s+[\d.]+nps`)
)

// sjaakPerft runs SjaakII's perft and returns the counts for depths 1..depth.
// SjaakII answers a ping only after the perft has finished, so the script
// waits for the pong before it quits.
func sjaakPerft(t testing.TB, bin, variant, fen string, depth int) []uint64 {
	t.Helper()
	def, _ := filepath.Abs(filepath.Join("testdata", "sjaakii-"+variant+".txt"))
	cmd := exec.Command(bin, def)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	outPipe, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		t.Fatalf("sjaakii: %v", err)
	}
	fmt.Fprintf(in, "variant %s\nnew\nsetboard %s 0 1\nperft %d\nping 1\n", variant, fen, depth)
	var out strings.Builder
	sc := bufio.NewScanner(outPipe)
	for sc.Scan() {
		out.WriteString(sc.Text())
		out.WriteByte('\n')
		if strings.Contains(sc.Text(), "pong 1") {
			break
		}
	}
	fmt.Fprintln(in, "quit")
	in.Close()
	_ = cmd.Wait()
	text := sjaakPrompt.ReplaceAllString(out.String(), "")
	counts := make([]uint64, depth)
	found := 0
	for _, m := range sjaakLine.FindAllStringSubmatch(text, -1) {
		d, _ := strconv.Atoi(m[1])
		n, _ := strconv.ParseUint(m[2], 10, 64)
		if d >= 1 && d <= depth {
			counts[d-1] = n
			found++
		}
	}
	if found != depth {
		t.Fatalf("sjaakii printed %d of %d perft lines for %s:\n%s", found, depth, fen, text)
	}
	return counts
}

// nodeBudget caps the reference runs so the cross-checks stay within a few
// seconds each on CI's two cores.
const nodeBudget = 3_000_000

// withoutBareKing returns a copy of v with the bare-king rule off, or nil if
// v has none.
func withoutBareKing(v *movegen.Variant) *movegen.Variant {
	if !v.BareKing {
		return nil
	}
	noBare := *v
	noBare.BareKing = false
	return &noBare
}

func TestCrossCheckFairyStockfish(t *testing.T) {
	bin := referenceEngine(t, "fairy-stockfish")
	for _, variant := range []string{"shogi", "heian"} {
		v, err := movegen.Lookup(variant)
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range readEPD(t, variant) {
			checkFSF(t, bin, v, variant, fmt.Sprintf("%s #%d", variant, i+1), c.sfen, c.nodes)
		}
	}
}

// checkFSF compares Kirin's perft of sfen in v (pinned counts nodes, for
// depths 1..len(nodes), up to the node budget) with Fairy-Stockfish's in its
// variant fsfName, adding back the convention differences (perftFSF).
func checkFSF(t *testing.T, bin string, v *movegen.Variant, fsfName, label, sfen string, nodes []uint64) {
	t.Helper()
	pos, err := movegen.NewPosition(v, sfen)
	if err != nil {
		t.Fatal(err)
	}
	fen := externalFEN(pos)
	noBare := withoutBareKing(v)
	for d := 1; d <= len(nodes) && nodes[d-1] <= nodeBudget; d++ {
		kirin := movegen.Perft(pos, d)
		if kirin != nodes[d-1] {
			t.Errorf("%s %s d%d: Kirin %d, pinned %d", label, sfen, d, kirin, nodes[d-1])
		}
		fsfWay, mates := perftFSF(pos, noBare, d)
		ref := fsfPerft(t, bin, fsfName, fen, d)
		kk := fsfWay - kirin
		if ref != fsfWay+mates {
			t.Errorf("%s %s d%d: Fairy-Stockfish %d, Kirin %d + %d below two bare kings + %d mating pawn drops", label, sfen, d, ref, kirin, kk, mates)
		} else {
			t.Logf("%s d%d: Kirin %d = Fairy-Stockfish %d - %d below two bare kings - %d mating pawn drops", label, d, kirin, ref, kk, mates)
		}
	}
}

// TestCrossCheckBareKing checks the bare-king rule's perft convention
// against Fairy-Stockfish 11.1 in positions built for it (docs/perft.md):
// where the bared side's reply cannot bare the winner back, the game is over
// at once; where the winner kept a single piece besides its King, the bared
// side replies. Okisaki positions use only pieces shogi has too, so the
// [okisakishogi] section of testdata/fsf-variants.ini plays them.
func TestCrossCheckBareKing(t *testing.T) {
	bin := referenceEngine(t, "fairy-stockfish")
	for _, c := range bareKingCases {
		v, err := movegen.Lookup(c.variant)
		if err != nil {
			t.Fatal(err)
		}
		checkFSF(t, bin, v, c.fsf, c.name, c.sfen, c.nodes)
	}
}

func TestCrossCheckSjaakII(t *testing.T) {
	bin := referenceEngine(t, "sjaakii")
	base, err := movegen.Lookup("okisaki")
	if err != nil {
		t.Fatal(err)
	}
	// SjaakII's perft has no bare-king rule; compare with it switched off.
	noBare := *base
	noBare.BareKing = false
	for i, c := range readEPD(t, "okisaki") {
		pos, err := movegen.NewPosition(&noBare, c.sfen)
		if err != nil {
			t.Fatal(err)
		}
		depth := 0
		for depth < len(c.nodes) && c.nodes[depth] <= nodeBudget {
			depth++
		}
		ref := sjaakPerft(t, bin, "okisaki", externalFEN(pos), depth)
		for d := 1; d <= depth; d++ {
			kirin, mates := perftPlusDropMates(pos, d)
			if ref[d-1] != kirin+mates {
				t.Errorf("okisaki #%d %s d%d: SjaakII %d, Kirin %d + %d mating pawn drops", i+1, c.sfen, d, ref[d-1], kirin, mates)
			} else {
				t.Logf("okisaki #%d d%d: %d = SjaakII %d - %d mating pawn drops", i+1, d, kirin, ref[d-1], mates)
			}
		}
	}
}

// bareKingCases are the positions of TestCrossCheckBareKing with Kirin's
// counts; fsf names the Fairy-Stockfish variant (testdata/fsf-variants.ini).
var bareKingCases = []struct {
	name, variant, fsf, sfen string
	nodes                    []uint64
}{
	// Gx6c bares White; with the Pawn in hand Black has 3 pieces, so White
	// gets no reply (movegen/testdata/perft/okisaki.epd).
	{"okisaki/bareking", "okisaki", "okisakishogi", "4k5/10/4p5/4G5/10/10/10/10/10/4K5 b - 1", []uint64{11, 56, 606, 3430}},
	// Black is bare but White has only King + Pawn: Black replies. Kx6i
	// bares White, and Black's King with the Pawn in hand is 2 pieces, so
	// White replies too (5 King moves); then White, bare, has lost.
	{"okisaki/king-takes-last", "okisaki", "okisakishogi", "4k5/10/10/10/10/10/10/10/4p5/4K5 b - 1", []uint64{5, 5, 0, 0}},
}

package interop

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// samplePGN holds two games as XBoard 4.9.1 saved them (cut short): one
// that ended well and the forfeit that found the Heian dai promotion bug.
const samplePGN = `[Event "Computer Chess Game"]
[Round "1"]
[White "Kirin c8c2688"]
[Black "HaChu 0.21"]
[Result "1-0"]
[Variant "chu"]

1. Ng5 {+0.10/8} Ng8 {-1.08/3} 2. e5 {+0.20/9 0.5} e8 3. Xe4 {+0.23/8 0.5}
Sd11 {-1.06/4 0.5} 4. c5 {+0.23/7 0.7} Si11 {-1.06/4 0.6} 5. f5
{+0.20/7 2.5} c8 {-0.97/4 0.6} 6. Nxe5-d5 Nxh8xg8 7. @@@@ --
{Xboard adjudication: Checkmate} 1-0

[Event "Computer Chess Game"]
[Round "1"]
[White "Kirin c8c2688"]
[Black "Kirin c8c2688"]
[Result "0-1"]
[Variant "heiandai"]

1. c4 {+0.07/5} k10 {-0.10/5 0.1} 2. Dxl12 {+0.07/5} Ixl12 {-0.10/5} 3. m4
{-0.02/5} Sd12 {-0.10/5} 4. Dm3 {+0.04/5} Ik11 {-0.10/5} 5. Dh8 {-0.06/5}
c10 {-0.10/5}
{Xboard: Forfeit due to invalid move: a12b13 (a<b= via ` + "`0, `0" + `) res=24} 0-1
`

// TestPGNChecks checks the PGN reader and the per-game checks on a saved
// sample, so a bad game cannot pass unnoticed.
func TestPGNChecks(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sample.pgn")
	if err := os.WriteFile(path, []byte(samplePGN), 0o644); err != nil {
		t.Fatal(err)
	}
	games := readPGN(t, path)
	if len(games) != 2 {
		t.Fatalf("%d games, want 2", len(games))
	}
	if g := games[0]; g.plies != 14 || g.comment != "Xboard adjudication: Checkmate" || len(gameProblems(g)) != 0 {
		t.Errorf("game 1: %d plies, {%s}, problems %v", g.plies, g.comment, gameProblems(g))
	}
	g := games[1]
	p := gameProblems(g)
	if g.plies != 10 || len(p) != 1 || !strings.Contains(p[0], "Forfeit") {
		t.Errorf("game 2: %d plies, problems %v", g.plies, p)
	}
}

package movegen

import (
	"strings"
	"testing"
)

// captureGame promotes on capture only (tai shogi's rule), with becomes=
// sharing existing types.
const captureGame = `[capt]
board = 7x7
zone = 0
promotion = capture
deadpieces = allow
start = 3k3/7/7/7/7/7/3K3 b - 1
piece = K  king       K    royal
piece = DE elephant   FfsW becomes=CP
piece = CP prince     K    royal value=400
piece = G  gold       WfF  value=300
piece = P  pawn       fW   value=100 becomes=G
piece = R  rook       R    value=600 promote=G
`

func TestPromotionOnCapture(t *testing.T) {
	vs, err := ParseVariants("capt.ini", captureGame)
	if err != nil {
		t.Fatal(err)
	}
	v := vs[0]
	pos, err := NewPosition(v, "3k3/7/2p4/2P4/1p5/P6/3K3 b - 1")
	if err != nil {
		t.Fatal(err)
	}
	var l MoveList
	pos.GenerateLegal(&l)
	var texts []string
	for _, m := range l.Slice() {
		texts = append(texts, pos.MoveUSI(m))
	}
	got := strings.Join(texts, " ")
	// The Pawn on 5d captures 5c and must promote; the Pawn on 7f moves 7e
	// without promoting; the King moves.
	for _, want := range []string{"5d5c+", "7f7e"} {
		if !strings.Contains(" "+got+" ", " "+want+" ") {
			t.Errorf("%s missing from %s", want, got)
		}
	}
	for _, bad := range []string{"5d5c ", "7f7e+"} {
		if strings.Contains(got+" ", bad) {
			t.Errorf("%q generated: %s", strings.TrimSpace(bad), got)
		}
	}
	m, _ := pos.ParseMoveUSI("5d5c+")
	pos.Make(m)
	if f := strings.Fields(pos.SFEN())[0]; !strings.HasPrefix(f, "3k3/7/2G4/") {
		t.Errorf("a promoted Pawn should be a Gold: %s", f)
	}
	pos.Unmake()
	// A royal made by promotion counts as a royal.
	pos, _ = NewPosition(v, "3k3/7/7/7/2r4/2[DE]4/3K3 b - 1")
	m, err = pos.ParseMoveUSI("5f5e+")
	if err != nil {
		t.Fatal(err)
	}
	pos.Make(m)
	if pos.RoyalCount(Black) != 2 || pos.Key() != pos.ComputeKey() {
		t.Errorf("elephant capturing into a prince: royals %d", pos.RoyalCount(Black))
	}
	// A Pawn on the last rank stays there unpromoted.
	pos, _ = NewPosition(v, "P2k3/7/7/7/7/7/3K3 b - 1")
	l.N = 0
	pos.GenerateLegal(&l)
	for _, m := range l.Slice() {
		if m.From() == MakeSquare(0, 0) {
			t.Errorf("dead Pawn moves: %s", pos.MoveUSI(m))
		}
	}
	// Definition errors.
	for _, c := range []struct{ from, to, msg string }{
		{"becomes=G\n", "becomes=XX\n", "undefined piece"},
		{"value=100 becomes=G", "value=100 becomes=R", "promotes itself"},
		{"value=100 becomes=G", "value=100 becomes=G promote=G", "already has a promotion"},
		{"promotion = capture", "promotion = capture\ndrops = true", "drops"},
	} {
		_, err := ParseVariants("capt.ini", strings.Replace(captureGame, c.from, c.to, 1))
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s -> %s: error %v, want %q", c.from, c.to, err, c.msg)
		}
	}
}

package movegen

import (
	"strings"
	"testing"
)

// multiIDs is a small drop game whose pieces have multi-letter IDs, written
// in brackets in SFEN.
const multiIDs = `[multi]
board = 7x7
zone = 2
drops = true
check = true
start = 3k3/7/7/7/7/7/[HM]2K1[FD]L! b - 1
piece = K   king         K    royal
piece = HM  hook-mover   R    value=900
piece = +HM super-mover  Q    value=1200
piece = FD  free-dragon  B    value=700 promote=G
piece = G   gold         WfF  value=300
piece = L!  leaper       N    value=300
`

func TestMultiLetterIDs(t *testing.T) {
	vs, err := ParseVariants("multi.ini", multiIDs)
	if err != nil {
		t.Fatal(err)
	}
	v := vs[0]
	for _, sfen := range []string{
		"3k3/7/7/7/7/7/[HM]2K1[FD]L! b - 1",
		"3k1[hm]1/7/+[FD]6/7/7/7/+[HM]2K3 w 2[HM][FD]GL![fd]2l! 5",
		"[fd]2k3/7/7/7/7/7/3K3 b - 1",
	} {
		pos, err := NewPosition(v, sfen)
		if err != nil {
			t.Fatalf("%s: %v", sfen, err)
		}
		if got := pos.SFEN(); got != sfen {
			t.Errorf("SFEN round trip: %q became %q", sfen, got)
		}
		again, _ := NewPosition(v, pos.SFEN())
		if again.Key() != pos.Key() {
			t.Errorf("%s: key differs after a round trip", sfen)
		}
	}
	// A one-letter ID may be bracketed on input.
	pos, err := NewPosition(v, "3[k]3/7/7/7/7/7/[HM]2[K]1[FD][L!] b - 1")
	if err != nil || pos.SFEN() != "3k3/7/7/7/7/7/[HM]2K1[FD]L! b - 1" {
		t.Errorf("bracketed one-letter IDs: %v %v", err, pos)
	}
	for _, bad := range []string{
		"3k3/7/7/7/7/7/[Hm]2K1[FD]L! b - 1",  // mixed case
		"3k3/7/7/7/7/7/[]2K3[FD]L! b - 1",    // empty
		"3k3/7/7/7/7/7/[HMXYZ]2K2[FD] b - 1", // too long
		"3k3/7/7/7/7/7/[HM2K1[FD]L! b - 1",   // unclosed
		"3k3/7/7/7/7/7/[XY]2K1[FD]L! b - 1",  // unknown
		"3k3/7/7/7/7/7/HM2K1[FD]L! b - 1",    // unbracketed
		"3k3/7/7/7/7/7/[HM]2K1[FD]L! b [HM 1",
	} {
		if _, err := NewPosition(v, bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	// Move text names multi-letter pieces in drops and in Hodges notation.
	pos, _ = NewPosition(v, "3k3/7/7/7/7/7/3K3 b [HM][FD] 1")
	m, err := pos.ParseMoveUSI("HM*4d")
	if err != nil {
		t.Fatal(err)
	}
	if got := pos.MoveUSI(m); got != "HM*4d" {
		t.Errorf("drop text %q", got)
	}
	if h := pos.MoveHodges(m); !strings.HasPrefix(h, "HM*") {
		t.Errorf("Hodges %q", h)
	}
	if _, err := ParseVariants("x.ini", strings.Replace(multiIDs, "piece = HM ", "piece = Hm ", 1)); err == nil {
		t.Error("lower-case letters in a definition ID accepted")
	}
}

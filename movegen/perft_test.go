package movegen

import (
	"testing"
	"time"
)

func TestExplore(t *testing.T) {
	for _, name := range []string{"shogi", "okisaki", "heian", "heiandai", "chu", "dai"} {
		v, err := Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		pos, err := NewPosition(v, "startpos")
		if err != nil {
			t.Fatal(err)
		}
		for d := 1; d <= 3; d++ {
			st := time.Now()
			n := Perft(pos, d)
			t.Logf("%s d%d %d %v", name, d, n, time.Since(st))
		}
	}
}

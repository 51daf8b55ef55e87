package movegen

import (
	"fmt"
	"sort"
	"strings"

	farm "github.com/dgryski/go-farm"
)

// Canonical returns a normalised text of the concluded definition: the keys
// that shape the rules and every piece with its moves and flags. Two variants
// with the same canonical text play the same game; its fingerprint is the
// variant ID.
func (v *Variant) Canonical() string {
	var b strings.Builder
	fmt.Fprintf(&b, "[%s]\n", v.Name)
	keys := make([]string, 0, len(v.sec.keys))
	for k := range v.sec.keys {
		if k != "title" {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, "%s=%s\n", k, v.sec.keys[k])
	}
	fmt.Fprintf(&b, "ruleset=%s\n", v.RuleSet)
	for _, o := range v.options {
		fmt.Fprintf(&b, "option=%s %s\n", o.Name, o.Value)
	}
	for _, p := range v.Pieces[1:] {
		fmt.Fprintf(&b, "piece=%s %s %s %d royal=%t lion=%t nifu=%t dropmate=%t lastrank=%t promotes=%s points=%d\n",
			p.ID, p.Name, p.Betza, p.Value, p.Royal, p.Lion, p.Nifu, p.NoDropMate, p.LastRank,
			v.Pieces[p.PromotesTo].ID, p.Points)
		if p.Contagion != 0 {
			fmt.Fprintf(&b, "contagious=%s\n", v.Pieces[p.Contagion].ID)
		}
		if p.MustPromote {
			b.WriteString("mustpromote\n")
		}
	}
	for _, p := range v.Pieces[1:] {
		if p.Spirit {
			fmt.Fprintf(&b, "spirit=%s\n", p.ID)
		}
	}
	return b.String()
}

// buildKeys derives the Zobrist keys deterministically from the variant ID
// and each piece's ID, so keys do not depend on table order or on a random
// generator. Called once, when the variant is concluded, after the board's
// cells (v.cells) are known: only a cell of the board gets keys, since no
// piece stands and no lion captures anywhere else (the other entries stay
// 0). A 9x9 board has 81 of the grid's NumCells cells, and hashing every
// cell took most of an engine's start-up.
func (v *Variant) buildKeys() {
	v.ID = farm.Fingerprint64([]byte(v.Canonical()))
	nt := len(v.Pieces)
	v.zobrist = make([]uint64, 2*nt*NumCells)
	for t := 1; t < nt; t++ {
		for c := Color(0); c < ColorCount; c++ {
			p := MakePiece(PieceType(t), c)
			for _, s := range v.cells {
				seed := v.ID ^ (uint64(s)<<1 | uint64(c))
				v.zobrist[int(p)*NumCells+int(s)] = farm.Hash64WithSeed([]byte(v.Pieces[t].ID), seed)
			}
		}
	}
	v.sideKey = farm.Hash64WithSeed([]byte("side to move"), v.ID)
	v.spiritKey = farm.Hash64WithSeed([]byte("forced pass"), v.ID)
	v.lionKeys = make([]uint64, NumCells)
	for _, s := range v.cells {
		v.lionKeys[s] = farm.Hash64WithSeed([]byte("lion capture"), v.ID^uint64(s))
	}
	// Hand keys: one per (colour, type, count); a hand never holds more of a
	// type than both sides have on the board at the start.
	v.handMax = 0
	if v.Drops {
		// Hand counts are bytes, so cap the range at 255.
		v.handMax = min(2*v.Files*v.Ranks, 255)
		for c := Color(0); c < ColorCount; c++ {
			for _, t := range v.HandTypes {
				ks := make([]uint64, v.handMax+1)
				for n := 1; n <= v.handMax; n++ {
					ks[n] = farm.Hash64WithSeed([]byte(v.Pieces[t].ID), v.ID^uint64(n)<<20^uint64(c)<<40^0x68616e64)
				}
				v.handKeys[c][t] = ks
			}
		}
	}
}

// pieceKey returns the Zobrist key of piece p on square s.
func (v *Variant) pieceKey(p Piece, s Square) uint64 { return v.zobrist[int(p)*NumCells+int(s)] }

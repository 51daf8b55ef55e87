package movegen

// Tai shogi (shared/rules/tai-shogi.md, docs/tai-design.md): perft rows and
// scenario tests for the rules tai adds: compulsory promotion on capture,
// contagion, the hook movers, the lion dog's three-step paths, the
// emperor's capture restriction and several royals. naive_tai_test.go is
// the second generator the counts agree with (its tsCases hold the same
// positions); docs/tai-design.md section 7 has independent depth-1 counts
// and the start position's depth 2, from a throwaway generator.

import (
	"errors"
	"testing"
)

// Tai positions (also in naive_tai_test.go's tsCases). Files 1-25 from
// Black's right, ranks a-y from the top.
const (
	taiStart = "l[wt]w[fd][lgn]dr[dh][dk][fk]g[dsp]e[dv]g[fk][dk][dh]rd[lgn][fd]w[ts]l/[rc][sdr][se]n[ps][ftp]b[fe][we][fde]s[rg][cp][lg]s[fde][we][fe]b[ftp][ps]n[se][sdr][rc]/[sch][wh][rs][vo][csw][bb][sde][gde][bm][bt][sd][gg][nk][wr][bde][bt][bm][gde][sde][bb][csw][vo][rs][wh][sch]/[so][wbf][fl][nb][sb][cc][hf][om][rb][pc][gbd][ph][ln][ky][gd][pc][ok][om][hf][cc][eb][wb][fl][wbf][so]/[rch][vs][wo][ea][st]tic[or][cs][rd][hm][de][ca][rd][cs][or]cit[st][ea][wo][bd][lch]/[hd][fh][eba][do][fo][sm][vm][vbe][sbr][pst][ab][ew][ld][ew][ab][pst][sbr][vbe][vm][sm][fo][do][eba][fh][hd]/ppppppppppppppppppppppppp/7[gb]9[gb]7/25/25/25/25/25/25/25/25/25/7[GB]9[GB]7/PPPPPPPPPPPPPPPPPPPPPPPPP/[HD][FH][EBA][DO][FO][SM][VM][VBE][SBR][PST][AB][EW][LD][EW][AB][PST][SBR][VBE][VM][SM][FO][DO][EBA][FH][HD]/[LCH][BD][WO][EA][ST]TIC[OR][CS][RD][CA][DE][HM][RD][CS][OR]CIT[ST][EA][WO][VS][RCH]/[SO][WBF][FL][WB][EB][CC][HF][OM][OK][PC][GD][KY][LN][PH][GBD][PC][RB][OM][HF][CC][SB][NB][FL][WBF][SO]/[SCH][WH][RS][VO][CSW][BB][SDE][GDE][BM][BT][BDE][WR][NK][GG][SD][BT][BM][GDE][SDE][BB][CSW][VO][RS][WH][SCH]/[RC][SDR][SE]N[PS][FTP]B[FE][WE][FDE]S[LG][CP][RG]S[FDE][WE][FE]B[FTP][PS]N[SE][SDR][RC]/L[TS]W[FD][LGN]DR[DH][DK][FK]G[DV]E[DSP]G[FK][DK][DH]RD[LGN][FD]W[WT]L b - 1"
	// Files 25-22 are an arena, closed by a file of Black pawns on file 21
	// stacked from rank a (none of them can move); the princes (1y, 1a)
	// stand outside. Black: hook mover 24v, capricorn 22w, peacock 23t,
	// long-nosed goblin 25r, promoted poisonous snake 22p (a hook mover
	// that does not promote again), pawn 24s, gold 25x. White: hook mover
	// 23d, capricorn 25e, peacock 22g, goblin 24h, promoted snake 25k,
	// pawn 23i, gold 22b. White's hooks can turn toward file 21 and take
	// the wall's pawns.
	taiHooks = "4P19[cp]/3gP20/4P20/2[hm]1P20/[ca]3P20/4P20/3[pc]P20/1[lgn]2P20/2p1P20/4P20/+[ps]3P20/4P20/4P20/4P20/4P20/3+[PS]P20/4P20/[LGN]3P20/1P2P20/2[PC]1P20/4P20/1[HM]2P20/3[CA]P20/G3P20/4P19[CP] b - 1"
	// Black's lion dog 13m before White's pawn 13l and deva 13k (C12, C13,
	// R21 over both) and the pawn 14l (igui, C12, C13); the dark spirit
	// 12k stands next to the deva, off the lion dog's lines; promoted western
	// barbarian 8n before a pawn, a gap and White's furious fiend 8k;
	// furious fiend 18o before a gap and a pawn (C23); teaching king 13s
	// behind its own pawn 13r. White: lion dog 13h, furious fiend 8k,
	// western barbarian 19q, silver 16o, gold 7n.
	taiLionDogs = "24[cp]/25/25/25/25/25/25/12[ld]12/25/25/12[dv][dsp]3[ff]7/11pp12/7p4[LD]2p1p7/17+[WB]g6/7[FF]1s15/25/6[wb]18/12P12/12[TK]12/25/25/25/25/25/[CP]24 b - 1"
	// Black's emperor 13m may take White's prince 25a (unprotected) but
	// not the prince 1a, which the gold 2a protects; White has no emperor.
	taiEmperor = "[cp]22g[cp]/25/25/25/25/25/25/25/25/25/25/25/12E12/25/25/25/25/25/25/25/25/25/25/1G23/[CP]24 b - 1"
	// Both emperors. White's emperor 25a is protected by its lion dog 22d
	// (a three-square jump); White's prince 1a by nothing but that
	// emperor, while Black's gold 2b covers 1a; hook movers on both sides
	// (White's capricorn 5h, Black's hook mover 20u).
	taiEmperors = "e23[cp]/23G1/13p11/3[ld]21/25/25/25/20[ca]4/25/25/25/25/12E12/25/25/25/25/25/25/25/5[HM]19/25/25/25/[CP]24 b - 1"
	// Contagion. Black's lion 13m can take White's dark spirit 13l and deva
	// 12l in either order; Black's lion dog 7m has White's dark spirit 7l
	// and deva 7k on its forward line (C13, and R21: the deva is taken
	// last, so it becomes a teaching king); drunk elephant 20m next to a
	// deva (it becomes a prince); rook 18p up to the deva 18h; teaching
	// king 4r up to the dark spirit 4l; Black's own deva 16n and dark
	// spirit 11n for White's gold 16m and rook 11e; White's teaching king
	// 10l and Buddhist spirit 16j.
	taiContagion = "24[cp]/25/25/25/14r10/25/25/7[dv]17/25/9[bsp]15/18[dv]6/5[dv]6[dsp][dv]1[tk]2[dsp]2[dsp]3/5[DE]3g2[LN]5[LD]6/9[DV]4[DSP]10/25/7R17/15G9/21[TK]3/25/25/25/25/25/25/[CP]24 b - 1"
	// Several royals: Black's rook 1k can take White's prince 13k; White's
	// drunk elephant 12l can take the pawn 12m and become a second prince;
	// Black's drunk elephant 12o likewise with the pawn 12n; White's rook
	// 1o takes the elephant.
	taiRoyals = "25/25/25/25/25/25/25/25/25/25/11g[cp]11R/13[de]11/13P11/13p11/12[CP][DE]10r/11G13/25/25/25/25/25/25/25/25/25 b - 1"
	// Random play from the start with captures preferred (seed 6 of a
	// PCG(seed, 7) generator), 60 plies:
	// 13y19c 13a10w 19c11a 10w1t 11a18c 1t21v 18c15g 21v7o 15g18b 7o20x 18b20e
	// 20x3s 20e15e 15d15e 2t3s+ 22f22h 3s3g 2f3g+ 16s16r 3g3t 2u3t 22h22j 17t4g
	// 5f4g 9x10w 4g18u 17v18u+ 16g16h 18u18g 17f18g 19v3f 18g6s 3f4e 4d4e+
	// 21x21v 6s7s 5t19f 7s8r 19f19g 8r8s 9t8s 2e20w 19w20x 20w19x 23s23r 8h8i
	// 4s4r 19x18x 7t7g+ 18x17y 8s20g 22e22f 19g18f 21f20g 18f22j 20g6u 7g7f
	// 6u6v 10y9x 6v7w.
	// Both emperors have been taken; White has a promoted western
	// barbarian (a lion dog) on 4e.
	taiRandom6 = "l[wt]w[fd][lgn]dr[dh][dk][fk]g[dsp]1[dv]1[fk][dk][dh]rd[lgn][fd]w[ts]l/[rc][sdr][se]n[ps][ftp]b1[we][fde]s[rg][cp][lg]s[fde][we][fe]b[ftp][ps]n[se][sdr][rc]/[sch][wh][rs][vo][csw][bb]2[bm][bt][sd][gg][nk][wr][bde][bt][bm][gde][sde][bb][csw][vo][rs][wh][sch]/[so][wbf][fl][nb][sb][cc][hf][om][rb][pc]1[ph][ln][ky][gd][pc][ok][om][hf][cc][eb]1[fl][wbf][so]/[rch][vs][wo]1[st]1ic[or][cs][gbd][hm][de][ca][rd][cs][or]cit[st]+[wb][wo]1[lch]/[hd][fh][eba][ea]1[sm]3[pst][ab][ew][ld][ew][ab][pst][sbr][vbe]G[sm]1[do]2[hd]/ppppp3p2ppppppp1pp2pp/7[gb]1p15/17[gb]7/3[FO]21/25/25/25/25/25/25/25/2P4[GB]1P11P3/PP1PPPPPP1PPPPPPP3P2PP/[HD][FH][EBA][DO][FO][SM][VM][VBE]1[PST][AB][EW][LD][EW][AB][PST]1[VBE]1[SM]1[DO][VS]2/[LCH][BD][WO][EA][ST]TI1[OR][CS][RD][CA][DE][HM][RD][CS][OR]CI1[ST][EA][WO]1[RCH]/[SO][WBF][FL][WB][PS][CC]1[OM]1[PC][GD][KY][LN][PH][GBD][PC][RB][OM][HF]1[SB][NB][FL][WBF][SO]/[SCH][WH][RS][VO][CSW]2[GDE][BM][BT][BDE][WR][NK][GG][SD][WE][BM][GDE][fo][BB][CSW][VO][RS][WH][SCH]/[RC][SDR][SE]N1[SDE]2[WE][FDE]S[LG][CP][RG]S[FDE][FK][FE]B[FTP][PS]N[SE][SDR][RC]/L[TS]W[FD][LGN]DR[DH][bd][FK]G[DV]1[DSP]G1[DK][DH]RD[LGN][FD]W[WT]L b - 61"
	// The same with seed 1:
	// 13y13d 13a16o 13d19d 16o15s 19d21b 15s7v 21b15c 7v7w 15c8c 7w16p 8c20m
	// 16p9t 20m22e 9t22y 22e24b 22y25n 24b18e 25n22t 18e24e 22t23w 24e5c 23w25y
	// 5c2c 25y6x 2c17f 6x22u 17f2d 22u23y 2d12a 23y12r 12a6b 12r16v 6b18f 16v9u
	// 18f3a 15b15c 3a23w 9u14y 23w19g 14y16w 19g15f 16w14x 15f10f 14x18u 10f25o
	// 18u18s 25o25q 18s21s 25q16r 21s20s 16r2l 20s21w 2l18a 21w11x 18a8g 11x12w
	// 8g20g 12w5o 20g4a 5o11s.
	// Both emperors are deep in the enemy camp: 625 moves.
	taiRandom1 = "l[wt]w[fd][lgn]dr1[dk][fk]g[dsp]2g[fk][dk][dh]rd[lgn]E1[ts]l/[rc]1[se]n1[ftp]b[fe][we][fde]1[rg][cp][lg]s[fde][we][fe]b1[ps]n[se][sdr][rc]/[sch][wh][rs][vo][csw][bb][sde][gde][bm][bt]s[gg][nk][wr][bde][bt][bm]1[sde][bb]1[vo][rs]1[sch]/[so][wbf][fl][nb][sb][cc]1[om][rb][pc][gbd][ph]1[ky][gd][pc][ok][om][hf][cc][eb][wb][fl]1[so]/[rch]1[wo]1[st]ti1[or][cs][rd][hm][de][ca][rd][cs][or]cit[st][ea][wo][bd][lch]/[hd][fh][eba][do][fo][sm][vm]2[pst]1[ew][ld][ew][ab]1[sbr][vbe][vm][sm][fo][do][eba][fh][hd]/ppppp2pppppppppp1ppppppp/7[gb]9[gb]7/25/25/25/25/25/25/25/25/25/7[GB]9[GB]7/PPPP2P1PP1PPPePPPPPPPPPP/[HD][FH][EBA]1[FO][SM][VM][VBE][SBR][PST][AB][EW][LD][EW][AB][PST]1[VBE][VM][SM][FO][DO][EBA][FH][HD]/[LCH][BD][WO]1[ST]TI1[OR][CS][RD][CA][DE][HM][RD][CS]1CIT[ST][EA][WO][VS][RCH]/[SO][WBF][FL][WB][EB][CC][HF][OM][OK]1[GD][KY][LN][PH][GBD][PC][RB][OM]1[CC][SB][NB][FL][WBF][SO]/[SCH][WH]1[VO]1[BB][SDE][GDE][BM]1[BDE][WR][NK]1[SD][BT][BM][GDE]1[BB][CSW][VO][RS][WH][SCH]/[RC][SDR][SE]N[PS][FTP]B[FE][WE][FDE]S1[CP][RG]1[FDE][WE][FE]B1[PS]N[SE][SDR][RC]/1[TS]2[LGN]DR[DH][DK][FK]G2[DSP]G[FK][DK][DH]RD[LGN][FD]W[WT]L b - 61"
)

const (
	taiNaive  = "independent Tai generator (naive_tai_test.go)"
	taiDesign = "docs/tai-design.md section 7 (throwaway generator from the sheet); " + taiNaive
	taiKirin  = "kirin only: no independent engine counts this (see docs/perft.md)"
)

// taiPerftCases join perftCases (TestPerft, TestPerftEPD and the SFEN and
// notation round trips then cover them); testdata/perft/tai.epd holds the
// same rows.
var taiPerftCases = []perftCase{
	// Start position. Hand count d1 (design note section 7): the emperor
	// 271 empty squares + 175 white non-royals (both white royals are
	// protected), 23 pawns, 2 go-betweens, 2 donkeys, the lion dog's 6
	// jumps over its own pawns = 479.
	{"tai/start", "tai", taiStart, 1, 479, "hand count (see comment); " + taiDesign},
	{"tai/start", "tai", taiStart, 2, 230770, taiDesign},
	{"tai/start", "tai", taiStart, 3, 111363923, taiKirin},
	{"tai/hooks", "tai", taiHooks, 1, 113, taiNaive},
	{"tai/hooks", "tai", taiHooks, 2, 17790, taiNaive},
	{"tai/hooks", "tai", taiHooks, 3, 2105267, taiNaive},
	{"tai/liondogs", "tai", taiLionDogs, 1, 162, taiNaive},
	{"tai/liondogs", "tai", taiLionDogs, 2, 13680, taiNaive},
	{"tai/liondogs", "tai", taiLionDogs, 3, 2234081, taiNaive},
	{"tai/emperor", "tai", taiEmperor, 1, 629, taiNaive},
	{"tai/emperor", "tai", taiEmperor, 2, 5655, taiNaive},
	{"tai/emperor", "tai", taiEmperor, 3, 3552590, taiNaive},
	{"tai/emperors", "tai", taiEmperors, 1, 1249, taiNaive},
	{"tai/emperors", "tai", taiEmperors, 2, 1187194, taiNaive},
	{"tai/contagion", "tai", taiContagion, 1, 189, taiNaive},
	{"tai/contagion", "tai", taiContagion, 2, 36800, taiNaive},
	{"tai/contagion", "tai", taiContagion, 3, 7163340, taiNaive},
	{"tai/royals", "tai", taiRoyals, 1, 44, taiNaive},
	{"tai/royals", "tai", taiRoyals, 2, 1980, taiNaive},
	{"tai/royals", "tai", taiRoyals, 3, 101220, taiNaive},
	{"tai/random-6", "tai", taiRandom6, 1, 157, taiNaive},
	{"tai/random-6", "tai", taiRandom6, 2, 19291, taiNaive},
	{"tai/random-6", "tai", taiRandom6, 3, 3093843, taiNaive},
	{"tai/random-1", "tai", taiRandom1, 1, 625, taiNaive},
	// The test positions of docs/tai-design.md section 7, one rule each,
	// with the depth-1 counts given there (default readings; the note
	// lists the moves). Both sides have a prince (Black 25y, White 1a)
	// unless the position says otherwise. naive_tai_test.go also compares
	// them (and random-1) at depth 2 and, where quick, 3.
	{"tai/note-promo-capture", "tai", "24[cp]/25/25/25/12p12/25/25/25/25/25/25/25/12R12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", 1, 47, taiDesign},
	{"tai/note-lion-igui", "tai", "24[cp]/25/25/25/25/25/25/25/25/25/25/12p12/12[LN]12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", 1, 36, taiDesign},
	{"tai/note-contagion-tk", "tai", "24[cp]/25/25/25/12[dv]12/25/25/25/25/25/25/5[dv]19/5[DE]6R12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", 1, 48, taiDesign},
	{"tai/note-contagion-bsp", "tai", "24[cp]/25/25/25/25/25/25/25/25/25/25/12[dsp][dv]11/12[LN]12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", 1, 44, taiDesign},
	{"tai/note-liondog-c13", "tai", "24[cp]/25/25/25/25/25/25/25/25/25/12p12/12p12/12[LD]12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", 1, 32, taiDesign},
	{"tai/note-liondog-c23", "tai", "24[cp]/25/25/25/25/25/25/25/25/25/12p12/25/12[LD]12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", 1, 30, taiDesign},
	{"tai/note-liondog-hop", "tai", "24[cp]/25/25/25/25/25/25/25/25/25/12p12/12P12/12[LD]12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", 1, 28, taiDesign},
	{"tai/note-ld-alone", "tai", "24[cp]/25/25/25/25/25/25/25/25/25/25/25/12[LD]12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", 1, 28, taiDesign},
	{"tai/note-tk-alone", "tai", "24[cp]/25/25/25/25/25/25/25/25/25/25/25/12[TK]12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", 1, 99, taiDesign},
	{"tai/note-ff-alone", "tai", "24[cp]/25/25/25/25/25/25/25/25/25/25/25/12[FF]12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", 1, 36, taiDesign},
	{"tai/note-hook-HM", "tai", "24[cp]/25/25/25/25/25/25/25/25/25/25/25/12[HM]12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", 1, 626, taiDesign},
	{"tai/note-hook-CA", "tai", "24[cp]/25/25/25/25/25/25/25/25/25/25/25/12[CA]12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", 1, 314, taiDesign},
	{"tai/note-hook-LGN", "tai", "24[cp]/25/25/25/25/25/25/25/25/25/25/25/12[LGN]12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", 1, 318, taiDesign},
	{"tai/note-hook-PC", "tai", "24[cp]/25/25/25/25/25/25/25/25/25/25/25/12[PC]12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", 1, 229, taiDesign},
	{"tai/note-hook-PC-blocked", "tai", "24[cp]/25/25/25/25/25/25/25/25/9P5p9/25/25/12[PC]12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", 1, 93, taiDesign},
	{"tai/note-emperor-alone", "tai", "24[cp]/25/25/25/25/25/25/25/25/25/25/25/12E12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", 1, 626, taiDesign},
	{"tai/note-emperor-protected-royal", "tai", "23g[cp]/25/25/25/25/25/25/25/25/25/25/25/12E12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", 1, 625, taiDesign},
	{"tai/note-emperor-vs-emperor", "tai", "e23[cp]/25/25/25/25/25/25/25/25/25/25/25/12E12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", 1, 625, taiDesign},
	{"tai/note-emperor-vs-emperor-cover", "tai", "e23[cp]/23G1/25/25/25/25/25/25/25/25/25/25/12E12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", 1, 631, taiDesign},
	{"tai/note-royals", "tai", "r23e/25/25/25/25/25/25/25/25/25/25/12p12/12[DE]12/25/25/25/25/25/25/25/25/25/25/25/E24 b - 1", 1, 629, taiDesign},
	{"tai/note-stalemate", "tai", "[CP]P23/PP23/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/24[cp] b - 1", 1, 0, taiDesign},
}

func init() { perftCases = append(perftCases, taiPerftCases...) }

// taiPos sets up a Tai position.
func taiPos(t *testing.T, sfen string) *Position {
	t.Helper()
	return perftPosition(t, "tai", sfen)
}

// taiAt returns the ID of the piece on the USI square s, lower case for
// White, "" for an empty square.
func taiAt(t *testing.T, pos *Position, s string) string {
	t.Helper()
	sq, err := pos.v.ParseSquareUSI(s)
	if err != nil {
		t.Fatal(err)
	}
	p := pos.At(sq)
	if p == Empty {
		return ""
	}
	id := pos.v.Pieces[p.Type()].ID
	if p.Color() == White {
		return "w:" + id
	}
	return id
}

// TestTaiDefinition checks the engine's limits and the start position:
// 104 types (101 and the three promoted forms whose targets promote again),
// 177 pieces a side, the sheet's section 2.3 string read as the start.
func TestTaiDefinition(t *testing.T) {
	v := perftVariant(t, "tai")
	if n := len(v.Pieces) - 1; n != 104 || n > MaxPieceTypes {
		t.Errorf("%d piece types, want 104 (limit %d)", n, MaxPieceTypes)
	}
	pos := taiPos(t, "startpos")
	for _, c := range []Color{Black, White} {
		if n := len(pos.Pieces(c)); n != 177 || n > MaxPiecesPerSide {
			t.Errorf("side %d has %d pieces, want 177", c, n)
		}
		if pos.RoyalCount(c) != 2 {
			t.Errorf("side %d has %d royals, want 2 (emperor, prince)", c, pos.RoyalCount(c))
		}
	}
	// Promotions (sheet 3.3): 36 types promote, 14 of them to gold; the
	// promoted eastern and western barbarians and poisonous snake are
	// types of their own that do not promote again.
	promoting, gold := 0, 0
	for i := 1; i < len(v.Pieces); i++ {
		p := &v.Pieces[i]
		if p.PromotesTo != 0 {
			promoting++
			if v.Pieces[p.PromotesTo].ID == "G" {
				gold++
			}
			if v.Pieces[p.PromotesTo].PromotesTo != 0 {
				t.Errorf("%s promotes to %s, which promotes again", p.ID, v.Pieces[p.PromotesTo].ID)
			}
		}
	}
	if promoting != 36 || gold != 14 {
		t.Errorf("%d promoting types (%d to gold), want 36 (14)", promoting, gold)
	}
	for id, moves := range map[string]string{"+EB": "KNADcaKmabK", "+WB": "KADGHcavKmabK@liondog", "+PS": "R@hook(R)"} {
		if p := &v.Pieces[v.byID[id]]; p.Betza != moves || p.PromotesTo != 0 || !p.Promoted {
			t.Errorf("%s: %s, promotes to %d", id, p.Betza, p.PromotesTo)
		}
	}
	if !v.Pieces[v.byID["CP"]].Royal || !v.Pieces[v.byID["E"]].Royal || v.Pieces[v.byID["DE"]].PromotesTo != v.byID["CP"] {
		t.Error("royals: emperor, prince, and the drunk elephant promoting to the prince")
	}
	sheet := taiPos(t, "[l][wt][w][fd][lgn][d][r][dh][dk][fk][g][dsp][e][dv][g][fk][dk][dh][r][d][lgn][fd][w][ts][l]/[rc][sdr][se][n][ps][ftp][b][fe][we][fde][s][rg][cp][lg][s][fde][we][fe][b][ftp][ps][n][se][sdr][rc]/[sch][wh][rs][vo][csw][bb][sde][gde][bm][bt][sd][gg][nk][wr][bde][bt][bm][gde][sde][bb][csw][vo][rs][wh][sch]/[so][wbf][fl][nb][sb][cc][hf][om][rb][pc][gbd][ph][ln][ky][gd][pc][ok][om][hf][cc][eb][wb][fl][wbf][so]/[rch][vs][wo][ea][st][t][i][c][or][cs][rd][hm][de][ca][rd][cs][or][c][i][t][st][ea][wo][bd][lch]/[hd][fh][eba][do][fo][sm][vm][vbe][sbr][pst][ab][ew][ld][ew][ab][pst][sbr][vbe][vm][sm][fo][do][eba][fh][hd]/[p][p][p][p][p][p][p][p][p][p][p][p][p][p][p][p][p][p][p][p][p][p][p][p][p]/7[gb]9[gb]7/25/25/25/25/25/25/25/25/25/7[GB]9[GB]7/[P][P][P][P][P][P][P][P][P][P][P][P][P][P][P][P][P][P][P][P][P][P][P][P][P]/[HD][FH][EBA][DO][FO][SM][VM][VBE][SBR][PST][AB][EW][LD][EW][AB][PST][SBR][VBE][VM][SM][FO][DO][EBA][FH][HD]/[LCH][BD][WO][EA][ST][T][I][C][OR][CS][RD][CA][DE][HM][RD][CS][OR][C][I][T][ST][EA][WO][VS][RCH]/[SO][WBF][FL][WB][EB][CC][HF][OM][OK][PC][GD][KY][LN][PH][GBD][PC][RB][OM][HF][CC][SB][NB][FL][WBF][SO]/[SCH][WH][RS][VO][CSW][BB][SDE][GDE][BM][BT][BDE][WR][NK][GG][SD][BT][BM][GDE][SDE][BB][CSW][VO][RS][WH][SCH]/[RC][SDR][SE][N][PS][FTP][B][FE][WE][FDE][S][LG][CP][RG][S][FDE][WE][FE][B][FTP][PS][N][SE][SDR][RC]/[L][TS][W][FD][LGN][D][R][DH][DK][FK][G][DV][E][DSP][G][FK][DK][DH][R][D][LGN][FD][W][WT][L] b")
	if sheet.SFEN() != taiStart || taiStart != v.StartSFEN {
		t.Errorf("the sheet's start position reads as %s", sheet.SFEN())
	}
}

// TestTaiMoveCounts checks the move counts of the perft positions against
// MaxMoves (the list silently drops moves beyond it).
func TestTaiMoveCounts(t *testing.T) {
	for _, tc := range taiPerftCases {
		if tc.depth != 1 {
			continue
		}
		if tc.nodes >= MaxMoves/4 {
			t.Errorf("%s: %d moves, too close to MaxMoves = %d", tc.name, tc.nodes, MaxMoves)
		}
	}
}

// TestTaiCaptures checks the type a capturing piece ends as (sheet 1.3,
// 1.5): compulsory promotion, contagion by the last contagious victim in
// capture order, royals exempt, the drunk elephant becoming a royal prince.
func TestTaiCaptures(t *testing.T) {
	cases := []struct {
		name, sfen, move, at, want string
		royals                     int // Black's royals after the move
	}{
		{"lion: dark spirit, then deva", taiContagion, "13m13l12l+", "12l", "TK", 1},
		{"lion: deva, then dark spirit", taiContagion, "13m12l13l+", "13l", "BSP", 1},
		{"lion igui of a dark spirit", taiContagion, "13m13l13m+", "13m", "BSP", 1},
		{"lion takes a dark spirit", taiContagion, "13m13l+", "13l", "BSP", 1},
		{"lion dog C13: dark spirit, deva", taiContagion, "7m7l7k7j+", "7j", "TK", 1},
		{"lion dog R21: dark spirit, deva, back", taiContagion, "7m7l7k7l+", "7l", "TK", 1},
		{"lion dog jump onto the deva", taiContagion, "7m7k+", "7k", "TK", 1},
		// R21 ends on its first victim: the second one decides (this was
		// read as the first, taken again, before the fix in promotedType).
		{"R21: dark spirit, then deva", "24[cp]/25/25/25/25/25/25/25/25/25/12[dv]12/12[dsp]12/12[LD]12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", "13m13l13k13l+", "13l", "TK", 1},
		{"R21: deva, then dark spirit", "24[cp]/25/25/25/25/25/25/25/25/25/12[dsp]12/12[dv]12/12[LD]12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1", "13m13l13k13l+", "13l", "BSP", 1},
		{"drunk elephant takes a deva", taiContagion, "20m20l+", "20l", "CP", 2},
		{"rook takes a deva (not gold)", taiContagion, "18p18h+", "18h", "TK", 1},
		{"teaching king takes a dark spirit", taiContagion, "4r4l+", "4l", "BSP", 1},
		{"lion dog takes a pawn", taiLionDogs, "13m13l+", "13l", "GE", 1},
		{"promoted western barbarian takes a pawn", taiLionDogs, "8n8m", "8m", "+WB", 1},
		{"rook takes a prince", taiRoyals, "1k13k+", "13k", "G", 1},
		{"drunk elephant takes a pawn", taiRoyals, "12o12n+", "12n", "CP", 2},
	}
	for _, c := range cases {
		pos := taiPos(t, c.sfen)
		before, key := pos.SFEN(), pos.Key()
		m, err := pos.ParseMoveUSI(c.move)
		if err != nil {
			t.Errorf("%s: %s: %v", c.name, c.move, err)
			continue
		}
		pos.Make(m)
		if got := taiAt(t, pos, c.at); got != c.want {
			t.Errorf("%s: %s holds %q, want %q", c.name, c.at, got, c.want)
		}
		if pos.RoyalCount(Black) != c.royals || pos.Key() != pos.ComputeKey() {
			t.Errorf("%s: %d black royals (want %d), key ok %v", c.name, pos.RoyalCount(Black), c.royals, pos.Key() == pos.ComputeKey())
		}
		pos.Unmake()
		if pos.SFEN() != before || pos.Key() != key {
			t.Errorf("%s: unmake gave %s", c.name, pos.SFEN())
		}
	}
}

// TestTaiEmperor checks the emperor's capture restriction (sheet 1.6,
// default): a royal may be taken only if no enemy piece but an emperor
// could retake, and, while the enemy has an emperor, another piece of ours
// covers the square.
func TestTaiEmperor(t *testing.T) {
	cases := []struct {
		name, sfen, move string
		legal            bool
	}{
		{"unprotected prince", taiEmperor, "13m25a", true},
		{"prince protected by a gold", taiEmperor, "13m1a", false},
		{"guarded gold (not royal)", taiEmperor, "13m2a", true},
		{"emperor protected by a lion dog's jump", taiEmperors, "13m25a", false},
		{"prince covered against their emperor", taiEmperors, "13m1a", true},
		{"pawn (not royal)", taiEmperors, "13m12c", true},
		{"hook mover takes the emperor", taiEmperors, "20u20a25a", false},
	}
	for _, c := range cases {
		pos := taiPos(t, c.sfen)
		_, err := pos.ParseMoveUSI(c.move)
		if err != nil && !errors.Is(err, ErrIllegal) {
			t.Fatalf("%s: %v", c.name, err)
		}
		if (err == nil) != c.legal {
			t.Errorf("%s: %s legal = %v, want %v", c.name, c.move, err == nil, c.legal)
		}
	}
}

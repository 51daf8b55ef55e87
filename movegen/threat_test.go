package movegen

import "testing"

// TestThreatensHooksAndEmperor checks the attack test of the repetition
// rules (threatens, pieceAttacks) and InCheck on the pieces the attack
// vectors cannot describe: a hook mover's bent capture and the emperor,
// whose "attack" is what its capture rule allows. Before these were taught
// to threatens, it saw single-leg captures only.
func TestThreatensHooksAndEmperor(t *testing.T) {
	const (
		// Black's hook mover 20u reaches White's gold 10f only round a
		// corner (20f or 10u); nothing stands on its lines.
		hook = "24[cp]/25/25/25/25/15g9/25/25/25/25/25/25/25/25/25/25/25/25/25/25/5[HM]19/25/25/25/[CP]24 b - 1"
		// Black's emperor 13m; White's prince 1a (unprotected) and gold
		// 12c, no White emperor.
		emperor = "24[cp]/25/13g11/25/25/25/25/25/25/25/25/25/12E12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 w - 1"
		// The same with White's emperor on 25a, unprotected.
		emperors = "e23[cp]/25/13g11/25/25/25/25/25/25/25/25/25/12E12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 w - 1"
		// White's emperor 25a guarded by a gold on 25b.
		guarded = "e23[cp]/g24/13g11/25/25/25/25/25/25/25/25/25/12E12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 w - 1"
	)
	cases := []struct {
		name, sfen, option, at string
		threatens, check       bool
	}{
		{"hook mover, bent capture", hook, "", "20u", true, false},
		{"emperor takes a gold", emperor, "", "13m", true, true},
		{"emperor = any: the gold is unprotected, no enemy emperor", emperor, "emperor=any", "13m", true, true},
		{"emperor = royal: their unprotected emperor may be taken", emperors, "", "13m", true, true},
		{"emperor = any: their unprotected emperor may be taken", emperors, "emperor=any", "13m", true, true},
		{"emperor = royal, their emperor guarded: the gold may be taken", guarded, "", "13m", true, false},
		{"emperor = any with their emperor: nothing may be taken", guarded, "emperor=any", "13m", false, false},
	}
	for _, c := range cases {
		var opts []string
		if c.option != "" {
			opts = []string{c.option}
		}
		pos := optPos(t, "tai", c.sfen, opts...)
		sq, err := pos.v.ParseSquareUSI(c.at)
		if err != nil {
			t.Fatal(err)
		}
		before, key := pos.SFEN(), pos.Key()
		if got := pos.threatens(sq); got != c.threatens {
			t.Errorf("%s: threatens(%s) = %v, want %v", c.name, c.at, got, c.threatens)
		}
		// InCheck for the side to move (White in the emperor positions,
		// whose prince on 1a is unprotected; Black in the hook one).
		if got := pos.InCheck(); got != c.check {
			t.Errorf("%s: InCheck() = %v, want %v", c.name, got, c.check)
		}
		if pos.SFEN() != before || pos.Key() != key {
			t.Errorf("%s: the tests changed the position: %s", c.name, pos.SFEN())
		}
	}
}

// TestTaiPerpetualHookAttack plays a JCSA repetition in tai where Black's
// hook mover attacks a White pawn round a corner with every move and White
// only shuffles a gold: at the fourth occurrence Black, the only side that
// attacked throughout, loses. Without the hook mover's bent attacks in
// threatens this was scored as a plain draw.
func TestTaiPerpetualHookAttack(t *testing.T) {
	// White's prince 1a is boxed in by its pawns 2a, 2b, 1b (the hook mover
	// reaches the pawns, not the prince); White's gold 10f; Black's hook
	// mover 20u and prince 25y.
	const sfen = "23p[cp]/23pp/25/25/25/15g9/25/25/25/25/25/25/25/25/25/25/25/25/25/25/5[HM]19/25/25/25/[CP]24 b - 1"
	cycle := []string{"20u21u", "10f9f", "21u20u", "9f10f"}
	pos := optPos(t, "tai", sfen)
	for i := 0; i < 12; i++ {
		if o := pos.Outcome(); o.Result != Ongoing {
			t.Fatalf("over after %d plies: %+v", i, o)
		}
		if pos.InCheck() {
			t.Fatalf("ply %d: the side to move is in check; the test wants attacks without check", i)
		}
		m, err := pos.ParseMoveUSI(cycle[i%4])
		if err != nil {
			t.Fatalf("ply %d: %v", i, err)
		}
		pos.Make(m)
	}
	if got, want := pos.Outcome(), (Outcome{WhiteWins, ReasonPerpetualAttack}); got != want {
		t.Errorf("Outcome() = %+v, want %+v", got, want)
	}
}

package search

import (
	"fmt"
	"strconv"
	"strings"
)

// Params are the search's tunable numbers: the base margins of its pruning
// (for an evaluation whose Pawn is about 100; a Scaler widens them), the
// depths up to which each pruning applies, the late-move reduction and
// pruning shapes, the null move's reduction, the exchange pruning's
// material margins, the root's aspiration window and the quiescence
// search's breadth. DefaultParams are the values the engine plays with;
// the zero Params stands for them in Options. ParseParams and String read
// and write them as name=value lists (the SearchParams engine option;
// kirin match spsa tunes them).
type Params struct {
	// RFP is reverse futility's margin a ply, up to RFPDepth.
	RFP, RFPDepth int
	// Futility is the quiet moves' futility margin a ply (depth 1 and 2),
	// Capture the captures'.
	Futility, Capture int
	// Delta is the quiescence search's delta-pruning margin.
	Delta int
	// Singular is the singular extension's margin below the table score a
	// ply, from depth SEDepth.
	Singular, SEDepth int
	// CheckExtDepth and CheckExtMax bound the depths at which a node in
	// check is searched a ply deeper (the check extension): from
	// CheckExtDepth (0: the horizon included) up to CheckExtMax (0: no
	// bound).
	CheckExtDepth, CheckExtMax int
	// Butterfly is the butterfly history's weight in the quiet moves'
	// order, in percent of the other histories' (0 leaves it out).
	Butterfly int
	// EscapeLMR is how many plies less a late quiet move that takes a
	// threatened piece out of its attacker's reach is reduced.
	EscapeLMR int
	// ContPrune is continuation pruning's bound: a late quiet move whose
	// depth once reduced is below it, and whose continuation history is
	// negative after both previous moves, is not searched (0: never).
	ContPrune int
	// LMRDiv is the late-move reduction table's divisor in hundredths:
	// log(depth) log(move number) / (LMRDiv/100), rounded.
	LMRDiv int
	// LMPBase and LMPFactor shape late-move pruning: a node of depth d up
	// to LMPDepth tries LMPBase + LMPFactor d² quiet moves where its
	// evaluation improves.
	LMPBase, LMPFactor, LMPDepth int
	// NullBase and NullDiv give the null move's reduction: NullBase +
	// depth/NullDiv.
	NullBase, NullDiv int
	// SEECapture is the exchange pruning's margin for captures a ply (up
	// to SEECaptureDepth), SEEQuiet the quiet moves' a ply squared (up to
	// SEEQuietDepth): material, not evaluation units, so never scaled.
	SEECapture, SEECaptureDepth, SEEQuiet, SEEQuietDepth int
	// Aspiration is the root's aspiration window either side of the last
	// score, in evaluation units (not scaled).
	Aspiration int
	// RFPThreat, when 1, withholds reverse futility where the opponent's
	// last move left a piece that threatens to win more than the node's
	// lead over beta (Position.Threat).
	RFPThreat int
	// QSEE, when 1, leaves out of the quiescence search a capture by a
	// piece worth more than its victim where it loses in the exchange
	// (SEE < 0) in every game. At 0 only the games with drops do; the
	// others leave out such a capture onto any defended square (qLoses).
	QSEE int
	// QBreadth is how many captures a quiescence node below the first
	// quiescence ply tries at most (the best by victim and attacker value,
	// recaptures first where it has more); QRecapture is the quiescence
	// ply from which only recaptures on the last move's square and royal
	// captures are tried.
	QBreadth, QRecapture int
	// MovesToGo is the time plan's moves to go where the pieces on the
	// board do not say more (plan): in the games with drops always, in
	// the others once 40 pieces or fewer are left.
	MovesToGo int
	// ThreatExt, when above 0, searches a move at the horizon (a node of
	// depth 1) a ply deeper when it leaves its piece threatening to win
	// more than ThreatExt (material, Position.Threat) without giving
	// check, so that the reply is searched instead of a quiescence search
	// standing pat on an evaluation blind to the threat. A game's
	// Extender replaces it.
	ThreatExt int
	// CutoffCnt, when above 0, reduces a late quiet move a ply more once
	// the moves searched before it at its node, and at the earlier nodes
	// of the same parent, were refuted more than CutoffCnt times (each
	// refutation, a fail high of a child, counts one, two where the child
	// had no table move): a node whose moves keep failing is likely an
	// all-node (Stockfish's cutoffCnt). A game's CutoffCounter replaces
	// it.
	CutoffCnt int
}

// ParamSpec describes one of the Params: its name in ParseParams's lists,
// its default and the range ParseParams accepts.
type ParamSpec struct {
	Name              string
	Default, Min, Max int
	field             func(*Params) *int
}

// ParamSpecs lists the Params in the order String writes them.
func ParamSpecs() []ParamSpec {
	return []ParamSpec{
		{"rfp", 90, 0, 2000, func(p *Params) *int { return &p.RFP }},
		{"rfpdepth", 6, 0, 30, func(p *Params) *int { return &p.RFPDepth }},
		{"futility", 120, 0, 2000, func(p *Params) *int { return &p.Futility }},
		{"capture", 200, 0, 4000, func(p *Params) *int { return &p.Capture }},
		{"delta", 200, 0, 4000, func(p *Params) *int { return &p.Delta }},
		{"singular", 2, 1, 100, func(p *Params) *int { return &p.Singular }},
		{"sedepth", 6, 2, 30, func(p *Params) *int { return &p.SEDepth }},
		{"checkextdepth", 0, 0, 100, func(p *Params) *int { return &p.CheckExtDepth }},
		{"checkextmax", 0, 0, 100, func(p *Params) *int { return &p.CheckExtMax }},
		{"butterfly", 100, 0, 400, func(p *Params) *int { return &p.Butterfly }},
		{"escapelmr", 2, 0, 10, func(p *Params) *int { return &p.EscapeLMR }},
		{"contprune", 3, 0, 30, func(p *Params) *int { return &p.ContPrune }},
		{"lmrdiv", 225, 50, 1000, func(p *Params) *int { return &p.LMRDiv }},
		{"lmpbase", 6, 0, 64, func(p *Params) *int { return &p.LMPBase }},
		{"lmpfactor", 2, 0, 16, func(p *Params) *int { return &p.LMPFactor }},
		{"lmpdepth", 8, 0, 30, func(p *Params) *int { return &p.LMPDepth }},
		{"nullbase", 3, 1, 10, func(p *Params) *int { return &p.NullBase }},
		{"nulldiv", 5, 1, 30, func(p *Params) *int { return &p.NullDiv }},
		{"seecapture", 150, 0, 2000, func(p *Params) *int { return &p.SEECapture }},
		{"seecapturedepth", 6, 0, 30, func(p *Params) *int { return &p.SEECaptureDepth }},
		{"seequiet", 25, 0, 500, func(p *Params) *int { return &p.SEEQuiet }},
		{"seequietdepth", 7, 0, 30, func(p *Params) *int { return &p.SEEQuietDepth }},
		{"aspiration", 30, 1, 1000, func(p *Params) *int { return &p.Aspiration }},
		{"rfpthreat", 0, 0, 1, func(p *Params) *int { return &p.RFPThreat }},
		{"qsee", 0, 0, 1, func(p *Params) *int { return &p.QSEE }},
		{"qbreadth", 12, 1, 1000, func(p *Params) *int { return &p.QBreadth }},
		{"qrecapture", 4, 1, qMax, func(p *Params) *int { return &p.QRecapture }},
		{"threatext", 0, 0, 100000, func(p *Params) *int { return &p.ThreatExt }},
		{"cutoffcnt", 0, 0, 100, func(p *Params) *int { return &p.CutoffCnt }},
		{"movestogo", minMovesToGo, 10, maxMovesToGo, func(p *Params) *int { return &p.MovesToGo }},
	}
}

// DefaultParams returns the values the engine plays with.
func DefaultParams() Params {
	var p Params
	for _, s := range ParamSpecs() {
		*s.field(&p) = s.Default
	}
	return p
}

// ParseParams reads a comma-separated list of name=value settings over the
// defaults ("", "none" or "default" for the defaults alone). An unknown
// name, a value that is not an integer or one outside the name's range is
// an error naming it.
func ParseParams(s string) (Params, error) {
	p := DefaultParams()
	s = strings.TrimSpace(s)
	if s == "" || s == "none" || s == "default" {
		return p, nil
	}
	specs := ParamSpecs()
	for _, item := range strings.Split(s, ",") {
		name, val, ok := strings.Cut(strings.TrimSpace(item), "=")
		if !ok {
			return p, fmt.Errorf("search parameter %q is not name=value", item)
		}
		name = strings.ToLower(strings.TrimSpace(name))
		i := 0
		for i < len(specs) && specs[i].Name != name {
			i++
		}
		if i == len(specs) {
			names := make([]string, len(specs))
			for j, sp := range specs {
				names[j] = sp.Name
			}
			return p, fmt.Errorf("unknown search parameter %q (%s)", name, strings.Join(names, ", "))
		}
		sp := specs[i]
		n, err := strconv.Atoi(strings.TrimSpace(val))
		if err != nil || n < sp.Min || n > sp.Max {
			return p, fmt.Errorf("search parameter %s needs an integer from %d to %d, got %q", sp.Name, sp.Min, sp.Max, val)
		}
		*sp.field(&p) = n
	}
	return p, nil
}

// String writes the settings that differ from the defaults as ParseParams
// reads them, or "default" when none does.
func (p Params) String() string {
	var b strings.Builder
	for _, s := range ParamSpecs() {
		if v := *s.field(&p); v != s.Default {
			if b.Len() > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "%s=%d", s.Name, v)
		}
	}
	if b.Len() == 0 {
		return "default"
	}
	return b.String()
}

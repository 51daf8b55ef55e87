package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/kirin-shogi/kirin/match"
	"github.com/kirin-shogi/kirin/movegen"
)

// maxBody bounds a request body (a 2000-ply tai PGN is about 60 KB).
const maxBody = 4 << 20

// apiError is the body of every failed request.
type apiError struct {
	Error string `json:"error"`
}

// writeJSON sends x with status code.
func writeJSON(w http.ResponseWriter, code int, x any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(x)
}

// writeError sends a JSON error message with status code.
func writeError(w http.ResponseWriter, code int, format string, args ...any) {
	writeJSON(w, code, apiError{Error: fmt.Sprintf(format, args...)})
}

// decode reads a JSON request body into x, strictly: unknown fields and
// trailing data are errors; an empty body is an empty object.
func decode(w http.ResponseWriter, r *http.Request, x any) bool {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody))
	dec.DisallowUnknownFields()
	err := dec.Decode(x)
	if errors.Is(err, io.EOF) {
		err = nil
	}
	if err == nil && dec.More() {
		err = errors.New("trailing data after the JSON value")
	}
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			writeError(w, http.StatusRequestEntityTooLarge, "request body larger than %d bytes", maxBody)
		} else {
			writeError(w, http.StatusBadRequest, "bad request body: %v", err)
		}
		return false
	}
	return true
}

// variantSummary is one entry of the game list.
type variantSummary struct {
	Name     string                  `json:"name"`
	Title    string                  `json:"title"`
	Files    int                     `json:"files"`
	Ranks    int                     `json:"ranks"`
	RuleSets []string                `json:"rulesets,omitempty"`
	Options  []movegen.VariantOption `json:"options,omitempty"`
}

// handleVariants lists the games and the engines.
func (s *Server) handleVariants(w http.ResponseWriter, r *http.Request) {
	out := struct {
		Variants []variantSummary `json:"variants"`
		Engines  []string         `json:"engines"`
	}{Engines: s.engineNames()}
	for _, v := range s.cfg.Variants {
		out.Variants = append(out.Variants, variantSummary{v.Name, v.Title, v.Files, v.Ranks, v.RuleSets, v.Options()})
	}
	writeJSON(w, http.StatusOK, out)
}

// lookupVariant finds the variant named by the name query parameter, with
// its ruleset and option parameters (option=NAME=VALUE, repeatable).
func (s *Server) lookupVariant(r *http.Request) (*movegen.Variant, error) {
	q := r.URL.Query()
	v, ok := s.variants[q.Get("variant")]
	if !ok {
		return nil, fmt.Errorf("unknown variant %q", clip(q.Get("variant")))
	}
	var err error
	if rs := q.Get("ruleset"); rs != "" && rs != v.RuleSet {
		if v, err = v.WithRuleSet(rs); err != nil {
			return nil, err
		}
	}
	if opts := q["option"]; len(opts) > 0 {
		if v, err = v.WithOptions(opts...); err != nil {
			return nil, err
		}
	}
	return v, nil
}

// handleVariant describes one game for drawing: squares, zones, pieces with
// names, kanji and move diagrams. Views are built once per variant.
func (s *Server) handleVariant(w http.ResponseWriter, r *http.Request) {
	v, err := s.lookupVariant(r)
	if err != nil {
		writeError(w, http.StatusBadRequest, "%v", err)
		return
	}
	writeJSON(w, http.StatusOK, s.variantView(v))
}

// variantView returns v's view, built on first use.
func (s *Server) variantView(v *movegen.Variant) *variantView {
	if vv, ok := s.views.Load(v.ID); ok {
		return vv.(*variantView)
	}
	vv, _ := s.views.LoadOrStore(v.ID, newVariantView(v))
	return vv.(*variantView)
}

// handleLegal answers a position (variant, sfen, moves) with its board and
// legal moves, without a session: the stateless form of what the page
// asks after every move.
func (s *Server) handleLegal(w http.ResponseWriter, r *http.Request) {
	v, err := s.lookupVariant(r)
	if err != nil {
		writeError(w, http.StatusBadRequest, "%v", err)
		return
	}
	q := r.URL.Query()
	sfen := q.Get("sfen")
	if sfen == "" {
		sfen = "startpos"
	}
	pos, err := movegen.NewPosition(v, sfen)
	if err != nil {
		writeError(w, http.StatusBadRequest, "bad SFEN: %v", err)
		return
	}
	moves := strings.Fields(q.Get("moves"))
	if len(moves) > maxGamePlies {
		writeError(w, http.StatusBadRequest, "too many moves")
		return
	}
	for i, t := range moves {
		if pos.Outcome().Result != movegen.Ongoing {
			writeError(w, http.StatusBadRequest, "move %d (%s): the game is already over", i+1, clip(t))
			return
		}
		m, err := match.ParseMoveAny(pos, t)
		if err != nil {
			writeError(w, http.StatusBadRequest, "move %d (%s): %v", i+1, clip(t), err)
			return
		}
		pos.Make(m)
	}
	writeJSON(w, http.StatusOK, newPositionView(pos, len(moves)))
}

// handleNewSession starts a session with the game the body describes.
func (s *Server) handleNewSession(w http.ResponseWriter, r *http.Request) {
	var st settings
	if !decode(w, r, &st) {
		return
	}
	ss, err := s.newSession(st)
	if err != nil {
		writeError(w, http.StatusBadRequest, "%v", err)
		return
	}
	s.cfg.Log("session %s: %s", ss.id, st.Variant)
	writeJSON(w, http.StatusOK, struct {
		ID string `json:"id"`
	}{ss.id})
}

// handlePosition draws the game at a ply (default: the last).
func (s *Server) handlePosition(w http.ResponseWriter, r *http.Request, ss *session) {
	ss.mu.Lock()
	ply := len(ss.records)
	if p := r.URL.Query().Get("ply"); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil {
			ss.mu.Unlock()
			writeError(w, http.StatusBadRequest, "bad ply %q", clip(p))
			return
		}
		ply = n
	}
	pos, err := ss.positionAt(ply)
	last, over := ply == len(ss.records), ss.over()
	result := ss.result
	ss.mu.Unlock()
	if err != nil {
		writeError(w, http.StatusBadRequest, "%v", err)
		return
	}
	pv := newPositionView(pos, ply)
	if last && over && pv.Outcome == nil {
		pv.Outcome, pv.Moves = result, []moveView{}
	}
	writeJSON(w, http.StatusOK, pv)
}

// handlePGN sends the game as a PGN file.
func (s *Server) handlePGN(w http.ResponseWriter, r *http.Request, ss *session) {
	ss.mu.Lock()
	b, err := ss.pgn()
	name := ss.v.Name
	ss.mu.Unlock()
	if err != nil {
		writeError(w, http.StatusInternalServerError, "%v", err)
		return
	}
	w.Header().Set("Content-Type", "application/x-chess-pgn; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`.pgn"`)
	_, _ = w.Write(b)
}

// actionBody is the body of every session action; each action reads the
// fields it needs.
type actionBody struct {
	settings
	Ply     *int    `json:"ply,omitempty"`
	Move    string  `json:"move,omitempty"`
	On      *bool   `json:"on,omitempty"`
	MultiPV int     `json:"multipv,omitempty"`
	Text    string  `json:"text,omitempty"`
	Seconds float64 `json:"seconds,omitempty"`
}

// handleAction runs a session action: new, move, takeback, stop, resign,
// analyze, annotate, load, close.
func (s *Server) handleAction(w http.ResponseWriter, r *http.Request, ss *session) {
	var b actionBody
	if !decode(w, r, &b) {
		return
	}
	action := r.PathValue("action")
	if action == "close" {
		s.mu.Lock()
		delete(s.sessions, ss.id)
		s.mu.Unlock()
		ss.close()
		writeJSON(w, http.StatusOK, struct{}{})
		return
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.closed {
		writeError(w, http.StatusNotFound, "session closed")
		return
	}
	var err error
	switch action {
	case "new":
		err = ss.reset(b.settings)
	case "move":
		ply := len(ss.records)
		if b.Ply != nil {
			ply = *b.Ply
		}
		if b.Move == "" {
			err = errors.New("no move given")
		} else {
			err = ss.play(ply, b.Move)
		}
	case "takeback":
		err = ss.takeback()
	case "stop":
		err = ss.stop()
	case "resign":
		err = ss.resign()
	case "analyze":
		if b.On != nil && !*b.On {
			ss.stopAnalysis()
			ss.publishGame()
			break
		}
		ply := len(ss.records)
		if b.Ply != nil {
			ply = *b.Ply
		}
		err = ss.startAnalysis(ply, max(b.MultiPV, 1), b.Threads, b.Hash)
	case "annotate":
		if b.On != nil && !*b.On {
			ss.stopAnnotation()
			ss.publishGame()
			break
		}
		err = ss.startAnnotation(b.Depth, time.Duration(b.Seconds*float64(time.Second)))
	case "load":
		var st settings
		if st, err = s.parseGameText(b.Text, ss.set.Variant); err == nil {
			st.Black, st.White = humanName, humanName
			err = ss.reset(st)
		}
	default:
		writeError(w, http.StatusNotFound, "unknown action %q", clip(action))
		return
	}
	if err != nil {
		writeError(w, http.StatusBadRequest, "%v", err)
		ss.publishGame()
		return
	}
	writeJSON(w, http.StatusOK, struct{}{})
}

// parseGameText reads a pasted or uploaded game: a PGN (the first game of
// the text) or an SFEN of the current variant, optionally followed by
// "moves" and USI moves.
func (s *Server) parseGameText(text, variant string) (settings, error) {
	text = strings.TrimSpace(strings.TrimPrefix(text, "\ufeff"))
	if text == "" {
		return settings{}, errors.New("nothing to load")
	}
	if strings.HasPrefix(text, "[") || strings.HasPrefix(text, "1.") {
		games, err := match.ReadPGN(strings.NewReader(text))
		if err != nil {
			return settings{}, fmt.Errorf("bad PGN: %v", err)
		}
		if len(games) == 0 {
			return settings{}, errors.New("no game in the PGN")
		}
		g := games[0]
		st := settings{Variant: g.Tags["Variant"], RuleSet: g.Tags["RuleSet"], SFEN: g.Tags["SFEN"], Moves: g.Moves}
		if st.Variant == "" || st.Variant == "normal" {
			st.Variant = variant
		}
		if st.SFEN == "" && g.Tags["FEN"] != "" {
			return st, errors.New("the PGN gives its start position only as an XBoard FEN: add an SFEN tag")
		}
		return st, nil
	}
	body, rest, _ := strings.Cut(text, " moves ")
	if strings.HasPrefix(text, "moves ") {
		body, rest = "", strings.TrimPrefix(text, "moves ")
	}
	body = strings.TrimPrefix(strings.TrimSpace(body), "sfen ")
	return settings{Variant: variant, SFEN: body, Moves: strings.Fields(rest)}, nil
}

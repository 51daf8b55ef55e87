package web

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/kirin-shogi/kirin/analyze"
	"github.com/kirin-shogi/kirin/eval"
	"github.com/kirin-shogi/kirin/movegen"
	"github.com/kirin-shogi/kirin/search"
)

// analysisRun is Kirin's infinite analysis of one position of the game,
// in process, taking one engine slot.
type analysisRun struct {
	quit chan struct{}
	once sync.Once
}

// stop ends the analysis (it returns at once; the search winds down in
// the background).
func (a *analysisRun) stop() { a.once.Do(func() { close(a.quit) }) }

// maxMultiPV bounds the lines an analysis shows.
const maxMultiPV = 10

// startAnalysis analyses the position after ply plies with multipv lines,
// replacing any analysis under way (mu held).
func (ss *session) startAnalysis(ply, multipv, threads, hashMB int) error {
	if multipv < 1 || multipv > maxMultiPV {
		return fmt.Errorf("multipv must be 1 to %d", maxMultiPV)
	}
	if threads < 0 || threads > 64 || hashMB < 0 || hashMB > 4096 {
		return errors.New("threads (1-64) or hash (1-4096 MB) out of range")
	}
	pos, err := ss.positionAt(ply)
	if err != nil {
		return err
	}
	if pos.Outcome().Result != movegen.Ongoing {
		return errors.New("the game is over in this position: nothing to analyse")
	}
	ss.stopAnalysis()
	if err := ss.srv.acquire(); err != nil {
		return err
	}
	a := &analysisRun{quit: make(chan struct{})}
	ss.analysis = a
	eng := search.New(eval.New(ss.v), search.Options{HashMB: max(hashMB, 16), Threads: max(threads, 1), MultiPV: multipv})
	side := pos.SideToMove()
	show := pos.Clone()
	done := make(chan struct{})
	go func() {
		defer close(done)
		eng.Search(pos, search.Limits{Infinite: true}, func(in search.Info) {
			ss.hub.publish("info", analysisInfo(show, ply, side, in))
		})
	}()
	go func() {
		defer ss.srv.release()
		select {
		case <-a.quit:
		case <-done:
			return
		}
		// Stop before the search has begun is forgotten when it begins:
		// repeat it until the search returns.
		for {
			eng.Stop()
			select {
			case <-done:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()
	ss.publishGame()
	return nil
}

// stopAnalysis ends the analysis under way, if any (mu held).
func (ss *session) stopAnalysis() {
	if ss.analysis != nil {
		ss.analysis.stop()
		ss.analysis = nil
	}
}

// analysisInfo turns a search report into an info event.
func analysisInfo(pos *movegen.Position, ply int, side movegen.Color, in search.Info) infoView {
	iv := infoView{Source: "analysis", At: time.Now().UnixMilli(), Ply: ply, Side: colorName(side), Depth: in.Depth, MultiPV: in.MultiPV,
		Score: analyze.Score(in.Score), Nodes: in.Nodes, NPS: in.NPS, TimeMS: in.Time.Milliseconds()}
	if !search.IsMate(in.Score) {
		cp := in.Score
		if side == movegen.White {
			cp = -cp
		}
		iv.CP = &cp
	}
	iv.PV, iv.PVUSI = analyze.Line(pos, in.PV)
	return iv
}

// annotateRun is an annotation of the whole game under way.
type annotateRun struct {
	quit  chan struct{}
	once  sync.Once
	mu    sync.Mutex
	done  int
	total int
}

func (a *annotateRun) stop() { a.once.Do(func() { close(a.quit) }) }

func (a *annotateRun) progress() string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return fmt.Sprintf("%d/%d", a.done, a.total)
}

// startAnnotation annotates every move of the game (kirin analyze --game):
// each move's score and mark arrive in the game's records and its graph
// as they are found (mu held).
func (ss *session) startAnnotation(depth int, moveTime time.Duration) error {
	if depth < 0 || depth > 30 || moveTime < 0 || moveTime > time.Minute {
		return errors.New("depth (1-30) or movetime (up to 60 s) out of range")
	}
	if len(ss.records) == 0 {
		return errors.New("no moves to annotate")
	}
	if ss.thinking {
		return errors.New("an engine is playing: stop the game first")
	}
	ss.stopAnnotation()
	if err := ss.srv.acquire(); err != nil {
		return err
	}
	if depth == 0 && moveTime == 0 {
		depth = 6
	}
	moves := make([]movegen.Move, len(ss.records))
	for i, r := range ss.records {
		moves[i] = r.move
	}
	a := &annotateRun{quit: make(chan struct{}), total: len(moves)}
	ss.annotate = a
	start, gen := ss.start.Clone(), ss.gen
	cfg := analyze.Config{Depth: depth, Time: moveTime}
	go func() {
		defer ss.srv.release()
		side := start.SideToMove()
		analyze.Annotate(start, moves, cfg, func(n analyze.MoveNote) bool {
			select {
			case <-a.quit:
				return false
			default:
			}
			ss.mu.Lock()
			defer ss.mu.Unlock()
			i := n.Ply - 1
			if gen != ss.gen || ss.annotate != a || i >= len(ss.records) {
				return false
			}
			cp := n.CP
			if side == movegen.White {
				cp = -cp
			}
			side = side.Other()
			ss.records[i].Mark = n.Mark
			if !search.IsMate(n.CP) {
				ss.graph[i] = &cp
			}
			a.mu.Lock()
			a.done = n.Ply
			a.mu.Unlock()
			if n.Ply == len(moves) {
				ss.annotate = nil
			}
			ss.publishGame()
			return true
		})
	}()
	ss.publishGame()
	return nil
}

// stopAnnotation ends the annotation under way, if any (mu held).
func (ss *session) stopAnnotation() {
	if ss.annotate != nil {
		ss.annotate.stop()
		ss.annotate = nil
	}
}

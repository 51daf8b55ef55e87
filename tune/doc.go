// Package tune fits the evaluation's weights (eval.Weights) of one game to
// the results of games: Texel's method. It is what `kirin tune` runs.
//
// # Model
//
// Data: PGN files of finished games of the game (kirin match writes them),
// read with match's PGN reader. Games with a result other than a win, loss
// or draw, or ended by time, a fault or abandonment, are left out, and so
// is a game with the same start, moves and result as one before it (two
// copies of one deterministic engine play each opening alike with the
// colours swapped; a copy would sit on both sides of the split). From
// each game every position after the first Config.Skip plies (the random
// opening) is taken, apart from positions in check; the quiescence search
// (search.Engine.Quiesce, with the starting weights) is played out from it
// and the quiet position it ends in is kept, with the game's result from
// that position's side to move: 1, 1/2 or 0. Positions whose score leaves
// the evaluation's linear range (eval.Linear) are dropped. Every
// Config.Holdout-th game goes to the held-out set and the rest to the
// training set, so positions of one game never straddle the two.
//
// Scores (Config.Scorers): a game may also record what an engine thought
// of a position, the score in the comment of the move a named player made
// from it (match.ParseScoreComment). Such a position keeps that score
// (for the quiet position's side to move) beside its result; the scale
// at which the scores best predict the results is fitted (FitScoreScale),
// and the target of a scored position becomes Config.Lambda times its
// result plus the rest times its score's prediction (Set.Blend). A strong
// engine's score says much more about one position than the result of
// the whole game does.
//
// Fit: eval.Linear turns each position into a feature vector f with
// Evaluate = f·x for weights x. The predicted result is
// sigmoid(K·f·x) = 1/(1+10^(-K·f·x/400)); K is fitted first, at the
// starting weights, by golden-section search on the training error, and
// held. Then Adam (full batch) lowers the mean squared error between
// prediction and result over the training set, the step Config.Rate
// weight units at most. Weights whose feature is zero on every training
// position (or on fewer than FitConfig.MinPositions of them), and those
// named in Config.Fix, do not move. With Config.Squares the weights include
// a piece-square table (eval.Weights.Square), and with Config.King a
// king-relative table (eval.Weights.King), each zeros unless the starting
// weights have one. The features are stored sparsely (Set): the tables
// have an entry for every piece on every square, and a position sets few
// of them. The held-out error
// is measured every evalEvery steps; the weights of the lowest held-out
// error are the answer, rounded to integers, and the held-out error is
// measured again at the rounded weights. Fit reports both errors before
// and after.
//
// The answer is an eval weights file section (eval.Weights.Write): put it
// in eval/weights/GAME.ini to ship it, or give it to `kirin engine
// --weights FILE` to play with it.
package tune

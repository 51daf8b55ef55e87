// input.js: turns clicks into one of the server's legal moves. Each legal
// move says where it starts (from, or drop from the hand) and the squares
// to click after that (path: intermediate squares, then the destination).
// A click extends the path; when longer paths remain and a move also ends
// here, the square is marked and a second click on it ends the move there
// (a lion's single capture, igui and passes return to the origin square).
// Nothing here knows the rules: a click no legal move allows is ignored.

export class Input {
  // submit(moves) gets the legal moves the clicks selected: one, or a
  // promotion pair to choose from.
  constructor(submit) {
    this.submit = submit;
    this.moves = [];
    this.reset();
  }

  setMoves(moves) { this.moves = moves || []; this.reset(); }

  reset() { this.from = null; this.drop = null; this.clicks = []; this.cands = []; }

  // marks describes the state for the board: the picked square, the next
  // squares to click, the square where the move may end, the hand piece.
  marks() {
    if (!this.from && !this.drop) return {};
    const n = this.clicks.length;
    const targets = [...new Set(this.cands.filter((m) => m.path.length > n).map((m) => m.path[n]))];
    const last = n ? this.clicks[n - 1] : null;
    const finish = last && this.cands.some((m) => m.path.length === n) ? last : null;
    return { selected: this.from, targets, finish, hand: this.drop };
  }

  // pickable reports whether a legal move starts on sq.
  pickable(sq) { return this.moves.some((m) => m.from === sq); }

  square(sq) {
    if (!this.from && !this.drop) {
      if (this.pickable(sq)) this.pick(sq);
      return;
    }
    const n = this.clicks.length;
    const last = n ? this.clicks[n - 1] : null;
    if (sq === last) {
      const done = this.cands.filter((m) => m.path.length === n);
      if (done.length) { this.finish(done); return; }
    }
    const next = this.cands.filter((m) => m.path.length > n && m.path[n] === sq);
    if (!next.length) {
      // Not a continuation: pick another piece, or let go.
      if (n === 0 && sq === this.from) { this.reset(); return; }
      if (this.pickable(sq) && n === 0) { this.pick(sq); return; }
      this.reset();
      return;
    }
    this.clicks.push(sq);
    this.cands = next;
    const longer = next.filter((m) => m.path.length > n + 1);
    if (!longer.length) this.finish(next.filter((m) => m.path.length === n + 1));
  }

  hand(color, id, side) {
    if (color !== side) return;
    const cands = this.moves.filter((m) => m.drop === id);
    if (!cands.length || (this.drop && this.drop.id === id)) { this.reset(); return; }
    this.reset();
    this.drop = { color, id };
    this.cands = cands;
  }

  pick(sq) {
    this.reset();
    this.from = sq;
    this.cands = this.moves.filter((m) => m.from === sq);
  }

  finish(moves) {
    this.reset();
    if (moves.length) this.submit(moves);
  }

  // forcedPass is the forced pass when it is the only move.
  forcedPass() { return this.moves.find((m) => m.pass && !m.from) || null; }
}

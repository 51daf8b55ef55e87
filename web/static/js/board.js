// board.js: draws a position as SVG (squares, zones, coordinates, pieces,
// hands, highlights) and reports the squares and hand pieces the user
// picks. Stable test hooks: every square carries data-square (its USI
// name), every piece data-piece (its SFEN text) and data-color.

const S = 100;          // square size in SVG units
const M = 44;           // margin for the coordinates (top and right)
const P = 10;           // margin on the other sides
const NS = 'http://www.w3.org/2000/svg';
const PENTAGON = 'M50 7 L83 20 L91 93 L9 93 L17 20 Z';

// pieceID turns SFEN piece text (+[ln], P, [de]) into the piece ID (+LN).
export function pieceID(text) {
  return text.replace(/[[\]]/g, '').toUpperCase();
}

const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));

// pieceSVG writes one piece inside a 100x100 box, pointing up or down.
export function pieceSVG(info, text, color, down, latin, extra = '') {
  const cls = ['pc', info && info.promoted ? 'promoted' : '', latin ? 'latin' : ''].join(' ');
  const rot = down ? ' transform="rotate(180 50 50)"' : '';
  let label = '';
  if (latin || !info || !info.face) {
    const id = info ? info.id : pieceID(text);
    const size = id.length <= 1 ? 50 : id.length === 2 ? 42 : id.length === 3 ? 33 : 27;
    label = `<text x="50" y="58" font-size="${size}">${esc(id)}</text>`;
  } else {
    const chars = [...info.face];
    if (chars.length === 1) {
      label = `<text x="50" y="58" font-size="52">${esc(chars[0])}</text>`;
    } else {
      label = `<text x="50" y="38" font-size="37">${esc(chars[0])}</text><text x="50" y="74" font-size="37">${esc(chars[1])}</text>`;
    }
  }
  return `<g class="${cls}" data-piece="${esc(text)}" data-color="${color}"${extra}><g${rot}><path d="${PENTAGON}"/>${label}</g></g>`;
}

export class Board {
  // svg is the board element; hands maps 'top'/'bottom' to hand elements;
  // on: { square(sq, event), hand(color, id), hover(sq or null, event) }.
  constructor(svg, hands, on) {
    this.svg = svg;
    this.hands = hands;
    this.on = on;
    this.flipped = false;
    this.latin = false;
    svg.addEventListener('pointerdown', (e) => this.pointerDown(e));
    svg.addEventListener('pointermove', (e) => this.pointerMove(e));
    svg.addEventListener('pointerup', (e) => this.pointerUp(e));
    svg.addEventListener('pointerleave', () => this.on.hover(null));
    for (const el of Object.values(hands)) {
      el.addEventListener('click', (e) => {
        const hp = e.target.closest('.hand-piece');
        if (hp) this.on.hand(hp.dataset.color, hp.dataset.hand);
      });
    }
  }

  setVariant(vv) {
    this.vv = vv;
    this.index = new Map(vv.squares.map((s, i) => [s, i]));
    this.byID = new Map(vv.pieces.filter((p) => p && p.id).map((p) => [p.id, p]));
    const w = vv.files * S + M + P, h = vv.ranks * S + M + P;
    this.svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
  }

  info(text) { return this.byID.get(pieceID(text)); }

  // xy gives a square's top-left corner in SVG units.
  xy(sq) {
    const i = this.index.get(sq);
    let r = Math.floor(i / this.vv.files), c = i % this.vv.files;
    if (this.flipped) { r = this.vv.ranks - 1 - r; c = this.vv.files - 1 - c; }
    return [P + c * S, M + r * S];
  }

  // draw shows position pos; marks: { selected, targets, finish, hand }.
  draw(pos, marks = {}) {
    this.pos = pos;
    const vv = this.vv, F = vv.files, R = vv.ranks;
    const out = [];
    vv.squares.forEach((sq, i) => {
      const [x, y] = this.xy(sq);
      out.push(`<rect class="sq${vv.zones[i] ? ' zone' : ''}" data-square="${sq}" x="${x}" y="${y}" width="${S}" height="${S}"/>`);
    });
    const hl = (cls, sqs) => {
      for (const sq of sqs || []) {
        if (!this.index.has(sq)) continue;
        const [x, y] = this.xy(sq);
        out.push(`<rect class="${cls}" x="${x}" y="${y}" width="${S}" height="${S}"/>`);
      }
    };
    hl('hl-last', pos.last);
    hl('hl-check', pos.check);
    if (marks.selected) hl('hl-sel', [marks.selected]);
    let grid = '';
    for (let c = 0; c <= F; c++) grid += `M${P + c * S} ${M}V${M + R * S}`;
    for (let r = 0; r <= R; r++) grid += `M${P} ${M + r * S}H${P + F * S}`;
    out.push(`<path class="grid" d="${grid}"/>`);
    const files = this.flipped ? [...vv.file_labels].reverse() : vv.file_labels;
    const ranks = this.flipped ? [...vv.rank_labels].reverse() : vv.rank_labels;
    files.forEach((l, c) => out.push(`<text class="coord" x="${P + c * S + S / 2}" y="${M / 2}">${esc(l)}</text>`));
    ranks.forEach((l, r) => out.push(`<text class="coord" x="${P + F * S + M / 2}" y="${M + r * S + S / 2}">${esc(l)}</text>`));
    pos.board.forEach((text, i) => {
      if (!text) return;
      const sq = vv.squares[i];
      const [x, y] = this.xy(sq);
      const color = text === text.toUpperCase() ? 'black' : 'white';
      const down = (color === 'white') !== this.flipped;
      out.push(`<g transform="translate(${x} ${y})">${pieceSVG(this.info(text), text, color, down, this.latin, ` data-square="${sq}"`)}</g>`);
    });
    for (const sq of marks.targets || []) {
      if (!this.index.has(sq)) continue;
      const [x, y] = this.xy(sq);
      out.push(`<circle class="hl-target" cx="${x + S / 2}" cy="${y + S / 2}" r="${S * 0.16}"/>`);
    }
    if (marks.finish) {
      const [x, y] = this.xy(marks.finish);
      out.push(`<rect class="hl-finish" x="${x + 4}" y="${y + 4}" width="${S - 8}" height="${S - 8}"/>`);
    }
    this.svg.innerHTML = out.join('');
    this.drawHands(pos, marks.hand);
  }

  drawHands(pos, sel) {
    const top = this.flipped ? 0 : 1, bottom = 1 - top;
    const one = (el, c) => {
      const color = c === 0 ? 'black' : 'white';
      el.innerHTML = (pos.hands[c] || []).map((h) => {
        const isSel = sel && sel.color === color && sel.id === h.id;
        const down = c === top;
        return `<div class="hand-piece${isSel ? ' sel' : ''}" data-hand="${esc(h.id)}" data-color="${color}" title="${esc(h.id)}">` +
          `<svg viewBox="0 0 100 100">${pieceSVG(this.info(h.piece), h.piece, color, down, this.latin, ' data-hand-piece="1"')}</svg>` +
          `<span class="count">${h.n}</span></div>`;
      }).join('');
    };
    one(this.hands.top, top);
    one(this.hands.bottom, bottom);
  }

  // squareAt finds the square under a pointer position.
  squareAt(e) {
    const el = document.elementFromPoint(e.clientX, e.clientY);
    return el && el.dataset && el.dataset.square && el.classList.contains('sq') ? el.dataset.square : null;
  }

  pointerDown(e) {
    const sq = this.squareAt(e);
    if (!sq) return;
    this.drag = { from: sq, x: e.clientX, y: e.clientY, moved: false };
    this.svg.setPointerCapture(e.pointerId);
    this.on.square(sq, e);
  }

  pointerMove(e) {
    if (!this.drag) {
      this.on.hover(this.squareAt(e), e);
      return;
    }
    const d = this.drag;
    if (!d.moved && Math.hypot(e.clientX - d.x, e.clientY - d.y) > 6) {
      d.moved = true;
      const src = this.svg.querySelector(`g.pc[data-square="${d.from}"]`);
      if (src) {
        src.classList.add('drag-origin');
        d.ghost = src.parentNode.cloneNode(true);
        d.ghost.firstChild.classList.add('ghost');
        this.svg.appendChild(d.ghost);
      }
    }
    if (d.ghost) {
      const pt = this.svg.createSVGPoint();
      pt.x = e.clientX; pt.y = e.clientY;
      const p = pt.matrixTransform(this.svg.getScreenCTM().inverse());
      d.ghost.setAttribute('transform', `translate(${p.x - S / 2} ${p.y - S / 2})`);
    }
  }

  pointerUp(e) {
    const d = this.drag;
    this.drag = null;
    if (!d) return;
    if (d.ghost) d.ghost.remove();
    const src = this.svg.querySelector('.drag-origin');
    if (src) src.classList.remove('drag-origin');
    if (!d.moved) return;
    const sq = this.squareAt(e);
    if (sq && sq !== d.from) this.on.square(sq, e);
  }
}

// diagramSVG draws a piece's move diagram (the server's cells: -1 off the
// board, 0 empty, 1 a destination, 2 a destination on a line that goes on,
// 3 the piece, 4 the piece when it may pass).
export function diagramSVG(d) {
  const n = 2 * d.radius + 1, s = 10;
  let out = `<svg viewBox="0 0 ${n * s} ${n * s}" xmlns="${NS}">`;
  d.cells.forEach((c, i) => {
    const x = (i % n) * s, y = Math.floor(i / n) * s;
    const fill = c < 0 ? '#bbb' : '#f3deb0';
    out += `<rect x="${x}" y="${y}" width="${s}" height="${s}" fill="${fill}" stroke="#6b4a1c" stroke-width="0.4"/>`;
    if (c === 1) out += `<circle cx="${x + 5}" cy="${y + 5}" r="2.8" fill="#2d7d32"/>`;
    if (c === 2) out += `<circle cx="${x + 5}" cy="${y + 5}" r="2.8" fill="#2d7d32"/><circle cx="${x + 5}" cy="${y + 5}" r="4.3" fill="none" stroke="#2d7d32" stroke-width="0.9"/>`;
    if (c === 3 || c === 4) out += `<path d="M${x + 5} ${y + 1.2} L${x + 8.3} ${y + 2.6} L${x + 9} ${y + 9} L${x + 1} ${y + 9} L${x + 1.7} ${y + 2.6} Z" fill="#c33"/>`;
    if (c === 4) out += `<circle cx="${x + 5}" cy="${y + 5}" r="4.6" fill="none" stroke="#2d7d32" stroke-width="0.9" stroke-dasharray="1.5 1"/>`;
  });
  return out + '</svg>';
}

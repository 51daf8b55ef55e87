// help.js: the piece help: hovering (or long-pressing) a piece shows its
// English and kanji names, its codes, its XBetza moves and a move diagram
// the server generated from them.

import { diagramSVG } from './board.js';

const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));

export class Help {
  constructor(el) { this.el = el; this.timer = 0; this.shown = null; }

  // show describes piece info near (x, y) after a short delay.
  show(info, x, y, delay = 250) {
    clearTimeout(this.timer);
    if (!info) { this.hide(); return; }
    if (this.shown === info) { this.place(x, y); return; }
    this.timer = setTimeout(() => {
      const promo = info.promotes ? `<div>promotes to <b>${esc(info.promotes)}</b></div>` : '';
      const diagram = info.diagram ? diagramSVG(info.diagram) : '';
      this.el.innerHTML = `<div><b>${esc(info.name)}</b> <span class="kanji">${esc(info.kanji || '')}</span></div>` +
        `<div>${esc(info.id)}${info.royal ? ' · royal' : ''}${info.promoted ? ' · promoted' : ''} · value ${info.value}</div>` +
        `<div>moves <code>${esc(info.betza)}</code></div>${promo}${diagram}`;
      this.el.hidden = false;
      this.shown = info;
      this.place(x, y);
    }, delay);
  }

  place(x, y) {
    const r = this.el.getBoundingClientRect();
    const left = Math.min(x + 16, window.innerWidth - r.width - 8);
    const top = Math.min(y + 16, window.innerHeight - r.height - 8);
    this.el.style.left = `${Math.max(left, 4)}px`;
    this.el.style.top = `${Math.max(top, 4)}px`;
  }

  hide() { clearTimeout(this.timer); this.el.hidden = true; this.shown = null; }
}

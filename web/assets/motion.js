// Senator: pieces travelling across the table, around each re-render of the page.
//
// The Python adapter (web/main.py) knows from the engine's events what the last
// action moved: a list of [what, from, to], where `what` is a piece
// (data-what="card-5", "token-war", "veto", "pile") and `from` / `to` are places
// (data-place="seat-2-hand", "topic", "forum", ...), and a mark: "clash" for the
// tokens of one conflict, held where they were, marked together, before they fly
// to the forum. Before the page is morphed
// it calls `senatorMotion.before(moves)` to note where each moving piece is; after,
// `senatorMotion.after(noted, ms)` flies each piece from there to where it now is
// (FLIP on the real element when the piece is drawn at its new place, or a copy
// flown to the place and faded out when it is not, as with a token sent to the
// forum). The page's HTML is always the final state; nothing here decides
// anything, and clicks go to the real page at once (copies take no pointer).
"use strict";

window.senatorMotion = (() => {
  const place = (name) => document.querySelector(`[data-place="${CSS.escape(name)}"]`);
  const pieceIn = (where, what, skip) => {
    if (!where) return null;
    const found = [...where.querySelectorAll(`[data-what="${CSS.escape(what)}"]`)];
    if (where.matches(`[data-what="${CSS.escape(what)}"]`)) found.push(where);
    const free = found.filter((el) => !skip.has(el));
    return free.length ? free[free.length - 1] : null;
  };

  function before(moves) {
    const used = new Set();
    return moves.map(([what, from, to, mark]) => {
      const source = place(from);
      const piece = pieceIn(source, what, used);
      if (piece) used.add(piece);
      const shown = piece || source;
      return {
        what,
        to,
        mark,
        rect: shown ? shown.getBoundingClientRect() : null,
        copy: piece ? piece.cloneNode(true) : null,
      };
    });
  }

  function fly(el, from, to, ms, delay, fade) {
    const dx = from.left + from.width / 2 - (to.left + to.width / 2);
    const dy = from.top + from.height / 2 - (to.top + to.height / 2);
    const scale = to.width ? Math.max(0.4, Math.min(2.5, from.width / to.width)) : 1;
    const frames = [
      { transform: `translate(${dx}px, ${dy}px) scale(${scale})`, opacity: 1 },
      { transform: "none", opacity: fade ? 0.15 : 1 },
    ];
    return el.animate(frames, { duration: ms, delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" });
  }

  function after(noted, ms) {
    const used = new Set();
    let delay = 0;
    let flights = 0;
    for (const { what, to, mark, rect, copy } of noted) {
      if (!rect || (!rect.width && !rect.height)) continue;
      const target = place(to);
      if (!target) continue;
      const piece = pieceIn(target, what, used);
      if (piece) {
        used.add(piece);
        const end = piece.getBoundingClientRect();
        if (Math.abs(end.left - rect.left) + Math.abs(end.top - rect.top) < 2) continue;
        fly(piece, rect, end, ms, delay, false);
      } else if (copy) {
        // The piece is not drawn where it went (the forum, a discard pile gathered):
        // a copy flies there from where it was, and fades.
        const end = target.getBoundingClientRect();
        copy.classList.add("flight");
        if (mark === "clash") copy.classList.add("clash");
        copy.removeAttribute("data-place");
        copy.setAttribute("aria-hidden", "true");
        Object.assign(copy.style, {
          left: `${end.left + end.width / 2 - rect.width / 2}px`,
          top: `${end.top + end.height / 2 - rect.height / 2}px`,
          width: `${rect.width}px`,
          height: `${rect.height}px`,
        });
        document.body.appendChild(copy);
        const shrink = { left: end.left + end.width / 2 - rect.width / 2, top: end.top + end.height / 2 - rect.height / 2, width: rect.width, height: rect.height };
        // A conflict's tokens wait together, marked, for one flight's time before they go.
        const wait = mark === "clash" ? delay + ms : delay;
        fly(copy, rect, shrink, ms, wait, true).finished.finally(() => copy.remove());
      } else {
        continue;
      }
      flights += 1;
      delay += Math.min(90, 450 / Math.max(noted.length, 1));
    }
    return flights;
  }

  return { before, after };
})();

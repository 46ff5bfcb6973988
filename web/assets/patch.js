// Senator: the page brought to a new drawing of itself, with morphdom.
//
// The Python adapter (web/main.py) draws the whole page as HTML on every change. An
// element carrying a checksum of its HTML (`data-v`) that has not changed is left as
// it stands, not compared node by node. One the page already showed at the last
// drawing comes empty, marked `data-unchanged`: it is only a place holder, and the page
// keeps what it holds there. Should a kept element ever meet something else in its
// place (the page's parts moved about), the patch says so, and the adapter sends
// the whole drawing, compared element by element.
"use strict";

window.senatorPatch = (() => {
  let missed = false;
  let whole = false;
  const options = {
    childrenOnly: false,
    onBeforeElUpdated(from, to) {
      // A disclosure the player opened stays open while they type in it: that it is
      // open is theirs to say, not the drawing's.
      if (from.localName === "details" && from.open) to.setAttribute("open", "");
      const v = to.getAttribute("data-v");
      if (whole || v === null || v !== from.getAttribute("data-v")) {
        if (to.hasAttribute("data-unchanged")) missed = true;
        return true;
      }
      return false;
    },
    onNodeAdded(node) {
      if (node.nodeType === 1 && node.hasAttribute("data-unchanged")) missed = true;
      return node;
    },
  };
  // True when the page now shows `html`; false when it needs the whole drawing.
  // `all`: compare every element, checksums or not (after a missed patch, what it
  // left in a place holder's stead may sit in a part whose checksum is right).
  return (root, html, all = false) => {
    missed = false;
    whole = all;
    window.morphdom(root, html, options);
    return !missed;
  };
})();

"""The page patched to each new drawing (web/assets/patch.js), in a real browser:
after every move the page shows exactly what the view drew, though the parts it
already showed were sent empty; a move patches what changed and draws none of the
table's parts anew; and a patch that cannot keep a part falls back to the whole
drawing. (The Python side: tests/test_drawing.py.)"""

from __future__ import annotations

import random
from typing import Any

import senator_core as sc
from senator_core.records import game_link

from .conftest import Site, open_game, random_move, stored_setup, wait_for

SETUP = stored_setup(speed="instant", auto=False)

# After each patch: whether the page shows what the view draws now, element by
# element (attributes in name order), what the patch added, and any place holder
# left behind.
RECORDER = """
window.__added = [];
new MutationObserver((records) => {
  for (const r of records) {
    for (const n of r.addedNodes) if (n.nodeType === 1) window.__added.push(n);
  }
}).observe(document, { childList: true, subtree: true });
window.__missed = 0;
window.addEventListener("DOMContentLoaded", () => {
  const patch = window.senatorPatch;
  window.senatorPatch = (root, html, all) => {
    const ok = patch(root, html, all);
    if (!ok) window.__missed += 1;
    return ok;
  };
});
window.__shown = (root) => {
  const out = [];
  const walk = (node, depth) => {
    const attrs = [...node.attributes].map((a) => `${a.name}=${JSON.stringify(a.value)}`);
    out.push(" ".repeat(depth) + `<${node.localName} ${attrs.sort().join(" ")}>`);
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE && child.textContent.trim()) {
        out.push(" ".repeat(depth + 1) + child.textContent.trim());
      } else if (child.nodeType === Node.ELEMENT_NODE) {
        walk(child, depth + 1);
      }
    }
  };
  walk(root, 0);
  return out.join("\\n");
};
"""
CHECK = """() => {
  const html = window.senator.pyodide.runPython(
    "from senator_core.app import view as _view; str(_view(page.model))");
  const drawn = document.createElement("template");
  drawn.innerHTML = html;
  const app = document.getElementById("app");
  const added = window.__added.filter((n) => n.isConnected && app.contains(n))
    .map((n) => n.localName + "." + String(n.className).split(" ")[0]);
  window.__added = [];
  return {
    same: window.__shown(app) === window.__shown(drawn.content.firstElementChild),
    kept: document.querySelectorAll("#app [data-unchanged]").length,
    missed: window.__missed,
    added,
    screen: document.querySelector("[data-screen]").dataset.screen,
  };
}"""
# The table's parts: a move patches them, it never draws them anew.
PARTS = ("div.seats-around", "article.seat-board", "div.centre", "section.decision")


def test_every_drawing_shows_whole_and_no_move_draws_the_table_anew(site: Site, page: Any) -> None:
    """First, parts of the page moved about by something else than the patch (here the
    test): the next drawing sends them empty, finds another part in their place, and
    falls back to the whole drawing. Then 60 moves, each patched exactly."""
    page.add_init_script(SETUP + RECORDER)
    config = sc.GameConfig(players=5, seed=11, first_opener=0)
    open_game(page, f"{site.origin}/{game_link(config)}&nosw")
    # Two seats swap places on the page; what each holds is unchanged, so the next
    # drawing sends both empty.
    page.evaluate(
        """() => {
      const seats = document.querySelectorAll(".seats-around > .seat-board");
      seats[0].before(seats[1]);
      const patch = window.senatorPatch;
      window.__patches = [];
      window.senatorPatch = (root, html, all) => {
        const ok = patch(root, html, all);
        window.__patches.push([ok, Boolean(all)]);
        return ok;
      };
    }"""
    )
    chooser = random.Random(4)
    random_move(page, chooser)
    wait_for(page, "window.__patches.length >= 2")
    assert page.evaluate("window.__patches")[:2] == [[False, False], [True, True]]
    seen = page.evaluate(CHECK)
    assert seen["same"] and seen["kept"] == 0
    order = page.evaluate(
        "[...document.querySelectorAll('.seats-around > .seat-board')].map(e => e.dataset.seat)"
    )
    assert order == ["0", "1", "2", "3", "4"]

    page.evaluate("window.__missed = 0")
    moves = 0
    for _ in range(60):
        move = random_move(page, chooser)
        page.locator("[data-guard]").wait_for(state="detached")  # a tap's guard, lifted
        seen = page.evaluate(CHECK)
        assert seen["same"], f"after {move}: the page is not the drawing"
        assert seen["kept"] == 0, f"after {move}: a place holder stayed"
        # Parts keep their places: no patch had to fall back to the whole drawing.
        assert seen["missed"] == 0, f"after {move}: a part sent empty met another"
        if seen["screen"] == "game":
            anew = [a for a in seen["added"] if a in PARTS]
            assert not anew, f"after {move}: drawn anew: {anew}"
        moves += 1
    assert moves == 60

"""Accessibility checks of a page with axe-core, for the end-to-end tests.

axe-core's script is the pinned one that `building.browser.axe_script()` keeps in the cache
(never part of the site). It is injected into a page the first time the page is
checked (and again only after the page loads a new document), then
`axe.run(document, {resultTypes: ["violations"]})` checks the page as it is shown.
Only violations of serious or critical impact count; each is described with its
rule, impact, help text and link, and the first few elements it found (selector,
markup and what axe says is wrong with it).

    assert_accessible(page, "the title screen")     # fails the test on any
    found += violations(page, "the set-up screen")  # or collect, and fail once
"""

from __future__ import annotations

from typing import Any

from building.browser import axe_script

COUNTED = ("serious", "critical")
SHOWN_ELEMENTS = 3
MARKUP = 160  # characters of an element's markup shown
REASON = 300  # characters of what axe says is wrong with it

# Runs the page's finite animations to their end first (as a screenshot with
# animations disabled does): a colour checked half-way through a fade-in is not
# the colour a player reads.
RUN = """async () => {
  for (const animation of document.getAnimations()) {
    const timing = animation.effect && animation.effect.getComputedTiming();
    if (timing && timing.endTime !== Infinity) animation.finish();
  }
  const results = await axe.run(document, { resultTypes: ["violations"] });
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    url: v.helpUrl,
    nodes: v.nodes.map((n) => ({
      target: n.target.map((t) => (Array.isArray(t) ? t.join(" >>> ") : String(t))).join(" "),
      html: n.html,
      why: [...n.any, ...n.all, ...n.none].map((c) => c.message).find(Boolean) || "",
    })),
  }));
}"""


def inject(page: Any) -> None:
    """Adds axe-core to the page unless its document already has it."""
    if not page.evaluate("typeof window.axe === 'object' && typeof window.axe.run === 'function'"):
        page.add_script_tag(path=str(axe_script()))


def shorten(text: str, most: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= most else text[: most - 1] + "…"


def describe(violation: dict[str, Any], context: str) -> str:
    """One violation as lines a person can act on."""
    nodes = violation["nodes"]
    lines = [
        f"{context}: {violation['id']} ({violation['impact']}): {violation['help']}"
        f" [{len(nodes)} element(s)] {violation['url']}"
    ]
    for node in nodes[:SHOWN_ELEMENTS]:
        lines.append(f"    {node['target']}  {shorten(node['html'], MARKUP)}")
        if node["why"]:
            lines.append(f"      {shorten(node['why'], REASON)}")
    if len(nodes) > SHOWN_ELEMENTS:
        lines.append(f"    … and {len(nodes) - SHOWN_ELEMENTS} more")
    return "\n".join(lines)


def violations(page: Any, context: str) -> list[str]:
    """The serious and critical violations on the page as it is now, each described
    (see `describe`) and headed by `context`, which names what is on the screen."""
    inject(page)
    found: list[dict[str, Any]] = page.evaluate(RUN)
    return [describe(v, context) for v in found if v["impact"] in COUNTED]


def assert_accessible(page: Any, what: str) -> None:
    """Fails with every serious or critical violation of the page, naming `what` it shows."""
    found = violations(page, what)
    if found:
        raise AssertionError(
            f"{len(found)} serious or critical accessibility violation(s) on {what}:\n"
            + "\n".join(found)
        )

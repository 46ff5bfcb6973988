"""The browser adapter decides nothing and says nothing: checks on web/main.py's source."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ADAPTER = Path(__file__).parent.parent / "web" / "main.py"
# Calls whose strings are for the browser or the developer (an import that fails), not
# the player.
NOT_FOR_PLAYERS = ("js.console.", "js.Function.new", "js.window.matchMedia", "ModuleNotFoundError")
WORDS = re.compile(r"[A-Za-z]{2,} [A-Za-z]{2,}")


def sentences(source: str) -> list[str]:
    """The string constants of `source` that read as words, outside docstrings and the
    calls in NOT_FOR_PLAYERS."""
    tree = ast.parse(source)
    skipped: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            skipped.add(id(body[0].value))  # a docstring
        if isinstance(node, ast.Call) and ast.unparse(node.func).startswith(NOT_FOR_PLAYERS):
            skipped.update(id(n) for n in ast.walk(node))
    found = []
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and WORDS.search(node.value)
        ):
            found.append(node.value)
    return found


def test_the_adapter_holds_no_sentence_for_the_player() -> None:
    """Every word the player reads comes from the application, through the catalogs."""
    assert sentences(ADAPTER.read_text(encoding="utf-8")) == []


def test_a_sentence_in_the_adapter_is_found() -> None:
    source = (
        'def f():\n    """Docs."""\n    js.console.info(f"no sound: {x}")\n'
        '    say("There is no game.")\n'
    )
    assert sentences(source) == ["There is no game."]


def calls(source: str, name: str) -> list[ast.Call]:
    """The calls in `source` of the function or method `name`."""
    return [
        node
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call) and ast.unparse(node.func).split(".")[-1] == name
    ]


def test_the_adapter_writes_storage_in_one_place_the_store_effect() -> None:
    """`init`'s writes are `Store` effects too: one piece of code writes, and reports a
    refused write as `StorageFailed`, whatever message or start asked for it."""
    source = ADAPTER.read_text(encoding="utf-8")
    assert len(calls(source, "storage_set")) == 1
    assert len(calls(source, "StorageFailed")) == 1


def strings(source: str) -> list[str]:
    return [
        node.value
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    ]


def test_the_adapter_reads_no_format_of_the_address() -> None:
    """The page hands its query to `init` and what follows its "#" to `Invited` as they
    are: the application reads them (`?game=`, `?lang=`, `#table=`, `#offer=`) and says
    what to take out of the address (`ForgetAddress`) or put after its "#" (`Address`),
    which is done in one place."""
    source = ADAPTER.read_text(encoding="utf-8")
    assert [s for s in strings(source) if re.match(r"[#?&]?[a-z]+=", s)] == []
    assert calls(source, "startswith") == []
    assert len(calls(source, "replaceState")) == 1


def imported(source: str) -> set[str]:
    """The names `source` imports from senator_core, as "module.name"."""
    return {
        f"{node.module}.{alias.name}"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("senator_core")
        for alias in node.names
    }


def test_the_adapter_runs_the_cores_searches_in_slices_and_builds_none() -> None:
    """A computer's move, the hint and the review are each a stepper the core gives
    (`make(...).thinking`, `hinting`, `reviewing`): the page runs their slices and sends
    back what they made, or the error they stopped on; it builds no search or tally."""
    source = ADAPTER.read_text(encoding="utf-8")
    cores = {name for name in imported(source) if not name.startswith("senator_core.app")}
    assert cores == {
        "senator_core.bots.Thinking",
        "senator_core.bots.make",
        "senator_core.bots.hint.hinting",
        "senator_core.review.Progress",
        "senator_core.review.reviewing",
        "senator_core.i18n.add_catalog",
        "senator_core.i18n.has_catalog",
    }
    assert len(calls(source, "HintFailed")) == 1 and len(calls(source, "ReviewFailed")) == 1


def test_the_adapter_reads_no_setting() -> None:
    """The settings' ICE servers reach the page as the browser's fields: the page reads
    no line of the settings."""
    source = ADAPTER.read_text(encoding="utf-8")
    assert not {"urls", "username", "credential"} & set(strings(source))
    assert calls(source, "split") == []

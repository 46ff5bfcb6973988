"""A mutation check of the rules engine: do the rule tests notice a one-line change?

Run it from anywhere with the project's interpreter:

    .venv/bin/python tools/mutation.py                      # every mutant, one at a time
    .venv/bin/python tools/mutation.py --list               # only list the mutants
    .venv/bin/python tools/mutation.py --lines 500-560 612  # mutants on those lines only
    .venv/bin/python tools/mutation.py --sample 100 --seed 7
    .venv/bin/python tools/mutation.py --jobs 2 --timeout 30 --tests tests/test_rules_core.py

It parses `senator_core/game.py` with `ast` and makes single-point mutants, each
changing exactly one line: a comparison operator swapped (< <= > >= == != is in),
an arithmetic, bitwise or augmented-assignment operator swapped (+ - * // & | << >>),
`and`/`or` swapped, a `not` removed, a small integer moved by one, True/False
swapped. Docstrings and other strings, type annotations, `assert` statements,
`raise` statements (error messages), f-strings and `__repr__` are never mutated.

Each mutant is written into a private copy of the package and of `tests/` in a
temporary directory (the checkout is never modified, so others can keep working),
and the rule tests run there in a subprocess (`pytest -x -q -p no:cacheprovider`).
A mutant is killed when the tests fail or time out, and survives when they pass.
A full run (about 770 mutants, one at a time) takes about 40 minutes; `--sample`
gives a quick check.
The summary lists each survivor as `game.py:LINE: original -> mutated`. Survivors
already explained (EXPLAINED: a mutant that cannot change behaviour; NOT_RULES: code
that is not a rule, such as saving, covered by other test files) are listed apart
with the reason. The exit status is 1 when an unexplained mutant survives, else 0.

This is a tool, not a test: pytest does not collect it (no `test_` names).
"""

from __future__ import annotations

import argparse
import ast
import os
import queue
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "senator_core"
TARGET = Path(PACKAGE) / "game.py"
RULE_TESTS = (
    "tests/test_rules_core.py",
    "tests/test_rules_powers_events.py",
    "tests/test_rules_variants_open_points.py",
)
# Top-level entries that are never linked into the sandbox.
PRIVATE = {".git", ".venv", PACKAGE, "tests", "__pycache__"}

COMPARE_SWAPS: dict[str, tuple[str, ...]] = {
    "<": ("<=", ">="),
    "<=": ("<", ">"),
    ">": (">=", "<="),
    ">=": (">", "<"),
    "==": ("!=",),
    "!=": ("==",),
    "is": ("is not",),
    "is not": ("is",),
    "in": ("not in",),
    "not in": ("in",),
}
COMPARE_TEXT: dict[type[ast.cmpop], str] = {
    ast.Lt: "<",
    ast.LtE: "<=",
    ast.Gt: ">",
    ast.GtE: ">=",
    ast.Eq: "==",
    ast.NotEq: "!=",
    ast.Is: "is",
    ast.IsNot: "is not",
    ast.In: "in",
    ast.NotIn: "not in",
}
BINARY_SWAPS: dict[str, tuple[str, ...]] = {
    "+": ("-",),
    "-": ("+",),
    "*": ("//",),
    "//": ("*",),
    "&": ("|",),
    "|": ("&",),
    "<<": (">>",),
    ">>": ("<<",),
}
BINARY_TEXT: dict[type[ast.operator], str] = {
    ast.Add: "+",
    ast.Sub: "-",
    ast.Mult: "*",
    ast.FloorDiv: "//",
    ast.BitAnd: "&",
    ast.BitOr: "|",
    ast.LShift: "<<",
    ast.RShift: ">>",
}
SMALL_INT = 100  # integer constants up to this size are moved by one

# Surviving mutants explained once and for all, keyed "function: original -> mutated"
# (whitespace stripped; "function[2]" for the second line of that text in a function),
# so a key outlives edits elsewhere in game.py. A key that no longer matches a mutant
# is reported, so the list cannot rot unnoticed.
_SENTINEL = "equivalent: every reader tests this -1 sentinel with < 0, so -2 reads the same"
_DEAD = "equivalent: dead store, set again by _start_round before anything reads it"
_LONGER = "equivalent: the list only grows; reads are of one seat's slice, never of the tail"
_SLICE = "equivalent: _card_list/_kind_list read only the first 4/6 counts of the slice"
_NO_IMPERIUM = (
    "equivalent: Imperium is never proposed (R26 passes it at once, R37 Trade cannot "
    "take it), so that count is always 0"
)
_DRAW_ORDER = (
    "equivalent: the forum is walked in another order, which still gives every token "
    "the same chance (R9, R11); only which seed deals which docket changes"
)
_CLAMP = "equivalent: least = max(high + 1 - mine, 1) turns the 0 back into 1"
_TOO_MANY = (
    "equivalent: the extra combinations hold more copies of a card than any hand "
    "(R2), so no hand offers them"
)
_MOVES = "not a rule: the move counter (Game.moves); tests/test_api.py kills it"
EXPLAINED: dict[str, str] = {
    "<module>: SAVE_VERSION = 1 -> SAVE_VERSION = 0": (
        "not a rule: the save format's version; the same code writes and reads saves"
    ),
    "<module>: SAVE_VERSION = 1 -> SAVE_VERSION = 2": (
        "not a rule: the save format's version; the same code writes and reads saves"
    ),
    "<module>: ALL_EVENTS = (1 << len(EVENTS)) - 1 -> ALL_EVENTS = (0 << len(EVENTS)) - 1": (
        "equivalent: only bits 0-5 are read or cleared, and at most 3 are cleared "
        "(one event a round), so the extra set bits never show"
    ),
    "<module>: ALL_EVENTS = (1 << len(EVENTS)) - 1 -> ALL_EVENTS = (2 << len(EVENTS)) - 1": (
        "equivalent: only bits 0-5 are read or cleared, and at most 3 are cleared "
        "(one event a round), so the extra set bit never shows"
    ),
    "<module>: ALL_EVENTS = (1 << len(EVENTS)) - 1 -> ALL_EVENTS = (1 >> len(EVENTS)) - 1": (
        "equivalent: -1, as for (0 << len(EVENTS)) - 1"
    ),
    "<module>: ((a, b, c) for a in range(HAND[0] + 1) for b in range(HAND[1] + 1) for c in "
    "range(HAND[2] + 1)), -> ((a, b, c) for a in range(HAND[1] + 1) for b in range(HAND[1] + "
    "1) for c in range(HAND[2] + 1)),": _TOO_MANY,
    "<module>: ((a, b, c) for a in range(HAND[0] + 1) for b in range(HAND[1] + 1) for c in "
    "range(HAND[2] + 1)), -> ((a, b, c) for a in range(HAND[0] + 2) for b in range(HAND[1] + "
    "1) for c in range(HAND[2] + 1)),": _TOO_MANY,
    "<module>: ((a, b, c) for a in range(HAND[0] + 1) for b in range(HAND[1] + 1) for c in "
    "range(HAND[2] + 1)), -> ((a, b, c) for a in range(HAND[0] + 1) for b in range(HAND[1] + "
    "2) for c in range(HAND[2] + 1)),": _TOO_MANY,
    "<module>: ((a, b, c) for a in range(HAND[0] + 1) for b in range(HAND[1] + 1) for c in "
    "range(HAND[2] + 1)), -> ((a, b, c) for a in range(HAND[0] + 1) for b in range(HAND[1] + "
    "1) for c in range(HAND[3] + 1)),": (
        "equivalent: HAND[3] == HAND[2] == 1 (one 5, one Assassin), the same range"
    ),
    "<module>: key=lambda k: (k[0] + 2 * k[1] + 5 * k[2], k[0] + k[1] + k[2], k), -> "
    "key=lambda k: (k[0] + 2 * k[1] + 5 * k[2], k[0] + k[1] - k[2], k),": (
        "equivalent: another tie-break between plays of equal value that sorts them the same"
    ),
    "<module>: key=lambda k: (k[0] + 2 * k[1] + 5 * k[2], k[0] + k[1] + k[2], k), -> "
    "key=lambda k: (k[0] + 2 * k[1] + 5 * k[2], k[0] + k[1] + k[1], k),": (
        "equivalent: another tie-break between plays of equal value that sorts them the same"
    ),
    "<module>: _PLAYS = {k: Action(V_PLAY, -1, k) for k in _COMBOS} -> "
    "_PLAYS = {k: Action(V_PLAY, -0, k) for k in _COMBOS}": (
        "equivalent: a play's target is never read (actions are interned by their text)"
    ),
    "<module>: _PLAYS = {k: Action(V_PLAY, -1, k) for k in _COMBOS} -> "
    "_PLAYS = {k: Action(V_PLAY, -2, k) for k in _COMBOS}": (
        "equivalent: a play's target is never read (actions are interned by their text)"
    ),
    "<module>: _ASSASSIN_WITH = {k: Action(V_ASSASSIN, -1, k) for k in _COMBOS} -> "
    "_ASSASSIN_WITH = {k: Action(V_ASSASSIN, -0, k) for k in _COMBOS}": (
        "equivalent: an Assassin play's target is never read (actions are interned by text)"
    ),
    "<module>: _ASSASSIN_WITH = {k: Action(V_ASSASSIN, -1, k) for k in _COMBOS} -> "
    "_ASSASSIN_WITH = {k: Action(V_ASSASSIN, -2, k) for k in _COMBOS}": (
        "equivalent: an Assassin play's target is never read (actions are interned by text)"
    ),
    "Game.__init__: config = replace(config, seed=secrets.randbits(63)) -> "
    "config = replace(config, seed=secrets.randbits(62))": (
        "equivalent: any whole number of at least 0 is a seed; only the range drawn from changes"
    ),
    "Game.__init__: config = replace(config, seed=secrets.randbits(63)) -> "
    "config = replace(config, seed=secrets.randbits(64))": (
        "equivalent: any whole number of at least 0 is a seed; only the range drawn from changes"
    ),
    "Game.__init__: self.round = 0 -> self.round = -1": _DEAD,
    "Game.__init__: self.round = 0 -> self.round = 1": _DEAD,
    "Game.__init__: self.event_index = -1 -> self.event_index = -0": _DEAD,
    "Game.__init__: self.event_index = -1 -> self.event_index = -2": _DEAD,
    "Game.__init__: self.seat_to_move = -1 -> self.seat_to_move = -0": _DEAD,
    "Game.__init__: self.seat_to_move = -1 -> self.seat_to_move = -2": _DEAD,
    "Game.__init__: self.discard_counts = [0] * (4 * n) -> "
    "self.discard_counts = [0] * (5 * n)": _LONGER,
    "Game.__init__: self.assassinated_counts = [0] * (4 * n) -> "
    "self.assassinated_counts = [0] * (5 * n)": _LONGER,
    "Game.__init__: self.in_play_counts = [0] * (4 * n) -> "
    "self.in_play_counts = [0] * (5 * n)": _LONGER,
    "Game.__init__: self.proposed_counts = [0] * (6 * n) -> "
    "self.proposed_counts = [0] * (7 * n)": _LONGER,
    "Game.__init__: self.passed_counts = [0] * (6 * n) -> "
    "self.passed_counts = [0] * (7 * n)": _LONGER,
    "Game.__init__: self.leading_total = 0 -> self.leading_total = -1": _CLAMP,
    "Game.__init__: self.topic_index = -1 -> self.topic_index = -2": _SENTINEL,
    "Game.__init__: self.debate_winner_seat = -1 -> self.debate_winner_seat = -2": _SENTINEL,
    "Game.__init__: self.moves = 0 -> self.moves = -1": _MOVES,
    "Game.__init__: self.moves = 0 -> self.moves = 1": _MOVES,
    "Game._draw_token: kind = 0 -> kind = -1": _DRAW_ORDER,
    "Game._draw_token: kind += 1 -> kind -= 1": _DRAW_ORDER,
    "Game._start_round: drawn = [self._draw_token() for _ in range(min(max(wanted, 0), "
    "self.forum_size))] -> drawn = [self._draw_token() for _ in range(min(max(wanted, -1), "
    "self.forum_size))]": "equivalent: range(-1) is as empty as range(0)",
    "Game._start_round: self.event_index = -1 -> self.event_index = -2": _SENTINEL,
    "Game._end_round: self.seat_to_move = -1 -> self.seat_to_move = -2": _SENTINEL,
    "Game._end_round: self.event_index = -1 -> self.event_index = -2": _SENTINEL,
    "Game._after_debate: self.topic_index = -1 -> self.topic_index = -2": _SENTINEL,
    "Game._after_debate: self.debate_winner_seat = -1 -> self.debate_winner_seat = -2": _SENTINEL,
    "Game._after_debate: self.leading_total = 0 -> self.leading_total = -1": _CLAMP,
    "Game._debate_actions: least = max(least, 1) -> least = max(least, 0)": (
        "equivalent: least is at least 1 anyway (no total is above the last raise), "
        "and every play is worth at least 1"
    ),
    "Game._debate_actions: fewest, most = 1, INFLUENCE_CARDS -> "
    "fewest, most = 0, INFLUENCE_CARDS": (
        "equivalent: every play has at least one card (_COMBOS drops the empty one)"
    ),
    "Game._debate_actions: elif least < SPARTACUS_MINIMUM: -> "
    "elif least <= SPARTACUS_MINIMUM:": "equivalent: at least == 2 it sets least to 2 again",
    "Game.apply: self.moves += 1 -> self.moves -= 1": _MOVES,
    "Game.apply: self.moves += 1 -> self.moves += 0": _MOVES,
    "Game.apply: self.moves += 1 -> self.moves += 2": _MOVES,
    "Game._next_in_debate[2]: seat = 0 -> seat = -1": (
        "equivalent: this wrap comes only when the last seat is withdrawn; withdrawn[-1] "
        "is that seat, so the loop goes on to seat 0"
    ),
    "Game._assassin: count[s] += 1 -> count[s] += 2": (
        "equivalent: count is only tested for non-zero before _after_debate resets it"
    ),
    "Game._assassin: lost.append(_card_list(inplay[b : b + 4])) -> "
    "lost.append(_card_list(inplay[b : b + 5]))": _SLICE,
    "Game._win: moved = _kind_list(proposed[base : base + 6]) -> "
    "moved = _kind_list(proposed[base : base + 7])": _SLICE,
    "Game._win: for k in range(base, base + 6): -> for k in range(base, base + 5):": (_NO_IMPERIUM),
    "Game._finish_debate: cards = _card_list([c1, c2, c5, 0]) -> "
    "cards = _card_list([c1, c2, c5, -1])": "equivalent: a count of -1 lists no card, as 0",
    'Game._bid_refusal: args["held"] = _card_list(self.hand_counts[base : base + 4]) -> '
    'args["held"] = _card_list(self.hand_counts[base : base + 5])': (
        "equivalent: only the first 4 counts are read"
    ),
    "Game._power_refusal: if self.veto_seat == w: -> if self.veto_seat != w:": (
        "equivalent: unreachable; in a Taxes power decision take veto is always legal, "
        "so no reason is ever asked for it"
    ),
    "Game._cards: return dict(zip(CARDS, flat[b : b + 4], strict=True)) -> "
    "return dict(zip(CARDS, flat[b : b + 4], strict=False))": (
        "equivalent: _seat() has checked the seat, so the slice always holds 4 counts"
    ),
    "Game.in_play: return list(_card_list(self.in_play_counts[b : b + 4])) -> "
    "return list(_card_list(self.in_play_counts[b : b + 5]))": _SLICE,
    "Game.proposed: return _kind_list(self.proposed_counts[b : b + 6]) -> "
    "return _kind_list(self.proposed_counts[b : b + 7])": _SLICE,
    "Game.passed: return _kind_list(self.passed_counts[b : b + 6]) -> "
    "return _kind_list(self.passed_counts[b : b + 7])": _SLICE,
    "Game.scores: sum(proposed[b : b + 6]) + held, -> sum(proposed[b : b + 5]) + held,": (
        _NO_IMPERIUM
    ),
}
# Functions that are not rules: their survivors are listed apart; check them with
# `--tests` and the test files named here.
NOT_RULES: dict[str, str] = {
    "Game.clone": "copies for computer players; check with --tests tests/test_api.py",
    "Game._reseed": "reseeded copies; check with --tests tests/test_api.py",
    "Game.to_json": "saving; check with --tests tests/test_api.py",
    "Game.from_json": "loading a save; check with --tests tests/test_api.py",
    "replay": "replaying a record; check with --tests tests/test_api.py",
}


@dataclass(frozen=True)
class Mutant:
    """One mutant: line `line` (1-based) of the target becomes `mutated`."""

    line: int
    col: int
    operator: str
    function: str
    occurrence: int  # 1 for the first line of this text in the function, 2 for the next...
    original: str
    mutated: str

    def describe(self) -> str:
        return f"{TARGET.name}:{self.line}: {self.original.strip()} -> {self.mutated.strip()}"

    def key(self) -> str:
        where = self.function if self.occurrence == 1 else f"{self.function}[{self.occurrence}]"
        return f"{where}: {self.original.strip()} -> {self.mutated.strip()}"

    def explanation(self) -> str | None:
        if self.function in NOT_RULES:
            return f"not a rule: {NOT_RULES[self.function]}"
        return EXPLAINED.get(self.key())


def split_lines(source: str) -> list[str]:
    """The lines as `ast` numbers them, ends kept (str.splitlines also breaks at form
    feeds and other separators that ast does not count)."""
    lines: list[str] = re.findall(r"[^\n]*\n|[^\n]+$", source)
    return lines


class _Finder:
    """Walks the module's AST and records every single-line mutant."""

    def __init__(self, source: str) -> None:
        self.lines = split_lines(source)
        self.tree = ast.parse(source)
        self.found: list[tuple[int, int, str, str, str]] = []  # line, col, op, function, text

    def char_col(self, line: int, byte_col: int) -> int:
        """AST columns count UTF-8 bytes; string slicing counts characters."""
        return len(self.lines[line - 1].encode()[:byte_col].decode())

    def replace(self, line: int, start: int, end: int, new: str) -> str:
        text = self.lines[line - 1]
        a, b = self.char_col(line, start), self.char_col(line, end)
        return text[:a] + new + text[b:]

    def add(self, line: int, col: int, operator: str, function: str, text: str) -> None:
        self.found.append((line, col, operator, function, text))

    def gap_swap(
        self,
        left: ast.expr,
        right: ast.expr,
        old: str,
        swaps: Sequence[str],
        operator: str,
        function: str,
    ) -> None:
        """Swaps the operator written between two operands on one line."""
        line = left.end_lineno
        if line is None or left.end_col_offset is None or line != right.lineno:
            return
        text = self.lines[line - 1]
        a = self.char_col(line, left.end_col_offset)
        b = self.char_col(line, right.col_offset)
        gap = text[a:b]
        if " ".join(gap.strip(" ()").split()) != old:
            return  # the operator is not alone between the operands (comment, odd layout)
        pattern = r"\s+".join(re.escape(word) for word in old.split())
        for new in swaps:
            new_gap = re.sub(pattern, new, gap, count=1)
            self.add(line, a, operator, function, text[:a] + new_gap + text[b:])

    def walk(self, node: ast.AST, function: str) -> None:
        if isinstance(node, ast.Assert | ast.Raise | ast.JoinedStr):
            return
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            return  # a docstring
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            if node.name == "__repr__":
                return
            function = f"{function}.{node.name}" if function else node.name
        self.visit(node, function)
        for name, value in ast.iter_fields(node):
            if name in ("annotation", "returns", "type_comment"):
                continue
            children = value if isinstance(value, list) else [value]
            for child in children:
                if isinstance(child, ast.AST):
                    self.walk(child, function)

    def visit(self, node: ast.AST, function: str) -> None:
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            for i, op in enumerate(node.ops):
                old = COMPARE_TEXT[type(op)]
                self.gap_swap(
                    operands[i], operands[i + 1], old, COMPARE_SWAPS[old], "compare", function
                )
        elif isinstance(node, ast.BinOp) and type(node.op) in BINARY_TEXT:
            old = BINARY_TEXT[type(node.op)]
            self.gap_swap(node.left, node.right, old, BINARY_SWAPS[old], "arithmetic", function)
        elif isinstance(node, ast.AugAssign) and type(node.op) in BINARY_TEXT:
            old = BINARY_TEXT[type(node.op)]
            swaps = [new + "=" for new in BINARY_SWAPS[old]]
            self.gap_swap(node.target, node.value, old + "=", swaps, "augmented", function)
        elif isinstance(node, ast.BoolOp):
            old = "and" if isinstance(node.op, ast.And) else "or"
            new = "or" if old == "and" else "and"
            for left, right in zip(node.values, node.values[1:], strict=False):
                self.gap_swap(left, right, old, (new,), "boolean", function)
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            line = node.lineno
            text = self.lines[line - 1]
            a = self.char_col(line, node.col_offset)
            found = re.match(r"not\b\s*", text[a:])
            if found and node.operand.lineno == line:
                self.add(line, a, "not", function, text[:a] + text[a + found.end() :])
        elif isinstance(node, ast.Constant) and node.lineno == node.end_lineno:
            value = node.value
            if node.end_col_offset is None:
                return
            span = (node.lineno, node.col_offset, node.end_col_offset)
            if isinstance(value, bool):
                self.add(
                    node.lineno,
                    node.col_offset,
                    "bool",
                    function,
                    self.replace(*span, str(not value)),
                )
            elif isinstance(value, int) and abs(value) <= SMALL_INT:
                text = self.lines[node.lineno - 1]
                a, b = self.char_col(node.lineno, span[1]), self.char_col(node.lineno, span[2])
                if text[a:b] != repr(value):
                    return
                for moved in (value + 1, value - 1):
                    self.add(
                        node.lineno,
                        node.col_offset,
                        "number",
                        function,
                        self.replace(*span, repr(moved)),
                    )


def find_mutants(source: str) -> list[Mutant]:
    """Every valid single-line mutant of `source`, in line order, without duplicates."""
    finder = _Finder(source)
    finder.walk(finder.tree, "")
    original_dump = ast.dump(finder.tree)
    mutants: list[Mutant] = []
    seen: set[tuple[int, str]] = set()
    rank: dict[int, int] = {}  # line -> its occurrence among same-text lines of its function
    places: dict[tuple[str, str], set[int]] = {}
    for line, _, _, function, _ in finder.found:
        places.setdefault((function, finder.lines[line - 1].strip()), set()).add(line)
    for same in places.values():
        for i, line in enumerate(sorted(same), 1):
            rank[line] = i
    for line, col, operator, function, text in sorted(finder.found):
        if (line, text) in seen:
            continue
        seen.add((line, text))
        lines = finder.lines[:]
        lines[line - 1] = text
        try:
            tree = ast.parse("".join(lines))
        except SyntaxError:
            continue
        if ast.dump(tree) == original_dump:
            continue
        where = function or "<module>"
        mutants.append(Mutant(line, col, operator, where, rank[line], finder.lines[line - 1], text))
    return mutants


# ---------------------------------------------------------------------- running


def make_sandbox(tests: Sequence[str]) -> Path:
    """A temporary directory holding a copy of the package and of tests/, with the
    rest of the checkout linked, so the tests import the copy and never the checkout."""
    sandbox = Path(tempfile.mkdtemp(prefix="senator-mutation-"))
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", "e2e")
    shutil.copytree(ROOT / PACKAGE, sandbox / PACKAGE, ignore=skip)
    shutil.copytree(ROOT / "tests", sandbox / "tests", ignore=skip)
    for entry in ROOT.iterdir():
        if entry.name in PRIVATE or entry.name.endswith(".egg-info"):
            continue
        if entry.name.startswith("."):
            continue
        if entry.name == "pyproject.toml":
            shutil.copy(entry, sandbox / entry.name)
        else:
            (sandbox / entry.name).symlink_to(entry)
    for test in tests:
        if not (sandbox / test).exists():
            raise SystemExit(f"no test file {test} under tests/")
    return sandbox


def run_tests(
    sandbox: Path, source: str, tests: Sequence[str], timeout: float, show: bool = False
) -> str:
    """Writes `source` as the sandbox's game.py and runs the tests:
    "survived" (they pass), "killed" (they fail) or "timeout" (counted as killed).
    With `show`, pytest's output goes to this process's output."""
    (sandbox / TARGET).write_text(source, encoding="utf-8")
    env = dict(os.environ)
    env["PYTHONPATH"] = str(sandbox)
    env["PYTHONDONTWRITEBYTECODE"] = "1"  # no stale .pyc when two mutants share a size
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests]
    sink = None if show else subprocess.DEVNULL
    try:
        done = subprocess.run(
            command, cwd=sandbox, env=env, stdout=sink, stderr=sink, timeout=timeout, check=False
        )
    except subprocess.TimeoutExpired:
        return "timeout"
    return "survived" if done.returncode == 0 else "killed"


def check_sandbox(sandbox: Path, source: str, tests: Sequence[str], timeout: float) -> float:
    """The unmutated tests must pass in the sandbox and a broken copy must fail there
    (proof that the tests import the copy); returns the time of one clean run."""
    start = time.monotonic()
    if run_tests(sandbox, source, tests, timeout) != "survived":
        run_tests(sandbox, source, tests, timeout, show=True)
        raise SystemExit(
            "the tests do not pass on the unmutated game.py in the sandbox (output above)"
        )
    elapsed = time.monotonic() - start
    broken = source + '\nraise RuntimeError("mutation sandbox check")\n'
    if run_tests(sandbox, broken, tests, timeout) == "survived":
        raise SystemExit("the tests do not import the sandbox's copy of the package")
    (sandbox / TARGET).write_text(source, encoding="utf-8")
    return elapsed


def parse_lines(text: str) -> tuple[int, int]:
    first, _, last = text.partition("-")
    try:
        low, high = int(first), int(last or first)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a line range like 120-180") from None
    if low < 1 or high < low:
        raise argparse.ArgumentTypeError(f"{text!r} is not a line range like 120-180")
    return low, high


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="tools/mutation.py",
        description="Run the rule tests against single-line mutants of senator_core/game.py.",
    )
    parser.add_argument("--limit", type=int, metavar="N", help="run only the first N mutants")
    parser.add_argument(
        "--lines",
        type=parse_lines,
        nargs="+",
        metavar="A-B",
        help="mutate only these lines of game.py (ranges like 120-180, or single lines)",
    )
    parser.add_argument("--jobs", type=int, default=1, metavar="J", help="mutants run at once")
    parser.add_argument(
        "--tests",
        nargs="+",
        default=list(RULE_TESTS),
        metavar="FILE",
        help="test files, relative to the repository (default: the three rule test files)",
    )
    parser.add_argument("--sample", type=int, metavar="K", help="run K mutants chosen at random")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="seed for --sample")
    parser.add_argument(
        "--timeout",
        type=float,
        default=60.0,
        metavar="SEC",
        help="seconds per mutant before it counts as killed (default 60)",
    )
    parser.add_argument("--list", action="store_true", help="list the mutants, run nothing")
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    return args


def select(mutants: list[Mutant], args: argparse.Namespace) -> list[Mutant]:
    chosen = mutants
    if args.lines is not None:
        ranges: list[tuple[int, int]] = args.lines
        chosen = [m for m in chosen if any(low <= m.line <= high for low, high in ranges)]
    if args.sample is not None and args.sample < len(chosen):
        picked = random.Random(args.seed).sample(range(len(chosen)), args.sample)
        chosen = [chosen[i] for i in sorted(picked)]
    if args.limit is not None:
        chosen = chosen[: args.limit]
    return chosen


def mutated_source(lines: list[str], mutant: Mutant) -> str:
    copy = lines[:]
    copy[mutant.line - 1] = mutant.mutated
    return "".join(copy)


def run_all(
    mutants: list[Mutant], source: str, tests: Sequence[str], jobs: int, timeout: float
) -> Iterator[tuple[Mutant, str]]:
    """Runs every mutant, `jobs` at a time, each job in its own sandbox."""
    lines = split_lines(source)
    sandboxes: queue.Queue[Path] = queue.Queue()
    made: list[Path] = []
    try:
        for _ in range(jobs):
            made.append(make_sandbox(tests))
            sandboxes.put(made[-1])
        baseline = check_sandbox(made[0], source, tests, timeout)
        print(f"unmutated rule tests pass in {baseline:.1f} s", flush=True)

        def one(mutant: Mutant) -> tuple[Mutant, str]:
            sandbox = sandboxes.get()
            try:
                return mutant, run_tests(sandbox, mutated_source(lines, mutant), tests, timeout)
            finally:
                sandboxes.put(sandbox)

        with ThreadPoolExecutor(max_workers=jobs) as pool:
            yield from pool.map(one, mutants)
    finally:
        for sandbox in made:
            shutil.rmtree(sandbox, ignore_errors=True)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    source = (ROOT / TARGET).read_text(encoding="utf-8")
    every = find_mutants(source)
    mutants = select(every, args)
    if args.list:
        for mutant in mutants:
            print(f"{mutant.describe()}  [{mutant.operator}, {mutant.function}]")
        print(f"{len(mutants)} of {len(every)} mutants")
        return 0
    print(f"{len(mutants)} of {len(every)} mutants; tests: {' '.join(args.tests)}", flush=True)
    start = time.monotonic()
    outcomes: dict[str, int] = {"killed": 0, "timeout": 0, "survived": 0}
    survivors: list[Mutant] = []
    for done, (mutant, outcome) in enumerate(
        run_all(mutants, source, args.tests, args.jobs, args.timeout), 1
    ):
        outcomes[outcome] += 1
        if outcome == "survived":
            survivors.append(mutant)
        print(f"[{done}/{len(mutants)}] {outcome:8} {mutant.describe()}", flush=True)
    elapsed = time.monotonic() - start
    explained = [m for m in survivors if m.explanation() is not None]
    unexplained = [m for m in survivors if m.explanation() is None]
    print()
    print(
        f"mutants: {len(mutants)}, killed: {outcomes['killed'] + outcomes['timeout']} "
        f"({outcomes['timeout']} by timeout), survived: {len(survivors)} "
        f"({len(explained)} explained, {len(unexplained)} not), time: {elapsed:.0f} s"
    )
    if explained:
        print("\nexplained survivors:")
        for mutant in explained:
            print(f"{mutant.describe()}\n    {mutant.explanation()}")
    if unexplained:
        print("\nsurvivors:")
        for mutant in unexplained:
            print(mutant.describe())
    stale = sorted(set(EXPLAINED) - {m.key() for m in every})
    if stale:
        print("\nEXPLAINED entries that match no mutant any more (update tools/mutation.py):")
        for key in stale:
            print(f"    {key}")
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main())

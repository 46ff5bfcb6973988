"""The rules panel's messages."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


class HelpMsg:
    """What every message of this feature is: `update` routes them here in one case."""

    __slots__ = ()


@dataclass(frozen=True)
class Rule(HelpMsg):
    """Open the rules panel at a rule ("R21")."""

    rule: str


Message = Rule

# The `data-msg` names of this feature's controls and the message each makes from `data-value`.
CONTROLS: dict[str, Callable[[str], Message]] = {
    "rule": Rule,
}

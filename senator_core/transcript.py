"""A game record as plain text, move by move, in the log's words: the `replay` command.

The transcript opens with who sat where and under which rules, then gives every
action (its number, who made it, its notation) with the log lines it wrote,
grouped by round and by debate as the page's log groups them, and ends with
the scores and the winners.
"""

from __future__ import annotations

from .app.play.log import AUTO_NOTE
from .app.play.scoreboard import tie_break_steps
from .app.ui.text import DECISION_TITLES, KIND_NAMES, VARIANT_TEXT, and_list, describe, render_text
from .config import VARIANT_VALUES
from .events import Event
from .i18n import _
from .records import HUMAN, Record, timeline

OCCUPANT_WORDS = {HUMAN: "human"}  # the other occupants are computer levels


def occupant_text(occupant: str) -> str:
    """Who sat at a seat, in words: a person or a computer player of a level."""
    return OCCUPANT_WORDS.get(occupant, f"computer ({occupant})")


def header(record: Record) -> list[str]:
    """Who played, under which rules, from which seed."""
    game = record.game
    config = game.config
    names = game.names
    lines = [f"Senator: a game for {game.players} senators, seed {config.seed}"]
    width = max(len(name) for name in names)
    for s, name in enumerate(names):
        lines.append(f"  Seat {s + 1}: {name.ljust(width)}  {occupant_text(record.occupants[s])}")
    changed = [
        (name, value)
        for name, value in config.variants.to_dict().items()
        if value != VARIANT_VALUES[name][0]
    ]
    if changed:
        lines.append("Variants:")
        lines.extend(f"  {n}={v}: {VARIANT_TEXT[n][v]}" for n, v in changed)
    if config.first_opener is not None:
        lines.append(f"First opener chosen: {names[config.first_opener]}")
    if config.draws:
        lines.append(f"Forum draws set in advance: {', '.join(config.draws)}")
    if config.event_order:
        lines.append(f"Event cards set in advance: {', '.join(config.event_order)}")
    for move, seed in game.record().get("reseeds", []):
        lines.append(f"Chance drawn afresh before action {move + 1} (seed {seed})")
    if record.undos:
        lines.append(f"Undo used: {record.undos} time{'' if record.undos == 1 else 's'}")
    if record.started:
        lines.append(f"Started: {record.started}")
    return lines


class _Log:
    """The log's lines as text, each under the round and the part of the round
    (preparation, a debate, clean-up) it belongs to; a heading is written just
    before its first line, as the page's log leaves out empty parts."""

    def __init__(self, names: tuple[str, ...]) -> None:
        self.names = names
        self.lines: list[str] = []
        self.round = ""
        self.part = ""
        self.pending: list[str] = []  # headings not written yet

    def heading(self, event: Event) -> None:
        """Opens a new round or part if this event begins one (app/log.py's grouping)."""
        eid = event.id
        if eid == "round_start":
            self.round = f"Round {event.args['round']}"
            self.part = "Preparation"
            self.pending = ["", self.round, f"  {self.part}"]
        if not self.round:
            self.round = self.part = "Set-up"
            self.pending = ["", self.round]
        if eid == "topic_chosen":
            self.part = f"Debate on {KIND_NAMES[event.args['topic']]}"
            self._open_part()
        elif eid in ("round_end", "game_end") and self.part != "Clean-up":
            self.part = "Clean-up" if eid == "round_end" else "The end"
            self._open_part()

    def _open_part(self) -> None:
        if self.pending:  # the round's heading is not written yet: keep it
            self.pending = [*self.pending[:2], f"  {self.part}"]
        else:
            self.pending = [f"  {self.part}"]

    def write(self, line: str) -> None:
        self.lines.extend(self.pending)
        self.pending = []
        self.lines.append(line)

    def sentence(self, event: Event) -> None:
        words = describe(event)
        if words is not None:
            self.write(f"        {render_text(words, self.names)}")


def moves(record: Record) -> list[str]:
    """Every action with the log lines it wrote, grouped by round and by debate."""
    game = record.game
    steps = timeline(game)
    log = game.log
    out = _Log(game.names)
    for event in log[: steps.log_ends[0]]:
        out.heading(event)
        out.sentence(event)
    auto = set(record.auto)
    for k, action in enumerate(game.actions):
        written = log[steps.log_ends[k] : steps.log_ends[k + 1]]
        if written:
            out.heading(written[0])  # a debate's heading goes above the action opening it
        note = f" {_(AUTO_NOTE)}" if k in auto else ""
        out.write(f"    {k + 1}. {game.names[steps.movers[k]]}: {action.text}{note}")
        for i, event in enumerate(written):
            if i:
                out.heading(event)
            out.sentence(event)
    return out.lines


def result(record: Record) -> list[str]:
    """The scores and the winners, or who is to move in a game still going on."""
    game = record.game
    names = game.names
    if not record.finished:
        seat = game.to_move
        assert seat is not None
        return [
            "",
            "The game is in progress: round "
            f"{game.round}, {names[seat]} to move ({DECISION_TITLES[game.decision].lower()}).",
        ]
    scores = game.scores()
    winners = game.winners()
    width = max(len("Senator"), *(len(name) for name in names))
    lines = ["", "Result", f"  {'Senator'.ljust(width)}  Tokens  Imperium  Passed"]
    for s in sorted(range(game.players), key=lambda s: scores[s], reverse=True):
        tokens, imperium, passed = scores[s]
        mark = "  victor" if s in winners else ""
        lines.append(f"  {names[s].ljust(width)}  {tokens:>6}  {imperium:>8}  {passed:>6}{mark}")
    lines.extend(f"  {step}" for step in tie_break_steps(game))
    victors = and_list([names[s] for s in winners])
    lines.append(f"{victors} {'share the victory' if len(winners) > 1 else 'wins'}.")
    return lines


def transcript(record: Record) -> str:
    """The whole game as text, one line per heading, action and log sentence."""
    return "\n".join([*header(record), *moves(record), *result(record)]) + "\n"

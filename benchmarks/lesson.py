"""How long the guided first game ("Learn to play") takes a new player.

Prints figures; asserts nothing. The lesson is played through the application
itself (`update`, with every effect carried out as the page carries it out),
on a clock that counts what a person waits for and what they read:

- the page's own waits at the chosen pace (a computer's pause before its move,
  a move that is no choice, the pause after a big moment), as the effects ask;
- the coach's words at a reading speed (200 words a minute by default), and a
  few seconds for each move the player makes or each note they go on from;
- after the line (the first round), the player's own moves (Easy's choice, as a
  beginner's, seeded), a few seconds each, against the lesson's Easy computers.

For each language: the words the coach says, the line's moves (the player's and
the computers'), and the minutes for the coached round and for the whole game,
over several deals of the rounds played alone (their seeds).

    .venv/bin/python benchmarks/lesson.py [--pace normal] [--wpm 200] [--move 4] [--games 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from senator_core.app import Model, init, update
from senator_core.app.effects import After, Think
from senator_core.app.lesson.line import LINE, MOVES, NOTES, coaching
from senator_core.app.lesson.messages import Coach, Learn
from senator_core.app.messages import Msg
from senator_core.app.play.messages import Act, GoOn, Thought
from senator_core.app.setup.state import PACES
from senator_core.app.setup.update import set_field
from senator_core.bots import make
from senator_core.i18n import LANGUAGES, _, use


class Clock:
    """The lesson played on a clock: the page's waits, and the player's reading and moves."""

    def __init__(self, model: Model, wpm: float, move: float, seed: int) -> None:
        self.model, self.wpm, self.move = model, wpm, move
        self.seconds = 0.0
        self.player = make("easy", 100 + seed)

    def send(self, msg: Msg) -> None:
        pending = [msg]
        while pending:
            self.model, effects = update(self.model, pending.pop(0), "")
            for effect in effects:
                if isinstance(effect, After) and not isinstance(effect.msg, GoOn):
                    self.seconds += effect.seconds
                    pending.append(effect.msg)
                elif isinstance(effect, Think) and not effect.estimate:
                    self.seconds += effect.least
                    choice = make(effect.level, effect.seed).choose(effect.game)
                    pending.append(Thought(effect.game.moves, str(choice)))

    def read(self, text: str) -> None:
        self.seconds += len(text.split()) / self.wpm * 60

    def play(self) -> tuple[float, float]:
        """Plays the lesson to the game's end: the minutes for the line, and in all."""
        self.send(Learn())
        line_minutes = 0.0
        while True:
            game = self.model.game
            assert game is not None
            if game.decision == "over":
                return line_minutes, self.seconds / 60
            said = coaching(self.model)
            if self.model.story:
                self.seconds += self.move * 2  # a round's summary, read
                self.send(GoOn())
            elif said is not None and said.kind == "note":
                self.read(said.says)
                self.seconds += self.move
                self.send(Coach("on"))
                if said.at == len(LINE):
                    line_minutes = self.seconds / 60
            elif said is not None and said.kind == "move":
                self.read(said.says)
                self.seconds += self.move
                self.send(Act(said.suggest))
            else:
                self.seconds += self.move
                self.send(Act(str(self.player.choose(game))))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pace", default="normal", choices=tuple(PACES))
    parser.add_argument("--wpm", type=float, default=200.0, help="reading speed")
    parser.add_argument("--move", type=float, default=4.0, help="seconds for each move made")
    parser.add_argument("--games", type=int, default=5, help="deals of the rounds played alone")
    args = parser.parse_args()
    players_moves = len(MOVES)
    print(
        f"The line: {len(LINE)} moves in round 1, {players_moves} of them the player's; "
        f"{len(NOTES)} notes held; pace {args.pace}, reading {args.wpm:.0f} words a minute, "
        f"{args.move:.0f} s a move"
    )
    print(f"{'language':<9} {'words':>6} {'line min':>9} {'game min (median, max)':>24}")
    for lang in LANGUAGES:
        use(lang)
        words = sum(len(_(step.says).split()) for step in (*MOVES.values(), *NOTES.values()))
        lines, games = [], []
        for seed in range(args.games):
            model, _effects = init({}, f"?lang={lang}")
            model = replace(model, setup=set_field(model.setup, "speed", args.pace))
            clock = Clock(model, args.wpm, args.move, seed)
            line, whole = clock.play()
            lines.append(line)
            games.append(whole)
        print(
            f"{lang:<9} {words:>6} {statistics.median(lines):>9.1f} "
            f"{statistics.median(games):>15.1f}, {max(games):.1f}"
        )


if __name__ == "__main__":
    main()

"""What the application tests share: a message's model alone, for tests of one step; a
rendered view read back as elements and text; a game at the table by its fields."""

from __future__ import annotations

import senator_core as sc
from senator_core.app import Model, Msg, update

from .markup import Elements


def updated(model: Model, msg: Msg, now: str = "") -> Model:
    """The model after a message, its effects left aside (tests of them call `update`)."""
    return update(model, msg, now)[0]


HOSTILE = "<img src=x onerror=alert(1)>"


class Page(Elements):
    """The elements of a rendered view: (tag, attributes) in document order, and the text."""

    def __init__(self, html: str) -> None:
        self.text: list[str] = []
        super().__init__(html)

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        super().handle_data(data)

    def texts(self, class_name: str) -> list[str]:
        """The text of each element with the class `class_name`, spaces collapsed."""
        return [self.text_of(i) for i in range(len(self.elements)) if class_name in self.classes(i)]

    def values(self, attribute: str) -> list[str | None]:
        return [a[attribute] for _, a in self.elements if attribute in a]

    def tags(self) -> list[str]:
        return [t for t, _ in self.elements]

    def all_text(self) -> str:
        return " ".join(" ".join(self.text).split())


def playing(game: sc.Game, **fields: object) -> Model:
    return Model(screen="game", game=game, **fields)  # type: ignore[arg-type]


def started(seed: int = 4, players: int = 4, names: tuple[str, ...] | None = None) -> Model:
    return playing(sc.new_game(sc.GameConfig(players=players, seed=seed, names=names)))

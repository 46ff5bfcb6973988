"""What the application tests share: a message's model alone, for tests of one step; the
browser's storage as the page keeps it; a rendered view read back as elements and text;
a game at the table by its fields."""

from __future__ import annotations

from collections.abc import Iterable

import senator_core as sc
from senator_core.app import Model, Msg, update
from senator_core.app.effects import Effect, Store
from senator_core.app.keeping.messages import StorageFailed, Stored

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


def written(effects: Iterable[Effect]) -> dict[str, str | None]:
    """What the `Store` effects among `effects` write, by key (None: removed)."""
    return {e.key: e.value for e in effects if isinstance(e, Store)}


def store(
    storage: dict[str, str | None], effects: Iterable[Effect], refused: Iterable[str] = ()
) -> list[Msg]:
    """Carries out the `Store` effects among `effects` on `storage` as the page does,
    the browser refusing to write the keys `refused`; the messages the page sends back."""
    said: list[Msg] = []
    for effect in effects:
        if not isinstance(effect, Store):
            continue
        watched = effect.under or effect.key
        if effect.guarded and storage.get(watched) != effect.expected:
            said.append(Stored(watched, storage.get(watched)))
        elif effect.key in refused:
            said.append(StorageFailed(effect.key, storage.get(effect.key)))
        elif effect.value is None:
            storage.pop(effect.key, None)
        else:
            storage[effect.key] = effect.value
    return said

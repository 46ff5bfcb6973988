"""What the application tests share: a message's model alone, for tests of one step, and
the browser's storage as the page keeps it."""

from __future__ import annotations

from collections.abc import Iterable

from senator_core.app import Model, Msg, update
from senator_core.app.effects import Effect, Store
from senator_core.app.keeping.messages import StorageFailed, Stored


def updated(model: Model, msg: Msg, now: str = "") -> Model:
    """The model after a message, its effects left aside (tests of them call `update`)."""
    return update(model, msg, now)[0]


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

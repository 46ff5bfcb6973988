"""The browser adapter: renders the application into the page and routes events to it.

The only module that touches the browser. What the page shows comes from
`senator_core.app.view`; what a click, a key or a changed field means comes
from `senator_core.app.update`; this file moves HTML, events and stored
values between them and the page.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Coroutine
from dataclasses import replace
from typing import Any, TypeVar

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]

from senator_core.app import Act, Cmd, Field, init, persist, update, view
from senator_core.app.art import sprite
from senator_core.app.model import (
    HINT_LEVEL,
    SAVE_KEY,
    SETUP_KEY,
    SPEED_SECONDS,
    Hint,
    computer_to_move,
)
from senator_core.bots import SearchBot, Thinking, make

SLICE_SECONDS = 0.025  # the longest a computer thinks before the page gets a turn

STORED_KEYS = (SAVE_KEY, SETUP_KEY)


def storage_get(key: str) -> str | None:
    try:
        value = js.localStorage.getItem(key)
    except Exception:  # storage can be switched off; the game still plays
        return None
    return value if isinstance(value, str) else None


def storage_set(key: str, value: str | None) -> None:
    try:
        if value is None:
            js.localStorage.removeItem(key)
        else:
            js.localStorage.setItem(key, value)
    except Exception as err:  # full or switched off: keep playing, say so in the console
        js.console.warn(f"Senator could not save: {err}")


class Page:
    """The page's one model, its rendering, and the listeners that feed it messages."""

    def __init__(self) -> None:
        self.root = js.document.getElementById("app")
        # The icons' drawings, once, outside what is re-rendered.
        js.document.body.insertAdjacentHTML("afterbegin", str(sprite()))
        location = js.window.location
        link = js.URLSearchParams.new(location.search).get("game")
        stored = {key: storage_get(key) for key in STORED_KEYS}
        self.model, writes = init(
            stored,
            link if isinstance(link, str) else None,
            f"{location.origin}{location.pathname}",
        )
        for key, value in writes.items():
            storage_set(key, value)
        self.stored = {**stored, **{k: v for k, v in writes.items() if k in STORED_KEYS}}
        # Subtrees that did not change (most of the log, say) are skipped whole.
        unchanged = js.Function.new("from", "to", "return !from.isEqualNode(to);")
        self.morph_options = to_js(
            {"childrenOnly": False, "onBeforeElUpdated": unchanged},
            dict_converter=js.Object.fromEntries,
        )
        # Proxies made once and kept for the page's life.
        self.thinking = False  # a computer's turns are being played
        self.hinting = False  # a hint is being worked out
        self.tasks: set[Any] = set()  # running computer turns and hints, kept alive
        self.listeners = {
            "click": create_proxy(self.on_click),
            "keydown": create_proxy(self.on_key),
            "input": create_proxy(self.on_field),
            "change": create_proxy(self.on_field),
        }
        for kind, listener in self.listeners.items():
            js.document.addEventListener(kind, listener)

    def dispatch(self, msg: Act | Cmd | Field | Hint) -> None:
        try:
            self.model = update(self.model, msg)
        except Exception as err:
            self.report(err)
        for key, value in persist(self.model).items():
            if self.stored.get(key) != value:
                storage_set(key, value)
                self.stored[key] = value
        self.render()

    def render(self) -> None:
        js.morphdom(self.root, str(view(self.model)), self.morph_options)
        active = js.document.activeElement
        if not active or active == js.document.body:
            # The control that had focus is gone: keep keyboard play going from the decision.
            self.focus_decision()
        if computer_to_move(self.model) and not self.thinking:
            self.thinking = True
            self.start(self.computer_turns())

    async def computer_turns(self) -> None:
        """Plays computer seats' decisions one after another, at the chosen pace."""
        try:
            while level := computer_to_move(self.model):
                game = self.model.game
                assert game is not None
                started = time.perf_counter()
                bot = make(level, seed=game.to_move)  # a seat's computer plays alike
                choice = await run_sliced(bot.thinking(game))
                pause = SPEED_SECONDS[self.model.setup.speed] - (time.perf_counter() - started)
                # At least a zero sleep: the move is drawn in a task of its own, not
                # at the end of the search's last slice.
                await asyncio.sleep(max(pause, 0.0))
                if self.model.game is not game:  # the player went elsewhere meanwhile
                    continue
                self.dispatch(Act(str(choice)))
        except Exception as err:
            self.report(err)
            self.render()
        finally:
            self.thinking = False

    async def hint(self) -> None:
        """Works out the hint for the position shown, once at a time."""
        game = self.model.game
        if self.hinting or game is None or game.to_move is None:
            return
        self.hinting = True
        try:
            adviser = make(HINT_LEVEL, seed=game.to_move)
            assert isinstance(adviser, SearchBot)
            options = await run_sliced(adviser.estimating(game))
            if self.model.game is game:  # not a new game started meanwhile at the same move
                self.dispatch(Hint(game.moves, tuple((str(a), v) for a, v in options)))
        except Exception as err:
            self.report(err)
            self.render()
        finally:
            self.hinting = False

    def start(self, work: Coroutine[Any, Any, None]) -> None:
        """Runs `work` alongside the page, keeping a reference until it ends."""
        task = asyncio.ensure_future(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def report(self, err: Exception) -> None:
        """A bug must not take the page down with it: it is told, and play goes on."""
        js.console.warn(f"Senator: {type(err).__name__}: {err}")
        self.model = replace(self.model, notice=f"Something went wrong: {err}")

    def focus_decision(self) -> None:
        """Moves focus to the decision, so the prompt is read and Tab reaches the choices."""
        target = js.document.getElementById("decision")
        if target:
            target.focus(to_js({"preventScroll": True}, dict_converter=js.Object.fromEntries))

    def on_click(self, event: Any) -> None:
        target = event.target.closest("[data-action], [data-msg]")
        if not target or target.disabled:
            return
        action = target.getAttribute("data-action")
        if action:
            self.dispatch(Act(action))
            # The pressed button may now stand for another choice: a second Enter
            # must not act on it unseen.
            if js.document.activeElement == target:
                self.focus_decision()
        else:
            msg = target.getAttribute("data-msg")
            if msg == "hint":
                self.start(self.hint())
                return
            value = target.getAttribute("data-value")
            self.dispatch(Cmd(msg, value if value else ""))

    def on_field(self, event: Any) -> None:
        target = event.target
        name = target.getAttribute("name") if target.getAttribute else None
        if name and (name == "speed" or target.closest("[data-screen='setup']")):
            self.dispatch(Field(name, str(target.value)))

    def on_key(self, event: Any) -> None:
        if event.key != "Escape":
            return
        if self.model.notice:
            self.dispatch(Cmd("dismiss"))
        elif self.model.panel:
            self.dispatch(Cmd("panel", self.model.panel))


T = TypeVar("T")


async def run_sliced(thinking: Thinking[T]) -> T:
    """Runs a computer's thinking in slices, letting the page answer in between. It
    starts with a turn for the page too: the move just drawn is painted first."""
    while True:
        await asyncio.sleep(0)
        deadline = time.perf_counter() + SLICE_SECONDS
        try:
            while time.perf_counter() < deadline:
                next(thinking)
        except StopIteration as done:
            return done.value


page = Page()
page.render()
js.document.documentElement.dataset.ready = "1"

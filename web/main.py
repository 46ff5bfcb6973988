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

from senator_core.app import Act, Cmd, Field, Model, init, persist, update, view
from senator_core.app.art import sprite
from senator_core.app.help import RULE_SECTIONS
from senator_core.app.model import (
    HINT_LEVEL,
    HISTORY_KEY,
    SAVE_KEY,
    SETUP_KEY,
    SPEED_SECONDS,
    Hint,
    Stored,
    computer_to_move,
    export_file,
    forced_to_move,
    log_of,
    turn_came,
)
from senator_core.app.motion import holds, moves
from senator_core.app.view import page_title
from senator_core.bots import SearchBot, Thinking, make

SLICE_SECONDS = 0.025  # the longest a computer thinks before the page gets a turn
MOVE_MS = {"instant": 0, "fast": 300, "normal": 450, "slow": 600}  # a piece's flight
HOLD_SECONDS = {"instant": 0.0, "fast": 0.5, "normal": 1.2, "slow": 2.0}  # after a big moment
FORCED_SECONDS = {"instant": 0.25, "fast": 0.6, "normal": 1.0, "slow": 1.6}  # before a forced move
GUARD_MS = 400  # a control that appears under the pointer ignores it this long
REPLAY_SECONDS = {"instant": 0.25, "fast": 0.6, "normal": 1.2, "slow": 2.0}  # a replay's move

STORED_KEYS = (SAVE_KEY, SETUP_KEY, HISTORY_KEY)


def now() -> str:
    """The time now on the player's clock, as the dates of kept games give it."""
    d = js.Date.new()
    return (
        f"{d.getFullYear():04d}-{d.getMonth() + 1:02d}-{d.getDate():02d}"
        f"T{d.getHours():02d}:{d.getMinutes():02d}:{d.getSeconds():02d}"
    )


def storage_get(key: str) -> str | None:
    try:
        value = js.localStorage.getItem(key)
    except Exception:  # storage can be switched off; the game still plays
        return None
    return value if isinstance(value, str) else None


def storage_set(key: str, value: str | None) -> bool:
    """Stores a value; False if the browser would not (storage full or switched off)."""
    try:
        if value is None:
            js.localStorage.removeItem(key)
        else:
            js.localStorage.setItem(key, value)
    except Exception as err:  # full or switched off: play goes on, and the player is told
        js.console.info(f"Senator could not save: {err}")
        return False
    return True


class Page:
    """The page's one model, its rendering, and the listeners that feed it messages."""

    def __init__(self) -> None:
        self.root = js.document.getElementById("app")
        # The icons' drawings, once, outside what is re-rendered.
        js.document.body.insertAdjacentHTML("afterbegin", str(sprite()))
        location = js.window.location
        params = js.URLSearchParams.new(location.search)
        link = params.get("game")
        lang = params.get("lang")
        if isinstance(link, str) or isinstance(lang, str):
            # Opened once: a reload continues the game it began, not the link's deal anew,
            # in the language chosen since.
            params.delete("game")
            params.delete("lang")
            rest = params.toString()
            js.history.replaceState(None, "", location.pathname + (f"?{rest}" if rest else ""))
        browser = tuple(str(code) for code in (js.navigator.languages or [js.navigator.language]))
        stored = {key: storage_get(key) for key in STORED_KEYS}
        self.model, writes = init(
            stored,
            link if isinstance(link, str) else None,
            f"{location.origin}{location.pathname}",
            now(),
            lang if isinstance(lang, str) else None,
            browser,
        )
        for key, value in writes.items():
            storage_set(key, value)
        self.stored = {**stored, **{k: v for k, v in writes.items() if k in STORED_KEYS}}
        # A subtree whose checksum (`data-v`, see `keyed`) did not change is skipped whole.
        unchanged = js.Function.new(
            "from",
            "to",
            "const v = to.getAttribute('data-v');"
            " return v === null || v !== from.getAttribute('data-v');",
        )
        self.morph_options = to_js(
            {"childrenOnly": False, "onBeforeElUpdated": unchanged},
            dict_converter=js.Object.fromEntries,
        )
        # Proxies made once and kept for the page's life.
        self.thinking = False  # a computer's turns are being played
        self.hinting = False  # a hint is being worked out
        self.forcing = False  # a move that is no choice is about to be made
        self.last_tap: tuple[float, float, float, int] | None = None  # x, y, when, moves
        self.audio: Any = None  # made on first use, after the player has interacted
        self.chimes = 0
        self.unguard = create_proxy(self.release_guard)
        self.tasks: set[Any] = set()  # running computer turns and hints, kept alive
        self.listeners = {
            "click": create_proxy(self.on_click),
            "keydown": create_proxy(self.on_key),
            "input": create_proxy(self.on_field),
            "change": create_proxy(self.on_field),
        }
        for kind, listener in self.listeners.items():
            js.document.addEventListener(kind, listener)
        self.on_storage_proxy = create_proxy(self.on_storage)
        js.window.addEventListener("storage", self.on_storage_proxy)
        self.on_drag_proxy = create_proxy(self.on_drag)
        self.on_drop_proxy = create_proxy(self.on_drop)
        self.on_leave_proxy = create_proxy(self.on_drag_leave)
        js.document.addEventListener("dragover", self.on_drag_proxy)
        js.document.addEventListener("dragleave", self.on_leave_proxy)
        js.document.addEventListener("drop", self.on_drop_proxy)
        self.replaying = False  # a replay is playing on by itself
        if any(not storage_set(k, v) for k, v in writes.items()):
            self.model = update(self.model, Cmd("storage-failed"))

    def dispatch(self, msg: Act | Cmd | Field | Hint | Stored) -> None:
        before = self.model
        try:
            self.model = update(self.model, msg, now())
        except Exception as err:
            self.report(err)
        self.keep()
        self.render(before)

    def keep(self) -> None:
        """Stores what changed. A save another tab wrote since this one last read or
        wrote it is never written over: this tab learns of it instead."""
        failed = False
        for key, value in persist(self.model).items():
            if self.stored.get(key) == value:
                continue
            if key == SAVE_KEY:
                current = storage_get(key)
                if current != self.stored.get(key):
                    self.stored[key] = current
                    self.model = update(self.model, Stored(key, current))
                    continue
            if storage_set(key, value):
                self.stored[key] = value
            else:
                failed = True
        if failed:
            self.model = update(self.model, Cmd("storage-failed"))

    def on_storage(self, event: Any) -> None:
        """Another tab of the game changed what is stored."""
        key = event.key
        if key not in (SAVE_KEY, HISTORY_KEY):
            return
        value = event.newValue if isinstance(event.newValue, str) else None
        self.stored[key] = value
        self.dispatch(Stored(key, value))

    def render(self, before: Model | None = None) -> None:
        model = self.model
        html = str(view(model))
        flights = self.moves_to_show(before, model)
        noted = js.senatorMotion.before(to_js(flights)) if flights else None
        js.morphdom(self.root, html, self.morph_options)
        if noted is not None:
            js.senatorMotion.after(noted, MOVE_MS[model.setup.speed])
        js.document.title = page_title(model)
        js.document.documentElement.lang = model.lang
        if before is not None and before.screen != model.screen:
            js.window.scrollTo(0, 0)  # a new screen starts at its top, as a new page would
        stepped = model.watch is not None and (
            before is None or before.watch is None or before.watch.step != model.watch.step
        )
        if before is None or before.game is not model.game or stepped:
            # The log reads top to bottom: its newest line in view.
            body = js.document.querySelector(".log-body")
            if body:
                body.scrollTop = body.scrollHeight
        # How many moves the game shown has had: lets a test wait for a move it did not make.
        js.document.documentElement.dataset.moves = str(model.game.moves if model.game else -1)
        active = js.document.activeElement
        if not active or active == js.document.body:
            # The control that had focus is gone: keep keyboard play going from the decision.
            self.focus_decision()
        self.guard_pointer()
        if before is not None and model.setup.sound and turn_came(before, model):
            self.chime(final=model.screen == "end")
        if model.panel == "rules" and model.rule and (before is None or before.rule != model.rule):
            section = js.document.getElementById(RULE_SECTIONS.get(model.rule, ""))
            if section:
                section.scrollIntoView()
        watch = model.watch
        if model.screen == "replay" and watch is not None and watch.playing and not self.replaying:
            self.replaying = True
            self.start(self.replay_on())
        if computer_to_move(model) and not self.thinking:
            self.thinking = True
            self.start(self.computer_turns())
        elif (forced := forced_to_move(model)) and not self.forcing:
            self.forcing = True
            self.start(self.forced_move(model, forced))

    def moves_to_show(self, before: Model | None, model: Model) -> list[list[str]]:
        """What the last action moved, if it is to be seen moving: not when the page
        catches up (a first render, a reload), at the instant pace, in a hidden tab or
        for a player who asked for reduced motion."""
        game = model.game
        if (
            before is None
            or game is None
            or before.game is None
            or game is before.game
            or model.seen != len(log_of(before.game))
            or model.setup.speed == "instant"
            or js.document.hidden
            or js.window.matchMedia("(prefers-reduced-motion: reduce)").matches
        ):
            return []
        return [list(m) for m in moves(log_of(game)[model.seen :])]

    def guard_pointer(self) -> None:
        """A control that has just appeared where the last tap landed ignores the pointer
        a moment, so a double tap cannot act twice."""
        tap = self.last_tap
        game = self.model.game
        if (
            tap is None
            or game is None
            or game.moves == tap[3]  # no move was made: the same decision is still shown
            or time.perf_counter() - tap[2] > GUARD_MS / 1000
        ):
            return
        self.last_tap = None
        under = js.document.elementFromPoint(tap[0], tap[1])
        control = under.closest("[data-action], [data-msg='confirm']") if under else None
        if control and not control.disabled:
            control.disabled = True
            control.setAttribute("data-guard", "")
            js.setTimeout(self.unguard, GUARD_MS)

    def release_guard(self) -> None:
        for control in js.document.querySelectorAll("[data-guard]"):
            control.removeAttribute("data-guard")
            control.disabled = False

    def chime(self, final: bool = False) -> None:
        """A short two-note sound made in the page: a human's turn, or the game's end."""
        try:
            if self.audio is None:
                self.audio = js.AudioContext.new()
            ctx = self.audio
            now = ctx.currentTime
            notes = (523.25, 659.25, 783.99) if final else (587.33, 880.0)
            for i, freq in enumerate(notes):
                osc = ctx.createOscillator()
                gain = ctx.createGain()
                osc.type = "sine"
                osc.frequency.value = freq
                start = now + i * 0.12
                gain.gain.setValueAtTime(0.0001, start)
                gain.gain.exponentialRampToValueAtTime(0.12, start + 0.02)
                gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.35)
                osc.connect(gain)
                gain.connect(ctx.destination)
                osc.start(start)
                osc.stop(start + 0.4)
            self.chimes += 1
            js.document.documentElement.dataset.chimes = str(self.chimes)
        except Exception as err:  # no audio here: the game goes on in silence
            js.console.info(f"no sound: {err}")

    async def forced_move(self, model: Model, action: str) -> None:
        """Makes the only legal move for a human after a pause they can see."""
        try:
            await asyncio.sleep(FORCED_SECONDS[model.setup.speed])
        finally:
            self.forcing = False
        try:
            if self.model.game is model.game and forced_to_move(self.model) == action:
                self.dispatch(Act(action, auto=True))
            elif forced_to_move(self.model):
                self.render()  # the position changed meanwhile: wait for the new one
        except Exception as err:
            self.report(err)
            self.render()

    async def computer_turns(self) -> None:
        """Plays computer seats' decisions one after another, at the chosen pace."""
        try:
            while level := computer_to_move(self.model):
                game = self.model.game
                assert game is not None
                last = log_of(game)[self.model.seen :] if self.model.seen else []
                if holds(last):
                    # A big moment (an Assassin, a debate won, a round's end) stays in
                    # view; a round's standings twice as long.
                    ended = any(e.id == "round_end" for e in last)
                    await asyncio.sleep(HOLD_SECONDS[self.model.setup.speed] * (2 if ended else 1))
                    if self.model.game is not game:
                        continue
                started = time.perf_counter()
                bot = make(level, seed=game.to_move)  # a seat's computer plays alike
                choice = await run_sliced(bot.thinking(game))
                pause = SPEED_SECONDS[self.model.setup.speed] - (time.perf_counter() - started)
                # At least a zero sleep: the move is drawn in a task of its own, not
                # at the end of the search's last slice.
                await asyncio.sleep(max(pause, 0.0))
                if self.model.game is not game or computer_to_move(self.model) != level:
                    continue  # the player went elsewhere meanwhile (another game, the menu)
                self.dispatch(Act(str(choice)))
        except Exception as err:
            self.report(err)
            self.render()
        finally:
            self.thinking = False

    async def replay_on(self) -> None:
        """Steps a playing replay on, one move at the chosen pace, until it is paused."""
        try:
            while True:
                await asyncio.sleep(REPLAY_SECONDS[self.model.setup.speed])
                watch = self.model.watch
                if self.model.screen != "replay" or watch is None or not watch.playing:
                    break
                self.dispatch(Cmd("step", "next"))
        except Exception as err:
            self.report(err)
            self.render()
        finally:
            self.replaying = False

    def save_file(self, what: str) -> None:
        """Offers a game (or all kept games) as a file to download."""
        made = export_file(self.model, what, now())
        if made is None:
            self.dispatch(Cmd("say", "There is no game to save."))
            return
        name, text = made
        blob = js.Blob.new(
            to_js([text]), to_js({"type": "application/json"}, dict_converter=js.Object.fromEntries)
        )
        url = js.URL.createObjectURL(blob)
        link = js.document.createElement("a")
        link.href = url
        link.download = name
        js.document.body.appendChild(link)
        link.click()
        link.remove()
        js.setTimeout(create_once(lambda: js.URL.revokeObjectURL(url)), 1000)

    async def open_file(self, file: Any) -> None:
        """Reads a chosen or dropped file and opens what it holds."""
        try:
            if file.size > 8_000_000:
                self.dispatch(Cmd("say", "This file is too large to be a game record."))
                return
            text = await file.text()
            self.dispatch(Cmd("import", str(text)))
        except Exception as err:
            self.report(err)
            self.render()

    def on_drag(self, event: Any) -> None:
        """A file held over the page: it says a game file can be dropped."""
        event.preventDefault()
        js.document.documentElement.classList.add("dropping")

    def on_drag_leave(self, event: Any) -> None:
        if not event.relatedTarget:  # out of the window
            js.document.documentElement.classList.remove("dropping")

    def on_drop(self, event: Any) -> None:
        event.preventDefault()
        js.document.documentElement.classList.remove("dropping")
        files = event.dataTransfer.files if event.dataTransfer else None
        if files and files.length:
            self.start(self.open_file(files.item(0)))

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
        game = self.model.game
        moves_before = -1 if game is None else game.moves
        self.last_tap = (event.clientX, event.clientY, time.perf_counter(), moves_before)
        action = target.getAttribute("data-action")
        if action:
            self.dispatch(Act(action))
            # The pressed button may now stand for another choice: a second Enter
            # must not act on it unseen.
            if js.document.activeElement == target:
                self.focus_decision()
        else:
            msg = target.getAttribute("data-msg")
            value = target.getAttribute("data-value")
            if msg == "hint":
                self.start(self.hint())
                return
            if msg == "export":
                self.save_file(value or "game")
                return
            if msg == "import-file":
                picker = js.document.getElementById("import-file")
                if picker:
                    picker.value = ""
                    picker.click()
                return
            self.dispatch(Cmd(msg, value if value else ""))

    def on_field(self, event: Any) -> None:
        target = event.target
        if target.id == "import-file":
            if event.type == "change" and target.files and target.files.length:
                self.start(self.open_file(target.files.item(0)))
            return
        name = target.getAttribute("name") if target.getAttribute else None
        if name == "lang":
            self.dispatch(Cmd("lang", str(target.value)))
        elif name in ("replay-step", "replay-jump"):
            self.dispatch(Cmd("step", str(target.value)))
        elif name and (name == "speed" or target.closest("[data-screen='setup']")):
            self.dispatch(Field(name, str(target.value)))

    def on_key(self, event: Any) -> None:
        if event.key != "Escape":
            return
        if self.model.notice:
            self.dispatch(Cmd("dismiss"))
        elif self.model.panel:
            self.dispatch(Cmd("panel", self.model.panel))


T = TypeVar("T")


def create_once(work: Any) -> Any:
    """A proxy for a callback the browser calls once, released after."""

    def call(*_: Any) -> None:
        try:
            work()
        finally:
            proxy.destroy()

    proxy = create_proxy(call)
    return proxy


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

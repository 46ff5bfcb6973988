"""The browser adapter: draws the application into the page, turns the page's events
into messages, and carries out the effects `update` returns.

The only module that touches the browser. What the page shows comes from
`senator_core.app.view`; what a click, a key, a changed field or a stored value
means, and what should happen next, comes from `senator_core.app.update`. This
file decides nothing: it sends messages in and carries effects out
(docs/architecture.md).
"""

from __future__ import annotations

import asyncio
import importlib.abc
import importlib.machinery
import os
import sys
import time
from collections.abc import Callable, Coroutine, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any, TypeVar

import js
from pyodide.ffi import create_proxy, to_js

from senator_core.app import Msg, clicked, init, start, update, view
from senator_core.app.days.messages import Locked, Shared
from senator_core.app.effects import (
    Accept,
    Address,
    After,
    Animate,
    Answer,
    AskToNotify,
    Chime,
    CloseLink,
    CloseRelay,
    Connect,
    CopyField,
    Disconnect,
    Download,
    Effect,
    Focus,
    ForgetAddress,
    Guard,
    LoadQr,
    Lock,
    Moves,
    Notify,
    Offer,
    OpenRelays,
    PageLanguage,
    PageTitle,
    PickFile,
    RelaySend,
    ReopenRelays,
    RunReview,
    Scroll,
    Share,
    StopReview,
    Store,
    Think,
    Transmit,
    Unlock,
)
from senator_core.app.keeping.files import FILE_LIMIT
from senator_core.app.keeping.messages import FileOpened, FileTooLarge, StorageFailed, Stored
from senator_core.app.keeping.storage import STORED_KEYS
from senator_core.app.messages import Copied, Failed, Field, Key, LanguageMissing
from senator_core.app.online.messages import (
    CodeMade,
    Invited,
    NetTrouble,
    PageHidden,
    PageShown,
    PeerJoined,
    PeerLeft,
    PeerSent,
    QrReady,
    RelayClosed,
    RelayFrame,
    RelayOpened,
)
from senator_core.app.play.messages import HintFailed, HintReady, Thought
from senator_core.app.review.messages import Reviewed, ReviewFailed, ReviewProgress
from senator_core.app.ui.art import sprite
from senator_core.app.ui.html import thinned
from senator_core.i18n import add_catalog, has_catalog

if TYPE_CHECKING:
    from senator_core.bots import Thinking

SLICE_SECONDS = 0.025  # the longest a computer thinks before the page gets a turn
GUARD_MS = 400  # a control that appears under the pointer ignores it this long
NOTES = {False: (587.33, 880.0), True: (523.25, 659.25, 783.99)}  # a turn's chime; the end's


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


def js_object(value: dict[str, Any]) -> Any:
    return to_js(value, dict_converter=js.Object.fromEntries)


class StdlibRest(importlib.abc.MetaPathFinder):
    """The standard library's modules the game never imports live in a second archive,
    fetched the first time one of them is imported (the page's own archive holds
    only what the game uses, so a first visit downloads less)."""

    FOLDER = "/lib/stdlib-rest"

    def __init__(self, archive: str, modules: Sequence[str]) -> None:
        self.archive = archive
        self.modules = frozenset(modules)
        self.path: str | None = None  # the archive in the file system, once fetched

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.modules:
            return None
        if self.path is None:
            fetched = js.senatorFetchNow(self.archive)
            if isinstance(fetched, str):
                raise ModuleNotFoundError(
                    f"No module named {fullname!r} here: it is in the part of the standard"
                    f" library fetched when first needed, and {self.archive} could not be"
                    f" fetched ({fetched})",
                    name=fullname,
                )
            self.keep(fetched.to_bytes())
        assert self.path is not None
        parent, _, _ = fullname.rpartition(".")
        if not parent:
            return importlib.machinery.PathFinder.find_spec(fullname, [self.path])
        # A package the game uses, with this module in the second archive.
        folder = f"{self.path}/{parent.replace('.', '/')}"
        package = sys.modules[parent]
        if folder not in package.__path__:
            package.__path__.append(folder)
        return importlib.machinery.PathFinder.find_spec(fullname, package.__path__)

    def keep(self, data: bytes) -> None:
        os.makedirs(self.FOLDER, exist_ok=True)
        path = f"{self.FOLDER}/{self.archive.rpartition('/')[2]}"
        with open(path, "wb") as out:
            out.write(data)
        self.path = path

    async def from_cache(self) -> None:
        """Takes the archive from the service worker's cache if an earlier visit fetched
        it: a synchronous request, which an import makes, would pass the worker by and
        fail offline."""
        kept = await js.senatorKept(self.archive)
        if kept and self.path is None:  # (none kept: JavaScript's null, which is no None)
            self.keep(kept.to_bytes())


def fetch_the_rest_when_needed() -> StdlibRest | None:
    """Puts `StdlibRest` just after the finder of the modules on `sys.path`."""
    stdlib = js.window.senatorStdlib
    if not stdlib:
        return None  # a build that ships the whole standard library
    finder = StdlibRest(str(stdlib.rest), [str(name) for name in stdlib.modules])
    where = sys.meta_path.index(importlib.machinery.PathFinder) + 1
    sys.meta_path.insert(where, finder)
    return finder


class Page:
    """The page's one model, its drawing, the listeners that feed it messages, and the
    running effects (a computer thinking, a timer)."""

    def __init__(self) -> None:
        self.root = js.document.getElementById("app")
        # The icons' drawings, once, outside what is re-rendered.
        js.document.body.insertAdjacentHTML("afterbegin", str(sprite()))
        location = js.window.location
        browser = tuple(str(code) for code in (js.navigator.languages or [js.navigator.language]))
        self.model, first = init(
            {key: storage_get(key) for key in STORED_KEYS},
            str(location.search or ""),
            f"{location.origin}{location.pathname}",
            now(),
            browser,
            str(js.window.senatorBuild or "dev"),
            js.crypto.getRandomValues(js.Uint8Array.new(32)).to_bytes(),
        )
        self.table: Any = None  # the online table's transport, once joined
        self.direct: Any = None  # the connections made by codes, once one is
        # What either transport (relays or codes) tells the page, as messages; made once
        # and kept for the page's life, as the listeners are.
        self.handlers = {
            "onPeerJoin": create_proxy(lambda link: self.dispatch(PeerJoined(str(link)))),
            "onPeerLeave": create_proxy(lambda link: self.dispatch(PeerLeft(str(link)))),
            "onMessage": create_proxy(
                lambda link, text: self.dispatch(PeerSent(str(link), str(text)))
            ),
            "onError": create_proxy(lambda reason, link=None: self.net_trouble(reason, link)),
            "onRelayOpened": create_proxy(lambda url: self.dispatch(RelayOpened(str(url)))),
            "onRelayClosed": create_proxy(lambda url: self.dispatch(RelayClosed(str(url)))),
            "onRelayFrame": create_proxy(
                lambda url, text: self.dispatch(RelayFrame(str(url), str(text)))
            ),
        }
        self.relays: Any = None  # the sockets to the table's relays, once opened
        self.locks: dict[str, Any] = {}  # the tables whose lock is held or asked for
        self.joining: Any = None
        self.shown: frozenset[str] = frozenset()  # the checksums on the page (see `thinned`)
        self.last_tap: tuple[float, float, float] | None = None  # x, y, when
        self.audio: Any = None  # made on first use, after the player has interacted
        self.chimes = 0
        self.thinking: dict[bool, Any] = {}  # the running search of each sort (estimate or not)
        self.reviewing: Any = None  # the review being made, if any
        self.tasks: set[Any] = set()  # running effects, kept alive
        # Proxies made once and kept for the page's life.
        self.unguard = create_proxy(self.release_guard)
        self.listeners = {
            "click": create_proxy(self.on_click),
            "keydown": create_proxy(self.on_key),
            "input": create_proxy(self.on_field),
            "change": create_proxy(self.on_field),
            "dragover": create_proxy(self.on_drag),
            "dragleave": create_proxy(self.on_drag_leave),
            "drop": create_proxy(self.on_drop),
        }
        for kind, listener in self.listeners.items():
            js.document.addEventListener(kind, listener)
        self.on_storage_proxy = create_proxy(self.on_storage)
        js.window.addEventListener("storage", self.on_storage_proxy)
        self.on_hide_proxy = create_proxy(lambda _event: self.dispatch(PageHidden()))
        js.window.addEventListener("pagehide", self.on_hide_proxy)
        self.hidden_since: float | None = None
        self.on_visibility_proxy = create_proxy(self.on_visibility)
        js.document.addEventListener("visibilitychange", self.on_visibility_proxy)
        self.first = first  # what init asks of the page, carried out with `start`'s

    def on_visibility(self, _event: Any) -> None:
        """Out of sight and back: the page says how long it was away (a phone's sleep)."""
        if js.document.visibilityState == "hidden":
            self.hidden_since = time.monotonic()
        elif self.hidden_since is not None:
            hidden, self.hidden_since = time.monotonic() - self.hidden_since, None
            self.dispatch(PageShown(hidden))

    async def begin(self) -> None:
        """The first screen, in the page's language once its catalog is here (English
        meanwhile, if it cannot be had), and the effects the page starts with."""
        await self.speak(self.model.lang)
        self.draw()
        self.carry_out(self.first)
        self.carry_out(start(self.model))
        self.on_hash_proxy = create_proxy(lambda _event: self.on_hash())
        js.window.addEventListener("hashchange", self.on_hash_proxy)
        self.on_hash()

    def on_hash(self) -> None:
        """The address's part after "#", at load or changed since (an invitation link
        opened, a new code pasted into the address)."""
        fragment = str(js.window.location.hash or "")
        if fragment:
            self.dispatch(Invited(fragment))

    async def speak(self, lang: str) -> LanguageMissing | None:
        """Fetches the catalog of `lang` unless the page has it (the one the loader
        fetched while the runtime started, when it is that language's); what is
        missing if it cannot be had (the site answering it is not there, 404: replaced
        by an update), and the page reads in English meanwhile."""
        if has_catalog(lang):
            return None
        replaced = False
        try:
            early = js.window.senatorCatalog
            buffer: Any = None
            if early and str(early.lang) == lang:
                buffer = await early.bytes
            if not buffer:
                path = getattr(js.window.senatorCatalogs, lang, None)
                if path is None:
                    raise KeyError(lang)
                url = js.URL.new(path, js.document.baseURI).href
                response = await js.fetch(url)
                if not response.ok:
                    replaced = response.status == 404
                    raise OSError(f"HTTP {response.status}")
                buffer = await response.arrayBuffer()
            add_catalog(lang, js.Uint8Array.new(buffer).to_bytes())
        except Exception as err:
            js.console.info(f"Senator: no {lang} catalog: {err}")
            return LanguageMissing(lang, replaced)
        return None

    async def speak_now(self, lang: str) -> None:
        """Another language chosen: drawn again once its catalog is here."""
        missing = await self.speak(lang)
        if missing is not None:
            self.dispatch(missing)
            return
        self.draw()
        if self.model.lang == lang:
            js.document.documentElement.lang = lang

    # ------------------------------------------------------------------ messages in

    NEWS = (RelayOpened, RelayClosed, RelayFrame, PeerJoined, PeerLeft, PeerSent)

    def dispatch(self, msg: Msg) -> None:
        before = self.model
        try:
            self.model, effects = update(self.model, msg, now())
        except Exception as err:  # a bug must not take the page down with it
            js.console.warn(f"Senator: {type(err).__name__}: {err}")
            if isinstance(msg, Failed):
                return
            self.dispatch(Failed(f"{type(err).__name__}: {err}"))
            return
        animate = next((e for e in effects if isinstance(e, Animate)), None)
        # The network's news that changed nothing (an event held already) draws nothing:
        # the same model draws alike. (A field's own message draws always, to show the
        # value the model kept.)
        if self.model is not before or animate is not None or not isinstance(msg, self.NEWS):
            self.draw(animate)
        self.carry_out(effects)

    def on_click(self, event: Any) -> None:
        target = event.target.closest("[data-action], [data-msg]")
        # (A control that is no button, such as a band of the review's graph, has no
        # `disabled` at all.)
        if not target or getattr(target, "disabled", False):
            return
        self.last_tap = (event.clientX, event.clientY, time.perf_counter())
        read = target.getAttribute
        self.dispatch(clicked(read("data-action"), read("data-msg"), read("data-value")))

    def on_field(self, event: Any) -> None:
        target = event.target
        if target.id == "import-file":
            if event.type == "change" and target.files and target.files.length:
                self.start(self.read_file(target.files.item(0)))
            return
        name = target.getAttribute("name") if target.getAttribute else None
        if name:
            self.dispatch(Field(str(name), str(target.value)))

    def on_key(self, event: Any) -> None:
        if event.key == "Escape":
            self.dispatch(Key("Escape"))
        elif event.key == "Enter" and str(event.target.tagName) == "INPUT" and event.target.name:
            self.dispatch(Key("Enter", str(event.target.name)))

    def on_storage(self, event: Any) -> None:
        """Another tab of the game changed what is stored."""
        if event.key in STORED_KEYS:
            value = event.newValue if isinstance(event.newValue, str) else None
            self.dispatch(Stored(str(event.key), value))

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
            self.start(self.read_file(files.item(0)))

    async def read_file(self, file: Any) -> None:
        if file.size > FILE_LIMIT:
            self.dispatch(FileTooLarge())
            return
        self.dispatch(FileOpened(str(await file.text())))

    # ------------------------------------------------------------------ drawing

    def draw(self, animate: Animate | None = None) -> None:
        quiet = (
            js.document.hidden or js.window.matchMedia("(prefers-reduced-motion: reduce)").matches
        )
        noted = None
        if animate is not None and not quiet:
            noted = js.senatorMotion.before(to_js([list(m) for m in animate.moves]))
        page = str(view(self.model))
        thin, self.shown = thinned(page, self.shown)
        if not js.senatorPatch(self.root, thin):
            js.senatorPatch(self.root, page, True)
        if noted is not None and animate is not None:
            js.senatorMotion.after(noted, animate.ms)
        active = js.document.activeElement
        if not active or active == js.document.body:
            # The control that had focus is gone: keep keyboard play going from the decision.
            self.focus("decision")

    # ------------------------------------------------------------------ effects out

    def carry_out(self, effects: tuple[Effect, ...]) -> None:
        for effect in effects:
            try:
                self.carry_out_one(effect)
            except Exception as err:
                js.console.warn(f"Senator: {type(err).__name__}: {err}")

    def carry_out_one(self, effect: Effect) -> None:
        match effect:
            case Store(key, value, guarded, expected, under):
                watched = under or key
                if guarded and (current := storage_get(watched)) != expected:
                    self.dispatch(Stored(watched, current))  # not as the application saw it
                elif not storage_set(key, value):
                    self.dispatch(StorageFailed(key, storage_get(key)))
            case Think():
                running = self.thinking.get(effect.estimate)
                if running is not None:
                    running.cancel()
                self.thinking[effect.estimate] = self.start(self.think(effect))
            case RunReview():
                if self.reviewing is not None:
                    self.reviewing.cancel()
                self.reviewing = self.start(self.review(effect))
            case StopReview():
                if self.reviewing is not None:
                    self.reviewing.cancel()
                    self.reviewing = None
            case After(seconds, msg):
                self.start(self.after(seconds, msg))
            case Chime(final):
                self.chime(final)
            case Animate():
                pass  # drawn with the model it belongs to (see `draw`)
            case Guard():
                self.guard_pointer()
            case Download(name, text):
                self.download(name, text)
            case PickFile():
                picker = js.document.getElementById("import-file")
                if picker:
                    picker.value = ""
                    picker.click()
            case Focus(element):
                self.focus(element)
            case Scroll(to, nearest):
                self.scroll(to, nearest)
            case PageTitle(text):
                js.document.title = text
            case ForgetAddress(params, fragment):
                self.forget_address(params, fragment)
            case Address(fragment):
                location = js.window.location
                self.address(str(location.pathname) + str(location.search or "") + fragment)
            case CopyField(field):
                self.start(self.copy_field(field))
            case PageLanguage(code):
                # The page says which language it reads in once it does.
                if has_catalog(code):
                    js.document.documentElement.lang = code
                else:
                    self.start(self.speak_now(code))
            case Moves(count):
                js.document.documentElement.dataset.moves = str(count)
            case Connect():
                self.joining = self.start(self.connect(effect))
            case OpenRelays(urls):
                self.start(self.open_relays(urls))
            case RelaySend(url, text):
                if self.relays is not None:
                    self.relays.send(url, text)
            case CloseRelay(url):
                if self.relays is not None:
                    self.relays.close(url)
            case ReopenRelays():
                if self.relays is not None:
                    self.relays.reopen()
            case Transmit(text, to):
                direct = self.direct is not None and (to is None or self.direct.has(to))
                if direct:
                    self.direct.send(text, to)
                if self.table is not None and (to is None or not direct):
                    self.table.send(text, to)
            case Offer(link):
                self.start(self.coded(link, None))
            case Answer(link, sdp):
                self.start(self.coded(link, sdp))
            case Accept(link, sdp):
                self.start(self.accept(link, sdp))
            case Disconnect():
                self.disconnect()
            case CloseLink(link):
                if self.direct is not None and self.direct.has(link):
                    self.direct.drop(link)
                elif self.table is not None:
                    self.table.drop(link)
            case LoadQr():
                self.start(self.load_qr())
            case Share():
                self.start(self.share(effect))
            case Notify(title, text):
                self.notify(title, text)
            case AskToNotify():
                notices = getattr(js.window, "Notification", None)
                if notices is not None and notices.permission == "default":
                    notices.requestPermission()
            case Lock(room):
                self.start(self.lock(room))
            case Unlock(room):
                release = self.locks.pop(room, None)
                if release is not None:
                    release()  # (an Unlock before the lock was had: `lock` sees it gone)

    def start(self, work: Coroutine[Any, Any, None]) -> Any:
        """Runs `work` alongside the page, keeping a reference until it ends."""
        task = asyncio.ensure_future(work)
        self.tasks.add(task)
        task.add_done_callback(self.ended)
        return task

    def ended(self, task: Any) -> None:
        """A running effect is over: one that stopped on an error (a computer's search,
        say) is told of as `Failed`, as an error in `update` is, not left unsaid."""
        self.tasks.discard(task)
        if task.cancelled() or task.exception() is None:
            return
        err = task.exception()
        js.console.warn(f"Senator: {type(err).__name__}: {err}")
        self.dispatch(Failed(f"{type(err).__name__}: {err}"))

    async def review(self, effect: RunReview) -> None:
        """A game's review, in slices, with its progress now and then as a message."""
        from senator_core.review import Progress, reviewing  # noqa: PLC0415  (when first asked)

        progress = Progress()
        steps = reviewing(effect.game, effect.seats, effect.level, effect.seed, progress)
        told = [-1]

        def tell() -> None:
            if progress.done != told[0]:
                told[0] = progress.done
                self.dispatch(ReviewProgress(progress.done, progress.total))

        try:
            made = await run_sliced(steps, tell)
        except Exception as err:
            self.dispatch(ReviewFailed(f"{type(err).__name__}: {err}"))
            return
        self.dispatch(Reviewed(made))

    async def after(self, seconds: float, msg: Msg) -> None:
        await asyncio.sleep(seconds)
        self.dispatch(msg)

    async def think(self, effect: Think) -> None:
        """A computer's search (or the hint's), in slices, and its answer as a message."""
        # The players load at a computer's first turn, not before the first screen.
        from senator_core.bots import make  # noqa: PLC0415
        from senator_core.bots.hint import hinting  # noqa: PLC0415

        game = effect.game
        if effect.estimate:
            try:
                made = await run_sliced(hinting(game, effect.level, effect.seed))
            except Exception as err:
                self.dispatch(HintFailed(game.moves, f"{type(err).__name__}: {err}"))
                return
            self.dispatch(HintReady(game.moves, made.options, made.facts))
            return
        started = time.perf_counter()
        choice = await run_sliced(make(effect.level, seed=effect.seed).thinking(game))
        # At least a zero sleep: the move is drawn in a task of its own, not at the
        # end of the search's last slice.
        await asyncio.sleep(max(effect.least - (time.perf_counter() - started), 0.0))
        self.dispatch(Thought(game.moves, str(choice)))

    async def connect(self, effect: Connect) -> None:
        """Joins the online table's room; the transport's news comes back as messages."""
        self.leave_room()
        if not hasattr(js.window, "RTCPeerConnection"):
            self.dispatch(NetTrouble("unsupported"))
            return
        online = await self.transport()
        if online is None:
            return
        ice = [dict(server) for server in effect.ice]
        try:
            self.table = await online.join(
                effect.room,
                effect.secret,
                to_js(list(effect.relays)),
                to_js(ice, dict_converter=js.Object.fromEntries),
                js_object(self.handlers),
            )
        except Exception as err:
            self.dispatch(NetTrouble(f"{err}"[:200]))

    def net_trouble(self, reason: Any, peer: Any = None) -> None:
        js.console.info(f"Senator: the transport: {reason} ({peer})")
        self.dispatch(NetTrouble(str(reason)))

    async def direct_ends(self) -> Any:
        """The connections made by codes (`web/direct.js`), made on first use."""
        if self.direct is None:
            module = await js.eval("(url) => import(url)")(
                js.URL.new("direct.js", js.document.baseURI).href
            )
            self.direct = module.direct(js_object(self.handlers))
        return self.direct

    async def coded(self, link: str, offer: str | None) -> None:
        """This end's description of the connection `link`: an offer, or the answer to
        `offer`; it comes back as `CodeMade`."""
        if not hasattr(js.window, "RTCPeerConnection"):
            self.dispatch(NetTrouble("unsupported"))
            return
        try:
            ends = await self.direct_ends()
            sdp = await (ends.offer(link) if offer is None else ends.answer(link, offer))
        except Exception as err:
            self.dispatch(NetTrouble(f"{err}"[:200]))
            return
        self.dispatch(CodeMade(link, str(sdp)))

    async def accept(self, link: str, sdp: str) -> None:
        try:
            ends = await self.direct_ends()
            await ends.accept(link, sdp)
        except Exception as err:
            self.dispatch(NetTrouble(f"{err}"[:200]))

    async def load_qr(self) -> None:
        """Installs the QR code's library from the site; the invitation shows without it
        until then (or for good, if it cannot be had)."""
        try:
            import micropip  # noqa: PLC0415  (loaded by the page before this file runs)

            url = js.URL.new(js.window.senatorQr, js.document.baseURI).href
            await micropip.install(url, deps=False)
        except Exception as err:
            js.console.info(f"Senator: no QR code: {err}")
            return
        self.dispatch(QrReady())

    async def share(self, effect: Share) -> None:
        """The device's share sheet with the turn's message and the table's link; where
        the browser has none, the message and the link copied."""
        nav = js.navigator
        if getattr(nav, "share", None) is not None:
            shared = {"title": effect.title, "text": effect.text, "url": effect.url}
            try:
                await nav.share(js_object(shared))
            except Exception as err:
                if "AbortError" in str(err):
                    return  # the player's own cancel
                js.console.info(f"Senator: sharing: {err}")  # copied instead, below
            else:
                self.dispatch(Shared("shared"))
                return
        try:
            await nav.clipboard.writeText(f"{effect.text} {effect.url}")
        except Exception:
            self.dispatch(Shared(""))
            return
        self.dispatch(Shared("copied"))

    def notify(self, title: str, text: str) -> None:
        """A system notification, while the page is out of sight and notifications are
        allowed (a table's turn come)."""
        notices = getattr(js.window, "Notification", None)
        if js.document.visibilityState != "hidden" or notices is None:
            return
        if notices.permission == "granted":
            notices.new(title, js_object({"body": text, "tag": "senator-turn"}))

    async def lock(self, room: str) -> None:
        """Holds the browser's lock on a table's turn until `Unlock`: at once if no other
        tab holds it, else once that tab lets go; the page is told either way."""
        if room in self.locks:
            return
        self.locks[room] = None  # asked for
        online = await self.transport()
        if online is None or room not in self.locks:
            return
        tell = create_proxy(lambda held: self.dispatch(Locked(room, bool(held))))
        self.locks[room] = online.holdLock(f"senator-days-{room}", tell)

    async def copy_field(self, ident: str) -> None:
        """Puts a field's text on the clipboard: by the Clipboard API where the page may
        use it, else by selecting the text and the browser's copy command."""
        field = js.document.getElementById(ident)
        if field is None:
            return
        try:
            await js.navigator.clipboard.writeText(field.value)
        except Exception:
            field.select()
            if not js.document.execCommand("copy"):
                self.dispatch(Copied(ident, False))
                return
        self.dispatch(Copied(ident))

    async def transport(self) -> Any:
        """The online transport's module, imported when an online table first needs it
        (the one place the page names its file); None, said to the player, if it cannot
        be."""
        try:
            return await js.eval("(url) => import(url)")(
                js.URL.new("online.js", js.document.baseURI).href
            )
        except Exception as err:
            self.dispatch(NetTrouble(f"{err}"[:200]))
            return None

    async def open_relays(self, urls: tuple[str, ...]) -> None:
        """Sockets to the table's relays, its path through them."""
        if self.relays is None:
            online = await self.transport()
            if online is None:
                return
            self.relays = self.relays or online.relaySockets(js_object(self.handlers))
        self.relays.add(to_js(list(urls)))

    def disconnect(self) -> None:
        """Leaves the table: its room, its connections by codes and its relays' sockets."""
        if self.relays is not None:
            self.relays.closeAll()
            self.relays = None
        self.leave_room()

    def leave_room(self) -> None:
        if self.direct is not None:
            self.direct.leave()
            self.direct = None
        if self.table is not None:
            try:
                self.table.leave()
            except Exception as err:
                js.console.info(f"Senator: leaving the table: {err}")
            self.table = None

    def guard_pointer(self) -> None:
        """A control that has just appeared where the last tap landed ignores the pointer
        a moment, so a double tap cannot act twice."""
        tap = self.last_tap
        if tap is None or time.perf_counter() - tap[2] > GUARD_MS / 1000:
            return
        self.last_tap = None
        under = js.document.elementFromPoint(tap[0], tap[1])
        control_under = under.closest("[data-action], [data-msg='confirm']") if under else None
        if control_under and not control_under.disabled:
            control_under.disabled = True
            control_under.setAttribute("data-guard", "")
            js.setTimeout(self.unguard, GUARD_MS)

    def release_guard(self) -> None:
        for element in js.document.querySelectorAll("[data-guard]"):
            element.removeAttribute("data-guard")
            element.disabled = False

    def chime(self, final: bool) -> None:
        """A short sound made in the page: a human's turn, or the game's end."""
        try:
            if self.audio is None:
                self.audio = js.AudioContext.new()
            ctx = self.audio
            at = ctx.currentTime
            for i, freq in enumerate(NOTES[final]):
                osc = ctx.createOscillator()
                gain = ctx.createGain()
                osc.type = "sine"
                osc.frequency.value = freq
                begin = at + i * 0.12
                gain.gain.setValueAtTime(0.0001, begin)
                gain.gain.exponentialRampToValueAtTime(0.12, begin + 0.02)
                gain.gain.exponentialRampToValueAtTime(0.0001, begin + 0.35)
                osc.connect(gain)
                gain.connect(ctx.destination)
                osc.start(begin)
                osc.stop(begin + 0.4)
            self.chimes += 1
            js.document.documentElement.dataset.chimes = str(self.chimes)
        except Exception as err:  # no audio here: the game goes on in silence
            js.console.info(f"no sound: {err}")

    def download(self, name: str, text: str) -> None:
        blob = js.Blob.new(to_js([text]), js_object({"type": "application/json"}))
        url = js.URL.createObjectURL(blob)
        link = js.document.createElement("a")
        link.href = url
        link.download = name
        js.document.body.appendChild(link)
        link.click()
        link.remove()
        js.setTimeout(create_once(lambda: js.URL.revokeObjectURL(url)), 1000)

    def forget_address(self, params: tuple[str, ...], fragment: bool) -> None:
        location = js.window.location
        query = js.URLSearchParams.new(location.search)
        for name in params:
            query.delete(name)
        rest = query.toString()
        kept = "" if fragment else str(location.hash or "")
        self.address(location.pathname + (f"?{rest}" if rest else "") + kept)

    def address(self, path: str) -> None:
        """The page's address, made `path` without loading the page again."""
        js.history.replaceState(None, "", path)

    def focus(self, element: str) -> None:
        target = js.document.getElementById(element)
        if target:
            target.focus(js_object({"preventScroll": True}))

    def scroll(self, to: str, nearest: bool = False) -> None:
        if to == "top":
            js.window.scrollTo(0, 0)
        elif to == "log":
            body = js.document.querySelector(".log-body")
            if body:
                body.scrollTop = body.scrollHeight
        elif to == "chat":
            for chat in js.document.querySelectorAll(".chat"):
                chat.scrollTop = chat.scrollHeight
        elif to and (section := js.document.getElementById(to)):
            if nearest:
                section.scrollIntoView(js_object({"block": "nearest"}))
            else:
                section.scrollIntoView()


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


async def run_sliced(thinking: Thinking[T], between: Callable[[], None] | None = None) -> T:
    """Runs a computer's thinking (or a review) in slices, letting the page answer in
    between, and calling `between` after each slice. It starts with a turn for the page
    too: the move just drawn is painted first."""
    while True:
        await asyncio.sleep(0)
        deadline = time.perf_counter() + SLICE_SECONDS
        try:
            while time.perf_counter() < deadline:
                next(thinking)
        except StopIteration as done:
            value: T = done.value
            return value
        if between is not None:
            between()


rest = fetch_the_rest_when_needed()
page = Page()
# The page's source runs with top-level await (Pyodide's runPythonAsync), so a failure
# to begin still shows the loader's error screen.
await page.begin()  # type: ignore[top-level-await]  # noqa: F704, PLE1142
if rest is not None:
    page.start(rest.from_cache())
js.document.documentElement.dataset.ready = "1"

"""The browser adapter: renders the application into the page and routes clicks to it.

The only module that touches the browser. What the page shows comes from
`senator_core.app.view`; what a click means comes from `senator_core.app.update`;
this file moves HTML, events and saved games between them and the page.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]

from senator_core.app import Act, Cmd, load_saved, persist, update, view

SAVE_KEY = "senator.save"
UNREADABLE_KEY = "senator.save.unreadable"


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
        saved = storage_get(SAVE_KEY)
        self.model, unreadable = load_saved(saved)
        if unreadable:
            storage_set(UNREADABLE_KEY, saved)
            storage_set(SAVE_KEY, None)
        self.morph_options = to_js({"childrenOnly": False}, dict_converter=js.Object.fromEntries)
        # Proxies made once and kept for the page's life.
        self.listeners = {
            "click": create_proxy(self.on_click),
            "keydown": create_proxy(self.on_key),
        }
        for kind, listener in self.listeners.items():
            js.document.addEventListener(kind, listener)

    def dispatch(self, msg: Act | Cmd) -> None:
        try:
            self.model = update(self.model, msg)
        except Exception as err:  # a bug must not take the page down with it
            js.console.warn(f"Senator: {type(err).__name__}: {err}")
            self.model = replace(self.model, notice=f"Something went wrong: {err}")
        storage_set(SAVE_KEY, persist(self.model))
        self.render()

    def render(self) -> None:
        js.morphdom(self.root, str(view(self.model)), self.morph_options)

    def on_click(self, event: Any) -> None:
        target = event.target.closest("[data-action], [data-msg]")
        if not target or target.disabled:
            return
        action = target.getAttribute("data-action")
        if action:
            self.dispatch(Act(action))
        else:
            self.dispatch(Cmd(target.getAttribute("data-msg")))

    def on_key(self, event: Any) -> None:
        if event.key == "Escape" and self.model.notice:
            self.dispatch(Cmd("dismiss"))


page = Page()
page.render()
js.document.documentElement.dataset.ready = "1"

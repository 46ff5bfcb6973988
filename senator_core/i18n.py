"""The languages the game speaks: English, Polish and Russian, with standard gettext.

Every word a player reads is marked: `_("...")` translates now, `ngettext` picks a
plural form (Polish and Russian have three), and `N_("...")` only marks a text
kept in a table and translated where it is shown (`Translated` does that for a
whole table). The catalogs are `senator_core/locale/<lang>/LC_MESSAGES/senator.po`,
compiled to `.mo` beside them by `build.py` and shipped in the wheel.

`use(lang)` switches the language for everything drawn after it; the default
is English, the language the source is written in.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TypeVar

LANGUAGES = ("en", "pl", "ru")
LANGUAGE_NAMES = {"en": "English", "pl": "Polski", "ru": "Русский"}
DOMAIN = "senator"
LOCALE = Path(__file__).parent / "locale"

_loaded: dict[str, gettext.NullTranslations] = {}
_state = {"lang": "en"}
_current: list[gettext.NullTranslations] = [gettext.NullTranslations()]


def catalog(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of `lang`. English is the source's own language: its catalog
    may reword a text, and a text it leaves empty is said as the source says it (so is
    every text, where the English catalog is not compiled)."""
    if lang not in _loaded:
        path = LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
        if lang == "en" and not path.exists():
            _loaded[lang] = gettext.NullTranslations()
        else:
            with path.open("rb") as file:
                _loaded[lang] = gettext.GNUTranslations(file)
    return _loaded[lang]


def use(lang: str) -> None:
    """Speaks `lang` from now on; ValueError for a language the game does not have."""
    if lang not in LANGUAGES:
        raise ValueError(f"no language {lang!r}; the languages are {', '.join(LANGUAGES)}")
    if lang != _state["lang"]:
        _current[0] = catalog(lang)
        _state["lang"] = lang


def language() -> str:
    """The language spoken now."""
    return _state["lang"]


def pick_language(*wanted: str | None) -> str:
    """The first of the languages asked for (a `?lang=` value, the remembered choice,
    the browser's languages such as "pl-PL") that the game speaks, else English."""
    for code in wanted:
        if code:
            base = code.strip().lower().replace("_", "-").split("-")[0]
            if base in LANGUAGES:
                return base
    return "en"


def _(message: str) -> str:
    """`message` in the language spoken now."""
    return _current[0].gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the number `n`, in the language spoken now."""
    return _current[0].ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message` in the language spoken now, where one English word needs two
    translations (`context` tells them apart)."""
    return _current[0].pgettext(context, message)


def N_(message: str) -> str:
    """Marks a text for the catalogs without translating it: it is translated where
    it is shown."""
    return message


K = TypeVar("K")


class Translated(Mapping[K, str]):
    """A table of texts marked with `N_`, each translated as it is read."""

    def __init__(self, texts: Mapping[K, str]) -> None:
        self._texts = dict(texts)

    def __getitem__(self, key: K) -> str:
        return _(self._texts[key])

    def __iter__(self) -> Iterator[K]:
        return iter(self._texts)

    def __len__(self) -> int:
        return len(self._texts)

"""The languages the game speaks: English, Polish and Russian, with standard gettext.

Every word a player reads is marked: `_("...")` translates now, `ngettext` picks a
plural form (Polish and Russian have three), and `N_("...")` only marks a text
kept in a table and translated where it is shown (`Translated` does that for a
whole table). The catalogs are `senator_core/locale/<lang>/LC_MESSAGES/senator.po`,
compiled to `.mo` beside them by `build.py` and shipped in the wheel. The page's
wheel leaves the Polish and Russian ones out: the page fetches the one it speaks and
gives it to `add_catalog`; until then that language reads as English.

`use(lang)` switches the language for everything drawn after it; the default
is English, the language the source is written in.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TypeVar

LANGUAGES = ("en", "pl", "ru")
LANGUAGE_NAMES = {"en": "English", "pl": "Polski", "ru": "Русский"}
DOMAIN = "senator"
LOCALE = Path(__file__).parent / "locale"

_loaded: dict[str, gettext.NullTranslations] = {}
_state = {"lang": "en"}
_added = [0]  # catalogs added so far (`add_catalog`)
_current: list[gettext.NullTranslations] = [gettext.NullTranslations()]


def catalog(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of `lang`. English is the source's own language: its catalog
    may reword a text, and a text it leaves empty is said as the source says it (so is
    every text, where the English catalog is not compiled). A catalog that is neither
    shipped nor added yet (`add_catalog`) says every text in English meanwhile."""
    if lang not in _loaded:
        path = LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
        if not path.exists():
            return gettext.NullTranslations()
        with path.open("rb") as file:
            _loaded[lang] = gettext.GNUTranslations(file)
    return _loaded[lang]


def has_catalog(lang: str) -> bool:
    """Whether `lang` can be spoken now: English always; another once its catalog is
    shipped or added."""
    return (
        lang == "en" or lang in _loaded or (LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.mo").exists()
    )


def add_catalog(lang: str, data: bytes) -> None:
    """Takes the compiled catalog of `lang` (a `.mo` file's bytes), fetched apart; the
    language, if spoken now, reads from it at once. ValueError if it is not one."""
    if lang not in LANGUAGES:
        raise ValueError(f"no language {lang!r}")
    try:
        _loaded[lang] = gettext.GNUTranslations(io.BytesIO(data))
    except (OSError, UnicodeDecodeError) as err:
        raise ValueError(f"the {lang} catalog cannot be read: {err}") from err
    _added[0] += 1
    if _state["lang"] == lang:
        _current[0] = _loaded[lang]


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


def wording() -> tuple[str, int]:
    """What a text drawn now depends on: the language spoken, and how many catalogs
    were added (one that arrives redraws what was said in English meanwhile). Made
    part of the key of anything that keeps drawn text."""
    return _state["lang"], _added[0]


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

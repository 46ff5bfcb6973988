"""An escaping HTML builder: text is escaped unless it is already Markup, so names stay text."""

from __future__ import annotations

import re
import zlib
from collections.abc import Container, Iterable, Mapping
from html import escape
from typing import overload

_NAME = re.compile(r"^[a-z][a-z0-9-]*$")
_NAMES_SEEN: set[str] = set()  # tag and attribute names already checked against _NAME
VOID = frozenset({"br", "hr", "img", "input", "link", "meta", "source", "wbr"})

Child = "Markup | str | int | None | Iterable[Child]"
Attrs = Mapping[str, "str | int | bool | None"]


class Markup(str):
    """HTML that is safe to insert as it is: built by `h` or `raw`, never from raw input."""

    __slots__ = ()


def raw(text: str) -> Markup:
    """Trusted HTML written in this package (an SVG icon, say); never player input."""
    return Markup(text)


# Escaped text and attribute values by their raw text: a board repeats the same
# words and class names on every render. Cleared when it grows large.
_ESCAPED: dict[str, str] = {}
_QUOTED: dict[str, str] = {}
_CACHE_LIMIT = 4096


def _escaped(text: str, cache: dict[str, str] = _ESCAPED, quote: bool = False) -> str:
    found = cache.get(text)
    if found is None:
        if len(cache) >= _CACHE_LIMIT:
            cache.clear()
        found = cache[text] = escape(text, quote=quote)
    return found


def _children(parts: list[str], child: object) -> None:
    kind = type(child)  # the common kinds first, by exact type (quicker than isinstance)
    if kind is Markup:
        parts.append(child)  # type: ignore[arg-type]
    elif kind is str:
        parts.append(_escaped(child))  # type: ignore[arg-type]
    elif child is None or child is False:
        return
    elif kind is list or kind is tuple:
        for item in child:  # type: ignore[attr-defined]
            _children(parts, item)
    elif isinstance(child, Markup):
        parts.append(child)
    elif isinstance(child, str):
        parts.append(_escaped(child))
    elif isinstance(child, bool):
        raise TypeError("a bool is not content")
    elif isinstance(child, int):
        parts.append(str(child))
    elif isinstance(child, Iterable):
        for item in child:
            _children(parts, item)
    else:
        raise TypeError(f"cannot render {type(child).__name__} as HTML")


def h(tag: str, attrs: Attrs | None = None, *children: object) -> Markup:
    """An element: `h("button", {"data-action": "withdraw"}, "Withdraw")`.

    Attribute values are escaped; True gives a bare attribute, None or False
    leaves it out. Children may be text, numbers, Markup, None or iterables.
    """
    if tag not in _NAMES_SEEN:
        if not _NAME.match(tag):
            raise ValueError(f"not a tag name: {tag!r}")
        _NAMES_SEEN.add(tag)
    parts = ["<", tag]
    for name, value in (attrs or {}).items():
        if name not in _NAMES_SEEN:
            if not _NAME.match(name):
                raise ValueError(f"not an attribute name: {name!r}")
            _NAMES_SEEN.add(name)
        if value is None or value is False:
            continue
        if value is True:
            parts.append(f" {name}")
        else:
            parts.append(f' {name}="{_escaped(str(value), _QUOTED, quote=True)}"')
    parts.append(">")
    if tag in VOID:
        if children:
            raise ValueError(f"<{tag}> holds no content")
        return Markup("".join(parts))
    _children(parts, children)
    parts.append(f"</{tag}>")
    return Markup("".join(parts))


@overload
def keyed(element: Markup) -> Markup: ...
@overload
def keyed(element: Markup | bool | None) -> Markup | None: ...
def keyed(element: Markup | bool | None) -> Markup | None:
    """`element` with a `data-v` attribute, a checksum of its whole HTML: the page
    leaves a subtree whose checksum did not change as it is, without comparing it
    node by node. (Nothing, or False, stays nothing.)"""
    if not element:
        return None
    assert isinstance(element, Markup)
    end = len(element)
    for stop in (" ", ">"):
        found = element.find(stop)
        if 0 < found < end:
            end = found
    check = zlib.crc32(element.encode())
    return Markup(f'{element[:end]} data-v="{check:08x}"{element[end:]}')


_KEYED = re.compile(r'<([a-z][a-z0-9-]*) data-v="([0-9a-f]{8})"')
_TAGS: dict[str, re.Pattern[str]] = {}  # by tag name: its opening and closing tags


def _element_end(page: str, start: int, tag: str) -> int:
    """Where the element opened at `start` ends, its closing tag included. Text holds
    no `<` (it is escaped), so counting the tags of its name is exact."""
    pattern = _TAGS.get(tag)
    if pattern is None:
        pattern = _TAGS[tag] = re.compile(rf"<(/?){tag}[\s>]")
    depth = 0
    for found in pattern.finditer(page, start):
        depth += -1 if found.group(1) else 1
        if depth == 0:
            return page.index(">", found.start()) + 1
    raise ValueError(f"<{tag}> at {start} is not closed")


def thinned(page: str, shown: Container[str]) -> tuple[str, frozenset[str]]:
    """`page` with each keyed element (see `keyed`) whose checksum is in `shown` sent
    empty, marked `data-unchanged`: the page already holds it and keeps what it holds.
    Returns that HTML and every checksum in `page`, for the next time."""
    checks = set()
    parts: list[str] = []
    done = 0  # `page` is copied up to here
    for found in _KEYED.finditer(page):
        tag, check = found.groups()
        checks.add(check)
        if found.start() < done or check not in shown or tag in VOID:
            continue  # inside an element already sent empty, or new, or with no content
        opened = page.index(">", found.end())
        parts.append(page[done:opened])
        parts.append(f" data-unchanged></{tag}>")
        done = _element_end(page, found.start(), tag)
    parts.append(page[done:])
    return "".join(parts), frozenset(checks)


def slot(tag: str, element: Markup | bool | None) -> Markup:
    """`element`, or an empty hidden `<tag>` in its place: a part that comes and goes
    keeps its place among its siblings. The page patches siblings in order, matching
    them by tag, so a part that appeared before the others would otherwise have them
    all drawn anew."""
    if not isinstance(element, Markup):
        assert not element, "a part is Markup or nothing"
        return Markup(f"<{tag} hidden></{tag}>")
    assert element.startswith(f"<{tag}"), f"not a <{tag}>: {element[:40]}"
    return element


def classes(*names: str | bool | None) -> str:
    """A class attribute from names, leaving out the falsy ones."""
    return " ".join(n for n in names if isinstance(n, str) and n)

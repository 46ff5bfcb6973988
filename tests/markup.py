"""Rendered HTML read back for tests: each element's tag, attributes and inner text."""

from __future__ import annotations

from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "use"}


class Elements(HTMLParser):
    """The elements of some HTML in document order, (tag, attributes), and the text
    inside each; subclasses add what they read from the text."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.elements: list[tuple[str, dict[str, str | None]]] = []
        self.inner: list[list[str]] = []  # by element: the text inside it
        self.open: list[int] = []  # the elements not yet closed, outermost first
        self.feed(html)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, dict(attrs)))
        self.inner.append([])
        if tag not in VOID:
            self.open.append(len(self.elements) - 1)

    def handle_endtag(self, tag: str) -> None:
        if tag not in (self.elements[i][0] for i in self.open):
            return  # the end of a void element written as <use/>
        while self.elements[self.open.pop()][0] != tag:
            pass

    def handle_data(self, data: str) -> None:
        for index in self.open:
            self.inner[index].append(data)

    def classes(self, index: int) -> list[str]:
        return (self.elements[index][1].get("class") or "").split()

    def text_of(self, index: int) -> str:
        return " ".join("".join(self.inner[index]).split())

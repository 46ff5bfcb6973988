"""The invitation's QR code, drawn by segno (pure Python, installed on a host's page
only when a table opens)."""

from __future__ import annotations

from functools import lru_cache

from ..ui.html import Markup, raw


@lru_cache(maxsize=4)
def qr_code(text: str, label: str) -> Markup | None:
    """An inline SVG of `text` as a QR code, or None while segno is not installed."""
    try:
        import segno  # noqa: PLC0415  (installed on a host's page only when a table opens)
    except ImportError:
        return None
    code = segno.make(text, error="m")
    svg = code.svg_inline(
        scale=4, border=2, dark="#3b0f2a", light="#ffffff", title=label, svgclass="qr"
    )
    return raw(svg.replace("<svg ", '<svg role="img" ', 1))

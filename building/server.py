"""Serving a built site on loopback, with the content types its files need."""

from __future__ import annotations

import http.server
import os
from functools import partial
from pathlib import Path


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a folder with the types the site needs and without logging every request
    (set SENATOR_SERVER_LOG to see them)."""

    extensions_map = {  # noqa: RUF012
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json",
        ".whl": "application/zip",
        ".py": "text/x-python",
        ".json": "application/json",
    }

    def log_message(self, format: str, *args: object) -> None:
        if os.environ.get("SENATOR_SERVER_LOG"):
            super().log_message(format, *args)


def serve(folder: Path, port: int) -> None:
    """Serves `folder` on http://127.0.0.1:`port`/ until Ctrl+C."""
    handler = partial(SiteHandler, directory=str(folder))
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        print(f"Serving the game at http://127.0.0.1:{server.server_address[1]}/ (Ctrl+C stops)")
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print()

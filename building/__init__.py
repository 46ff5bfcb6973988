"""The parts of `build.py`, one job a module, each found by its name.

- `folders`: where a build reads and writes (this checkout, the cache, dist/).
- `commands`: running npm, pip and node, and `BuildError`, the failure a person reads.
- `downloads`: the pinned inputs from npm and PyPI, verified and cached.
- `catalogs`: the translations, gathered from the source and compiled.
- `wheel`: the game's own wheel, built from this checkout.
- `bytecode`: the wheels and the standard library compiled in the Pyodide runtime.
- `icons`: the PNG icons, drawn from the one drawing `web/assets/icon.svg`.
- `site`: dist/ assembled: the page, the runtime, the lock file, the service worker.
- `server`: serving a built site on loopback.
- `browser`: what the browser tests and benchmarks borrow: Chromium and axe-core.
"""

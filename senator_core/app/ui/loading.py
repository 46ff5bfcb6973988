"""The words of the loading and error screens, shown before Python starts.

`build.py` writes them, in every language, into the page (`index.html`), whose
script picks the language as the game does: `?lang=`, the language chosen before,
then the browser's.
"""

from __future__ import annotations

from ...i18n import LANGUAGES, N_, Translated, language, use

BOOT_TEXTS = Translated(
    {
        "tagline": N_("The card game of Roman politics"),
        "description": N_("Senator, the card game of Roman politics, in your browser."),
        "loading": N_("Loading"),
        # The stages speak of the game; the error screens name what failed.
        "stage-runtime": N_("The table"),
        "stage-micropip": N_("The forum"),
        "stage-game": N_("The senators"),
        "starting": N_("Starting…"),
        "runtime": N_("Setting up the table…"),
        "micropip": N_("Shuffling the forum…"),
        "game": N_("Seating the senators…"),
        "error-title": N_("Senator could not start"),
        "retry": N_("Try again"),
        "noscript": N_("Senator needs JavaScript and WebAssembly to run."),
        "unexpected": N_("An unexpected error stopped the game from starting."),
        "offline": N_("Could not reach {path}: the site may be offline."),
        "http": N_("Could not load {path} (HTTP {status})."),
        # What the runtime needs (WebAssembly with its exceptions and BigInt, ES
        # modules) came in these versions.
        "browsers": N_("Plays in Chrome and Edge 95, Firefox 100, Safari 15.2 and newer."),
        "old-browser": N_(
            "This browser is too old for Senator, which plays in Chrome and Edge 95,"
            " Firefox 100, Safari 15.2 and newer. Please update it, or open the game in"
            " one of those."
        ),
        "no-file": N_("Could not load {path}."),
        "no-runtime": N_("Could not load the Python runtime ({path})."),
        "runtime-failed": N_("The Python runtime failed to start."),
        "no-micropip": N_("Could not load the package installer (micropip)."),
        "no-install": N_("Could not install the game ({path})."),
        "game-failed": N_("The game failed to start: {reason}"),
    }
)


def boot_texts() -> dict[str, dict[str, str]]:
    """Every loading-screen text in every language: {lang: {id: text}}."""
    spoken = language()
    try:
        texts = {}
        for lang in LANGUAGES:
            use(lang)
            texts[lang] = {key: BOOT_TEXTS[key] for key in BOOT_TEXTS}
        return texts
    finally:
        use(spoken)

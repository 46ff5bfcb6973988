"""English, Polish and Russian: every marked text translated with its placeholders, the
plural forms of each language, the language picked and switched, and no English left
on a Polish or Russian screen."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from building import folders
from building.catalogs import DOMAIN, KEYWORDS, TRANSLATED, catalog_paths
from senator_core import i18n
from senator_core.app import Act, Model, control, init, view
from senator_core.app.keeping.saves import SETUP_KEY

from .appkit import Page, updated, written

PLACEHOLDER = re.compile(r"\{(\w*)\}")


def source_messages() -> dict[tuple[str, str | None], tuple[str, ...]]:
    """Every text marked in the source: (first msgid, context) -> all its msgids."""
    found: dict[tuple[str, str | None], tuple[str, ...]] = {}
    for filename, _, message, _, context in extract_from_dir(
        str(folders.ROOT / "senator_core"),
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
    ):
        if filename.startswith("locale"):
            continue
        ids = message if isinstance(message, tuple) else (message,)
        found[(ids[0], context)] = ids
    return found


@pytest.fixture(scope="module", params=TRANSLATED)
def catalog(request: pytest.FixtureRequest) -> Iterator[tuple[str, object]]:
    po, _ = catalog_paths(request.param)
    with po.open("rb") as file:
        yield request.param, read_po(file, locale=request.param, domain=DOMAIN)


def test_every_marked_text_has_a_translation_with_the_same_placeholders(
    catalog: tuple[str, object],
) -> None:
    lang, messages = catalog
    wanted = source_messages()
    assert len(wanted) > 300
    missing, empty, fuzzy, mismatched = [], [], [], []
    for (msgid, context), ids in wanted.items():
        message = messages.get(msgid, context=context)  # type: ignore[attr-defined]
        if message is None:
            missing.append(msgid)
            continue
        if message.fuzzy:
            fuzzy.append(msgid)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(s.strip() for s in strings):
            empty.append(msgid)
            continue
        english = {p for i in ids for p in PLACEHOLDER.findall(i)}
        for text in strings:
            if set(PLACEHOLDER.findall(text)) - english or (
                len(ids) == 1 and set(PLACEHOLDER.findall(text)) != english
            ):
                mismatched.append((msgid, text))
    assert not missing, f"{lang}: {len(missing)} texts not in the catalog, e.g. {missing[:5]}"
    assert not empty, f"{lang}: {len(empty)} texts not translated, e.g. {empty[:5]}"
    assert not fuzzy, f"{lang}: {len(fuzzy)} translations marked fuzzy, e.g. {fuzzy[:5]}"
    assert not mismatched, f"{lang}: placeholders differ: {mismatched[:5]}"


def test_polish_and_russian_have_three_plural_forms() -> None:
    try:
        for lang, forms in (("pl", (1, 2, 5, 22, 25, 112)), ("ru", (1, 2, 5, 21, 22, 11))):
            i18n.use(lang)
            said = [i18n.ngettext("{n} token", "{n} tokens", n).format(n=n) for n in forms]
            assert len({s.replace(str(n), "#") for s, n in zip(said, forms, strict=True)}) == 3
    finally:
        i18n.use("en")


def test_the_language_follows_the_link_then_the_choice_then_the_browser() -> None:
    assert i18n.pick_language("ru", "pl", "en-GB") == "ru"
    assert i18n.pick_language(None, "pl", "en-GB") == "pl"
    assert i18n.pick_language("", None, "pl-PL", "en") == "pl"
    assert i18n.pick_language(None, None, "de-DE", "ru_RU") == "ru"
    assert i18n.pick_language("xx", None, "fr") == "en"
    with pytest.raises(ValueError, match="no language"):
        i18n.use("de")


def catalog_texts(lang: str) -> str:
    """Every translation in the catalog of `lang`, in one text."""
    po, _ = catalog_paths(lang)
    with po.open("rb") as file:
        messages = read_po(file, locale=lang, domain=DOMAIN)
    return " ".join(
        " ".join(m.string) if isinstance(m.string, tuple) else m.string for m in messages
    )


def english_phrases() -> set[str]:
    """The longer stretches of English the source holds: a translated screen shows none."""
    phrases = set()
    for ids in source_messages().values():
        for text in ids:
            for part in PLACEHOLDER.split(text)[::2]:
                piece = part.strip(" .,:;!?()·–-")
                if len(piece) >= 14 and " " in piece:
                    phrases.add(piece)
    return phrases


def screens(chooser: random.Random) -> Iterator[tuple[str, Model]]:
    """Every kind of screen, with a game played a while: title, set-up, the table at
    several moves, the end, a replay, the games played."""
    model = Model()
    yield "title", model
    yield "set-up", updated(model, control("new-game"))
    game = updated(model, control("quick-play"), "2026-12-01T09:30:00Z")
    while game.game is not None and game.game.decision != "over":
        legal = game.game.legal_actions()
        game = updated(game, Act(str(chooser.choice(legal))), "2026-12-01T10:00:00Z")
        if game.game is not None and game.game.moves % 37 == 0:
            yield f"table at move {game.game.moves}", game
            yield "rules", updated(game, control("panel", "rules"))
    yield "end", game
    yield "replay", updated(updated(game, control("watch")), control("step", "60"))
    yield "games played", updated(game, control("history"))


def test_no_english_is_left_on_a_translated_screen(catalog: tuple[str, object]) -> None:
    lang, _ = catalog
    said = catalog_texts(lang)
    phrases = {p for p in english_phrases() if p not in said}  # Latin names stay Latin
    try:
        for name, model in screens(random.Random(3)):
            text = Page(view(replace(model, lang=lang))).all_text()
            left = sorted(p for p in phrases if p in text)
            assert not left, f"{lang}, {name}: English left: {left[:5]}"
    finally:
        i18n.use("en")


def test_the_language_is_picked_at_start_switched_at_any_time_and_remembered() -> None:
    try:
        model, _ = init({}, browser=("pl-PL", "en"))
        assert model.lang == "pl" and model.setup.lang == ""
        model, writes = init({}, "?lang=ru", browser=("pl-PL",))
        assert model.lang == "ru" and model.setup.lang == "ru"  # a link's choice is kept
        again, _ = init({SETUP_KEY: written(writes)[SETUP_KEY]}, browser=("pl-PL",))
        assert again.lang == "ru"
        playing = updated(again, control("quick-play"), "2026-12-01T09:30:00")
        chooser = random.Random(2)
        while playing.game is not None and playing.game.moves < 30:
            legal = playing.game.legal_actions()
            playing = updated(playing, Act(str(chooser.choice(legal))), "")
        russian = Page(view(playing)).all_text()
        switched = updated(playing, control("lang", "pl"))
        assert switched.setup.lang == "pl" and switched.game is playing.game
        polish = Page(view(switched)).all_text()
        english = Page(view(updated(playing, control("lang", "en")))).all_text()
        assert russian != polish != english
        # The log's earlier entries speak the language shown now.
        assert "opens a debate on" in english and "opens a debate on" not in polish
        assert updated(playing, control("lang", "de")) == playing
    finally:
        i18n.use("en")


def test_lists_are_joined_in_one_place_in_the_language_spoken() -> None:
    """app/text.py joins every list a player reads: "and" and "or" lists put commas
    between all but the last two items, in every language; the rules panel, the end
    screen, the hand and the transcript read the same functions."""
    from senator_core.app.ui.text import and_list, or_list, plain_list

    names = ["Cassius", "Brutus", "Livia"]
    try:
        assert and_list(names) == "Cassius, Brutus and Livia"
        assert or_list(["3", "4", "5"]) == "3, 4 or 5"
        assert plain_list(["War", "Taxes"]) == "War, Taxes"
        assert [and_list([]), and_list(["War"]), or_list(["War"])] == ["", "War", "War"]
        i18n.use("pl")
        assert and_list(names) == "Cassius, Brutus i Livia"
        assert or_list(["3", "4", "5"]) == "3, 4 lub 5"
        assert plain_list(["Wojna", "Podatki"]) == "Wojna i Podatki"
        i18n.use("ru")
        assert and_list(names) == "Cassius, Brutus и Livia"
        assert or_list(["3", "4", "5"]) == "3, 4 или 5"
    finally:
        i18n.use("en")
    # No other module joins words itself (the rules panel's rule numbers and the
    # transcript's notation, which are no words, are joined with commas).
    core = folders.ROOT / "senator_core"
    sources = [*(core / "app").rglob("*.py"), core / "transcript.py"]
    for path in sources:
        name = path.relative_to(core).as_posix()
        if name == "app/ui/text.py":
            continue  # where the lists are joined
        words = (
            "( and | or )" if name in ("app/help/view.py", "transcript.py") else "(, | and | or )"
        )
        source = path.read_text(encoding="utf-8")
        assert not re.search(rf"""["']{words}["']\.join""", source), name


def test_a_catalog_fetched_apart_is_spoken_once_added(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Where a language's catalog is not shipped (the page's wheel), that language
    reads as English until the page adds the catalog it fetched; anything drawn in
    words is keyed by the wording, which the catalog's arrival changes."""
    shipped = i18n.LOCALE / "pl" / "LC_MESSAGES" / "senator.mo"
    data = shipped.read_bytes()
    monkeypatch.setattr(i18n, "LOCALE", tmp_path)
    monkeypatch.setattr(i18n, "_loaded", {})
    try:
        assert not i18n.has_catalog("pl") and i18n.has_catalog("en")
        i18n.use("pl")
        before = i18n.wording()
        assert i18n._("New game") == "New game"
        with pytest.raises(ValueError):
            i18n.add_catalog("pl", b"not a catalog")
        with pytest.raises(ValueError):
            i18n.add_catalog("de", data)
        i18n.add_catalog("pl", data)
        assert i18n.has_catalog("pl") and i18n._("New game") == "Nowa gra"
        assert i18n.wording() != before and i18n.wording()[0] == "pl"
    finally:
        i18n.use("en")

"""The rules panel: its sections in order, what each teaches, rule references, variants."""

from __future__ import annotations

import random
import re

import pytest

import senator_core as sc
from senator_core.app import Act, Model, Setup, control, view
from senator_core.app.help.view import (
    EXAMPLE_NAMED_CARD,
    EXAMPLE_RECEIVER,
    EXAMPLE_TOPIC,
    EXAMPLE_TURNS,
    RULE_SECTIONS,
    SECTIONS,
    rules_help,
)
from senator_core.app.setup.view import setup_screen
from senator_core.app.ui.text import (
    EVENT_EFFECTS,
    EVENT_NAMES,
    KIND_NAMES,
    VARIANT_LABELS,
    VARIANT_TEXT,
    event_effect,
    power_text,
)
from senator_core.config import VARIANT_VALUES
from senator_core.rules import EVENTS, KINDS

from ..appkit import Page, started, updated
from ..markup import Elements
from ..scenario import full_docket, play, rigged

# The order the issue asks for, sections added around it (set-up, round) included.
REQUIRED_ORDER = (
    "rules-goal",
    "rules-hand",
    "rules-cards",
    "rules-tokens",
    "rules-conflicts",
    "rules-debate",
    "rules-winning-a-debate",
    "rules-powers",
    "rules-veto",
    "rules-assassin",
    "rules-consuls",
    "rules-events",
    "rules-round-end",
    "rules-scoring",
    "rules-example",
    "rules-variants",
)
RULE_NUMBER = re.compile(r"\bR\d+\b")


DEFAULT = sc.Variants()
OTHER = sc.Variants(
    taxes="centre_only",
    spartacus="two_points",
    war="all_copies",
    public_works="not_assassinated",
    events="off",
)


class Panel(Elements):
    """A rendered panel: elements (tag, attributes) in order, the text inside each, and
    the text that lies outside every `.rule-ref` element."""

    def __init__(self, html: str) -> None:
        self.outside_refs: list[str] = []
        super().__init__(html)

    def handle_data(self, data: str) -> None:
        super().handle_data(data)
        if not any("rule-ref" in self.classes(i) for i in self.open):
            self.outside_refs.append(data)

    def find(self, tag: str | None = None, **attrs: str) -> list[int]:
        """Indexes of the elements with this tag and these attribute values; `css`
        matches one class name."""
        found = []
        for i, (t, a) in enumerate(self.elements):
            if tag is not None and t != tag:
                continue
            css = attrs.get("css")
            if css is not None and css not in self.classes(i):
                continue
            if any(a.get(k.replace("_", "-")) != v for k, v in attrs.items() if k != "css"):
                continue
            found.append(i)
        return found

    def text(self, tag: str | None = None, **attrs: str) -> list[str]:
        return [self.text_of(i) for i in self.find(tag, **attrs)]

    def all_text(self) -> str:
        return " ".join(" ".join(self.text_of(i) for i in self.find("aside")).split())

    def section_of(self, index: int) -> str | None:
        """The id of the section that holds element `index`."""
        for i in range(index, -1, -1):
            tag, attrs = self.elements[i]
            if tag == "section":
                return attrs.get("id")
        return None


def panel(variants: sc.Variants = DEFAULT) -> Panel:
    return Panel(rules_help(variants))


def section_ids(page: Panel) -> list[str]:
    return [page.elements[i][1]["id"] or "" for i in page.find("section")]


def expand(ref: str) -> set[str]:
    """The rule numbers a reference names: "Rules R19" en dash "R21, R23" gives R19-R21, R23."""
    numbers: set[str] = set()
    for part in ref.removeprefix("Rules ").removeprefix("Rule ").split(", "):
        first, _, last = part.partition("–")
        low = int(first[1:])
        high = int(last[1:]) if last else low
        numbers.update(f"R{n}" for n in range(low, high + 1))
    return numbers


# --------------------------------------------------------------------------- the panel


def test_the_panel_keeps_its_frame_title_and_close_button() -> None:
    page = panel()
    (aside,) = page.find("aside")
    assert page.classes(aside) == ["panel", "help"]
    assert page.elements[aside][1]["aria-label"] == "Rules"
    assert page.text("h2") == ["How to play"]
    (close,) = page.find("button")
    assert page.elements[close][1] == {"type": "button", "data-msg": "panel", "data-value": "rules"}
    assert page.text_of(close) == "Close"
    # What tests/app/test_play.py and the end-to-end tests look for.
    assert "Powers of the tokens" in page.text("h3")
    assert len(page.find(css="rules-summary")) == 1
    # The random clicker of the end-to-end tests clicks every [data-action].
    assert not any("data-action" in attrs for _, attrs in page.elements)


@pytest.mark.parametrize("variants", [DEFAULT, OTHER], ids=["default", "other"])
def test_sections_come_in_the_order_the_issue_asks(variants: sc.Variants) -> None:
    ids = section_ids(panel(variants))
    assert ids == [section for section, _ in SECTIONS]
    assert [i for i in ids if i in REQUIRED_ORDER] == list(REQUIRED_ORDER)
    assert len(set(ids)) == len(ids)


def test_the_contents_link_to_every_section_and_every_link_lands() -> None:
    page = panel()
    ids = {attrs["id"] for _, attrs in page.elements if attrs.get("id")}
    (nav,) = page.find("nav")
    contents = [
        page.elements[i][1]["href"]
        for i in page.find("a")
        if nav < i and page.section_of(i) is None
    ]
    assert contents == [f"#{section}" for section in section_ids(page)]
    for i in page.find("a"):
        href = page.elements[i][1]["href"] or ""
        assert href.startswith("#") and href[1:] in ids, href


def test_the_hand_lists_every_card_and_says_everything_is_public() -> None:
    page = panel()
    (hand,) = page.text("section", id="rules-hand")
    assert "the same seven cards: 1, 1, 2, 2, 2, 5 and the Assassin" in hand
    shown = [
        page.elements[i][1]["data-card"]
        for i in page.find("li")
        if page.section_of(i) == "rules-hand"
    ]
    assert shown == ["1", "1", "2", "2", "2", "5", "assassin"]
    assert "every hand, every card in play and every discard pile is open to all" in hand
    assert "the order of the tokens in the forum and the order of the event deck" in hand


def test_the_cards_give_each_value_and_the_assassin() -> None:
    (cards,) = panel().text("section", id="rules-cards")
    for line in ("1 × 2: worth 1", "2 × 3: worth 2", "5 × 1: worth 5", "Assassin × 1: no"):
        assert line in cards
    assert "worth 13" in cards


@pytest.mark.parametrize("variants", [DEFAULT, OTHER], ids=["default", "other"])
def test_every_kind_event_and_power_text_appears(variants: sc.Variants) -> None:
    text = panel(variants).all_text()
    for kind in KINDS:
        assert KIND_NAMES[kind] in text
    for kind in (*KINDS, "consul"):
        assert power_text(kind, variants) in text
    for event in EVENTS:
        assert f"{EVENT_NAMES[event]}: {EVENT_EFFECTS[event]}" in text


def test_the_tokens_section_has_six_kinds_of_five_and_the_conflict_diagram() -> None:
    page = panel()
    (tokens,) = page.text("section", id="rules-tokens")
    assert "30 agenda tokens, 5 of each of 6 kinds" in tokens
    assert "proposed" in tokens and "Passed" in tokens
    (diagram,) = page.find("svg", css="conflict-cycle")
    assert page.section_of(diagram) == "rules-conflicts"


def test_the_sections_teach_what_the_issue_lists() -> None:
    page = panel()

    def section(name: str) -> str:
        (text,) = page.text("section", id=name)
        return text

    assert "most agenda tokens after three rounds" in section("rules-goal")
    debate = section("rules-debate")
    assert "strictly above" in debate and "Withdraw" in debate and "Play the Assassin" in debate
    assert "a senator with no cards left wins the debate" in debate
    winning = section("rules-winning-a-debate")
    for step in ("Power.", "Award.", "Veto.", "Conflicts."):
        assert step in winning
    assert "Imperium is the exception" in winning
    veto = section("rules-veto")
    assert "you may refuse the token. It goes back to the forum" in veto
    assert "the veto goes back to the centre" in veto
    assassin = section("rules-assassin")
    assert "nobody wins it" in assassin and "those who withdrew included" in assassin
    assert "a consul topic is flipped" in assassin
    assert "opens the next debate" in assassin
    assert "all of their own proposed tokens into law" in section("rules-consuls")
    round_end = section("rules-round-end")
    assert "discard pile back into hand" in round_end and "forum is shuffled" in round_end
    scoring = section("rules-scoring")
    ranks = ("the most tokens", "more Imperium tokens", "more passed tokens")
    assert [scoring.index(rank) for rank in ranks] == sorted(scoring.index(r) for r in ranks)
    assert "share the victory" in scoring


# --------------------------------------------------------------------------- rule numbers


@pytest.mark.parametrize("variants", [DEFAULT, OTHER], ids=["default", "other"])
def test_no_sentence_holds_a_rule_number(variants: sc.Variants) -> None:
    page = panel(variants)
    outside = " ".join(page.outside_refs)
    assert not RULE_NUMBER.search(outside), RULE_NUMBER.findall(outside)
    refs = page.text(css="rule-ref")
    assert refs
    for ref in refs:
        assert re.fullmatch(r"Rules? R\d+(?:–R\d+)?(?:, R\d+(?:–R\d+)?)*", ref), ref


def test_rule_sections_cover_every_rule_and_point_at_a_section_citing_it() -> None:
    assert set(RULE_SECTIONS) == {f"R{n}" for n in range(1, 58)}
    page = panel()
    refs: dict[str, set[str]] = {}
    for i in page.find(css="rule-ref"):
        section = page.section_of(i)
        assert section is not None
        refs[section] = expand(page.text_of(i))
    ids = section_ids(page)
    for rule, section in RULE_SECTIONS.items():
        assert section in ids, (rule, section)
        assert rule in refs[section], (rule, section)


# --------------------------------------------------------------------------- variants


def in_play(page: Panel) -> dict[str, str]:
    return {
        a["data-switch"] or "": a["data-reading"] or ""
        for i, (_, a) in enumerate(page.elements)
        if "in-play" in page.classes(i)
    }


@pytest.mark.parametrize("variants", [DEFAULT, OTHER], ids=["default", "other"])
def test_the_variants_in_force_are_marked(variants: sc.Variants) -> None:
    page = panel(variants)
    assert in_play(page) == variants.to_dict()
    for switch, values in VARIANT_VALUES.items():
        for value in values:
            (reading,) = page.find("li", data_switch=switch, data_reading=value)
            badge = "in play" if value == getattr(variants, switch) else "not this game"
            assert page.text_of(reading).startswith(badge)
            assert page.section_of(reading) == "rules-variants"


@pytest.mark.parametrize("variants", [DEFAULT, OTHER], ids=["default", "other"])
def test_the_panel_the_set_up_form_and_the_event_card_say_a_reading_in_the_same_words(
    variants: sc.Variants,
) -> None:
    """app/text.py's VARIANT_TEXT is the one description of each reading: the rules
    panel lists every reading with it, the set-up form shows the chosen one under the
    switch, and Spartacus's card on the table explains itself with it."""
    page = panel(variants)
    form = Panel(str(setup_screen(Model(setup=Setup(variants=variants)))))
    hints = [form.text_of(i) for i in form.find(css="hint")]
    for switch, values in VARIANT_VALUES.items():
        assert VARIANT_LABELS[switch] in page.text("strong")
        for value in values:
            (reading,) = page.find("li", data_switch=switch, data_reading=value)
            assert VARIANT_TEXT[switch][value] in page.text_of(reading)
        assert VARIANT_TEXT[switch][getattr(variants, switch)] in hints
    reading = VARIANT_TEXT["spartacus"][variants.spartacus]
    assert event_effect("spartacus", variants) == reading
    (spartacus,) = page.text("li", data_event="spartacus")
    assert reading in spartacus


def test_a_mixed_game_marks_only_its_own_readings() -> None:
    variants = sc.Variants(taxes="centre_only", events="off")
    page = panel(variants)
    assert in_play(page) == {
        "taxes": "centre_only",
        "spartacus": "two_cards",
        "war": "one_copy",
        "public_works": "not_assassin",
        "events": "off",
    }
    (heading,) = [t for t in page.text("h3") if t.startswith("Events")]
    assert heading == "Events (not used in this game)"
    (taxes,) = page.text("li", data_power="taxes")
    assert taxes.endswith("if it lies in the centre. variant")
    (war,) = page.text("li", data_power="war")
    assert "variant" not in war


def test_the_default_game_uses_events_and_tags_nothing() -> None:
    page = panel()
    assert "Events" in page.text("h3")
    assert "not used in this game" not in page.all_text()
    tags = page.find(css="variant-tag")
    # Only the sample tag in the variants section's own explanation.
    assert [page.section_of(i) for i in tags] == ["rules-variants"]


@pytest.mark.parametrize(
    ("switch", "value", "where"),
    [
        ("taxes", "centre_only", ("li", "data_power", "taxes")),
        ("war", "all_copies", ("li", "data_power", "war")),
        ("public_works", "not_assassinated", ("li", "data_power", "public_works")),
        ("spartacus", "two_points", ("li", "data_event", "spartacus")),
    ],
)
def test_a_power_or_event_a_variant_changes_is_tagged(
    switch: str, value: str, where: tuple[str, str, str]
) -> None:
    tag, attribute, name = where
    page = panel(sc.Variants(**{switch: value}))
    (changed,) = page.find(tag, **{attribute: name})
    assert page.text_of(changed).endswith("variant")
    tagged = [page.section_of(i) for i in page.find(css="variant-tag")]
    assert tagged.count("rules-variants") == 1
    # Taxes is tagged in the powers and again where the veto section quotes it.
    assert len(tagged) == (3 if switch == "taxes" else 2)


def test_the_app_shows_the_game_s_variants_on_the_game_and_title_screens() -> None:
    game = sc.new_game(sc.GameConfig(players=3, seed=1, variants=sc.Variants(events="off")))
    model = Model(screen="game", game=game, panel="rules")
    page = Panel(view(model))
    assert "Events (not used in this game)" in page.text("h3")
    title = Panel(view(updated(Model(), control("panel", "rules"))))
    assert [i for i in section_ids(title) if i in REQUIRED_ORDER] == list(REQUIRED_ORDER)


# --------------------------------------------------------------------------- the example


def test_the_worked_example_plays_out_as_written_in_the_engine() -> None:
    """Round 1 is played so that Livia ends it with a proposed Rebellion and Taxes and
    Cassius wins its last debate; round 2's first debate is then the example."""
    game = rigged(
        players=3,
        docket=full_docket(3, "rebellion", "taxes"),
        opener=2,
        later_draws=[EXAMPLE_TOPIC],
    )
    play(game, "topic rebellion", "play 1", "withdraw", "withdraw", "skip", "give 2")
    play(game, "topic taxes", "play 1", "withdraw", "withdraw", "skip", "give 2")
    play(game, "topic imperium", "withdraw", "play 1", "withdraw")
    play(game, "topic imperium", "play 1", "withdraw", "withdraw")
    play(game, "topic imperium", "withdraw", "play 1", "withdraw")
    play(game, "topic imperium", "play 1", "withdraw", "withdraw")
    play(game, "topic imperium", "withdraw", "withdraw")
    play(game, "topic consul", "withdraw", "play 2", "withdraw")
    play(game, "topic consul", "withdraw", "withdraw")
    # The position the example starts from.
    assert game.round == 2 and game.to_move == 0 and game.decision == "topic"
    assert game.event is None and game.veto is None
    assert all(game.hand(s) == {"1": 2, "2": 3, "5": 1, "assassin": 1} for s in range(3))
    assert [game.proposed(s) for s in range(3)] == [[], [], ["rebellion", "taxes"]]

    page = panel()
    rows = [
        page.text_of(i) for i in page.find("td") if "totals" in page.classes(i)
    ]  # the totals column, "C / B / L"
    play(game, f"topic {EXAMPLE_TOPIC}")
    for (seat, cards), shown in zip(EXAMPLE_TURNS, rows, strict=True):
        assert game.to_move == seat
        play(game, f"play {' '.join(cards)}" if cards else "withdraw")
        assert shown == " / ".join(str(game.total(s)) for s in range(3))
    assert game.decision == "power" and game.to_move == 0
    (named,) = [e for e in play(game, f"name {EXAMPLE_NAMED_CARD}") if e.id == "card_named"]
    assert named.args["discarded"] == [0, 1, 0]  # Brutus's 5; Livia's is in play
    events = play(game, f"give {EXAMPLE_RECEIVER}")
    (conflict,) = [e for e in events if e.id == "conflict"]
    assert conflict.args == {"seat": 2, "kind": "war", "lost": ["rebellion"]}
    assert game.proposed(2) == ["taxes"]
    assert game.discards(0) == {"1": 0, "2": 3, "5": 0, "assassin": 0}
    assert game.hand(1) == {"1": 2, "2": 3, "5": 0, "assassin": 1}
    assert game.hand(2) == {"1": 2, "2": 3, "5": 1, "assassin": 1}
    assert game.to_move == 0 and game.decision == "topic"

    (example,) = page.text("section", id="rules-example")
    assert "only Cassius is left, so he wins with 6" in example
    assert "Cassius gives the War token to Livia" in example
    assert "the War token and her Rebellion both go back to the forum" in example
    assert "Cassius's three 2s go to his discard pile" in example


def test_each_kind_of_decision_has_a_question_mark_opening_its_rules() -> None:

    from senator_core.app import Model, control, view
    from senator_core.app.help.view import RULE_SECTIONS
    from senator_core.app.model import ALL_HUMAN
    from senator_core.app.setup.state import Setup

    from ..appkit import Page

    wanted = {"topic": "R19", "debate": "R20", "power": "R34", "award": "R26", "veto": "R49"}
    seen: dict[str, str | None] = {}
    chooser = random.Random(4)
    for _ in range(40):
        model = updated(Model(setup=Setup(occupants=ALL_HUMAN)), control("start"))
        while model.game is not None and model.game.decision != "over":
            if model.story:
                model = updated(model, control("go-on"))
            page = Page(view(model))
            links = [a for t, a in page.elements if "rule-link" in (a.get("class") or "")]
            assert len(links) == 1
            seen[model.game.decision] = links[0]["data-value"]
            model = updated(model, Act(str(chooser.choice(model.game.legal_actions()))))
        if len(seen) == len(wanted):
            break
    assert seen == wanted
    assert all(rule in RULE_SECTIONS for rule in wanted.values())


def test_a_why_opens_the_rules_at_the_rule() -> None:
    model = updated(started(), control("rule", "R21"))
    assert model.panel == "rules" and model.rule == "R21"
    assert "rules-debate" in Page(view(model)).values("id")
    assert updated(started(), control("rule", "<script>")).panel == ""

"""The application played in CPython as the page plays it: a model, the page the view
draws for it, and each control pressed by what its markup says (`data-action`, or
`data-msg` and `data-value`, decoded by `clicked` as the page decodes a click).

What a screen shows is read back from that markup as plain data (`board`), in the
shape the browser tests read from the live page, and compared with the engine.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from bs4 import BeautifulSoup, Tag

import senator_core as sc
from senator_core.app import Model, clicked, init, update, view
from senator_core.app.play.bidding import offered
from senator_core.app.ui.text import DECISION_TITLES, KIND_NAMES
from senator_core.records import game_link


def _number(text: str) -> int:
    return int("".join(c for c in text if c.isdigit()) or "0")


def _text(element: Tag | None) -> str:
    """An element's text as `textContent` gives it."""
    return "" if element is None else element.get_text()


class Screen:
    """The page for a model, and the messages its controls send."""

    def __init__(self, model: Model) -> None:
        self.model = model
        self._soup: BeautifulSoup | None = None
        self._board: dict[str, Any] | None = None

    @classmethod
    def of_link(cls, config: sc.GameConfig) -> Screen:
        """The first screen of a page opened by a link to this deal, nothing stored."""
        model, _ = init({}, game_link(config))
        return cls(model)

    @property
    def soup(self) -> BeautifulSoup:
        if self._soup is None:
            self._soup = BeautifulSoup(str(view(self.model)), "html.parser")
        return self._soup

    def one(self, selector: str) -> Tag:
        found = self.soup.select_one(selector)
        assert found is not None, f"nothing on the screen matches {selector!r}"
        return found

    def text(self, selector: str) -> str:
        """The first match's text as `innerText` reads it: white space collapsed, and
        without what is not drawn as text (an icon's `<title>`)."""
        copy = BeautifulSoup(str(self.one(selector)), "html.parser")
        for unseen in copy.select("svg title, svg desc, [hidden]"):
            unseen.decompose()
        return " ".join(copy.get_text().split())

    def press(self, selector: str) -> None:
        """Clicks the control `selector` finds, as the page does: its message to `update`."""
        target = self.one(selector)
        assert target.get("disabled") is None, f"{selector!r} is disabled"

        def attribute(name: str) -> str | None:
            value = target.get(name)
            return None if value is None else str(value)

        msg = clicked(attribute("data-action"), attribute("data-msg"), attribute("data-value"))
        self.model = update(self.model, msg, "")[0]
        self._soup = self._board = None

    def act(self, action: str) -> None:
        """Presses the decision's control for one action (a bid the decision shows no
        button for is built by touching its cards), and goes on from a round's summary
        the table then holds, as a player does."""
        if self.soup.select_one(f"#decision [data-action='{action}']") is None:
            self.touch(action)
        else:
            self.press(f"#decision [data-action='{action}']")
        if self.soup.select_one("[data-msg='go-on']") is not None:
            self.press("[data-msg='go-on']")

    def touch(self, action: str) -> None:
        """Builds a bid or an Assassin play by touching its cards in the hand, then
        confirms it."""
        bid = sc.parse_action(action)
        cards = [*(["assassin"] if bid.verb == "assassin" else []), *bid.names]
        for card in cards:
            free = [
                b
                for b in self.soup.select("#decision .hand-card[aria-pressed='false']")
                if b.select_one(f".card-{card}") is not None
            ]
            assert free, f"no {card} left to touch for {action!r}"
            self.press(f"#decision .hand-card[data-value='{free[0]['data-value']}']")
        self.press("#decision [data-msg='confirm']")

    def latest(self) -> str:
        """The lines that tell the last move on the table, seat symbols left out."""
        lines = []
        for item in self.soup.select(".last-move li"):
            copy = BeautifulSoup(str(item), "html.parser")
            for symbol in copy.select(".seat-symbol"):
                symbol.decompose()
            lines.append(copy.get_text())
        return "\n".join(lines)

    def board(self) -> dict[str, Any]:
        """What the game screen shows, as plain data (the browser tests' `READ_BOARD`)."""
        if self._board is None:
            self._board = self._read_board()
        return self._board

    def _read_board(self) -> dict[str, Any]:
        soup = self.soup
        places = {str(e["data-place"]): e for e in soup.find_all(attrs={"data-place": True})}

        def place(name: str) -> Tag | None:
            return places.get(name)

        def what(element: Tag | None, prefix: str) -> list[str]:
            """The `data-what` values under `element` that start with `prefix`, the
            prefix taken off."""
            if element is None:
                return []
            found = element.find_all(attrs={"data-what": lambda v: v and v.startswith(prefix)})
            return [str(e["data-what"])[len(prefix) :] for e in found]

        def cards(element: Tag | None) -> dict[str, int]:
            return dict(Counter(what(element, "card-")))

        def tokens(element: Tag | None) -> list[str]:
            return sorted(what(element, "token-"))

        boards = soup.find_all(class_="seat-board")
        players = []
        for seat_board in boards:
            s = int(str(seat_board["data-seat"]))
            veto = place(f"seat-{s}-veto")
            players.append(
                {
                    "seat": s,
                    "hand": cards(place(f"seat-{s}-hand")),
                    "in_play": cards(place(f"seat-{s}-play")),
                    "discards": cards(place(f"seat-{s}-discards")),
                    "proposed": tokens(place(f"seat-{s}-proposed")),
                    "passed": tokens(place(f"seat-{s}-passed")),
                    "veto": veto is not None and veto.find(attrs={"data-what": "veto"}) is not None,
                    "to_move": "to-move" in seat_board.get_attribute_list("class"),
                }
            )
        players.sort(key=lambda p: p["seat"])
        docket: Counter[str] = Counter()
        for medallion in soup.select(".docket .medallion"):
            count = medallion.select_one(".medallion-name .count")
            docket[str(medallion["data-kind"])] += _number(_text(count)) if count else 1
        bids = {}
        for seat_board in boards:
            bid = seat_board.find(class_="bid")
            assert bid is not None
            if bid.get("data-withdrawn") is not None:
                total = _number(_text(bid.select_one(".bid-total")))
                bids[str(seat_board["data-seat"])] = [total, bid["data-withdrawn"] == "true"]
        holder = next(
            (
                held
                for name, held_place in places.items()
                if name.startswith("seat-") and name.endswith("-veto")
                for held in held_place.find_all(attrs={"data-what": "veto"})
            ),
            None,
        )
        decision = self.one("#decision")
        seat = decision.get("data-seat")
        holder_place = holder.find_parent(attrs={"data-place": True}) if holder else None
        return {
            "round": int(str(self.one(".topbar .round")["data-round"])),
            "consuls_up": len(soup.select(".topbar .consuls .icon-consul")),
            "veto": None if holder_place is None else int(str(holder_place["data-place"])[5:-5]),
            "forum": _number(_text(soup.select_one(".topbar .forum"))),
            "docket": dict(docket),
            "topic": _text(soup.select_one(".topic-zone .topic-title")),
            "bids": bids,
            "decision": _text(decision.select_one("h2")),
            "to_move": None if seat is None else int(str(seat)),
            "actions": sorted(str(b["data-action"]) for b in decision.select("[data-action]")),
            "players": players,
        }


def expected_board(game: sc.Game) -> dict[str, Any]:
    """What the board should show for a game, in the shape `Screen.board` reads."""

    def cards(counts: dict[str, int]) -> dict[str, int]:
        return {c: n for c, n in counts.items() if n}

    docket: dict[str, int] = dict(Counter(game.docket))
    if game.consuls_up:
        docket["consul"] = game.consuls_up
    topic = game.topic
    return {
        "round": game.round,
        "consuls_up": game.consuls_up,
        "veto": game.veto,
        "forum": game.forum_size,
        "docket": docket,
        "topic": "Between debates" if topic is None else f"Debating: {KIND_NAMES[topic]}",
        "bids": {}
        if topic is None
        else {str(s): [game.total(s), game.withdrawn(s)] for s in range(game.players)},
        "decision": DECISION_TITLES[game.decision],
        "to_move": game.to_move,
        "actions": sorted(str(a) for a in offered(game)),
        "players": [
            {
                "seat": s,
                "hand": cards(game.hand(s)),
                "in_play": dict(Counter(game.in_play(s))),
                "discards": cards(game.discards(s)),
                "proposed": sorted(game.proposed(s)),
                "passed": sorted(game.passed(s)),
                "veto": game.veto == s,
                "to_move": game.to_move == s,
            }
            for s in range(game.players)
        ],
    }


def seat_of(shown: dict[str, Any], seat: int) -> dict[str, Any]:
    player: dict[str, Any] = shown["players"][seat]
    assert player["seat"] == seat
    return player


# Four players, no events, Cassius (seat 0) opens; the docket of round 1 holds these
# nine tokens and both consuls. Names: Cassius 0, Brutus 1, Livia 2, Marcus 3.
DECISIONS_DOCKET = [
    "taxes",
    "public_works",
    "rebellion",
    "rebellion",
    "trade",
    "war",
    "imperium",
    "public_works",
    "war",
]


def rigged_config(
    players: int, draws: list[str], opener: int = 0, **variants: str
) -> sc.GameConfig:
    """A deal without events whose first docket and first opener are fixed."""
    return sc.GameConfig(
        players=players,
        seed=1,
        first_opener=opener,
        variants=sc.Variants(**{"events": "off", **variants}),
        draws=tuple(draws),
    )


class Table:
    """A rigged game on a screen, with the same game kept by the engine: each step
    presses one control, applies the same action to the engine's game and checks that
    the screen shows exactly the engine's state (the board, until the game is over)."""

    def __init__(self, config: sc.GameConfig) -> None:
        self.screen = Screen.of_link(config)
        self.game = sc.new_game(config)
        self.names = self.game.names

    def step(self, action: str) -> tuple[dict[str, Any], dict[str, Any]]:
        before = self.screen.board()
        legal = [str(a) for a in self.game.legal_actions()]
        assert action in legal, f"{action!r} is not legal: {legal}"
        self.screen.act(action)
        self.game.apply(action)
        if self.game.decision == "over":
            return before, {}  # the end screen, which shows no board
        after = self.screen.board()
        assert after == expected_board(self.game), f"after {action!r}"
        return before, after

    def steps(self, *actions: str) -> None:
        for action in actions:
            self.step(action)

"""The fixed facts of Senator: components, names and numbers from docs/rules.md sections 1-6."""

from __future__ import annotations

from typing import Final, Literal, get_args

# R3: the six agenda kinds, in the order the engine indexes them.
KINDS: tuple[str, ...] = (
    "public_works",
    "rebellion",
    "taxes",
    "trade",
    "war",
    "imperium",
)
PUBLIC_WORKS, REBELLION, TAXES, TRADE, WAR, IMPERIUM = range(6)
KIND_INDEX: dict[str, int] = {name: i for i, name in enumerate(KINDS)}
TOKENS_PER_KIND = 5  # R3
TOKENS = TOKENS_PER_KIND * len(KINDS)  # 30

# The topic of a debate is an agenda kind index, or CONSUL (R19).
CONSUL = 6
CONSUL_NAME = "consul"
CONSULS = 2  # R6

# R4: the conflict cycle Public Works - Rebellion - War - Trade - Taxes - Public Works.
CONFLICTS: tuple[tuple[int, ...], ...] = (
    (REBELLION, TAXES),  # public_works
    (WAR, PUBLIC_WORKS),  # rebellion
    (TRADE, PUBLIC_WORKS),  # taxes
    (WAR, TAXES),  # trade
    (REBELLION, TRADE),  # war
    (),  # imperium
)

# R2: influence cards, indexed 0..3; the Assassin has no influence value.
CARDS: tuple[str, ...] = ("1", "2", "5", "assassin")
ONE, TWO, FIVE, ASSASSIN = range(4)
CARD_INDEX: dict[str, int] = {name: i for i, name in enumerate(CARDS)}
CARD_VALUES: tuple[int, ...] = (1, 2, 5, 0)
HAND: tuple[int, ...] = (2, 3, 1, 1)  # R2: 1, 1, 2, 2, 2, 5 and the Assassin
CARDS_PER_PLAYER = sum(HAND)  # 7

# R8: the six events, in the order the engine indexes them.
EVENTS: tuple[str, ...] = (
    "socialis_bellum",
    "hannibal",
    "imperator",
    "incursio_barbara",
    "ludi_gladiatorum",
    "spartacus",
)
SOCIALIS_BELLUM, HANNIBAL, IMPERATOR, INCURSIO_BARBARA, LUDI_GLADIATORUM, SPARTACUS = range(6)
EVENT_INDEX: dict[str, int] = {name: i for i, name in enumerate(EVENTS)}
SOCIALIS_BELLUM_DRAWS = 3  # R41
LUDI_CARD_CAP = 2  # R45
SPARTACUS_MINIMUM = 2  # R46: two cards (two_cards) or two influence (two_points)

MIN_PLAYERS, MAX_PLAYERS = 3, 5  # R1
ROUNDS = 3
DOCKET_SIZE: dict[int, int] = {3: 7, 4: 9, 5: 11}  # R15

# Decisions a game can wait for.
Decision = Literal["topic", "debate", "power", "award", "veto", "over"]
TOPIC: Final = "topic"
DEBATE: Final = "debate"
POWER: Final = "power"
AWARD: Final = "award"
VETO: Final = "veto"
OVER: Final = "over"
DECISIONS: tuple[Decision, ...] = get_args(Decision)


def conflicts_with(kind: str) -> tuple[str, ...]:
    """The two kinds that `kind` conflicts with (R4); none for Imperium."""
    return tuple(KINDS[k] for k in CONFLICTS[KIND_INDEX[kind]])

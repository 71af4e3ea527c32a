"""Reading a move typed as text: ``pass``, a contract step's words (``bid …``, ``call …``), or
cards (``55 BJ``; ``= 555`` or ``= plane`` chooses a reading when the cards read several ways:
``paixing.game.readings`` says how a reading is written).

Card input may leave suits open (``55``): suits are taken from the player's hand, and where
suits change the reading (a one-suit set) every choice of suits is a candidate and the player
must say which.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations, islice, product

from paixing.game import steps
from paixing.game.actions import PASS, Action, IllegalAction
from paixing.game.readings import BadReading, pick, reading_text
from paixing.game.readings import record_text as play_record_text
from paixing.hands.classify import classify
from paixing.hands.compile import Ruleset
from paixing.hands.generate import generate
from paixing.hands.moves import answering
from paixing.hands.play import Play, beats
from paixing.hands.ruleset import TypeInfo
from paixing.hands.view import HandView, UnknownCard
from paixing.rules.cards import Card, CardError, format_cards, parse_cards

PASS_WORDS = ("pass", "p", "不要", "过")


class AmbiguousPlay(IllegalAction):
    """Cards that read several ways, each allowed now: ``plays`` are the readings to choose
    from (the message lists them as they can be typed)."""

    def __init__(self, plays: list[Play]) -> None:
        self.plays = plays
        options = ", ".join(f"{reading_text(p, plays)} ({p.type.name.zh} {p.type.name.en})" for p in plays)
        super().__init__(f"several readings; choose one: {options}")


def record_text(rs: Ruleset, action: Action) -> str:
    """The text a record stores for ``action``: ``str(action)``, with the reading of a play whose
    cards read several ways (so that the record replays that play)."""
    return play_record_text(rs, action.play) if action.play is not None else str(action)


def parse_action(rs: Ruleset, text: str, hand: Sequence[Card] | None, target: Play | None) -> Action:
    """The action ``text`` stands for. ``hand``: the cards of the player to act during play
    (None outside play: cards are then refused); ``target``: the play to beat."""
    words = text.strip().split()
    if not words:
        raise IllegalAction("empty action: type cards, pass, bid … or call …")
    if words[0].lower() in PASS_WORDS:
        return PASS
    if words[0].lower() == "gift":
        if len(words) != 2 or not words[1].isdigit():
            raise IllegalAction("gift: give the trick to a seat, e.g. gift 1")
        return Action("gift", value=int(words[1]))
    if words[0].lower() == "wish":
        return _wish(words[1:])
    typed = steps.parse(words)
    if typed is not None:
        return typed
    cards_text, _, reading = text.partition("=")
    try:
        cards = parse_cards(cards_text)
    except CardError as exc:
        raise IllegalAction(str(exc)) from None
    if hand is None:
        raise IllegalAction("it is not the time to play cards")
    return play_from_cards(rs, cards, reading.strip(), hand, target)


def _wish(args: list[str]) -> Action:
    """``wish <rank>`` or ``wish none``."""
    if len(args) == 1 and args[0].lower() == "none":
        return Action("wish")
    try:
        cards = parse_cards(args[0]) if len(args) == 1 else []
    except (CardError, ValueError):
        cards = []
    if len(cards) != 1:
        raise IllegalAction("wish: name a rank (wish 7) or none (wish none)")
    return Action("wish", card=Card(cards[0].rank))


def play_from_cards(rs: Ruleset, cards: list[Card], reading: str, hand: Sequence[Card], target: Play | None) -> Action:
    """The one play ``cards`` (with an optional ``reading``) can mean from ``hand``."""
    winning = _winning_readings(rs, _concrete(rs, cards, hand), reading, target)
    if any(c.suit is None and not c.is_special for c in cards):
        # Other suits of the open-suit cards add other readings, not the same reading of
        # other cards (where suits matter the cards are part of a play's identity).
        seen = {p.reading for p in winning}
        for choice in _suit_choices(rs, cards, hand):
            try:
                more = _winning_readings(rs, choice, reading, target)
            except IllegalAction:
                continue
            for p in more:
                if p.reading not in seen:
                    seen.add(p.reading)
                    winning.append(p)
    if len(winning) > 1:
        raise AmbiguousPlay(winning)
    return Action("play", play=winning[0])


def _suit_choices(rs: Ruleset, cards: list[Card], hand_cards: Sequence[Card], limit: int = 64) -> list[list[Card]]:
    """Other concrete cards an open-suit input could mean (only where suits can matter)."""
    if not any(t.suited or t.suits == "mixed" for t in rs.types):
        return []
    fixed = [c for c in cards if c.suit is not None or c.is_special]
    wanted = Counter(c.rank for c in cards if c.suit is None and not c.is_special)
    hand = Counter(hand_cards)
    for c in fixed:
        hand[c] -= 1
    per_rank: list[list[tuple[Card, ...]]] = []
    for rank, n in wanted.items():
        pool = sorted((c for c in hand.elements() if c.rank == rank), key=rs.sort_key)
        per_rank.append(list(dict.fromkeys(combinations(pool, n))))
    return [fixed + [c for group in combo for c in group] for combo in islice(product(*per_rank), limit)]


def _concrete(rs: Ruleset, cards: list[Card], hand_cards: Sequence[Card]) -> list[Card]:
    """The cards of ``hand_cards`` that ``cards`` names; where a rank-only card leaves the suit
    open, the suits that keep the hand's best one-suit sets (``keep_suited``)."""
    suited = [t for t in rs.playable_types if t.suits == "same"]
    if suited and any(c.suit is None and not c.is_special for c in cards):
        choices = _suit_choices(rs, cards, hand_cards)
        if choices:
            return keep_suited(rs, suited, choices, hand_cards)
    hand = list(hand_cards)
    concrete: list[Card] = []
    for card in cards:
        if card in hand:
            hand.remove(card)
            concrete.append(card)
            continue
        if card.suit is None and not card.is_special:
            match = next((c for c in rs.sort_cards(hand) if c.rank == card.rank), None)
            if match is not None:
                hand.remove(match)
                concrete.append(match)
                continue
        raise IllegalAction(f"{card} is not in your hand")
    return concrete


def keep_suited(rs: Ruleset, suited: list[TypeInfo], choices: list[list[Card]], hand: Sequence[Card]) -> list[Card]:
    """The choice of cards that leaves the hand its strongest one-suit sets (``suited``: the
    variant's one-suit types): the highest rung a one-suit play of what is left reaches, then
    how many such plays it keeps; the lowest suits on a tie (the order ``choices`` come in)."""

    def kept(choice: list[Card]) -> tuple[int, int]:
        rest = Counter(hand)
        rest.subtract(choice)
        view = HandView(rs, rest.elements())
        plays = [p for t in suited for p in generate(rs, view, t)]
        return (max((p.rung for p in plays), default=-1), len(plays))

    best = max(range(len(choices)), key=lambda i: (kept(choices[i]), -i))
    return choices[best]


def _winning_readings(rs: Ruleset, concrete: list[Card], reading: str, target: Play | None) -> list[Play]:
    try:
        readings = [p for p in classify(rs, concrete) if p.type.playable]
    except UnknownCard as exc:
        raise IllegalAction(str(exc)) from None
    if readings and target is not None:
        # in context: a lone ``half_above`` wild card reads at the rank it answers (none on a single_only card)
        readings = answering(rs, readings, target) or readings
    if reading:
        try:
            readings = pick(rs, readings, reading)
        except BadReading as exc:
            raise IllegalAction(str(exc)) from None
    if not readings:
        raise IllegalAction(f"{format_cards(rs.sort_cards(concrete))} is not a valid play")
    winning = [p for p in readings if target is None or beats(p, target)]
    if not winning:
        raise IllegalAction(f"{readings[0].notation} does not beat {target.notation if target else ''}".strip())
    return winning


def check_play(rs: Ruleset, play: Play, hand: Sequence[Card], target: Play | None) -> None:
    """``IllegalAction`` unless ``play`` is in ``hand``, reads as its type and beats ``target``."""
    have = Counter(hand)
    need = Counter(play.cards)
    if any(have[c] < n for c, n in need.items()):
        raise IllegalAction(f"{play.notation}: not all these cards are in your hand")
    if play.identity not in {p.identity for p in answering(rs, classify(rs, play.cards), target)}:
        raise IllegalAction(f"{play.notation} is not a {play.type.id}")
    if target is not None and not beats(play, target):
        raise IllegalAction(f"{play.notation} does not beat {target.notation}")

"""OpenSpiel's 斗地主 (C++, ``pyspiel.load_game("dou_dizhu")``) as a peer of benchmarks/movegen.py.

OpenSpiel has no move generator to call with a hand: its legal moves belong to a game state.
So each benchmark state is built as a real OpenSpiel game: the chance player's outcomes are
chosen to deal exactly the cards wanted (the face-up card at position 0, so seat 0 bids first;
dealing order is seat k mod 3 for the k-th card; the three cards left over go to the landlord),
seat 0 bids 3 and becomes the landlord, then moves are played to reach the target state:

- a 20-card lead: the landlord's first move;
- a 17-card lead: the landlord holds the hand plus three more cards, plays those as three
  singles (both peasants pass each time) and leads again;
- a 17-card response: the landlord holds the target plus filler, plays the target, and seat 1
  (the hand) answers it;
- a 20-card response cannot be reached: the landlord leads first and a peasant holds 17 cards.

A target OpenSpiel cannot play is left out of its column (the kind's ``notes`` say how many):
四带二 (OpenSpiel has no four-with-two) and a 20-card target (it would end the hand). The
landlord's filler cards are of ranks the target does not use: OpenSpiel never plays a chain
from a rank its player holds four of, so the filler must not complete one.

Timed: ``state.legal_actions()`` through pybind11, which returns a sorted Python list of action
ids (the pass included when answering).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

RL_CHARS = "3456789TJQKA2BR"
JOKER_NAMES = {"(BWJ)": "B", "(CJ)": "R"}


def load_openspiel() -> SimpleNamespace | None:
    """The game and its card actions by rank character, or None when open-spiel is missing."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("dou_dizhu")
    state = game.new_initial_state()
    state.apply_action(0)  # the face-up card's position: the first card dealt, to seat 0
    by_rank: dict[str, list[int]] = {c: [] for c in RL_CHARS}
    for action, _ in state.chance_outcomes():
        name = state.action_to_string(pyspiel.PlayerId.CHANCE, action).removeprefix("Deal ")
        by_rank[JOKER_NAMES.get(name, name[-1])].append(action)
    os_ = SimpleNamespace(game=game, by_rank=by_rank, names={})
    deck = "".join(c * 4 for c in RL_CHARS[:13]) + "BR"
    os_.decoder = _deal(os_, (deck[:20], deck[20:37], deck[37:]))  # any play-phase state names moves
    return os_


def rl_chars(move: str) -> str:
    """An OpenSpiel move's text (``333444-56``, ``(BWJ)(CJ)``) as RLCard characters."""
    for name, char in JOKER_NAMES.items():
        move = move.replace(name, char)
    return move.replace("-", "")


def _action(state: Any, text: str) -> int:
    (action,) = [a for a in state.legal_actions() if state.action_to_string(a) == text]
    return int(action)


def _deal(os_: SimpleNamespace, seats: tuple[str, str, str]) -> Any:
    """A state right after the auction: seat 0 the landlord with ``seats[0]`` (20 cards), seats
    1 and 2 holding ``seats[1]`` and ``seats[2]`` (17 each)."""
    state = os_.game.new_initial_state()
    state.apply_action(0)
    used: Counter[str] = Counter()
    cards = [[_card(os_, c, used) for c in hand] for hand in seats]
    for k in range(51):
        state.apply_action(cards[k % 3][k // 3])
    state.apply_action(_action(state, "Bid 3"))
    return state


def _card(os_: SimpleNamespace, char: str, used: Counter[str]) -> int:
    action: int = os_.by_rank[char][used[char]]
    used[char] += 1
    return action


def _find(state: Any, target: str, family: str) -> int | None:
    """The landlord's action that plays ``target`` read as RLCard's ``family``, if any."""
    want = sorted(target)
    kicked = family in ("trio_solo_chain", "trio_pair_chain")
    for a in state.legal_actions():
        text = state.action_to_string(a)
        if sorted(rl_chars(text)) == want and ("-" in text) == kicked:
            return int(a)
    return None


def lead_state(os_: SimpleNamespace, hand: str, rest: str, filler: str = "") -> Any:
    """A state where seat 0 leads holding ``hand``; ``filler`` (cards from ``rest`` that make
    the landlord's 20) is played first as singles, both peasants passing each."""
    if len(hand) + len(filler) != 20:
        raise ValueError("the landlord holds 20 cards: hand and filler must make 20")
    left = list(rest)
    for c in filler:
        left.remove(c)
    state = _deal(os_, (hand + filler, "".join(left[:17]), "".join(left[17:])))
    for c in filler:
        state.apply_action(_action(state, "(BWJ)" if c == "B" else "(CJ)" if c == "R" else c))
        state.apply_action(_action(state, "Pass"))
        state.apply_action(_action(state, "Pass"))
    return state


def response_state(os_: SimpleNamespace, hand: str, target: str, family: str, rest: str) -> Any | None:
    """A state where seat 1 holding ``hand`` answers the landlord's ``target``; None when
    OpenSpiel cannot play that target (see the module's docstring)."""
    if len(target) >= 20:
        return None
    left = list(rest)
    for c in target:
        left.remove(c)
    left.sort(key=lambda c: c in target)  # filler of other ranks: a chain's head stays below four
    filler = "".join(left[: 20 - len(target)])
    state = _deal(os_, (target + filler, hand, "".join(left[20 - len(target):])))
    action = _find(state, target, family)
    if action is None:
        return None
    state.apply_action(action)
    return state


def legal_call(state: Any) -> Callable[[], Any]:
    """What is timed: the bound ``legal_actions`` of a built state."""
    return state.legal_actions  # type: ignore[no-any-return]


def answer_reader(os_: SimpleNamespace, to_string: Callable[[str], str]) -> Callable[[Any], set[str]]:
    """Reads a list of action ids as movegen's play strings (pass dropped). A move's text does
    not depend on the state, so one play-phase state names them all (memoised)."""
    names: dict[int, str | None] = os_.names

    def name(a: int) -> str | None:
        if a not in names:
            text = os_.decoder.action_to_string(a)
            names[a] = None if text == "Pass" else to_string(rl_chars(text))
        return names[a]

    def read(result: Any) -> set[str]:
        return {n for n in map(name, result) if n is not None}

    return read

"""Determinization: a copy of a hand in which the cards one seat cannot see are dealt again.

Information-set search (OpenSpiel's IS-MCTS resampler, a determinized MCTS) needs hands that
agree with everything a seat knows: its own cards, every card played, how many cards each
seat holds, the kitty once shown, the called card in the partner's hand once the partner is
known to the seat. ``resample(game, seat, rng)`` pools every card the seat cannot place (the
other seats' hands and a face-down kitty), shuffles the pool, and deals it back in the same
sizes, keeping the cards whose holder is public where they are. The search agent
(``paixing.agents.search``) adds the cards it knows more about (``keep``: a shown card, the
card that made the dealer); ``paixing.agents.determinize`` re-exports ``resample``.
"""

from __future__ import annotations

import random

from paixing.game.events import SidePublic
from paixing.game.state import Game
from paixing.game.steps.held_cards import marker_cards
from paixing.game.teams import build_seats
from paixing.rules.cards import Card, parse_cards


def _pinned(game: Game, seat: int) -> dict[int, list[Card]]:
    """Cards whose holder the seat knows though they are not its own: the called card with a
    partner the seat knows, the shown kitty's unplayed cards with the declarer who took it."""
    pins: dict[int, list[Card]] = {}
    obs_partner = game.seats.partner if game.seats.partner_known or game.seats.partner == seat else -1
    if game.called is not None and obs_partner not in (-1, seat) and game.called in game.hands[obs_partner]:
        pins.setdefault(obs_partner, []).append(game.called)
    for e in game.log:
        if isinstance(e, SidePublic) and e.shown and e.seat != seat:
            held = game.hands[e.seat]
            pins.setdefault(e.seat, []).extend(c for c in parse_cards(e.cards) if c in held)
    declarer = game.seats.declarer
    if game.views.kitty_shown and declarer >= 0 and declarer != seat:
        held = list(game.hands[declarer])
        for card in game.kitty:
            if card in held:
                held.remove(card)
                pins.setdefault(declarer, []).append(card)
    return pins


def resample(game: Game, seat: int, rng: random.Random, keep: dict[int, list[Card]] | None = None) -> Game:
    """A clone of ``game`` with the cards ``seat`` cannot see dealt again at random; ``keep``
    names more cards whose holder the seat knows (each must be in that seat's hand)."""
    other = game.clone()
    pins = _pinned(game, seat)
    for s, cards in (keep or {}).items():
        held = list(game.hands[s])
        for card in pins.get(s, []):
            held.remove(card)
        for card in cards:
            if card in held:
                held.remove(card)
                pins.setdefault(s, []).append(card)
    pool: list[Card] = []
    free: dict[int, list[Card]] = {}
    for s in range(game.n):
        if s == seat:
            continue
        rest = list(game.hands[s])
        for card in pins.get(s, []):
            rest.remove(card)
        free[s] = rest
        pool += rest
    kitty_hidden = not game.views.kitty_shown
    if kitty_hidden:
        pool += game.kitty
    rng.shuffle(pool)
    at = 0
    for s, rest in free.items():
        other.hands[s] = game.rs.sort_cards(pins.get(s, []) + pool[at : at + len(rest)])
        at += len(rest)
    if kitty_hidden:
        other.kitty = pool[at:]
    _move_hidden_partner(other, seat)
    _move_hidden_holders(other, seat)
    return other


def _move_hidden_holders(game: Game, seat: int) -> None:
    """Secret sides (``teams: holders``) are whoever holds their cards in this world: a card
    played or shown stays with the seat that did so, the others go where they were dealt."""
    seats = game.seats
    if not seats.hidden or seats.partner_known or game.contract is None:
        return
    step = next((s.held_cards for s in game.rules.steps if s.held_cards is not None), None)
    if step is None:
        return
    holder: dict[Card, int] = {}
    for e in game.log:
        if isinstance(e, SidePublic):
            holder.update((c, e.seat) for c in parse_cards(e.cards))
    found = [holder.get(c, next((s for s, hand in enumerate(game.hands) if c in hand), -1)) for c in marker_cards(step)]
    declarer = found[0] if found[0] >= 0 else found[1]
    partner = found[1] if found[1] >= 0 else declarer
    public = seats.public
    game.seats = build_seats(game.contract, declarer, partner, -1, game.order_from(declarer)[1:])
    game.seats.public = public
    game.views.forget()


def _move_hidden_partner(game: Game, seat: int) -> None:
    """A partner the seat does not know is whoever holds the called card in this world."""
    seats = game.seats
    if game.called is None or seats.partner < 0 or seats.partner_known or seats.partner == seat:
        return
    holder = next((s for s, hand in enumerate(game.hands) if game.called in hand), -1)
    if holder < 0 or holder in (seats.partner, seats.declarer, seat):
        return
    seats.opponents = [seats.partner if s == holder else s for s in seats.opponents]
    seats.partner = holder

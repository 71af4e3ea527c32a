"""Cross-references inside ``game:``: hand types, contracts and events named must exist.

One small check per part of the game (dealer, dealt events, steps, contracts, bonuses,
points, deal size), run in order by ``game_problems``. A new part of the game language adds its
check (``GameCheck``: the variant, its ``game:`` and its ``Refs`` → ``Located`` problems) to
``GAME_CHECKS``, a ``Registry`` keyed by the function's name; ``Refs`` says whether a named
hand type or contract exists.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from .cards import CardError, parse_cards
from .conditions import parse_condition
from .hand_rules import EndsTrick, GameRules
from .match import Exchange
from .models import Variant
from .problems import Located, did_you_mean
from .registry import Registry
from .scoring import Contract


@dataclass(frozen=True)
class Refs:
    """The names a game may refer to: hand types, contracts and dealt-hand events."""

    ids: list[str]
    contracts: list[str]
    events: list[str]

    def type_ref(self, loc: tuple[int | str, ...], tid: str) -> Iterator[Located]:
        if tid not in self.ids:
            yield Located(loc, f"unknown hand type {tid!r}{did_you_mean(tid, self.ids)}")

    def contract_ref(self, loc: tuple[int | str, ...], cid: str) -> Iterator[Located]:
        if cid not in self.contracts:
            yield Located(loc, f"unknown contract {cid!r}{did_you_mean(cid, self.contracts)}")


GameCheck = Callable[[Variant, GameRules, Refs], Iterator[Located]]


def dealer(v: Variant, g: GameRules, refs: Refs) -> Iterator[Located]:
    if g.dealer.first_hand == "holder":
        if g.dealer.card is None:
            yield Located(("game", "dealer", "card"), "first_hand: holder needs the card")
        else:
            try:
                parse_cards(g.dealer.card)
            except CardError as exc:
                yield Located(("game", "dealer", "card"), str(exc))


def dealt_events(v: Variant, g: GameRules, refs: Refs) -> Iterator[Located]:
    events = refs.events
    for i, e in enumerate(g.dealt_events):
        yield from refs.type_ref(("game", "dealt_events", i, "hand_type"), e.hand_type)
        for j, other in enumerate(e.not_with):
            if other not in events:
                yield Located(("game", "dealt_events", i, "not_with", j), f"unknown event {other!r}{did_you_mean(other, events)}")


def steps(v: Variant, g: GameRules, refs: Refs) -> Iterator[Located]:
    contract_ref = refs.contract_ref
    for i, step in enumerate(g.steps):
        body = getattr(step, step.kind)
        if getattr(body, "contract", None) is not None:
            yield from contract_ref(("game", "steps", i, step.kind, "contract"), body.contract)
        counter = getattr(body, "counter", None)
        if counter is not None:
            yield from contract_ref(("game", "steps", i, step.kind, "counter"), counter)
        if step.kind == "shown_card" and v.deck.packs < 2:
            yield Located(("game", "steps", i, "shown_card"), "a shown card needs a twin: use two packs")


def held_cards(v: Variant, g: GameRules, refs: Refs) -> Iterator[Located]:
    """A ``held_cards`` step names two different cards of the deck, one copy of each (with two
    copies a play of one would not say whose side it is), and makes a ``teams: holders``
    contract, as ``show_cards`` does after it."""
    teams = {c.id: c.teams for c in g.contracts}
    seen = False
    for i, step in enumerate(g.steps):
        body = step.held_cards or step.show_cards
        if body is None:
            continue
        loc = ("game", "steps", i, step.kind)
        if step.show_cards is not None and not seen:
            yield Located(loc, "show_cards needs an earlier held_cards step (it shows the cards that step names)")
        if teams.get(body.contract, "holders") != "holders":
            yield Located((*loc, "contract"), f"{body.contract!r} has teams: {teams[body.contract]}; this step makes a teams: holders contract")
        if step.held_cards is not None:
            seen = True
            yield from _held_cards_in_deck(v, loc, step.held_cards.cards)


def _held_cards_in_deck(v: Variant, loc: tuple[int | str, ...], texts: list[str]) -> Iterator[Located]:
    cards = []
    for j, text in enumerate(texts):
        try:
            found = parse_cards(text)
        except CardError as exc:
            yield Located((*loc, "cards", j), str(exc))
            continue
        if len(found) == 1 and (found[0].rank not in v.ranks.order or found[0].rank in v.deck.remove or found[0].is_special):
            yield Located((*loc, "cards", j), f"{text}: the deck has no such card")
        elif len(found) != 1 or found[0].suit is None:
            yield Located((*loc, "cards", j), f"{text!r}: one card with its suit, such as 10H")
        else:
            cards.append(found[0])
    if len(cards) == 2 and cards[0] == cards[1]:
        yield Located((*loc, "cards"), f"two different cards, not {texts[0]} twice")
    if v.deck.packs != 1:
        yield Located((*loc, "cards"), f"one copy of each card: the deck has {v.deck.packs} packs")


def holders_made(v: Variant, g: GameRules, refs: Refs) -> Iterator[Located]:
    """A ``teams: holders`` contract is made only by a ``held_cards`` or ``show_cards`` step:
    its sides are who holds that step's cards."""
    made = {body.contract for s in g.steps for body in (s.held_cards, s.show_cards) if body is not None}
    for i, c in enumerate(g.contracts):
        if c.teams == "holders" and c.id not in made:
            yield Located(("game", "contracts", i, "teams"), f"teams: holders, but no held_cards or show_cards step makes {c.id!r}")


def drawn_wilds(v: Variant, g: GameRules, refs: Refs) -> Iterator[Located]:
    """A ``draw_wild`` step and ``wildcards.cards: [drawn]`` go together; it draws ranks a
    wild card may stand for, and no more than there are."""
    drawn = bool(v.wildcards and "drawn" in v.wildcards.cards)
    draws = [(i, step.draw_wild) for i, step in enumerate(g.steps) if step.draw_wild is not None]
    if drawn and not draws:
        yield Located(("wildcards", "cards"), "drawn wild ranks need a draw_wild step in game.steps")
    never = set(v.wildcards.never_as) if v.wildcards else set()
    pool = [r for r in v.ranks.order if r not in ("BJ", "RJ") and r not in never]
    for i, body in draws:
        if not drawn:
            yield Located(("game", "steps", i, "draw_wild"), "a draw_wild step needs wildcards: {cards: [drawn]}")
        for j, rank in enumerate(body.among):
            if rank not in pool:
                yield Located(("game", "steps", i, "draw_wild", "among", j), f"rank {rank!r} is not a rank a wild card may stand for")
    total = sum(body.ranks for _, body in draws)
    if draws and total > len(pool):
        yield Located(("game", "steps", draws[-1][0], "draw_wild", "ranks"), f"the steps draw {total} ranks but only {len(pool)} may be drawn")


def contracts(v: Variant, g: GameRules, refs: Refs) -> Iterator[Located]:
    contract_ref, type_ref = refs.contract_ref, refs.type_ref
    if g.default_contract is not None:
        yield from contract_ref(("game", "default_contract"), g.default_contract)
    for i, c in enumerate(g.contracts):
        for tid in c.multipliers.per_play:
            yield from type_ref(("game", "contracts", i, "multipliers", "per_play", tid), tid)
        for loc, texts in _condition_lists(c):
            for j, text in enumerate(texts):
                for tid in parse_condition(text).hand_types:
                    yield from type_ref(("game", "contracts", i, *loc, j), tid)


def factor_ids(v: Variant, g: GameRules, refs: Refs) -> Iterator[Located]:
    """A contract's multipliers have ids of their own: the log and the score table name a
    multiplier that applied by its id, so two under one id would show one's name for both."""
    for i, c in enumerate(g.contracts):
        seen: set[str] = set()
        for k, factor in enumerate(c.multipliers.when):
            if factor.id in seen:
                yield Located(("game", "contracts", i, "multipliers", "when", k, "id"),
                              f"multiplier id {factor.id!r} is used twice in contract {c.id!r}: give each its own id")
            seen.add(factor.id)


def _condition_lists(c: Contract) -> Iterator[tuple[tuple[int | str, ...], list[str]]]:
    """Every list of conditions in a contract, with its place in the file."""
    for k, rule in enumerate(c.end.rules):
        yield ("end", "rules", k, "when"), rule.when
    for k, row in enumerate(c.score):
        yield ("score", k, "when"), row.when
    for k, factor in enumerate(c.multipliers.when):
        yield ("multipliers", "when", k, "if"), factor.conditions
    for k, row in enumerate(c.score):
        for m, factor in enumerate(row.loser_factors):
            yield ("score", k, "loser_factors", m, "if"), factor.conditions


def bonuses(v: Variant, g: GameRules, refs: Refs) -> Iterator[Located]:
    contract_ref, type_ref = refs.contract_ref, refs.type_ref
    for i, b in enumerate(g.bonuses.tricks):
        yield from type_ref(("game", "bonuses", "tricks", i, "hand_type"), b.hand_type)
    for j, cid in enumerate(g.bonuses.contracts or []):
        yield from contract_ref(("game", "bonuses", "contracts", j), cid)


def points(v: Variant, g: GameRules, refs: Refs) -> Iterator[Located]:
    for rank in g.play.points:
        if rank not in v.ranks.order and not (rank in v.deck.extra and v.deck.extra[rank]):
            yield Located(("game", "play", "points", rank), f"rank {rank!r} is not in ranks.order")


def _deck_size(v: Variant) -> int:
    return v.deck.packs * (54 if v.deck.jokers else 52) - len(v.deck.remove) * v.deck.packs + sum(v.deck.extra.values())


def deal_size(v: Variant, g: GameRules, refs: Refs) -> Iterator[Located]:
    total = g.deal.kitty + (g.deal.cards_each or 0) * v.players
    deck_size = _deck_size(v)
    if g.deal.cards_each is not None and total > deck_size:
        yield Located(("game", "deal", "cards_each"), f"{v.players} × {g.deal.cards_each} + kitty {g.deal.kitty} is more than the {deck_size} cards")


def obligations(v: Variant, g: GameRules, refs: Refs) -> Iterator[Located]:
    """A first-play card must be a card of the deck; a warning names existing hand types."""
    for i, o in enumerate(g.play.obligations):
        loc: tuple[int | str, ...] = ("game", "play", "obligations", i, o.kind)
        if o.first_play is not None:
            try:
                (card,) = parse_cards(o.first_play.card)
            except (CardError, ValueError) as exc:
                yield Located((*loc, "card"), f"{o.first_play.card!r}: {exc}")
                continue
            if str(card) in v.deck.remove:
                yield Located((*loc, "card"), f"{card} is removed from the deck")
        if o.warn is not None:
            for j, tid in enumerate(o.warn.hand_types):
                yield from refs.type_ref((*loc, "hand_types", j), tid)
        if o.wish is not None:
            yield from _wish(v, o.wish.card, o.wish.ranks, loc)


def _wish(v: Variant, card: str, ranks: list[str], loc: tuple[int | str, ...]) -> Iterator[Located]:
    """A wish names one card of the deck and ranks of ``ranks.order``."""
    try:
        cards = parse_cards(card)
    except CardError as exc:
        yield Located((*loc, "card"), str(exc))
        cards = []
    if len(cards) > 1:
        yield Located((*loc, "card"), f"{card!r}: name one card")
    for j, rank in enumerate(ranks):
        if rank not in v.ranks.order:
            yield Located((*loc, "ranks", j), f"rank {rank!r} is not in ranks.order")


def score_forms(v: Variant, g: GameRules, refs: Refs) -> Iterator[Located]:
    """Every player for himself has no sides to compare captures of; a places row has one
    amount per player; ``this`` names a loser only inside a per-card row's loser factors."""
    for i, c in enumerate(g.contracts):
        loc: tuple[int | str, ...] = ("game", "contracts", i)
        if c.teams == "each":
            for k, rule in enumerate(c.end.rules):
                if rule.winner == "captures":
                    yield Located((*loc, "end", "rules", k, "winner"), "teams: each has no sides whose captures could be compared")
        for k, row in enumerate(c.score):
            if row.places is not None and len(row.places) != v.players:
                yield Located((*loc, "score", k, "places"), f"one amount per place: {v.players} players, {len(row.places)} amounts")
        for where, texts in _condition_lists(c):
            if "loser_factors" in where:
                continue
            for j, text in enumerate(texts):
                if _names_this(text):
                    yield Located((*loc, *where, j), f"{text!r}: 'this' is only defined in a per-card row's loser_factors")


def _names_this(text: str, subject: str = "this") -> bool:
    parsed = parse_condition(text)
    return any(t is not None and t.name == subject for t in (parsed.left, parsed.right))


def calls(v: Variant, g: GameRules, refs: Refs) -> Iterator[Located]:
    """A round of calls offers known ``when: announce`` calls (and one on the first cards comes
    first and holds back some cards); every such call is offered by a round; ``caller`` is
    defined only in a call's ``made``."""
    kinds = {c.id: c.when for c in g.calls}
    offered: set[str] = set()
    for i, step in enumerate(g.steps):
        body = step.announce
        if body is None:
            continue
        loc: tuple[int | str, ...] = ("game", "steps", i, "announce")
        for j, cid in enumerate(body.calls):
            if cid not in kinds:
                yield Located((*loc, "calls", j), f"unknown call {cid!r}{did_you_mean(cid, list(kinds))}")
            elif kinds[cid] != "announce":
                yield Located((*loc, "calls", j), f"{cid!r} has when: {kinds[cid]}; a round of calls offers calls with when: announce")
            offered.add(cid)
        if body.cards_seen is not None and i > 0:
            yield Located((*loc, "cards_seen"), "a round on the first cards of the deal must be the first step")
        elif body.cards_seen is not None and g.deal.cards_each is not None and body.cards_seen >= g.deal.cards_each:
            yield Located((*loc, "cards_seen"), f"{body.cards_seen}: must be fewer than the {g.deal.cards_each} cards each player is dealt")
    for i, c in enumerate(g.calls):
        if c.when == "announce" and c.id not in offered:
            yield Located(("game", "calls", i, "when"), f"{c.id!r} has when: announce, but no announce step offers it")
    for i, contract in enumerate(g.contracts):
        for where, texts in _condition_lists(contract):
            for j, text in enumerate(texts):
                if _names_this(text, "caller"):
                    yield Located(("game", "contracts", i, *where, j), f"{text!r}: 'caller' is only defined in a call's made conditions")


def partners_picked(v: Variant, g: GameRules, refs: Refs) -> Iterator[Located]:
    """A ``teams: partners`` contract is made only by a step that picks the partner (a called
    or shown card): made by a bid or by default, the declarer would play with nobody and the
    hand would score as if the others were one side of three."""
    picked = {getattr(s, s.kind).contract for s in g.steps if getattr(type(getattr(s, s.kind)), "picks_partner", False)}
    for i, c in enumerate(g.contracts):
        if c.teams == "partners" and c.id not in picked:
            yield Located(
                ("game", "contracts", i, "teams"),
                f"teams: partners, but no step picks {c.id!r}'s partner: make it with call_card or shown_card",
            )


def dealer_card_is_one(v: Variant, g: GameRules, refs: Refs) -> Iterator[Located]:
    """The dealer's card is one card the deck holds (``"7S 8S"`` used to crash the deal)."""
    if g.dealer.card is None:
        return
    try:
        cards = parse_cards(g.dealer.card)
    except CardError:
        return  # reported by ``dealer``
    if len(cards) != 1:
        yield Located(("game", "dealer", "card"), f"one card, not {len(cards)}")
    elif cards[0].rank in v.deck.remove or (
        cards[0].rank not in v.ranks.order and not (v.wildcards and cards[0].rank in v.wildcards.cards)
    ):
        yield Located(("game", "dealer", "card"), f"{g.dealer.card} is not in the deck")


def auction_values(v: Variant, g: GameRules, refs: Refs) -> Iterator[Located]:
    """Bids go low to high, each once: the top value ends the auction."""
    for i, step in enumerate(g.steps):
        if step.auction is not None and step.auction.values != sorted(set(step.auction.values)):
            yield Located(("game", "steps", i, "auction", "values"), "bids must rise from low to high, each once")


def deal_gives_cards(v: Variant, g: GameRules, refs: Refs) -> Iterator[Located]:
    """Without ``cards_each`` the deck less the kitty must give every seat a card."""
    if g.deal.cards_each is None and _deck_size(v) - g.deal.kitty < v.players:
        yield Located(("game", "deal", "kitty"), f"a kitty of {g.deal.kitty} leaves too few cards for {v.players} players")


def fixed_sides(v: Variant, g: GameRules, refs: Refs) -> Iterator[Located]:
    """``teams: fixed`` needs two sides that hold every seat once (by default alternate seats,
    so an even number of players) and a first lead that is not the declarer (there is none)."""
    for i, c in enumerate(g.contracts):
        if c.teams != "fixed":
            continue
        loc: tuple[int | str, ...] = ("game", "contracts", i)
        if c.sides is None and v.players % 2:
            yield Located((*loc, "teams"), f"alternate seats need an even number of players, not {v.players}: give sides")
        if c.sides is not None:
            seats = sorted(s for side in c.sides for s in side)
            if len(c.sides) != 2 or seats != list(range(v.players)):
                yield Located((*loc, "sides"), f"two sides that hold every seat 0-{v.players - 1} once, not {c.sides}")
        if c.leader in ("declarer", "opponent"):
            yield Located((*loc, "leader"), f"fixed sides have no declarer: lead with dealer, not {c.leader}")


def session_rules(v: Variant, g: GameRules, refs: Refs) -> Iterator[Located]:
    """A match is played by fixed sides; its levels are ranks of the variant; a tribute makes a
    fixed-sides contract and resists with cards of the deck."""
    fixed = [c.id for c in g.contracts if c.teams == "fixed"]
    if g.session is not None:
        if not fixed:
            yield Located(("game", "session"), "a match needs a teams: fixed contract (its sides keep levels and points)")
        levels = g.session.levels
        if levels is not None:
            for k, rank in enumerate(levels.ranks):
                if rank not in v.ranks.order:
                    yield Located(("game", "session", "levels", "ranks", k), f"{rank!r} is not a rank of ranks.order")
    for i, step in enumerate(g.steps):
        t = step.tribute
        if t is None:
            continue
        loc: tuple[int | str, ...] = ("game", "steps", i, "tribute")
        if t.contract in refs.contracts and t.contract not in fixed and not t.exchange:
            yield Located((*loc, "contract"), f"{t.contract!r} is not a teams: fixed contract")
        yield from _exchange_places(v, t.exchange, loc)
        if t.back is not None and t.back.max_rank is not None and t.back.max_rank not in v.ranks.order:
            yield Located((*loc, "back", "max_rank"), f"{t.back.max_rank!r} is not a rank of ranks.order")
        if t.resist_with is not None:
            try:
                parse_cards(t.resist_with)
            except CardError as exc:
                yield Located((*loc, "resist_with"), str(exc))


def stock(v: Variant, g: GameRules, refs: Refs) -> Iterator[Located]:
    """Drawing needs a stock, and a stock takes every undealt card (no kitty besides)."""
    if g.play.draw is not None and not g.deal.stock:
        yield Located(("game", "play", "draw"), "play.draw needs deal.stock: true (a stock to draw from)")
    if g.deal.stock and g.deal.kitty:
        yield Located(("game", "deal", "kitty"), "deal.stock takes every undealt card: kitty must be 0")
def _exchange_places(v: Variant, pairs: list[Exchange], loc: tuple[int | str, ...]) -> Iterator[Located]:
    """Each place of an exchange is one of the players' places; nobody gives to himself."""
    n = v.players
    for j, pair in enumerate(pairs):
        seats = []
        for key in ("giver", "receiver"):
            place = getattr(pair, key)
            if place == 0 or abs(place) > n:
                yield Located((*loc, "exchange", j, key), f"place {place} is not one of {n} players' places (1 to {n}, or -1 to -{n})")
            seats.append(place - 1 if place > 0 else n + place)
        if seats[0] == seats[1]:
            yield Located((*loc, "exchange", j), f"places {pair.giver} and {pair.receiver} are the same player")


def _card_texts(texts: list[str], loc: tuple[int | str, ...]) -> Iterator[Located]:
    """Each text is cards in card notation."""
    for j, text in enumerate(texts):
        try:
            parse_cards(text)
        except CardError as exc:
            yield Located((*loc, j), str(exc))


def _ends_trick(v: Variant, body: EndsTrick, refs: Refs, loc: tuple[int | str, ...]) -> Iterator[Located]:
    """``ends_trick`` names ranks of the variant, cards in card notation and known hand types."""
    for j, rank in enumerate(body.ranks):
        if rank not in v.ranks.order:
            yield Located((*loc, "ranks", j), f"{rank!r} is not a rank of ranks.order")
    yield from _card_texts(body.cards, (*loc, "cards"))
    for j, type_id in enumerate(body.on):
        if type_id not in refs.ids:
            yield Located((*loc, "on", j), f"unknown hand type {type_id!r}{did_you_mean(type_id, refs.ids)}")


def play_changes(v: Variant, g: GameRules, refs: Refs) -> Iterator[Located]:
    """``play.order_flip`` and ``play.out_of_turn`` name hand types; ``play.trick_effects`` ranks of the variant; a
    contract's ``titles`` one per player."""
    flip = g.play.order_flip
    if flip is not None:
        for k, type_id in enumerate(flip.types):
            if type_id not in refs.ids:
                yield Located(("game", "play", "order_flip", "types", k), f"unknown hand type {type_id!r}{did_you_mean(type_id, refs.ids)}")
    for k, type_id in enumerate(g.play.out_of_turn.types if g.play.out_of_turn is not None else ()):
        if type_id not in refs.ids:
            yield Located(("game", "play", "out_of_turn", "types", k), f"unknown hand type {type_id!r}{did_you_mean(type_id, refs.ids)}")
    for k, effect in enumerate(g.play.trick_effects):
        if effect.ends_trick is not None:
            yield from _ends_trick(v, effect.ends_trick, refs, ("game", "play", "trick_effects", k, "ends_trick"))
        if effect.lead_to_partner is not None:
            yield from _card_texts(effect.lead_to_partner.cards, ("game", "play", "trick_effects", k, "lead_to_partner", "cards"))
        if effect.give_trick is not None:
            yield from _card_texts(effect.give_trick.cards, ("game", "play", "trick_effects", k, "give_trick", "cards"))
    for i, c in enumerate(g.contracts):
        if c.titles and len(c.titles) != v.players:
            yield Located(("game", "contracts", i, "titles"), f"{len(c.titles)} titles for {v.players} players: one per place")


def passed_cards(v: Variant, g: GameRules, refs: Refs) -> Iterator[Located]:
    """A ``pass_cards`` step passes to other seats, each once; its leader card is notation."""
    for i, step in enumerate(g.steps):
        body = step.pass_cards
        if body is None:
            continue
        loc: tuple[int | str, ...] = ("game", "steps", i, "pass_cards")
        for j, k in enumerate(body.to):
            if k >= v.players:
                yield Located((*loc, "to", j), f"{k}: a receiver is 1 to {v.players - 1} places after the player")
            elif body.to.index(k) != j:
                yield Located((*loc, "to", j), f"{k} is listed twice: a player passes one card to each receiver")
        if body.leader_card is not None:
            try:
                parse_cards(body.leader_card)
            except CardError as exc:
                yield Located((*loc, "leader_card"), str(exc))


GAME_CHECKS: Registry[GameCheck] = Registry("game check", [(check.__name__, check) for check in (
    dealer, dealt_events, steps, contracts, bonuses, points, deal_size, obligations, score_forms,
    partners_picked, dealer_card_is_one, auction_values, deal_gives_cards, fixed_sides, session_rules,
    drawn_wilds, factor_ids, stock, play_changes, held_cards, holders_made, passed_cards, calls,
)])
"""Every check of ``game:`` by its function's name, in the order their problems are reported."""


def game_problems(v: Variant, ids: list[str]) -> Iterator[Located]:
    """Cross-references inside ``game:``: hand types, contracts and events named must exist."""
    g = v.game
    assert g is not None
    refs = Refs(ids, [c.id for c in g.contracts], [e.id for e in g.dealt_events])
    for check in GAME_CHECKS.values():
        yield from check(v, g, refs)


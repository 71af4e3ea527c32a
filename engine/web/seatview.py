"""What a table sends each client: its seat's ``Observation`` as JSON (or, for a spectator,
the public part of one), and the end-of-hand table.

The referee's boundary is here: a seat's message is built from ``Game.observation(seat)``
only (its own hand, the public log with the other hands hidden, the kitty once shown, the
partner once known), and a spectator's from an observation with the seat's own parts removed.
The game's other fields (hands, deck order, seed) are never read, except the public facts the
hand's end shows to everyone (the score table) and the partner once the game says he is known.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from paixing.game.conditions import ranked
from paixing.game.entry import record_text
from paixing.game.events import Deal, DealtRest, Event
from paixing.game.observation import Observation
from paixing.game.state import Game
from paixing.hands.compile import Ruleset
from paixing.hands.play import Play
from paixing.rulebook.phrases import tr
from paixing.rulebook.saying import end_words
from paixing.rules.base import Text
from paixing.rules.cards import Card


@dataclass
class TableFacts:
    """The table's own facts a state message carries beside the observation."""

    code: str
    seq: int
    hand_number: int
    seats: list[dict[str, Any]]
    """Per seat: ``kind`` (human/bot), ``bot``, ``taken``, ``connected``."""
    totals: list[int]
    match: dict[str, Any] | None
    ready: list[int] = field(default_factory=list)
    deadline: float | None = None
    finished: bool = False
    lang: str = "zh"
    record_id: int | None = None


def text(t: Text | None) -> dict[str, str] | None:
    return None if t is None else text_of(t)


def text_of(t: Text) -> dict[str, str]:
    return {"zh": t.zh, "en": t.en}


def cards_json(rs: Ruleset, cards: Sequence[Card]) -> list[dict[str, Any]]:
    """Cards in the variant's order (rank, then suit, wild cards last), each marked wild or not."""
    return [{"card": str(c), "wild": rs.is_wild(c)} for c in rs.sort_cards(tuple(cards))]


def play_json(play: Play) -> dict[str, Any]:
    return {"cards": [str(c) for c in play.cards], "type": play.type.id, "name": text(play.type.name),
            "as": play.reads_as if play.wild_as else None}


def state_message(game: Game, seat: int | None, facts: TableFacts, log_events: int) -> dict[str, Any]:
    """The ``state`` message for ``seat`` (None: a spectator)."""
    obs = game.observation(0 if seat is None else seat)
    rs = obs.rs
    if seat is None:
        obs = _public(game, obs)
    history = [event_json(e, rs) for e in obs.history]
    msg: dict[str, Any] = {
        "type": "state", "table": facts.code, "seq": facts.seq, "hand_number": facts.hand_number,
        "variant": {"id": rs.id, "name": text(rs.variant.name)}, "n": game.n, "you": seat,
        "phase": obs.phase, "turn": obs.turn, "dealer": obs.dealer, "seats": _seats(game, obs, facts),
        "hand": cards_json(rs, obs.hand) if seat is not None else [],
        "trick": [{"seat": s, "pass": p is None, **(play_json(p) if p is not None else {})} for s, p in obs.trick],
        "last": None if obs.last is None else {"seat": obs.last[0], **play_json(obs.last[1])},
        "contract": None if obs.contract is None else {"id": obs.contract.id, "name": text(obs.contract.name)},
        "declarer": obs.declarer if obs.declarer >= 0 and "declarer" in game.roles() else None,
        # a partner is the declarer's (a called or shown card's holder): none where the game has no declarer
        "partner": obs.partner if "declarer" in game.roles() else None, "mates": sorted(obs.mates), "role": obs.role,
        "called": None if obs.called is None else str(obs.called),
        "kitty": None if obs.kitty is None else [str(c) for c in obs.kitty],
        "level": game.level, "wild": _wilds(game), "capture": game.rules.play.capture,
        "captured": list(obs.captured), "scores": list(obs.scores), "totals": facts.totals,
        "finish": list(obs.finish), "match": facts.match, "contracts": len(game.rules.contracts),
        "legal": _legal(rs, obs) if seat is not None else [], "can_pass": _can_pass(obs, seat),
        "out_of_turn": obs.out_of_turn,
        "log": history[-log_events:], "log_start": max(0, len(history) - log_events),
        "ready": facts.ready, "deadline": facts.deadline, "finished": facts.finished,
        "record_id": facts.record_id, "lang": facts.lang,
        "result": result_json(game) if game.over else None,
    }
    return msg


@lru_cache(maxsize=128)
def event_names(rs: Ruleset) -> dict[str, dict[str, str]]:
    """The names in the file of what a log event can refer to, so that the log says "plays
    顺子" and "×2 春天", never an id such as ``spring``: ``type:<id>`` for a hand type (an event's
    ``type``), ``id:<id>`` for a contract, a contract's multiplier or a dealt-hand event (an
    event's ``id``), ``call:<id>`` for a call (``announced``, ``call_scored``)."""
    names: dict[str, dict[str, str]] = {f"type:{t.id}": text_of(t.name) for t in rs.types}
    game = rs.variant.game
    if game is not None:
        for event in game.dealt_events:
            names[f"id:{event.id}"] = text_of(event.name)
        for c in game.contracts:
            names[f"id:{c.id}"] = text_of(c.name)
            for f in c.multipliers.when:
                names[f"id:{f.id}"] = text_of(f.name)
        for call in game.calls:
            names[f"call:{call.id}"] = text_of(call.name)
    return names


def named(event: dict[str, Any], names: dict[str, dict[str, str]]) -> dict[str, Any]:
    """An event's JSON with ``name`` (zh/en) added for the hand type or the id it names."""
    for key in ("type", "id", "call"):
        name = names.get(f"{key}:{event.get(key)}")
        if name is not None:
            return {**event, "name": name}
    return event


@lru_cache(maxsize=1 << 16)
def event_json(event: Event, rs: Ruleset) -> dict[str, Any]:
    """An event as the log sends it (its JSON, named): built once per event, since every state
    message of a table re-sends the hand's log (two thirds of a message's cost before). Events
    are frozen and hash by value; the dict is shared, so no reader may change it."""
    return named(event.to_json(), event_names(rs))


def _public(game: Game, obs: Observation) -> Observation:
    """A spectator's view: seat 0's observation without its hand, its dealt cards, its
    partner knowledge, its mates, its role and its actions."""
    from paixing.game.observation import History

    events = [
        Deal(e.dealer, tuple(None for _ in e.hands)) if isinstance(e, Deal)
        else DealtRest(tuple(None for _ in e.hands)) if isinstance(e, DealtRest) else e
        for e in obs.history
    ]
    partner = game.seats.partner if game.seats.partner >= 0 and game.seats.partner_known else None
    return Observation(
        obs.rs, -1, obs.phase, obs.dealer, obs.turn, (), obs.cards_left, History(events, len(events)), obs.contract,
        obs.declarer, partner, frozenset(), obs.active, None, obs.called, obs.kitty, obs.trick, obs.last, obs.finish,
        obs.captured, obs.scores, ())


def _seats(game: Game, obs: Observation, facts: TableFacts) -> list[dict[str, Any]]:
    out = []
    declarers = "declarer" in game.roles()
    for s in range(game.n):
        meta = facts.seats[s]
        role = None
        if declarers and s == obs.declarer:
            role = "declarer"
        elif declarers and obs.partner is not None and s == obs.partner:
            role = "partner"  # the declarer's partner, once known (to this seat or to all)
        elif not declarers and s in obs.mates:
            role = "partner"  # fixed sides: this seat's own partners (a spectator has none)
        out.append({"seat": s, "kind": meta["kind"], "bot": meta.get("bot"), "taken": meta.get("taken", False),
                    "connected": meta.get("connected", False), "cards_left": obs.cards_left[s], "role": role,
                    "active": s in obs.active if obs.active else True})
    return out


def _wilds(game: Game) -> list[str]:
    tables = game.rs.tables
    cards = [str(c) for c in game.rs.sort_cards(tuple(tables.wild_cards))]
    return cards + sorted(tables.wild_names)


def _legal(rs: Ruleset, obs: Observation) -> list[dict[str, Any]]:
    """The actions shown as buttons: a contract step's, and in trick play the decisions that are
    no play or pass (a wish, a trick given away, a call); plays are chosen by selecting cards."""
    legal = obs.legal
    if obs.phase == "play":
        legal = [a for a in getattr(legal, "words", legal) if a.kind not in ("play", "pass")]
    elif obs.phase != "contract":
        return []
    out = []
    game = rs.variant.game
    for a in legal:
        item: dict[str, Any] = {"action": record_text(rs, a), "kind": a.kind}
        if a.contract is not None:
            c = next((c for c in game.contracts if c.id == a.contract), None) if game else None
            item["name"] = text(c.name) if c is not None else None
        if a.meaning is not None and a.meaning.to is not None:
            item["to"] = a.meaning.to
        if a.call is not None and game is not None:
            item["name"] = next((text(c.name) for c in game.calls if c.id == a.call), None)
        if a.card is not None:
            item["card"] = str(a.card)
        if a.value is not None:
            item["value"] = a.value
        out.append(item)
    return out


def _can_pass(obs: Observation, seat: int | None) -> bool:
    """Whether this seat may pass now in trick play (the legal list ends with the pass)."""
    if seat is None or obs.phase != "play" or not obs.legal:
        return False
    return obs.legal[len(obs.legal) - 1].kind == "pass"


def reason_words(game: Game) -> dict[str, str]:
    """Why the hand ended, in the rulebook's words (zh and en), never an id such as
    ``first_out``: the end rule that fired as the book words it ("when the first two out are
    partners, and the first player out's side wins"), or the dealt-hand event of an instant win
    by its name. An ending the file does not describe keeps its id."""
    result = game.result
    assert result is not None
    c = game.contract
    if c is None:
        event = next((e for e in game.rules.dealt_events if e.id == result.reason), None)
        return text(event.name if event is not None else None) or {"zh": result.reason, "en": result.reason}
    rule = next((r for r in c.end.rules if (r.reason or r.winner) == result.reason), None)
    if rule is None:
        return {"zh": result.reason, "en": result.reason}

    def name(lang: str) -> Callable[[str], str]:
        return lambda type_id: tr(game.rs.type_by_id[type_id].name, lang)

    return {lang: end_words(lang, [rule], name(lang)) for lang in ("zh", "en")}


def result_json(game: Game) -> dict[str, Any]:
    """The end-of-hand table: per seat its role, place, captures, score; the reason, the
    winners, the score row that paid and every multiplier part."""
    result = game.result
    assert result is not None
    facts = result.facts
    c = game.contract
    places = ranked(game.facts()) if c is not None else tuple(game.finish)
    totals = facts.get("totals")
    roles = game.roles()
    rows = [{"seat": s, "role": roles[s], "place": places.index(s) + 1 if s in places else None,
             "captured": game.captured[s] if c is not None and game.rules.play.capture != "none" else None,
             "after": totals[s] if totals is not None else None, "score": game.scores[s]} for s in range(game.n)]
    paid = game.score_row()
    parts = []
    named = {f.id: f.name for f in c.multipliers.when} if c is not None else {}
    for name, times in result.multiplier_parts:
        t = game.rs.type_by_id.get(name)
        label = text(t.name) if t is not None else text(named.get(name)) or {"zh": name, "en": name}
        parts.append({"id": name, "name": label, "times": times})
    reason = result.reason
    if c is not None:
        rule = next((r for r in c.end.rules if r.reason == reason), None)
        reason = rule.winner if rule is not None else reason
    return {"rows": rows, "winners": list(result.winners), "reason": reason, "reason_id": result.reason,
            "reason_words": reason_words(game),
            "contract": None if c is None else {"id": c.id, "name": text(c.name)},
            "row": result.row, "note": text(paid.note) if paid is not None else None,
            "multiplier": facts.get("multiplier", 1), "parts": parts, "side_totals": facts.get("side_totals")}

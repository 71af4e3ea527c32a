"""The book as data: ``Book`` turns a variant's ``Facts`` into what the templates render.

Everything is resolved to one language here (sections, tables, sentences, rich text with
cards); every sentence comes from the phrase tables or the variant file, every verdict from the
engine, so the templates only lay the data out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from paixing.game.steps import STEPS
from paixing.hands.compile import TypeInfo
from paixing.hands.moves import beats_cards
from paixing.hands.play import Play
from paixing.hands.shapes import SHAPES
from paixing.rules.cards import SUIT_SYMBOLS, Card, parse_cards
from paixing.rules.hand_rules import Contract, ScoreRow, Step
from paixing.rules.models import HandType

from ..examples import plays_against
from .diff import MISSING, _is_text, compact, diff_variants, path_doc
from .faces import B, C, Rich, T, as_written, cards_of, rank_cards, suit_face
from .odds import MC_DEALS, MC_SEED, _rank_copies, format_prob
from .phrases import P, say, tr
from .phrases import listing as _join
from .phrases import range_words as _range
from .saying import conditions_words, end_words, transfer_words
from .shown import Facts, RulebookError, Shown, _readings


class Book:
    """Builds the language-resolved data the templates render."""

    def __init__(self, f: Facts, lang: str) -> None:
        self.f = f
        self.rs = f.rs
        self.v = f.rs.variant
        self.lang = lang

    # helpers -------------------------------------------------------------------------
    def s(self, key: str, **kw: Any) -> str:
        return say(self.lang, key, **kw)

    def name(self, type_id: str) -> str:
        return tr(self.rs.type_by_id[type_id].name, self.lang)

    def names(self, type_ids: Iterable[str]) -> str:
        return _join(self.lang, (self.name(t) for t in type_ids))

    def contract_name(self, cid: str) -> str:
        assert self.v.game is not None
        for c in self.v.game.contracts:
            if c.id == cid:
                return tr(c.name, self.lang)
        return cid

    def event_name(self, eid: str) -> str:
        assert self.v.game is not None
        for e in self.v.game.dealt_events:
            if e.id == eid:
                return tr(e.name, self.lang)
        return eid

    def paren(self, text: str) -> str:
        return f"（{text}）" if self.lang == "zh" else f" ({text})"

    def probability(self, p: float, exact: bool) -> str:
        """``p`` with "about 1 in N"; an estimate is marked ≈."""
        text = format_prob(p) if exact else "≈ " + format_prob(p)
        if p > 0:
            text += self.paren(self.s("odds.one_in", n=f"{round(1 / p):,}"))
        return text

    def signed(self, n: int) -> str:
        return f"+{n}" if n > 0 else str(n)

    # sections ------------------------------------------------------------------------
    def build(self) -> dict[str, Any]:
        v, lang = self.v, self.lang
        other = "en" if lang == "zh" else "zh"
        sections: list[tuple[str, str]] = [
            ("overview", self.s("h.overview")),
            ("cards", self.s("h.cards")),
            ("ranks", self.s("h.ranks")),
        ]
        if self.rs.wild_names:
            sections.append(("wilds", self.s("h.wilds")))
        sections += [("types", self.s("h.types")), ("compare", self.s("h.compare"))]
        if v.game is not None:
            if v.game.dealt_events:
                sections.append(("events", self.s("h.events")))
            sections += [
                ("contracts", self.s("h.contracts")),
                ("play", self.s("h.play")),
                ("end", self.s("h.end")),
            ]
        sections.append(("examples", self.s("h.examples")))
        if v.notes:
            sections.append(("notes", self.s("h.notes")))
        if self.f.parent is not None:
            sections.append(("differs", self.s("h.differs", parent=tr(self.f.parent.name, lang))))
        return {
            "lang": lang,
            "colon": self.s("w.colon"),
            "html_lang": "zh-Hans" if lang == "zh" else "en",
            "id": v.id,
            "title": tr(v.name, lang),
            "alt_title": tr(v.name, other),
            "t": {key.split(".", 1)[1]: self.s(key) for key in P if key.startswith("h.") and "{" not in P[key][0]},
            "th": {key.split(".", 1)[1]: self.s(key) for key in P if key.startswith("th.") and "{" not in P[key][0]},
            "sections": [{"id": sid, "title": title} for sid, title in sections],
            "source": self.s("ov.source", file=self.f.source),
            "description": tr(v.description, lang),
            "overview": self.overview(),
            "legend": [self.s("legend.text"), self.s("legend.input")],
            "deck": self.deck(),
            "dealer_role": self.s("dealer.role") if v.game is not None else "",
            "no_game": self.s("ov.no_game") if v.game is None else "",
            "ranks": self.ranks(),
            "wilds": self.wilds(),
            "types": [self.hand_type(t) for t in self.rs.types],
            "ladder": self.ladder(),
            "events": self.events(),
            "contracts": self.contracts(),
            "play": self.play(),
            "ending": self.ending(),
            "examples": {
                "statement": self.s("ex.statement"),
                "facts": [self.fact(Shown(o.index + 1, o.example, o)) for o in self.f.outcomes],
            },
            "notes": [{"id": n.id, "text": tr(n.text, lang)} for n in v.notes],
            "differs": self.differs(),
        }

    def overview(self) -> list[tuple[str, Rich]]:
        v = self.v
        rows: list[tuple[str, Rich]] = [
            (self.s("ov.id"), [T(v.id)]),
            (self.s("ov.players"), [T(self.s("ov.players_n", n=v.players))]),
        ]
        if self.f.parent is not None:
            rows.append((self.s("ov.extends"), [T(self.s("ov.extends_v", parent=f"{tr(self.f.parent.name, self.lang)} ({self.f.parent.id})"))]))
        return rows

    def deck(self) -> list[tuple[str, Rich]]:
        v, deck = self.v, self.v.deck
        rows: list[tuple[str, Rich]] = [
            (self.s("deck.packs"), [T(self.s("deck.packs_v", n=deck.packs))]),
            (self.s("deck.jokers"), [T(self.s("deck.jokers_yes" if deck.jokers else "deck.jokers_no"))]),
        ]
        if deck.remove:
            rows.append((self.s("deck.remove"), [C(cards_of(self.rs, " ".join(deck.remove)))]))
        rows.append((self.s("deck.total"), [T(str(len(self.rs.deck())))]))
        g = v.game
        if g is None:
            return rows
        each = str(g.deal.cards_each) if g.deal.cards_each is not None else self.s("deal.each_default", n=self.f.cards_each)
        rows.append((self.s("deal.each"), [T(each)]))
        if g.deal.kitty:
            rows.append((self.s("deal.kitty"), [T(str(g.deal.kitty))]))
        rows.append((self.s("deal.direction"), [T(self.s(f"deal.{g.deal.direction}"))]))
        first: Rich
        if g.dealer.first_hand == "holder":
            assert g.dealer.card is not None
            first = [T(self.s("dealer.holder")), C(parse_cards(g.dealer.card)), T(self.s("dealer.holder_after"))]
        else:
            first = [T(self.s(f"dealer.{g.dealer.first_hand}"))]
        rows.append((self.s("dealer.first"), first))
        rows.append((self.s("dealer.later"), [T(self.s(f"dealer.{g.dealer.later_hands}"))]))
        return rows

    def ranks(self) -> dict[str, Any]:
        r = self.v.ranks
        never = [x for x in r.order if x not in r.sequence]
        by_suit = [t.id for t in self.rs.types if "suit" in t.key or "suit" in t.same]
        rows: list[tuple[str, Rich]] = [
            (self.s("ranks.order"), [C(rank_cards(r.order))]),
            (self.s("ranks.sequence"), [C(rank_cards(r.sequence))]),
        ]
        if never:
            rows.append((self.s("ranks.never"), [C(rank_cards(never))]))
        if by_suit:
            suits: Rich = []
            for i, suit in enumerate(r.suits):
                if i:
                    suits.append(T(" < "))
                suits.append({"cards": [suit_face(suit)]})
            rows.append((self.s("ranks.suits"), suits))
        return {
            "rows": rows,
            "notes": [self.s("ranks.no_wrap")] + ([self.s("ranks.suits_used", types=self.names(by_suit))] if by_suit else []),
        }

    def wilds(self) -> list[Rich]:
        w = self.v.wildcards
        if w is None:
            return []
        lines: list[Rich] = [
            [T(self.s("wild.cards") + self.s("w.colon")), C(Card(c) for c in w.cards)],
            [T(self.s("wild.stand"))],
            [T(self.s("wild.alone", rank=w.alone_as))],
        ]
        for t in self.rs.types:
            if t.exclusive is not None:
                exact = self.rs.sort_cards(parse_cards(" ".join(t.exclusive)))
                lines.append([T(self.s("wild.exclusive")), C(exact), T(self.s("wild.exclusive_after", type=tr(t.name, self.lang)))])
        lines.append([T(self.s("wild.mixed"))])
        if any(t.kickers for t in self.rs.types):
            lines.append([T(self.s("wild.no_kickers"))])
        return lines

    # hand types -------------------------------------------------------------------
    def definition(self, t: TypeInfo) -> list[Rich]:
        spec: HandType = t.spec
        out: list[Rich] = list(SHAPES[spec.shape].describe(spec, _Say(self)))
        if spec.kickers is not None:
            k = spec.kickers
            if k.count == "per_group":
                head = self.s(f"kick.per{k.size}")
            else:
                head = self.s(f"kick.fixed{k.size}", n=k.count)
            parts = [self.s("kick.other" if k.other_ranks else "kick.same_ok")]
            if k.distinct_ranks:
                parts.append(self.s("kick.distinct"))
            if k.may_not_contain:
                parts.append(self.s("kick.not", types=self.names(k.may_not_contain)))
            if k.no_longer_chain:
                parts.append(self.s("kick.longer"))
            if self.rs.wild_names:
                parts.append(self.s("kick.natural"))
            out.append([T(head + self.s("w.colon") + self.s("w.semicolon").join(parts) + self.s("w.period"))])
        if self.rs.wild_names and SHAPES[spec.shape].wild_limits and spec.kickers is None:
            w = spec.wilds
            bits: list[str] = []
            if w.max == 0:
                bits.append(self.s("wl.none"))
            else:
                if w.max is not None:
                    bits.append(self.s("wl.max", n=w.max))
                if w.min:
                    bits.append(self.s("wl.min", n=w.min))
                if w.min_natural:
                    bits.append(self.s("wl.min_natural", n=w.min_natural))
                if not bits:
                    bits.append(self.s("wl.any"))
            out.append([T(self.s("w.semicolon").join(bits) + self.s("w.period"))])
        if not spec.playable:
            out.append([T(self.s("shape.unplayable"))])
        else:
            out.append([T(self.rung_text(t) + self.s("w.space") + self.compare_sentence(t))])
            if spec.kickers is not None:
                out.append([T(self.s("kick.no_key"))])
        return out

    def rung_text(self, t: TypeInfo) -> str:
        rungs = sorted({r + 1 for _, _, r in t.rungs})
        return self.s("cmp.rung" if len(rungs) == 1 else "cmp.rungs", rungs=_join(self.lang, (str(r) for r in rungs)))

    def feature(self, t: TypeInfo, name: str) -> str:
        if name == "length":
            if t.spec.compare.length_cap is not None:
                return self.s("feat.length_cap", cap=t.spec.compare.length_cap)
            return self.s("feat.length")
        if name == "top":
            return self.s(f"feat.top_{t.shape}" if f"feat.top_{t.shape}" in P else "feat.top_other")
        if name == "suit":
            suits = " > ".join(SUIT_SYMBOLS[s] for s in reversed(self.v.ranks.suits))
            return self.s("feat.suit", suits=suits)
        return self.s(f"feat.{name}")

    def key_text(self, t: TypeInfo) -> str:
        if not t.key:
            return self.s("cmp.none")
        return self.s("cmp.by_short", features=self.s("cmp.then").join(self.feature(t, f) for f in t.key))

    def same_text(self, t: TypeInfo) -> str:
        mates = [u.id for u in self.rs.types if u.cls == t.cls and u.id != t.id]
        text = self.s("cmp.class_short", types=self.names(mates)) if mates else self.s("cmp.own")
        if t.same:
            text += self.s("w.comma") + self.s("cmp.same_short", features=_join(self.lang, (self.feature(t, f) for f in t.same)))
        return text

    def compare_sentence(self, t: TypeInfo) -> str:
        if not t.key:
            text = self.s("cmp.none") + self.s("w.period")
        else:
            key = "cmp.by" if len(t.key) == 1 else "cmp.by_many"
            text = self.s(key, features=self.s("cmp.then").join(self.feature(t, f) for f in t.key))
        extra = []
        mates = [u.id for u in self.rs.types if u.cls == t.cls and u.id != t.id]
        if mates:
            extra.append(self.s("cmp.class", types=self.names(mates)))
        if t.same:
            extra.append(self.s("cmp.same", features=_join(self.lang, (self.feature(t, f) for f in t.same))))
        if extra:
            text += self.s("w.space") + self.s("w.space").join(extra)
        return text

    def hand_type(self, t: TypeInfo) -> dict[str, Any]:
        other = "en" if self.lang == "zh" else "zh"
        shown: list[Shown] = [
            Shown(i + 1, self.f.outcomes[i].example, self.f.outcomes[i]) for i in self.f.mentions.get(t.id, ())
        ]
        if t.id in self.f.generated:
            shown.append(self.f.generated[t.id])
        return {
            "id": t.id,
            "name": tr(t.name, self.lang),
            "alt_name": tr(t.name, other),
            "definition": self.definition(t),
            "description": tr(t.spec.description, self.lang),
            "examples": [self.fact(x) for x in shown],
        }

    def ladder(self) -> dict[str, Any]:
        rows: list[dict[str, Any]] = []
        for rung, entries in enumerate(self.v.ladder, start=1):
            for entry in entries:
                t = self.rs.type_by_id[entry.type]
                name = tr(t.name, self.lang)
                if entry.length is not None:
                    name += self.paren(self.s("cmp.length_only", length=_range(self.lang, entry.length, "unit.card")))
                rows.append({"rung": rung, "type_id": t.id, "type": name, "key": self.key_text(t), "same": self.same_text(t)})
        for row in rows:
            same = [r for r in rows if r["rung"] == row["rung"]]
            row["span"] = len(same) if same[0] is row else 0
            row["parity"] = "odd" if row["rung"] % 2 else "even"
        unplayable = [t.id for t in self.rs.types if not t.playable]
        return {
            "intro": self.s("ladder.intro"),
            "rows": rows,
            "after": self.s("cmp.equal") + self.s("w.space") + self.s("ladder.readings"),
            "unplayable": self.s("ladder.unplayable", types=self.names(unplayable)) if unplayable else "",
        }

    # examples ------------------------------------------------------------------------
    def reading(self, p: Play) -> Rich:
        segs: Rich = [B(tr(p.type.name, self.lang))]
        if p.wild_as:
            segs += [T(self.s("ex.as")), C(cards_of(self.rs, p.reads_as))]
        elif p.type.kickers is not None:
            ranks = self.rs.ranks
            core = Counter({r: n for r, n in p.groups})
            kick = Counter({r: n for r, n in p.naturals}) - core
            segs += [
                T(self.s("ex.core")),
                C(Card(ranks[r]) for r in sorted(core.elements())),
                T(self.s("ex.kickers")),
                C(Card(ranks[r]) for r in sorted(kick.elements())),
                T(self.s("ex.core_end")),
            ]
        return segs

    def play_item(self, p: Play) -> Rich:
        segs: Rich = [C(p.cards)]
        if p.wild_as:
            segs += [T(" = "), C(cards_of(self.rs, p.reads_as))]
        return segs

    def fact(self, shown: Shown) -> dict[str, Any]:
        """One example as rich text, with the verdict computed by the engine now."""
        rs, ex = self.rs, shown.example
        if not shown.outcome.ok:
            raise RulebookError(f"{rs.id}: {shown.outcome.describe()}")
        segs: Rich
        if ex.order is not None:
            segs = [T(self.s("ex.order"))]
            for i, text in enumerate(ex.order):
                if i:
                    segs.append(T(self.s("ex.lt")))
                segs.append(C(as_written(text)))
        elif ex.beats is not None or ex.does_not_beat is not None:
            assert ex.play is not None
            target = ex.beats if ex.beats is not None else ex.does_not_beat
            assert target is not None
            verdict = beats_cards(rs, parse_cards(ex.play), parse_cards(target))
            segs = [C(as_written(ex.play)), T(self.s("ex.beats" if verdict else "ex.not_beats")), C(as_written(target))]
        elif ex.classify is not None or ex.reads_as is not None:
            assert ex.play is not None
            readings = _readings(rs, ex.play)
            segs = [C(as_written(ex.play))]
            if not readings:
                segs.append(T(self.s("ex.invalid")))
            else:
                segs.append(T(self.s("ex.reads")))
                for i, p in enumerate(readings):
                    if i:
                        segs.append(T(self.s("ex.or")))
                    segs += self.reading(p)
        else:
            assert ex.hand is not None
            plays = plays_against(rs, ex.hand, ex.last)
            segs = [T(self.s("ex.hand")), C(as_written(ex.hand))]
            if ex.last is not None:
                segs += [T(self.s("ex.on")), C(as_written(ex.last))]
            else:
                segs.append(T(self.s("ex.lead")))
            if plays:
                segs.append(T(self.s("ex.plays", n=len(plays))))
                for i, p in enumerate(plays):
                    if i:
                        segs.append(T(self.s("ex.sep")))
                    segs += self.play_item(p)
            else:
                segs.append(T(self.s("ex.no_play")))
        label = self.s("ex.number", n=shown.number) if shown.number is not None else self.s("ex.generated")
        return {
            "label": label,
            "colon": self.s("w.colon"),
            "anchor": f"ex-{shown.number}" if shown.number is not None else "",
            "segs": segs,
            "note": tr(ex.note, self.lang),
            "checked": self.paren("✓ " + self.s("ex.checked")),
        }

    # dealt events --------------------------------------------------------------------
    def events(self) -> dict[str, Any] | None:
        g = self.v.game
        if g is None or not g.dealt_events:
            return None
        rows = []
        for e in g.dealt_events:
            details = []
            if e.not_with:
                details.append(self.s("ev.not_with", events=_join(self.lang, (self.event_name(x) for x in e.not_with))))
            if e.effect == "instant_win":
                details.append(self.s(f"ev.{e.tie}"))
            rows.append(
                {
                    "id": e.id,
                    "name": tr(e.name, self.lang),
                    "type": self.name(e.hand_type),
                    "type_id": e.hand_type,
                    "match": self.s(f"ev.{e.match}"),
                    "effect": self.s(f"ev.{e.effect}"),
                    "pay": self.s("ev.pay_rank", pay=e.pay) if e.per_rank else str(e.pay),
                    "details": self.s("w.semicolon").join(details),
                }
            )
        odds = []
        n = self.v.players
        semi = self.s("w.semicolon")
        for o in self.f.odds:
            method: list[str] = []
            mc = {"deals": f"{MC_DEALS:,}", "seed": MC_SEED}
            if o.any_method == "zero":
                seat = anyp = self.s("odds.zero")
                method.append(self.s("odds.exact"))
            else:
                seat = self.probability(o.seat, exact=o.seat_exact)
                if not o.seat_exact:
                    method.append(self.s("odds.mc_seats", hits=o.holders, seats=f"{n * MC_DEALS:,}", **mc))
                elif o.seat_formula and ("C(" in o.seat_formula.split("/")[0] or "^" in o.seat_formula or len(o.seat_formula.split(" /")[0]) <= 12):
                    method.append(self.s("odds.exact_formula", formula=o.seat_formula))
                else:
                    method.append(self.s("odds.exact"))
                anyp = self.probability(o.any_seat, exact=o.any_method in ("ie", "excl"))
                if o.any_method == "ie":
                    method.append(self.s("odds.exact_ie"))
                elif o.any_method == "excl":
                    method.append(self.s("odds.exact_excl", n=n))
                elif o.any_method == "overlap":
                    method.append(self.s("odds.mc_overlap", n=n, hits=o.overlap, **mc))
                else:
                    method.append(self.s("odds.mc", hits=o.any_hits, **mc))
            odds.append({"name": self.event_name(o.event.id), "seat": seat, "any": anyp, "method": semi.join(method)})
        return {
            "intro": self.s("ev.intro"),
            "rows": rows,
            "odds_intro": self.s("odds.intro", k=self.f.cards_each, n=len(self.rs.deck()), players=n),
            "odds": odds,
        }

    # contracts -----------------------------------------------------------------------
    def step(self, step: Step) -> str:
        """The step's sentence, written by its module in the step registry."""
        assert self.v.game is not None
        return STEPS[step.kind].describe(getattr(step, step.kind), self.s, self.contract_name, self.v.game)

    def contracts(self) -> dict[str, Any] | None:
        g = self.v.game
        if g is None:
            return None
        items = []
        for c in g.contracts:
            facts: list[tuple[str, str]] = [
                (self.s("c.teams"), self.s(f"c.{c.teams}")),
                (self.s("c.leader"), self.s(f"c.lead_{c.leader}")),
            ]
            mult = self.multipliers(c)
            if mult:
                facts.append((self.s("c.multipliers"), self.s("w.semicolon").join(mult)))
            items.append({"id": c.id, "name": tr(c.name, self.lang), "facts": facts})
        return {
            "intro": self.s("steps.intro"),
            "steps": [self.step(st) for st in g.steps],
            "default": self.s("steps.default", contract=self.contract_name(g.default_contract)) if g.default_contract else "",
            "list": items,
        }

    def multipliers(self, c: Contract) -> list[str]:
        m = c.multipliers
        out = []
        if m.bid:
            out.append(self.s("mult.bid"))
        for tid, f in m.per_play.items():
            out.append(self.s("mult.per_play", type=self.name(tid), f=f))
        for x in m.when:
            cond = conditions_words(self.lang, x.conditions, self.name, joiner="cond.and_short")
            out.append(self.s("mult.when", name=tr(x.name, self.lang), f=x.factor, cond=cond))
        return out

    def play(self) -> dict[str, Any] | None:
        g = self.v.game
        if g is None:
            return None
        pr = g.play
        facts: list[tuple[str, str]] = [
            (self.s("play.capture"), self.s(f"play.{pr.capture}")),
            (self.s("play.after_out"), self.s(f"play.{pr.lead_after_out}")),
        ]
        points = []
        total = ""
        if pr.capture == "points" and pr.points:
            points = [{"rank": r, "points": str(n)} for r, n in pr.points.items()]
            per, _ = _rank_copies(self.rs)
            deck_total = sum(per[self.rs.rank_index[r]] * n for r, n in pr.points.items())
            total = self.s("play.total", total=deck_total)
        bonuses = None
        if g.bonuses.tricks:
            b = g.bonuses
            rows = [
                {"type": self.name(x.hand_type), "ranks": " ".join(x.ranks) if x.ranks else self.s("bonus.any"), "pay": str(x.pay)}
                for x in b.tricks
            ]
            extra = []
            if b.contracts is not None:
                extra.append(self.s("bonus.only", contracts=_join(self.lang, (self.contract_name(c) for c in b.contracts))))
            extra.append(self.s("bonus.ending_yes" if b.on_hand_ending_play else "bonus.ending_no"))
            bonuses = {"intro": self.s("bonus.intro"), "rows": rows, "notes": extra}
        return {"tricks": self.s("play.tricks"), "facts": facts, "points": points, "total": total, "bonuses": bonuses}

    def condition(self, row: ScoreRow, first: bool, only: bool, duel: bool = False) -> str:
        if not row.when:
            return self.s("cond.always" if only else "cond.otherwise")
        return conditions_words(self.lang, row.when, self.name, duel)

    def amounts(self, row: ScoreRow, c: Contract) -> str:
        if row.winners is not None:
            return self.s("sc.winners", w=self.signed(row.winners), l=self.signed(-row.winners))
        assert row.declarer is not None and row.opponents is not None
        if c.teams == "duel":
            parts = [self.s("sc.counter", n=self.signed(row.declarer)), self.s("sc.countered", n=self.signed(row.opponents))]
            parts.append(self.s("sc.bystanders", n=self.signed(row.bystanders)))
            return self.s("w.list").join(parts)
        parts = [self.s("sc.declarer", n=self.signed(row.declarer))]
        if c.teams == "partners":
            parts.append(self.s("sc.partner", n=self.signed(row.partner if row.partner is not None else row.declarer)))
        parts.append(self.s("sc.opponents", n=self.signed(row.opponents)))
        if c.teams == "duel" or row.bystanders:
            parts.append(self.s("sc.bystanders", n=self.signed(row.bystanders)))
        return self.s("w.list").join(parts)

    def ending(self) -> list[dict[str, Any]]:
        g = self.v.game
        if g is None:
            return []
        out = []
        for c in g.contracts:
            e = c.end
            facts: list[tuple[str, str]] = []
            facts.append((self.s("end.when"), end_words(self.lang, e.rules, self.name)))
            if any(r.winner == "captures" for r in e.rules):
                if e.transfers:
                    moves = [transfer_words(self.lang, x) for x in e.transfers]
                    facts.append((self.s("end.transfers"), self.s("w.semicolon").join(moves)))
                facts.append((self.s("end.threshold"), self.s("end.win_above", n=e.win_above) if e.win_above is not None else self.s("end.more")))
                label = self.s("end.tie_at", n=e.win_above) if e.win_above is not None else self.s("end.tie")
                facts.append((label, self.s(f"end.tie_{e.tie}")))
            rows = [
                {
                    "n": i + 1,
                    "when": self.condition(row, i == 0, len(c.score) == 1, c.teams == "duel"),
                    "scores": self.amounts(row, c),
                    "note": tr(row.note, self.lang),
                }
                for i, row in enumerate(c.score)
            ]
            out.append(
                {
                    "id": c.id,
                    "name": tr(c.name, self.lang),
                    "facts": facts,
                    "score_intro": self.s("score.intro"),
                    "rows": rows,
                    "times": self.s("score.times") if self.multipliers(c) else "",
                }
            )
        return out

    # differences from the parent ----------------------------------------------------
    def differs(self) -> dict[str, Any] | None:
        parent = self.f.parent
        if parent is None:
            return None
        rows = []
        for path, kind, old, new in diff_variants(parent, self.v):
            rows.append(
                {
                    "path": path,
                    "change": self.s(f"diff.{kind}"),
                    "old": self.value(old, path),
                    "new": self.value(new, path),
                    "meaning": path_doc(path) if self.lang == "en" else "",
                }
            )
        pname = f"{tr(parent.name, self.lang)} ({parent.id})"
        return {
            "intro": self.s("diff.intro", parent=pname),
            "parent": tr(parent.name, self.lang),
            "rows": rows,
            "none": self.s("diff.none") if not rows else "",
            "show_meaning": self.lang == "en",
        }

    def value(self, value: Any, path: str) -> str:
        if value is MISSING or value is None:
            return self.s("diff.absent")
        if _is_text(value):
            return str(value[self.lang])
        if isinstance(value, dict) and "id" in value:
            if path.startswith("hand_types") and _is_text(value.get("name")):
                return self.s("diff.type", name=value["name"][self.lang]) + f" ({value['id']})"
            for key in ("name", "text"):
                if _is_text(value.get(key)):
                    return f"{value[key][self.lang]} ({value['id']})"
        if path == "examples" and isinstance(value, list):
            return self.s("diff.count", n=len(value))
        return compact(value)


class _Say:
    """The rulebook seen by a shape writing its definition line (shapes.Describer)."""

    def __init__(self, book: Any) -> None:
        self.book = book

    def s(self, key: str, **kw: Any) -> str:
        return str(self.book.s(key, **kw))

    def range_text(self, r: Any, unit: str) -> str:
        return _range(self.book.lang, r, unit)

    def text(self, s: str) -> Any:
        return T(s)

    def cards(self, cards: list[Card]) -> Any:
        return C(self.book.rs.sort_cards(cards))

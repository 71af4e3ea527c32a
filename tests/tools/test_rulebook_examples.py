"""Every example a rulebook prints says what the engine finds, in the hand the example assumes.

The Markdown page itself is read back: each example line's verdict, readings (type names and
what wild cards stand for), legal plays and wild-card marks are parsed from the text and
compared with the example in the variant file (which ``tests/test_examples.py`` runs) and with
the engine, run here with the example's own parameters (wild ranks drawn, level). So "✓ checked"
can never again sit beside a sentence the engine contradicts (issue 23: examples with drawn wild
ranks were rendered as if nothing were wild).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import paixing
import pytest
from paixing.hands.classify import classify
from paixing.hands.compile import Ruleset
from paixing.hands.examples import format_notation, play_label, plays_against
from paixing.hands.moves import beats_cards
from paixing.rulebook import LANGS, render_rulebook, say
from paixing.rules.cards import SUIT_SYMBOLS, Card, parse_cards
from paixing.rules.loader import builtin_ids
from paixing.rules.models import Example

SYMBOL_SUIT = {v: k for k, v in SUIT_SYMBOLS.items()}
SPAN = re.compile(r"`([^`]*)`")


@dataclass(frozen=True)
class Line:
    """One example as the page prints it: its number (None when generated) and its sentence
    (the note and the "checked" mark cut off)."""

    number: int | None
    body: str


def example_lines(md: str, lang: str) -> list[Line]:
    """Every example line of a Markdown book (the examples section and under each hand type)."""
    numbered = re.escape(say(lang, "ex.number", n=0)).replace("0", r"(\d+)") + re.escape(say(lang, "w.colon"))
    generated = re.escape(say(lang, "ex.generated") + say(lang, "w.colon"))
    lines: list[Line] = []
    for raw in md.splitlines():
        m = re.match(rf"- (?:{numbered}|{generated})(.*)$", raw)
        if m is None:
            continue
        body = m.group(2).split(" — *")[0]
        checked = ("（✓ " if lang == "zh" else " (✓ ") + say(lang, "ex.checked")
        lines.append(Line(int(m.group(1)) if m.group(1) else None, body.split(checked)[0]))
    return lines


def card_of(token: str) -> tuple[Card, bool]:
    """A card as the page draws it (``3♦``, ``★RJ``, ``5*``, the special cards ``1MJ``, ``↷DOG``,
    ``✦PH``, ``✸DR``) and whether it is marked wild."""
    wild = token.endswith("*")
    token = token.removesuffix("*").lstrip("★✿↷✦✸")
    if token == "1MJ":
        token = "MJ"
    if token[-1] in SYMBOL_SUIT:
        token = token[:-1] + SYMBOL_SUIT[token[-1]]
    return parse_cards(token)[0], wild


def span_cards(span: str) -> list[tuple[Card, bool]]:
    return [card_of(t) for t in span.split()]


def notation(rs: Ruleset, span: str) -> str:
    """A card span in the engine's own spelling."""
    return format_notation(rs, " ".join(str(c) for c, _ in span_cards(span)))


def hand_rs(vid: str, ex: Example) -> Ruleset:
    """The example's hand, made here straight from its parameters."""
    rs = paixing.ruleset(vid)
    return rs.for_hand(level=ex.level, wild_ranks=ex.wild_ranks) if (ex.wild_ranks or ex.level) else rs


def check_marks(rs: Ruleset, body: str) -> None:
    """Every card drawn in the sentence is marked wild exactly when it is wild in this hand
    (the cards a reading stands for, after "as", are what wilds stand for: never marked)."""
    for span in SPAN.findall(body):
        for card, marked in span_cards(span):
            if marked:
                assert rs.is_wild(card), f"{card} marked wild in {body!r}"


def check_reads(rs: Ruleset, ex: Example, body: str, lang: str, names: dict[str, str]) -> None:
    assert ex.play is not None
    found = classify(rs, parse_cards(ex.play))
    spans = SPAN.findall(body)
    assert [c for c, _ in span_cards(spans[0])] == parse_cards(ex.play)
    for card, marked in span_cards(spans[0]):
        assert marked == rs.is_wild(card), (card, body)
    if ex.classify == [] or not found:
        assert ex.classify in ([], None) and not found and say(lang, "ex.invalid") in body, body
        return
    shown = sorted(re.findall(r"\*\*(.+?)\*\*", body))
    assert shown == sorted(names[p.type.id] for p in found), body
    if ex.classify is not None:
        assert shown == sorted(names[t] for t in ex.classify), body
    as_spans = re.findall(re.escape(say(lang, "ex.as")) + r"`([^`]*)`", body)
    assert sorted(notation(rs, s) for s in as_spans) == sorted(p.reads_as for p in found if p.wild_as), body
    if ex.reads_as is not None:
        assert sorted(notation(rs, s) for s in as_spans) == sorted(format_notation(rs, x) for x in ex.reads_as), body


def check_legal(rs: Ruleset, ex: Example, body: str, lang: str) -> None:
    assert ex.hand is not None
    plays = plays_against(rs, ex.hand, ex.last)
    if ex.count is not None:
        assert len(plays) == ex.count
    if not plays:
        assert say(lang, "ex.no_play") in body, body
        return
    head = say(lang, "ex.plays", n=len(plays))
    assert head in body, body
    items = re.findall(r"`([^`]*)`(?: = `([^`]*)`)?", body.split(head, 1)[1])
    shown = sorted(notation(rs, cards) + (f" = {notation(rs, reads)}" if reads else "") for cards, reads in items)
    assert shown == sorted(play_label(p) for p in plays), body
    if ex.plays is not None:
        wanted = sorted(" = ".join(format_notation(rs, part) for part in x.split(" = ")) for x in ex.plays)
        assert shown == wanted, body


def check_line(vid: str, ex: Example, body: str, lang: str) -> None:
    """One printed example against the variant file and the engine, in the example's hand."""
    rs = hand_rs(vid, ex)
    names = {t.id: getattr(t.name, lang) for t in rs.types}
    check_marks(rs, body)
    for rank in ex.wild_ranks:
        assert rank in body.split("`")[0], f"the wild rank {rank} is not said before {body!r}"
    if ex.order is not None:
        spans = SPAN.findall(body)
        assert [notation(rs, s) for s in spans] == [format_notation(rs, x) for x in ex.order]
        for i, low in enumerate(ex.order):
            for high in ex.order[i + 1 :]:
                assert beats_cards(rs, parse_cards(high), parse_cards(low)), (high, low)
                assert not beats_cards(rs, parse_cards(low), parse_cards(high)), (low, high)
    elif ex.beats is not None or ex.does_not_beat is not None:
        assert ex.play is not None
        target = ex.beats if ex.beats is not None else ex.does_not_beat
        assert target is not None
        verdict = beats_cards(rs, parse_cards(ex.play), parse_cards(target))
        assert verdict == (ex.beats is not None)
        assert say(lang, "ex.beats" if verdict else "ex.not_beats") in body, body
    elif ex.classify is not None or ex.reads_as is not None:
        check_reads(rs, ex, body, lang, names)
    else:
        check_legal(rs, ex, body, lang)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("vid", builtin_ids())
def test_every_printed_example_is_what_the_engine_finds(vid: str, lang: str) -> None:
    examples = paixing.ruleset(vid).variant.examples
    lines = example_lines(render_rulebook(vid, lang, "md"), lang)
    numbered = [line for line in lines if line.number is not None]
    assert {line.number for line in numbered} == set(range(1, len(examples) + 1))
    for line in numbered:
        assert line.number is not None
        check_line(vid, examples[line.number - 1], line.body, lang)
    for line in lines:
        if line.number is None:  # a generated example: a classify fact in the variant's own hand
            play = " ".join(str(c) for c, _ in span_cards(SPAN.findall(line.body)[0]))
            ids = sorted(p.type.id for p in classify(paixing.ruleset(vid), parse_cards(play)))
            check_line(vid, Example(play=play, classify=ids), line.body, lang)


def test_the_wild_rank_examples_read_as_the_file_says() -> None:
    """Issue 23's three lines, exactly as the English book now prints them."""
    md = render_rulebook("doudizhu-laizi", "en", "md")
    assert "- Example 1: With the wild rank 5: `3 3 5*` reads as **Trio**, as `3 3 3` — " in md
    assert "- Example 2: With the wild rank 5: `3 3 3 5*` reads as **Soft bomb**, as `3 3 3 3` — " in md
    assert "- Example 9: With the wild rank 5: Hand `6 6 5* ★BJ`, on `4 4`: 2 legal plays: `6 5*` = `6 6`, `6 6`" in md
    zh = render_rulebook("doudizhu-tiandi", "zh", "md")
    assert "- 例 3：天癞子为 5、地癞子为 9：`3 3 3 9*` 读作 **软炸**，当作 `3 3 3 3` — " in zh

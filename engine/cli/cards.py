"""``paixing classify``, ``beats`` and ``moves``: questions about cards in one variant."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated

import typer
from paixing.hands.classify import classify
from paixing.hands.examples import plays_against
from paixing.hands.moves import answering, beats_cards
from paixing.hands.play import beats, why
from paixing.rules.cards import Card, parse_cards

from .common import (
    JsonFlag,
    VariantArg,
    app,
    load_quick,
    new_console,
    not_a_play,
    notation,
    plays_table,
    print_json,
    read_cards,
    reading,
    readings,
    user_errors,
)

if TYPE_CHECKING:
    from paixing.hands.compile import Ruleset
    from paixing.hands.play import Play


@app.command("classify")
def classify_cmd(
    variant: VariantArg,
    cards: Annotated[
        list[str],
        typer.Argument(metavar="CARDS", help='Card notation, e.g. 55667788 or "333 BJ".'),
    ],
    as_json: JsonFlag = False,
) -> None:
    """Every reading of exactly these cards (hand type, and what wild cards stand for)."""
    rs = load_quick(variant)
    given = read_cards(rs, " ".join(cards), "CARDS")
    with user_errors():
        readings = classify(rs, given)
    if not readings:
        not_a_play(rs, given)
    if as_json:
        print_json({"plays": [p.to_json() for p in readings]})
        return
    table = plays_table(readings, title=f"{notation(rs, given)} in {rs.id}")
    new_console().print(table)
    for p in readings:
        if not p.type.playable:
            typer.echo(f"{p.type.id} is a dealt-hand pattern, never played as one play")


@app.command("beats")
def beats_cmd(
    variant: VariantArg,
    play: Annotated[str, typer.Argument(metavar="PLAY", help="The cards played.")],
    target: Annotated[str, typer.Argument(metavar="TARGET", help="The cards to beat.")],
    as_json: JsonFlag = False,
) -> None:
    """Whether PLAY may be played on TARGET: some reading of PLAY beats every reading of TARGET."""
    rs = load_quick(variant)
    a_cards = read_cards(rs, play, "PLAY")
    b_cards = read_cards(rs, target, "TARGET")
    a = readings(rs, a_cards)
    b = readings(rs, b_cards)
    with user_errors():
        verdict = beats_cards(rs, a_cards, b_cards)


    def on(p: Play, q: Play) -> Play:  # p as played on q (a lone ``half_above`` wild card reads at q's rank)
        return next(iter(answering(rs, [p], q)), p)

    if verdict:
        x = next((p for p in a if all(beats(on(p, q), q) for q in b)), a[0])
        y = b[0]
    else:
        x = a[0]
        y = next((q for q in b if not beats(on(x, q), q)), b[0])
    x = on(x, y)
    reasons = {lang: why(x, y, lang) for lang in ("zh", "en")}
    if len(a) > 1 or len(b) > 1 or x.wild_as or y.wild_as:
        reasons["zh"] += f"（{reading(x, 'zh')} 对 {reading(y, 'zh')}）"
        reasons["en"] += f" ({reading(x)} against {reading(y)})"
    reason = reasons["en"]
    if as_json:
        print_json({"beats": verdict, "reason": reason, "reasons": reasons})
        return
    verb = "beats" if verdict else "does not beat"
    typer.echo(f"{notation(rs, a_cards)} {verb} {notation(rs, b_cards)} ({reason})")


TABLE_LIMIT = 200
"""Rows ``moves`` prints as a table unless ``--limit`` says otherwise: a full-deck hand has
tens of thousands of plays, which took minutes to lay out and nobody reads."""


@app.command("moves")
def moves_cmd(
    variant: VariantArg,
    hand: Annotated[str, typer.Option("--hand", metavar="CARDS", help="The cards in hand.")],
    last: Annotated[
        str | None,
        typer.Option("--last", metavar="CARDS", help="The play to beat (omit for a free lead)."),
    ] = None,
    limit: Annotated[
        int | None,
        typer.Option(
            "--limit",
            metavar="N",
            min=0,
            help=f"Show at most N plays (0: all; the table shows {TABLE_LIMIT} by default, --json all). The count is always given.",
        ),
    ] = None,
    first_play: Annotated[
        bool, typer.Option("--first-play", help="This is the hand's first play (for a first-play obligation).")
    ] = False,
    next_left: Annotated[
        int | None,
        typer.Option("--next-left", metavar="N", help="Cards the next player holds (for the warning rule)."),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Every legal play from a hand, on a free lead or against the last play; the variant's play
    obligations (``game.play.obligations``) apply, given ``--first-play`` and ``--next-left``.

    More than 200 plays, or output that is not a terminal, print as plain lines."""
    rs = load_quick(variant)
    hand_cards = read_cards(rs, hand, "--hand")
    if last is not None:
        readings(rs, read_cards(rs, last, "--last"))
    with user_errors():
        plays = plays_against(rs, hand, last)
    plays, can_pass, obliged = _obligations(rs, plays, hand_cards, last, (first_play, next_left))
    n = len(plays)
    shown = limit if limit else (None if as_json or limit == 0 else TABLE_LIMIT)
    cut = shown is not None and n > shown
    if as_json:
        data: dict[str, object] = {"plays": [p.to_json() for p in plays[:shown]]}
        if cut:
            data.update(count=n, limited=True)
        print_json({**data, **({"pass": can_pass} if obliged else {})})
        return
    against = f"on {notation(rs, parse_cards(last))}" if last is not None else "on a free lead"
    if plays:
        print_plays(plays[:shown], f"{notation(rs, hand_cards)} {against}")
    more = f" (the first {shown} shown; --limit 0 shows all)" if cut else ""
    typer.echo(f"{n} legal play{'' if n == 1 else 's'} {against}" + ("" if n else " (pass)") + more)
    if obliged and last is not None:
        typer.echo("pass is allowed" if can_pass else "pass is not allowed (a play obligation)")


def print_plays(plays: Sequence[Play], title: str) -> None:
    """The plays as a table on a terminal when there are at most ``TABLE_LIMIT``; otherwise
    (more rows, or output to a file or a pipe) streamed as plain lines: the title, then one
    line per play, its fields tab-separated (``#``, type, 名称, name, cards, and ``as`` when
    wild cards stand in), cards in the notation ``--hand`` reads. A table of thousands of
    rows took seconds to lay out (8,406 plays: 6.7 s) and could not be pasted from."""
    if len(plays) <= TABLE_LIMIT and sys.stdout.isatty():
        new_console().print(plays_table(plays, title=title))
        return
    out = sys.stdout
    out.write(title + "\n")
    for start in range(0, len(plays), 1024):
        chunk = plays[start : start + 1024]
        out.write("".join(_plain_row(i, p) for i, p in enumerate(chunk, start=start + 1)))
    out.flush()


def _plain_row(i: int, p: Play) -> str:
    row = f"{i}\t{p.type.id}\t{p.type.name.zh}\t{p.type.name.en}\t{p.notation}"
    return f"{row}\t{p.reads_as}\n" if p.wild_as else row + "\n"


def _obligations(
    rs: Ruleset, plays: list[Play], hand: list[Card], last: str | None, turn_facts: tuple[bool, int | None]
) -> tuple[list[Play], bool, bool]:
    """The plays the variant's play obligations leave, whether a pass is allowed, and whether
    the variant has obligations at all."""
    can_pass = last is not None
    game = rs.variant.game
    if game is None or not game.play.obligations:  # the game layer's own test, without importing it
        return plays, can_pass, False
    from paixing.game.obligations import Turn, compile_rules

    bound = compile_rules(rs)
    if bound is None:
        return plays, can_pass, False
    first_play, next_left = turn_facts
    target = next((p for p in classify(rs, parse_cards(last)) if p.type.playable), None) if last else None
    turn = Turn(hand=hand, target=target, first_play=first_play, next_left=next_left if next_left is not None else 99)
    plays, can_pass = bound.apply(turn, plays, can_pass)
    return plays, can_pass, True

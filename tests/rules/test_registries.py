"""Every registry, one test body over all of them (as sqlglot runs one body over every dialect).

Each registry of paixing is one ``paixing.rules.registry.Registry`` (docs/architecture.md, "The
registries"). For each: the engine has a behaviour for each kind the rule language accepts and
the language accepts each kind the engine implements; a second entry under a name is refused
with the same message; a miss names the closest name and every known one. A last test finds
every ``Registry`` in the package, so a new registry that is not listed here fails."""

from __future__ import annotations

import importlib
import pkgutil
import typing
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

import paixing
import pytest
from paixing.agents.bots import BOTS
from paixing.agents.play import play_hand, seated_bots
from paixing.game.conditions import MEASURE_FNS, SCALAR_FNS, SUBJECT_FNS
from paixing.game.effects import EFFECTS
from paixing.game.ends import WINNERS
from paixing.game.events import EVENTS, Event
from paixing.game.obligations import OBLIGATIONS, Rule
from paixing.game.payments import FORMS
from paixing.game.session import CARRIERS, Session
from paixing.game.steps import STEPS, StepRunner
from paixing.game.teams import TEAMS
from paixing.game.transfers import TRANSFERS
from paixing.hands.examples import EXAMPLE_KINDS
from paixing.hands.features import FEATURES
from paixing.hands.shapes import SHAPES
from paixing.rulebook.sections.examples import EXAMPLE_WRITERS
from paixing.rules import shapes as shape_models
from paixing.rules.checks import CHECKS
from paixing.rules.conditions import MEASURES, SCALARS, SUBJECTS
from paixing.rules.game_checks import GAME_CHECKS
from paixing.rules.hand_rules import STEP_KINDS, TRICK_EFFECT_KINDS, Step
from paixing.rules.models import Example, Feature
from paixing.rules.obligations import OBLIGATION_KINDS
from paixing.rules.registry import DuplicateName, Registry, UnknownName
from paixing.rules.scoring import Contract, EndRule, ScoreRow, Transfer

from tests.helpers import LEVELS


def _literal(annotation: object) -> set[str]:
    return set(typing.get_args(annotation))


def _example_keys() -> set[str]:
    return {key for kind in EXAMPLE_KINDS.values() for key in kind.keys}


Names = Callable[[], Iterable[str]]

REGISTRIES: dict[str, tuple[Registry[Any], Names | None]] = {
    "shapes": (SHAPES, lambda: shape_models.SHAPES),
    "comparison features": (FEATURES, lambda: _literal(Feature)),
    "contract steps": (STEPS, lambda: STEP_KINDS),
    "condition scalars": (SCALAR_FNS, lambda: SCALARS),
    "condition subjects": (SUBJECT_FNS, lambda: SUBJECTS),
    "condition measures": (MEASURE_FNS, lambda: MEASURES),
    "winner rules": (WINNERS, lambda: _literal(EndRule.model_fields["winner"].annotation)),
    "team kinds": (TEAMS, lambda: _literal(Contract.model_fields["teams"].annotation)),
    "transfer kinds": (TRANSFERS, lambda: _literal(Transfer.model_fields["what"].annotation)),
    "play obligations": (OBLIGATIONS, lambda: OBLIGATION_KINDS),
    "trick effects": (EFFECTS, lambda: TRICK_EFFECT_KINDS),
    "score row forms": (FORMS, ScoreRow.alternatives),
    "example kinds": (EXAMPLE_KINDS, lambda: EXAMPLE_WRITERS),
    "example writers": (EXAMPLE_WRITERS, lambda: EXAMPLE_KINDS),
    # no model in rules/: what the keys must equal is checked by the tests further down
    "carriers": (CARRIERS, None),
    "bots": (BOTS, None),
    "events": (EVENTS, None),
    "loader checks": (CHECKS, None),
    "game checks": (GAME_CHECKS, None),
}
"""Registry → (the registry, the rule language's keys, or None where the language has none)."""

WITH_MODEL = sorted(name for name, (_, language) in REGISTRIES.items() if language is not None)


@pytest.mark.parametrize("name", WITH_MODEL)
def test_registry_matches_the_rule_language(name: str) -> None:
    registry, language = REGISTRIES[name]
    assert language is not None
    assert set(registry) == set(language()), name


def test_example_kinds_cover_every_key_of_an_example() -> None:
    ignored = {"play", "hand", "last", "note", "wild_ranks", "level"}
    assert _example_keys() == {k for k in Example.model_fields if k not in ignored}


@pytest.mark.parametrize("name", sorted(REGISTRIES))
def test_registry_is_not_empty(name: str) -> None:
    assert len(REGISTRIES[name][0]) >= 2, name


@pytest.mark.parametrize("name", sorted(REGISTRIES))
def test_a_second_entry_under_a_name_is_refused(name: str) -> None:
    registry = REGISTRIES[name][0]
    before = dict(registry)
    key, entry = next(iter(registry.items()))
    with pytest.raises(DuplicateName) as err:
        registry.add(key, entry)
    assert str(err.value) == f"{registry.kind} {key!r} is registered twice"
    with pytest.raises(DuplicateName):
        registry[key] = entry
    with pytest.raises(TypeError, match="one entry at a time"):
        registry.update({key: entry})
    assert dict(registry) == before


@pytest.mark.parametrize("name", sorted(REGISTRIES))
def test_a_miss_says_what_was_meant(name: str) -> None:
    registry = REGISTRIES[name][0]
    known = ", ".join(sorted(registry))
    for key in registry:
        typo = key + key[-1]
        with pytest.raises(UnknownName) as err:
            registry[typo]
        assert str(err.value) == f"unknown {registry.kind} {typo!r}; did you mean {key!r}? (known: {known})", name
        assert isinstance(err.value, KeyError) and isinstance(err.value, ValueError)
    with pytest.raises(KeyError) as far:
        registry["qqqq"]
    assert str(far.value) == f"unknown {registry.kind} 'qqqq' (known: {known})"


def test_a_miss_reads_as_the_brief_says() -> None:
    with pytest.raises(ValueError) as err:
        BOTS["gredy"]
    assert str(err.value) == "unknown bot 'gredy'; did you mean 'greedy'? (known: greedy, random, search)"


# --------------------------------------------------------- registries filled by subclassing
def test_a_step_kind_registered_twice_is_refused() -> None:
    with pytest.raises(DuplicateName, match=r"^contract step 'auction' is registered twice$"):

        class _Again(StepRunner, kind="auction"):  # pragma: no cover - never made
            pass

    assert STEPS["auction"].__name__ == "AuctionStep"


def test_an_obligation_kind_registered_twice_is_refused() -> None:
    with pytest.raises(DuplicateName, match=r"^play obligation 'warn' is registered twice$"):

        class _Again(Rule, kind="warn"):  # pragma: no cover - never made
            pass

    assert OBLIGATIONS["warn"].__name__ == "Highest"


def test_an_event_kind_registered_twice_is_refused() -> None:
    with pytest.raises(DuplicateName, match=r"^event 'deal' is registered twice$"):

        @dataclass(frozen=True)
        class _Again(Event):  # pragma: no cover - never made
            kind: ClassVar[str] = "deal"

    assert EVENTS["deal"].__name__ == "Deal"


def test_subclass_registries_hold_their_classes_under_their_kind() -> None:
    for registry, base in ((STEPS, StepRunner), (OBLIGATIONS, Rule), (EVENTS, Event)):
        for kind, cls in registry.items():
            assert issubclass(cls, base) and cls.kind == kind


def test_a_step_model_is_one_of_the_registered_kinds() -> None:
    assert Step.alternatives() == STEP_KINDS
    step = Step.model_validate({"auction": {"values": [1, 2, 3], "contract": "c"}})
    assert step.kind == "auction" and type(step.body).__name__ == "Auction"
    with pytest.raises(ValueError, match="a step needs exactly one of solo_bid, call_card, shown_card, auction, tribute, draw_wild, held_cards, show_cards, pass_cards or announce"):
        Step.model_validate({})


# ------------------------------------------------------------ registries without a model
def test_each_carrier_is_a_game_keyword_its_record_keeps() -> None:
    """What a hand carries is dealt into the next ``Game`` under the carrier's name (so it must
    be a keyword of ``Game``), and that hand's record writes it (so a replay re-deals it)."""
    from paixing.hands import compile_variant
    from paixing.rules.loader import load_variant

    session = Session.start(compile_variant(load_variant(LEVELS)))
    first = session.next_game(3)
    play_hand(first, seated_bots(["greedy"] * 4, 3, 0))
    session.finish(first)
    assert set(session.carried) == set(CARRIERS)
    second = session.next_game(4)
    record = second.to_record()
    for name, value in session.carried.items():
        assert getattr(second, name) == value, name
        assert record.get(name) == value, name


def test_each_bot_is_built_from_a_seed_and_chooses() -> None:
    for name, cls in BOTS.items():
        bot = cls(0)
        assert callable(bot.choose), name


def test_checks_are_keyed_by_their_functions_name() -> None:
    for registry in (CHECKS, GAME_CHECKS):
        assert all(fn.__name__ == name for name, fn in registry.items())


def test_every_registry_of_the_package_is_listed_here() -> None:
    found: dict[int, str] = {}
    for package in (paixing, paixing.rules):
        for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
            if info.name.startswith("paixing.variants") or info.name.endswith("__main__"):
                continue
            try:
                module = importlib.import_module(info.name)
            except ImportError:  # an optional extra (ray, open_spiel) that is not installed
                continue
            for attr, value in vars(module).items():
                if isinstance(value, Registry):
                    found[id(value)] = f"{info.name}.{attr}"
    listed = {id(registry) for registry, _ in REGISTRIES.values()}
    assert sorted(found[i] for i in found.keys() - listed) == []


def test_the_hand_layer_knows_the_steps_that_pick_a_partner_by_a_card() -> None:
    """The hand layer's copy of the partner-picking step kinds (every card set a distinct play
    where the called or shown card reveals a side) equals the rule language's."""
    from paixing.hands.compile import PARTNER_STEP_KINDS as ENGINE
    from paixing.rules.hand_rules import PARTNER_STEP_KINDS

    assert ENGINE == PARTNER_STEP_KINDS == {"call_card", "shown_card", "held_cards"}

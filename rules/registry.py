"""``Registry``: the one table every "kind → what implements it" registry of paixing is.

Wherever behaviour varies by a kind of rule (a shape, a contract step, a winner rule, a bot, an
event kind, a loader check …) the kinds are the keys of one ``Registry`` and each entry is
what implements one (docs/architecture.md, "The registries"). So every registry behaves alike:

- **An entry is added once.** ``REG.add(name, entry)``, the decorator ``@REG.register(name)``,
  or, where the entries are classes (contract steps, play obligations, events), subclassing
  their base class, whose ``__init_subclass__`` calls ``add``. A second entry under a name is
  refused (``DuplicateName``): two modules never silently replace each other.
- **A miss says what was meant.** ``REG[name]`` for an unknown name raises ``UnknownName``
  (both a ``KeyError`` and a ``ValueError``) naming the registry, the closest name and every
  known one: ``unknown bot 'gredy'; did you mean 'greedy'? (known: greedy, random, search)``.
- **A hit is a plain dict look-up.** ``Registry`` is a ``dict`` subclass that overrides only
  ``__missing__`` (and the writes), so a registry read per move costs what a dict costs.
- **It lists itself** (``names()``, in the order entries were added) for the schema, the
  rulebook, the docs and ``tests/rules/test_registries.py``, which checks every registry's keys
  against the rule language's.

It sits in ``rules/``, the lowest layer, so the loader's checks can use it as well as the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Generic, NoReturn, TypeVar

from .problems import closest

T = TypeVar("T")


class DuplicateName(ValueError):
    """A second entry under a name a registry already has."""


class UnknownName(KeyError, ValueError):
    """A name a registry does not have; its message names the closest and the known names."""

    def __str__(self) -> str:  # KeyError would print the message quoted
        return str(self.args[0]) if self.args else ""


class Registry(dict[str, T], Generic[T]):
    """Name → entry, for one kind of thing (``kind``: ``"shape"``, ``"bot"``, ``"contract step"``).

    Fill it with ``add``, ``register`` or an iterable of ``(name, entry)`` pairs at creation;
    read it as a dict."""

    def __init__(self, kind: str, entries: Iterable[tuple[str, T]] = ()) -> None:
        super().__init__()
        self.kind = kind
        """What one entry is, as a message names it (``unknown {kind} 'x'``)."""
        for name, entry in entries:
            self.add(name, entry)

    def add(self, name: str, entry: T) -> T:
        """Add ``entry`` under ``name``; ``DuplicateName`` when the name is taken."""
        if name in self:
            raise DuplicateName(f"{self.kind} {name!r} is registered twice")
        dict.__setitem__(self, name, entry)
        return entry

    def register(self, name: str) -> Callable[[T], T]:
        """A decorator adding the function (or class) it decorates under ``name``."""

        def add(entry: T) -> T:
            return self.add(name, entry)

        return add

    def __setitem__(self, name: str, entry: T) -> None:
        self.add(name, entry)

    def update(self, *args: object, **kwargs: object) -> None:
        raise TypeError(f"add to the {self.kind} registry one entry at a time (add or register)")

    def __missing__(self, name: str) -> NoReturn:
        raise UnknownName(self.unknown(name))

    def unknown(self, name: str) -> str:
        """The message for a miss: ``unknown {kind} 'x'; did you mean 'y'? (known: …)``."""
        hint = closest(name, self) if isinstance(name, str) else None
        mean = f"; did you mean {hint!r}?" if hint is not None else ""
        return f"unknown {self.kind} {name!r}{mean} (known: {', '.join(sorted(self))})"

    def names(self) -> tuple[str, ...]:
        """Every name, in the order the entries were added."""
        return tuple(self)

    def __repr__(self) -> str:
        return f"Registry({self.kind!r}, {list(self)})"

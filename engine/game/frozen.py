"""A cheaper constructor for the frozen dataclasses built on every action (actions, events).

A frozen dataclass's generated ``__init__`` sets each field with ``object.__setattr__`` (to get
past its own ``__setattr__``, which refuses every assignment): one call per field, several times
slower than a plain assignment. The game builds an ``Action`` per legal play and an event per
action, so that cost was a tenth of a random hand. ``fast_init`` replaces the ``__init__`` of a
frozen dataclass (without slots) by one with the same signature that fills the instance's
``__dict__`` directly. Nothing else changes: the class is still frozen after construction, and
equality, hashing, ``repr``, ``replace``, ``fields`` and pickling are the dataclass's own.
"""

from __future__ import annotations

from dataclasses import MISSING, fields, is_dataclass
from typing import Any, TypeVar

T = TypeVar("T", bound=type)


def fast_init(cls: T) -> T:
    """Give the frozen dataclass ``cls`` an ``__init__`` that writes its fields straight into the
    instance dict (same parameters, same defaults); returns ``cls``."""
    params = getattr(cls, "__dataclass_params__", None)
    if not is_dataclass(cls) or params is None or not params.frozen or "__slots__" in vars(cls):
        raise TypeError(f"{cls.__name__} is not a frozen dataclass without slots")
    if "__post_init__" in vars(cls):
        raise TypeError(f"{cls.__name__} has a __post_init__, which fast_init would skip")
    namespace: dict[str, Any] = {}
    signature: list[str] = []
    body: list[str] = []
    for f in fields(cls):
        if not f.init:
            raise TypeError(f"{cls.__name__}.{f.name} is not an __init__ field")
        if f.default_factory is not MISSING:
            raise TypeError(f"{cls.__name__}.{f.name} has a default factory")
        if f.default is MISSING:
            signature.append(f.name)
        else:
            namespace[f"_default_{f.name}"] = f.default
            signature.append(f"{f.name}=_default_{f.name}")
        body.append(f"    d[{f.name!r}] = {f.name}")
    source = f"def __init__(self, {', '.join(signature)}):\n    d = self.__dict__\n" + "\n".join(body) + "\n"
    exec(source, namespace)  # noqa: S102 - generated from the dataclass's own field names, as dataclasses does
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = f"Fill the fields of a {cls.__name__} (see paixing.game.frozen)."
    setattr(cls, "__init__", init)  # noqa: B010 - mypy refuses assigning a method
    return cls

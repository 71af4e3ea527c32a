"""Plain calls of the card commands, run without building the click command: start-up.

Typer turns every parameter value into its Python type through a pydantic ``TypeAdapter``,
which imports pydantic (≈ 60 % of a ``paixing moves`` process, docs/performance.md,
"Start-up"). ``classify``, ``beats`` and ``moves`` are run thousands of times from scripts, and
their arguments are strings, small whole numbers and flags. ``plain_call`` reads such a call
from the command's own signature (its typer ``Argument`` and ``Option`` annotations: nothing
is written twice) and returns the keyword arguments to call the command with; anything it is
not sure to read exactly as click would (an option it does not know, one given twice, a value
that begins with ``-``, ``--help``, ``--``, a number out of its bounds, a parameter with a
callback, an environment variable or a prompt) makes it return None, and the call goes
through typer as before, which also writes every usage error. ``run`` then ends the call as
click's standalone mode does (the command's ``typer.Exit`` code, Ctrl-C, a closed pipe).

``tests/tools/test_cli_startup.py`` runs a corpus of command lines both ways and compares stdout,
stderr and exit codes.
"""

from __future__ import annotations

import errno
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, get_args, get_origin

import typer
from paixing.cli.pipes import quiet_stdout
from typer.models import ArgumentInfo, OptionInfo, ParameterInfo, Required
from typer.utils import get_params_from_function

DIRECT = ("classify", "beats", "moves")
"""The commands ``main`` may run directly."""

_WHOLE = re.compile(r"[0-9]{1,9}")
_UNSET = ("callback", "envvar", "parser", "default_factory", "click_type", "prompt", "is_flag", "flag_value", "count")
"""Parameter settings whose meaning only click applies: a parameter with any of them is not read here."""


@dataclass(frozen=True)
class _Param:
    name: str
    kind: type
    info: ParameterInfo
    default: Any
    required: bool
    many: bool = False


def _params(fn: Callable[..., Any]) -> list[_Param] | None:
    """The command's parameters as typer reads them (``get_params_from_function``), or None
    when one of them is not a plain str, int or flag with ``--long`` names."""
    found = []
    for name, meta in get_params_from_function(fn).items():
        info = meta.default
        if not isinstance(info, ParameterInfo) or any(getattr(info, attr, None) for attr in _UNSET):
            return None
        decls = info.param_decls or ()
        if isinstance(info, OptionInfo) and (not decls or any("/" in d or not d.startswith("--") for d in decls)):
            return None  # typer's own names (--x/--no-x), on/off pairs and short names: typer reads them
        many = get_origin(meta.annotation) is list
        base = get_args(meta.annotation)[0] if many else meta.annotation
        kinds = [t for t in (get_args(base) or (base,)) if t is not type(None)]
        if len(kinds) != 1 or kinds[0] not in (str, int, bool):
            return None
        required = info.default is Required
        found.append(_Param(name, kinds[0], info, None if required else info.default, required, many))
    return found


def _value(p: _Param, text: str) -> Any:
    """``text`` as ``p``'s value, or None when typer should read it (and say what is wrong)."""
    if p.kind is str:
        return text
    if not _WHOLE.fullmatch(text):
        return None
    n = int(text)
    low, high = getattr(p.info, "min", None), getattr(p.info, "max", None)
    return None if (low is not None and n < low) or (high is not None and n > high) else n


def plain_call(fn: Callable[..., Any], args: Sequence[str]) -> dict[str, Any] | None:
    """The keyword arguments of ``fn`` that ``args`` (after the command's name) give, when
    they are a plain call; None otherwise (see the module)."""
    params = _params(fn)
    if params is None:
        return None
    options = {decl: p for p in params if isinstance(p.info, OptionInfo) for decl in p.info.param_decls or ()}
    positional = [p for p in params if isinstance(p.info, ArgumentInfo)]
    given: dict[str, Any] = {}
    words: list[str] = []
    rest = list(args)
    while rest:
        word = rest.pop(0)
        if not word.startswith("-"):
            words.append(word)
            continue
        p = options.get(word.partition("=")[0])
        if p is None or p.name in given or p.many:
            return None
        value = _option_value(p, word, rest)
        if value is None:
            return None
        given[p.name] = value
    return _bind(params, positional, words, given)


def _option_value(p: _Param, word: str, rest: list[str]) -> Any:
    """The value of option ``word`` (``--x``, ``--x=V`` or ``--x V``, taking V from ``rest``),
    or None when click might read it otherwise (a flag given a value, a value that begins
    with ``-``, a missing value)."""
    _, eq, attached = word.partition("=")
    if p.kind is bool:
        return None if eq else True
    if not eq and not rest:
        return None
    text = attached if eq else rest.pop(0)
    return None if text.startswith("-") else _value(p, text)


def _bind(params: list[_Param], positional: list[_Param], words: list[str], given: dict[str, Any]) -> dict[str, Any] | None:
    """Positional words onto the arguments (a list argument takes the rest); every parameter
    given or defaulted; None when a word is left over or a required one is missing."""
    for p in positional:
        if p.many:
            if not words:
                return None
            given[p.name], words = list(words), []
        elif words:
            given[p.name] = words.pop(0)
    if words:
        return None
    for p in params:
        if p.name not in given:
            if p.required:
                return None
            given[p.name] = p.default
    return given


def run(fn: Callable[..., Any], kwargs: dict[str, Any]) -> int:
    """Call the command and end as click's standalone mode ends: the exit code of a
    ``typer.Exit``, 130 on Ctrl-C, exit 1 quietly on a closed pipe (the card commands never
    read input, so click's ``Aborted!`` cannot happen)."""
    try:
        fn(**kwargs)
    except typer.Exit as exc:
        return exc.exit_code
    except KeyboardInterrupt:
        return 130
    except OSError as exc:
        if exc.errno != errno.EPIPE:
            raise
        quiet_stdout()
        return 1
    return 0

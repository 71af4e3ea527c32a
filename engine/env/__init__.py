"""Environments for learning agents: every variant as a PettingZoo AEC environment
(``paixing.env.env``) and an OpenSpiel game (``paixing.env.spiel``), with one fixed
action space per variant (``paixing.env.actions``) and one observation encoding
(``paixing.env.encode``). See docs/env.md.

PettingZoo, gymnasium, numpy and open-spiel are the ``env`` extra (``pip install
"paixing[env]"``); importing ``paixing.env`` itself needs none of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from paixing.env.actions import ActionSpace, action_space, play_key

if TYPE_CHECKING:
    from pettingzoo import AECEnv

__all__ = ["ActionSpace", "action_space", "env", "play_key", "raw_env"]


def env(variant: str, **kwargs: Any) -> AECEnv:
    """The PettingZoo AEC environment of ``variant`` (needs the ``env`` extra)."""
    from paixing.env.aec import env as make

    return make(variant, **kwargs)


def raw_env(variant: str, **kwargs: Any) -> Any:
    """The environment without PettingZoo's wrappers (needs the ``env`` extra)."""
    from paixing.env.aec import raw_env as make

    return make(variant, **kwargs)

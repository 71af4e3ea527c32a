"""Determinization for the environments: ``paixing.agents.determinize`` (moved there so the
search agent, which may not import this numpy-backed package, shares it)."""

from paixing.agents.determinize import resample

__all__ = ["resample"]

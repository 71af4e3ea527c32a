"""Checking a variant file and other programs against the engine.

- ``suite``: the conformance suite that ``paixing check`` runs on any variant file;
- ``vectors``: test vectors (classify, moves, beats, whole hands) as JSON lines, with the
  engine's answers;
- ``harness``: runs an outside program over the vectors and reports the differences
  (``paixing conform``);
- ``diff``: what a variant changes of another, as cases both answer (``paixing diff``).
"""

"""examples/train_masked_pg.py (issue 20): the masked policy never picks an illegal action, its
gradient step moves probability toward an action with a positive advantage, a few iterations
run end to end, and the PNG it writes is a valid image of the curve."""

from __future__ import annotations

import importlib.util
import struct
import zlib
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from tests.helpers import ROOT

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")


def _example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_masked_pg", ROOT / "examples" / "train_masked_pg.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_policy_is_masked_and_its_step_follows_the_advantage() -> None:
    example = _example()
    policy = example.MaskedLinearPolicy(3, 4, lr=0.1)
    x = np.array([[1.0, 0.0, 2.0], [0.0, 1.0, 0.0]])
    mask = np.array([[1, 0, 1, 0], [0, 1, 1, 1]], np.int8)
    p = policy.probabilities(x, mask)
    assert np.allclose(p, [[0.5, 0, 0.5, 0], [0, 1 / 3, 1 / 3, 1 / 3]])  # zero weights: uniform over the legal
    rng = np.random.default_rng(0)
    chosen = np.array([policy.act(x, mask, rng) for _ in range(200)])
    assert set(chosen[:, 0]) == {0, 2} and set(chosen[:, 1]) == {1, 2, 3}
    for _ in range(5):
        policy.update(x, mask, np.array([2, 1]), np.array([1.0, 1.0]))
    after = policy.probabilities(x, mask)
    assert after[0, 2] > 0.5 and after[1, 1] > 1 / 3 and after[0, 1] == after[0, 3] == 0


def test_a_few_iterations_end_to_end(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    example = _example()
    out = tmp_path / "curve.png"
    assert example.main(["--iterations", "2", "--episodes", "3", "--baseline-episodes", "4", "--envs", "2", "--out", str(out)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("random player: ") and lines[0].endswith(" a hand over 4 hands")
    assert [line.split(":")[0] for line in lines[1:3]] == ["iteration   1", "iteration   2"]
    assert lines[-1] == f"learning curve: {out}"
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height, depth, color = struct.unpack(">IIBB", data[16:26])
    assert (width, height, depth, color) == (720, 400, 8, 2)


def test_the_png_holds_the_image(tmp_path: Path) -> None:
    example = _example()
    image = np.zeros((2, 3, 3), np.uint8)
    image[1, 2] = (255, 10, 20)
    path = tmp_path / "tiny.png"
    example.write_png(path, image)
    data = path.read_bytes()
    length = struct.unpack(">I", data[33:37])[0]
    assert data[37:41] == b"IDAT"
    raw = zlib.decompress(data[41 : 41 + length])
    assert raw == b"\x00" + bytes(9) + b"\x00" + bytes(6) + bytes([255, 10, 20])

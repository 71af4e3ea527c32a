"""Record the answers of the UECda move generator of YuriCat/FujiGokoroUECda (commit 538ffd9,
src/core/action.cc ``genLead``/``genFollow``, rules in src/UECda.h) on generated 大富豪 cases, to
tests/data/fuji-daifugo.jsonl. Run OUTSIDE paixing: the peer's code never enters this tree.

    git clone https://github.com/YuriCat/FujiGokoroUECda /work/peers/daifugo/fuji
    cd /work/peers/daifugo/fuji && git checkout 538ffd98e8921c2f8641711e8c7031827802f9d6
    g++ -std=c++20 -O1 -DNDEBUG -DMINIMUM -I src -o ../fuji_driver \\
        <paixing>/tests/data/recorders/fuji_daifugo_driver.cc src/core/action.cc src/core/daifugo.cc src/base/util.cc -pthread
    python3 tests/data/recorders/record_fuji_daifugo.py /work/peers/daifugo/fuji_driver > tests/data/fuji-daifugo.jsonl

Cases (one JSON object a line, ``kind`` first): ``classify`` (the peer's readings of exactly
these cards: every lead move of a hand made of them that uses them all), ``compare`` (whether
``play`` may be played on ``board``: some follow move of a hand made of it uses it all), and
``legal`` (every follow move of ``hand`` on ``board``). ``order`` 1 is a revolution, ``lock`` 1 a
board whose suits are locked. A move is ``USED=CHARA``: the cards, and what they stand for (a
joker in a run may stand for the peer's virtual ranks ``U`` below 3 and ``O`` above 2).
Standard library only; deterministic (seeded).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys

RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
SUITS = ["C", "D", "H", "S"]
DECK = [r + s for r in RANKS for s in SUITS] + ["RJ"]


def group(rng: random.Random, size: int, joker: bool) -> tuple[list[str], list[str]]:
    """(used, chara) of n of a kind, the joker standing for one of them."""
    rank = rng.choice(RANKS)
    suits = rng.sample(SUITS, min(size, 4))
    chara = [rank + s for s in suits]
    used = list(chara)
    if joker and size <= 4:
        used[-1] = "RJ"
    elif size == 5:
        used.append("RJ")
        chara.append("RJ")
    return used, chara


def run(rng: random.Random, size: int, joker: bool) -> tuple[list[str], list[str]]:
    """(used, chara) of a run of one suit, the joker standing for one of its cards."""
    start = rng.randrange(0, len(RANKS) - size + 1)
    suit = rng.choice(SUITS)
    chara = [RANKS[start + i] + suit for i in range(size)]
    used = list(chara)
    if joker:
        used[rng.randrange(size)] = "RJ"
    return used, chara


def structured(rng: random.Random, joker_rate: float = 0.3) -> tuple[list[str], list[str]]:
    joker = rng.random() < joker_rate
    kind = rng.random()
    if kind < 0.3:
        return group(rng, 1, False) if not joker or rng.random() < 0.5 else (["RJ"], ["RJ"])
    if kind < 0.7:
        return group(rng, rng.choice([2, 2, 3, 4, 5]), joker)
    return run(rng, rng.choice([3, 3, 4, 5]), joker)


def main(driver: str) -> None:
    rng = random.Random(22)
    proc = subprocess.Popen([driver], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(line: str) -> list[str]:
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(line + "\n")
        proc.stdin.flush()
        return [m for m in proc.stdout.readline().strip().split(";") if m]

    out = []
    for _ in range(300):  # classify: structured sets and random ones
        cards = structured(rng)[0] if rng.random() < 0.7 else rng.sample(DECK, rng.randint(1, 5))
        moves = ask("lead|0|" + " ".join(cards))
        readings = [m for m in moves if sorted(m.split("=")[0].split()) == sorted(cards)]
        out.append({"kind": "classify", "cards": " ".join(cards), "peer": readings})
    for _ in range(300):  # compare: a play of the board's kind on the board, either order
        board_used, board_chara = structured(rng, 0.15)
        size = len(board_used)
        for _ in range(20):
            play_used, play_chara = structured(rng)
            if len(play_used) == size or rng.random() < 0.1:
                break
        if set(play_used) & set(board_used):
            continue
        order = rng.randrange(2)
        moves = ask(f"follow|{order}|0|{' '.join(play_used)}|{' '.join(board_chara)}|{' '.join(board_used)}")
        beats = [m for m in moves if m != "pass" and sorted(m.split("=")[0].split()) == sorted(play_used)]
        out.append({"kind": "compare", "order": order, "play": " ".join(play_used), "board": " ".join(board_used),
                    "board_as": " ".join(board_chara), "peer": beats})
    for _ in range(260):  # legal plays: a hand of 8 to 12 cards on a board
        board_used, board_chara = structured(rng, 0.15)
        rest = [c for c in DECK if c not in board_used]
        hand = rng.sample(rest, rng.randint(8, 12))
        order = rng.randrange(2)
        lock = int("RJ" not in board_used and rng.random() < 0.3)
        moves = ask(f"follow|{order}|{lock}|{' '.join(hand)}|{' '.join(board_chara)}|{' '.join(board_used)}")
        out.append({"kind": "legal", "order": order, "lock": lock, "hand": " ".join(hand), "board": " ".join(board_used),
                    "board_as": " ".join(board_chara), "peer": moves})
    assert proc.stdin is not None
    proc.stdin.close()
    proc.wait()
    for case in out:
        print(json.dumps(case, ensure_ascii=False))


if __name__ == "__main__":
    main(sys.argv[1])

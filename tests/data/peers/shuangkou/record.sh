#!/usr/bin/env bash
# Record the 温州双扣 peer's answers: bash tests/data/peers/shuangkou/record.sh [SEED] [DML_GIT] [PUKE_GIT] [APP_GIT]
# The peer is three public repositories, checked out at the commits below: the rules library
# zhengchengdong/shuangkou.dml, its base zhengchengdong/puke.dml, and four classes of the server
# hangzhouanbang/qipai_wenzhoushuangkou that wire it (the generators and the bomb comparator).
# Writes tests/data/shuangkou_peer.jsonl. Needs a JDK (javac, java >= 8); nothing else.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
seed=${1:-20261202}
dml=${2:-https://github.com/zhengchengdong/shuangkou.dml}
puke=${3:-https://github.com/zhengchengdong/puke.dml}
app=${4:-https://github.com/hangzhouanbang/qipai_wenzhoushuangkou}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git clone -q "$dml" "$tmp/dml" && git -C "$tmp/dml" checkout -q 512389bfb7a38ceea09ab49999669c37f4dd6674
git clone -q "$puke" "$tmp/puke" && git -C "$tmp/puke" checkout -q 7450a4bff4731b8a2ce78ac1e67b81e6d79330b9
git clone -q "$app" "$tmp/app" && git -C "$tmp/app" checkout -q 0a2ea22cdb8613d0a3b11a734a2f9529d9e93655
dom="$tmp/app/src/main/java/com/anbang/qipai/wenzhoushuangkou/cqrs/c/domain"
mkdir "$tmp/out"
javac -nowarn -encoding UTF-8 -d "$tmp/out" \
  $(find "$tmp/puke/src/main/java" "$tmp/dml/src/main/java" -name '*.java') \
  "$dom/WenzhouShuangkouAllKedaPaiSolutionsGenerator.java" \
  "$dom/WenzhouShuangkouDianShuZuYaPaiSolutionCalculator.java" \
  "$dom/WenzhouShuangkouZaDanYaPaiSolutionCalculator.java" \
  "$dom/WenzhouShuangkouZhadanComparator.java" "$here/Harness.java"
java -cp "$tmp/out" Harness "$seed" 210 250 600 > "$here/../../shuangkou_peer.jsonl"

#!/usr/bin/env bash
# Record fattigerlee/poker's answers: bash tests/data/peers/laizi/record.sh [SEED] [PEER_GIT]
# PEER_GIT: a clone of https://github.com/fattigerlee/poker (default: the GitHub URL).
# Writes tests/data/laizi_peer.json. Needs Go >= 1.12 and no network beyond the clone.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
seed=${1:-20261130}
peer=${2:-https://github.com/fattigerlee/poker}
commit=36d7807ff8a88e4f182d8aa9c40cc9cbba7171ef
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git clone -q "$peer" "$tmp/poker"
git -C "$tmp/poker" checkout -q "$commit"
mkdir "$tmp/rec"
cp "$here/main.go" "$tmp/rec/"
cat > "$tmp/rec/go.mod" <<MOD
module laizipeer

go 1.12

require github.com/fattigerlee/poker v0.0.0

replace github.com/fattigerlee/poker => $tmp/poker
MOD
(cd "$tmp/rec" && GOFLAGS=-mod=mod GOPROXY=off go run . "$seed") > "$here/../../laizi_peer.json"

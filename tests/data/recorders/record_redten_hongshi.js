// Records Ricker-RH/redten's answers (src/rules/comboRule.ts: detectCombo, canBeat) on generated
// one-pack cases, for tests/peers/test_hongshi_redten.py. The peer runs outside paixing: its two
// files transpiled to JavaScript (TypeScript's transpileModule) in a folder given as argv[2]
// (src/domain/types.js, src/rules/comboRule.js). Usage:
//   node record_redten_hongshi.js /work/peers/hongshi > tests/data/redten-hongshi.jsonl
const path = require("path");
const peer = require(path.join(process.argv[2], "src/rules/comboRule.js"));
const SOURCE = "Ricker-RH/redten@bc83905c8c0d src/rules/comboRule.ts";
const RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"];
const SUITS = ["S", "H", "C", "D"];
const PEER_SUIT = { S: "Spade", H: "Heart", C: "Club", D: "Diamond" };
let seed = 20261202;
function rnd(n) { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; }
function pick(xs) { return xs[rnd(xs.length)]; }
function toPeer(card) {
  const rank = card.slice(0, -1), suit = card.slice(-1);
  return { id: card, rank: RANKS.indexOf(rank) + 3, suit: PEER_SUIT[suit], isRedTen: rank === "10" && (suit === "H" || suit === "D"), originDeckIndex: 1 };
}
function ofRank(rank, n) {
  const suits = [...SUITS].sort(() => rnd(3) - 1);
  return suits.slice(0, n).map((s) => rank + s);
}
// A play of some shape (or a near miss), each card at most once.
function gen() {
  const k = rnd(9);
  if (k === 0) return [pick(RANKS) + pick(SUITS)];
  if (k === 1) return ofRank(pick(RANKS), 2);
  if (k === 2) return ofRank(pick(RANKS), 3 + rnd(2));
  if (k === 3) return pick([["10H"], ["10D"], ["10H", "10D"], ["10H", "10S"], ["10D", "10C"], ["10H", "10D", "10S"]]);
  if (k === 4 || k === 5) { // a run over the row A 2 3 … K A (with A low now and then), one card a rank
    const row = ["A", "2", ...RANKS.slice(0, 11), "A"];
    const len = 3 + rnd(6), start = rnd(row.length - len + 1);
    const seq = row.slice(start, start + len);
    return new Set(seq).size === seq.length ? seq.map((r) => r + pick(SUITS)) : [pick(RANKS) + "S"];
  }
  if (k === 6) { // consecutive pairs (no such type for either side)
    const start = rnd(10); return RANKS.slice(start, start + 3).flatMap((r) => ofRank(r, 2));
  }
  const n = 2 + rnd(4), out = new Set(); // random cards
  while (out.size < n) out.add(pick(RANKS) + pick(SUITS));
  return [...out];
}
function combo(cards) { const r = peer.detectCombo({ cards: cards.map(toPeer) }); return r.isValid ? r.combo : null; }
const lines = [];
for (let i = 0; i < 400; i++) {
  const cards = gen();
  const c = combo(cards);
  lines.push({ id: `classify-${String(i).padStart(3, "0")}`, kind: "classify", cards, peer: c ? c.type : "invalid", source: SOURCE });
}
// Runs through a red ten, which the draws above seldom make.
const FIXED = [["9S", "10H", "JC"], ["8C", "9D", "10D", "JS"], ["10H", "JS", "QS", "KS", "AS"], ["8H", "9H", "10H"], ["10D", "JD", "QD"]];
FIXED.forEach((cards, k) => {
  const c = combo(cards);
  lines.push({ id: `classify-${400 + k}`, kind: "classify", cards, peer: c ? c.type : "invalid", source: SOURCE });
});
let made = 0;
for (let tries = 0; made < 400 && tries < 100000; tries++) {
  const play = gen(), last = gen();
  if (play.some((c) => last.includes(c))) continue;
  const a = combo(play), b = combo(last);
  if (!a || !b) continue;
  lines.push({ id: `compare-${String(made).padStart(3, "0")}`, kind: "compare", play, last, peer_beats: peer.canBeat(b, a), source: SOURCE });
  made++;
}
// Legal-play sets: the peer has no move generator, so every subset of a hand that detectCombo
// accepts and that canBeat lets beat the play on the table (none: a free lead).
const DECK = RANKS.flatMap((r) => SUITS.map((u) => r + u));
function hand(n) {
  const out = new Set();
  if (rnd(3) === 0) { out.add("10H"); if (rnd(2) === 0) out.add("10D"); }
  while (out.size < n) out.add(pick(DECK));
  return [...out].sort((a, b) => DECK.indexOf(a) - DECK.indexOf(b));
}
for (let i = 0; i < 250; i++) {
  const h = hand(7 + rnd(4));
  let last = null;
  if (i % 5 !== 0) {
    for (let t = 0; t < 1000; t++) { const l = gen(); if (!l.some((c) => h.includes(c)) && combo(l)) { last = l; break; } }
  }
  const target = last ? combo(last) : null;
  const plays = [];
  for (let mask = 1; mask < 1 << h.length; mask++) {
    const sub = h.filter((_, k) => mask & (1 << k));
    const c = combo(sub);
    if (c && peer.canBeat(target, c)) plays.push(sub);
  }
  lines.push({ id: `respond-${String(i).padStart(3, "0")}`, kind: "respond", hand: h, last, peer_plays: plays, source: SOURCE });
}
process.stdout.write(lines.map((x) => JSON.stringify(x)).join("\n") + "\n");

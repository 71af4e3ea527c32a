// Record classification, comparison and legal-play answers of ChengXu1973/gandengyan's 干瞪眼
// rules (src/utils/cards.ts: Cards.GetCardsInfo and Cards.CheckCombinationCounter).
//
// Run outside paixing, against the peer compiled by tsc (tsc --experimentalDecorators --target
// es2020 --module commonjs) from its own src/utils/cards.ts and src/consts.ts, with src/types.ts
// replaced by the one interface cards.ts reads (ICardsInfo; the original also imports peerjs):
//   node record_chengxu_gandengyan.js PEER_BUILD_DIR SEED > chengxu-gandengyan.jsonl
// PEER_BUILD_DIR holds utils/cards.js.
'use strict';
const path = require('path');

const { Cards } = require(path.resolve(process.argv[2], 'utils', 'cards.js'));
const SOURCE = 'ChengXu1973/gandengyan@cef687547ec7 src/utils/cards.ts';
const PASS = 'symbol_pass'; // the peer's PASS (consts.ts)
let seed = Number(process.argv[3] || 20261202) >>> 0;
console.log = () => {}; // the peer logs every classification; the records go to stdout below
const out = (obj) => process.stdout.write(JSON.stringify({ ...obj, source: SOURCE }) + '\n');

function rand() { // mulberry32: a fixed stream for a fixed seed
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const int = (n) => Math.floor(rand() * n);
const pick = (xs) => xs[int(xs.length)];
function shuffle(xs) {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) { const j = int(i + 1); [a[i], a[j]] = [a[j], a[i]]; }
  return a;
}

// paixing notation <-> the peer's card ids: suit * 13 + point (point 0 = 3 … 11 = A, 12 = 2),
// 52 the black (small) joker, 53 the red (big) joker.
const RANKS = ['3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A', '2'];
const SUITS = ['H', 'S', 'D', 'C']; // the peer's CardSuit order (Heart, Spade, Diamond, Club)
const DECK = [...RANKS.flatMap((r) => SUITS.map((s) => r + s)), 'BJ', 'RJ'];
const rankOf = (c) => (c === 'BJ' || c === 'RJ' ? c : c.slice(0, -1));
function toId(c) {
  if (c === 'BJ') return 52;
  if (c === 'RJ') return 53;
  return SUITS.indexOf(c.slice(-1)) * 13 + RANKS.indexOf(rankOf(c));
}
const order = (c) => toId(c) >= 52 ? 100 + toId(c) : RANKS.indexOf(rankOf(c)) * 4 + SUITS.indexOf(c.slice(-1));
const sorted = (cs) => [...cs].sort((a, b) => order(a) - order(b));
const TYPES = ['invalid', 'single', 'pair', 'sequence', 'sequence_of_pairs', 'bomb'];

function info(cs, priority) { return Cards.GetCardsInfo(cs.map(toId), priority); }
function led(cs) { // a play as the peer holds it once led: CheckCombinationCounter on PASS sets its value
  const i = info(cs);
  Cards.CheckCombinationCounter(i, PASS);
  return i;
}
function peerBeats(play, last) {
  const target = led(last);
  return Cards.CheckCombinationCounter(info(play, target.type), target);
}

// Interesting card sets, drawn from `pool` (natural cards, sometimes a joker in place of one).
function take(pool, rank, n) {
  const got = shuffle(pool.filter((c) => rankOf(c) === rank));
  return got.length >= n ? got.slice(0, n) : null;
}
function withJoker(pool, cs) {
  if (!cs || cs.length < 2 || rand() < 0.6) return cs;
  const jokers = pool.filter((c) => (c === 'BJ' || c === 'RJ') && !cs.includes(c));
  if (!jokers.length) return cs;
  const out = [...cs];
  out[int(out.length)] = pick(jokers);
  return out;
}
function chain(pool, start, len, per) {
  const cs = [];
  for (let i = 0; i < len; i++) {
    const r = RANKS[start + i];
    const got = r ? take(pool, r, per) : null;
    if (!got) return null;
    cs.push(...got);
  }
  return cs;
}
const MAKERS = [
  (p) => take(p, pick(RANKS), 1),
  (p) => take(p, pick(RANKS), 2),
  (p) => take(p, pick(RANKS), 2 + int(3)),
  (p) => chain(p, int(13), 3 + int(4), 1),
  (p) => chain(p, int(12), 2 + int(3), 2),
  (p) => shuffle(p).slice(0, 1 + int(6)),
  (p) => ['BJ', 'RJ'].filter((c) => p.includes(c)).concat(take(p, pick(RANKS), rand() < 0.15 ? 0 : 1 + int(2)) || []),
];
function some(pool, natural) {
  for (;;) {
    const cs = MAKERS[int(MAKERS.length)](pool);
    if (!cs || !cs.length) continue;
    return sorted(natural ? cs : withJoker(pool, cs));
  }
}
const valid = (cs) => info(cs).type !== 0;
const isChain = (cs) => { const t = info(cs).type; return t === 3 || t === 4; };

// Answers near a play: its type one, two or no rank higher, a 2, a bomb, anything.
function near(pool, last) {
  const ranks = last.map(rankOf).filter((r) => RANKS.includes(r));
  const low = Math.min(...ranks.map((r) => RANKS.indexOf(r)));
  const t = info(last).type;
  const shift = pick([1, 1, 1, 2, 0, -1]);
  let cs = null;
  if (t === 1) cs = take(pool, pick([RANKS[low + shift], '2']), 1);
  else if (t === 2) cs = take(pool, pick([RANKS[low + shift], '2']), 2);
  else if (t === 3) cs = chain(pool, low + shift, last.length, 1);
  else if (t === 4) cs = chain(pool, low + shift, last.length / 2, 2);
  else if (t === 5) cs = take(pool, pick(RANKS), last.length - 1 + int(3));
  if (!cs || rand() < 0.2) cs = MAKERS[int(MAKERS.length)](pool);
  return cs && cs.length ? sorted(withJoker(pool, cs)) : null;
}

// classify: 600 card sets
for (let i = 0; i < 600; i++) {
  const cs = some(DECK, false);
  out({ id: `classify-${String(i).padStart(3, '0')}`, kind: 'classify', cards: cs, peer: TYPES[info(cs).type] });
}

// compare: 600 disjoint pairs, both real plays to the peer (a chain led with no joker: the
// peer fixes a led chain's jokers at their highest reading, paixing compares every reading)
for (let i = 0; i < 600;) {
  const last = some(DECK, false);
  if (!valid(last) || (isChain(last) && last.some((c) => c === 'BJ' || c === 'RJ'))) continue;
  const pool = DECK.filter((c) => !last.includes(c));
  const play = near(pool, last);
  if (!play || info(play, info(last).type).type === 0) continue;
  out({ id: `compare-${String(i).padStart(3, '0')}`, kind: 'compare', play, last,
    play_type: TYPES[info(play, info(last).type).type], last_type: TYPES[info(last).type], peer_beats: peerBeats(play, last) });
  i++;
}

// respond: 250 hands of 5-8 cards, on a free lead (1 in 5) or on a play from the other cards;
// the peer has no move generator: every distinct subset it accepts (by ranks, jokers apart)
function subsets(hand) {
  const seen = new Map();
  for (let m = 1; m < 1 << hand.length; m++) {
    const cs = hand.filter((_, k) => m & (1 << k));
    const key = cs.map(rankOf).join(' ');
    if (!seen.has(key)) seen.set(key, cs);
  }
  return [...seen.values()];
}
for (let i = 0; i < 250;) {
  const deck = shuffle(DECK);
  const hand = sorted(deck.slice(0, 5 + int(4)));
  let last = null;
  if (rand() >= 0.2) {
    const rest = deck.slice(hand.length);
    last = rand() < 0.5 ? near(rest, some(rest, true)) : some(rest, false);
    if (!last || !valid(last) || (isChain(last) && last.some((c) => c === 'BJ' || c === 'RJ'))) continue;
  }
  const plays = subsets(hand).filter((cs) => {
    if (last === null) return valid(cs);
    return peerBeats(cs, last);
  }).map(sorted);
  out({ id: `respond-${String(i).padStart(3, '0')}`, kind: 'respond', hand, last, peer_plays: plays });
  i++;
}

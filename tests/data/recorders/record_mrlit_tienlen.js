// Record classification, comparison and legal-play answers of mrlit239/cardgame's Tiến Lên rules
// (server/src/games/TienLenEngine.ts: detectCombination and canBeat, variant 'south').
//
// Run outside paixing, against the peer compiled by tsc (canBeat is module-private, so the
// build appends `export { canBeat };` to a copy of the file; nothing else is changed):
//   node record_mrlit_tienlen.js PEER_BUILD_DIR SEED > mrlit-tienlen.jsonl
// PEER_BUILD_DIR holds games/TienLenEngine.js compiled from the peer's own sources.
'use strict';
const path = require('path');

const peer = require(path.resolve(process.argv[2], 'games', 'TienLenEngine.js'));
const SOURCE = 'mrlit239/cardgame@082e4fb5dd58 server/src/games/TienLenEngine.ts';
let seed = Number(process.argv[3] || 20261130) >>> 0;

function rand() { // mulberry32: a fixed stream for a fixed seed
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (xs) => xs[Math.floor(rand() * xs.length)];
function shuffle(xs) {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) { const j = Math.floor(rand() * (i + 1)); [a[i], a[j]] = [a[j], a[i]]; }
  return a;
}

// paixing notation <-> the peer's cards (rank 2..14, A = 14; value 15 for a 2)
const RANKS = ['3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A', '2'];
const PEER_RANK = { J: 11, Q: 12, K: 13, A: 14, 2: 2 };
const SUITS = { S: 'spades', C: 'clubs', D: 'diamonds', H: 'hearts' };
const SUIT_ORDER = ['S', 'C', 'D', 'H']; // the peer's getSuitValue: ♠ < ♣ < ♦ < ♥
const DECK = RANKS.flatMap((r) => SUIT_ORDER.map((s) => r + s));
const rankOf = (c) => c.slice(0, -1);
const suitOf = (c) => c.slice(-1);
const order = (c) => RANKS.indexOf(rankOf(c)) * 4 + SUIT_ORDER.indexOf(suitOf(c));
// High to low: the peer's getHighestCard keeps the first card of the top value, so the highest
// suit must come first for its suit tie-break to read the play's highest card.
const sortDesc = (cs) => [...cs].sort((a, b) => order(b) - order(a));
const sortAsc = (cs) => [...cs].sort((a, b) => order(a) - order(b));
function toPeer(c) {
  const r = rankOf(c);
  return { id: c, suit: SUITS[suitOf(c)], rank: PEER_RANK[r] || Number(r) };
}
const peerCards = (cs) => sortDesc(cs).map(toPeer);
const detect = (cs) => peer.detectCombination(peerCards(cs), 'south');
function beats(play, last) {
  const lastType = detect(last);
  return peer.canBeat(peerCards(play), { type: lastType, cards: peerCards(last), playerId: 'x' }, 'south');
}

// Interesting card sets: every kind of play and near misses, drawn from what is left in `pool`.
function ofRank(pool, r, n) {
  const got = shuffle(pool.filter((c) => rankOf(c) === r));
  return got.length >= n ? got.slice(0, n) : null;
}
function run(pool, start, len, per) {
  const out = [];
  for (let i = 0; i < len; i++) {
    const r = RANKS[start + i];
    if (r === undefined) return null;
    const g = ofRank(pool, r, per);
    if (!g) return null;
    out.push(...g);
  }
  return out;
}
function makeSet(pool, kind) {
  const top2 = rand() < 0.35;
  switch (kind) {
    case 'single': return top2 ? ofRank(pool, '2', 1) : ofRank(pool, pick(RANKS), 1);
    case 'pair': return top2 ? ofRank(pool, '2', 2) : ofRank(pool, pick(RANKS), 2);
    case 'trio': return ofRank(pool, pick(RANKS), 3);
    case 'four': return ofRank(pool, pick(RANKS), 4);
    case 'seq': return run(pool, Math.floor(rand() * 12), 3 + Math.floor(rand() * 5), 1);
    case 'pairs3': return run(pool, Math.floor(rand() * 11), 3, 2);
    case 'pairs4': return run(pool, Math.floor(rand() * 10), 4 + (rand() < 0.2 ? 1 : 0), 2);
    case 'near': { // a sequence or run of pairs reaching a 2, or with a gap
      const len = 3 + Math.floor(rand() * 3);
      const per = rand() < 0.5 ? 1 : 2;
      const start = rand() < 0.5 ? 13 - len : Math.floor(rand() * (13 - len));
      const ranks = RANKS.slice(start, start + len + 1).filter((_, i) => i !== 1 || rand() < 0.5).slice(0, len);
      const out = [];
      for (const r of ranks) { const g = ofRank(pool, r, per); if (!g) return null; out.push(...g); }
      return out;
    }
    default: return shuffle(pool).slice(0, 1 + Math.floor(rand() * 8)); // any cards
  }
}
const KINDS = ['single', 'pair', 'trio', 'four', 'seq', 'pairs3', 'pairs4', 'near', 'any'];
function drawSet(pool, kinds = KINDS) {
  for (;;) { const s = makeSet(pool, pick(kinds)); if (s && s.length) return sortAsc(s); }
}

const out = [];
const emit = (o) => out.push(JSON.stringify({ ...o, source: SOURCE }));

// classify: 600 sets
for (let i = 0; i < 600; i++) {
  const cards = drawSet(DECK);
  emit({ id: `classify-${String(i).padStart(3, '0')}`, kind: 'classify', cards, peer: detect(cards) || 'invalid' });
}

// compare: 600 pairs of disjoint plays, both real plays to the peer; the play to beat is often a
// 2 or a chop, the play is of the same kind or a chop
const CHOPS = ['four', 'pairs3', 'pairs4'];
let n = 0;
while (n < 600) {
  const last = drawSet(DECK, ['single', 'pair', 'pair', 'single', 'trio', 'four', 'seq', 'pairs3', 'pairs4']);
  const lastType = detect(last);
  if (!lastType) continue;
  const rest = DECK.filter((c) => !last.includes(c));
  const play = rand() < 0.5 ? drawSet(rest, CHOPS) : drawSet(rest, ['single', 'pair', 'trio', 'four', 'seq', 'pairs3', 'pairs4']);
  const playType = detect(play);
  if (!playType) continue;
  emit({ id: `compare-${String(n).padStart(3, '0')}`, kind: 'compare', play, last, play_kind: playType, last_kind: lastType, peer_beats: beats(play, last) });
  n++;
}

// respond: 250 hands of 7-10 cards and a play to answer (none: a free lead); the peer's answer is
// every subset of the hand that canBeat accepts (it has no move generator of its own)
function subsets(hand) {
  const res = [];
  for (let m = 1; m < (1 << hand.length); m++) res.push(hand.filter((_, i) => m & (1 << i)));
  return res;
}
n = 0;
while (n < 250) {
  const lead = n % 5 === 4;
  let last = null;
  if (!lead) {
    last = drawSet(DECK, ['single', 'single', 'pair', 'pair', 'trio', 'four', 'seq', 'pairs3']);
    if (!detect(last)) continue;
  }
  const rest = DECK.filter((c) => !(last || []).includes(c));
  // a hand with pairs and runs more often than a random one
  let hand = [];
  const size = 7 + Math.floor(rand() * 4);
  while (hand.length < size) {
    const s = drawSet(rest.filter((c) => !hand.includes(c)), ['pair', 'seq', 'pairs3', 'single', 'four', 'any']);
    hand = [...new Set([...hand, ...s])];
  }
  hand = sortAsc(hand.slice(0, size));
  const plays = subsets(hand).filter((s) => (last ? beats(s, last) : !!detect(s))).map(sortAsc);
  plays.sort((a, b) => a.length - b.length || a.join(' ').localeCompare(b.join(' ')));
  emit({ id: `respond-${String(n).padStart(3, '0')}`, kind: 'respond', hand, last, peer_plays: plays });
  n++;
}
process.stdout.write(out.join('\n') + '\n');

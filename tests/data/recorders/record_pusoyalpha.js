// Record classification, comparison and legal-play answers of kylemcdonald/pusoy-alpha's Pusoy Dos
// rules (src/core/combinations.ts: classifyCombo, beats; src/core/game.ts: legalMoves), with the
// peer's default rules (no wrap-around straights).
//
// Run outside paixing, against the peer compiled by tsc from its own sources, unchanged:
//   tsc --target es2020 --module commonjs --outDir BUILD \
//       src/core/cards.ts src/core/combinations.ts src/core/game.ts src/core/random.ts
//   node record_pusoyalpha.js BUILD SEED > pusoyalpha-pusoy-dos.jsonl
'use strict';
const path = require('path');

const build = path.resolve(process.argv[2]);
const peerCards = require(path.join(build, 'cards.js'));
const combos = require(path.join(build, 'combinations.js'));
const game = require(path.join(build, 'game.js'));
const SOURCE = 'kylemcdonald/pusoy-alpha@7ba82af511d5 src/core/combinations.ts, src/core/game.ts';
let seed = Number(process.argv[3] || 20261202) >>> 0;

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

// The peer writes cards as paixing does ('10D', 'AS'); this order (paixing's pusoy-dos order,
// ♣ < ♠ < ♥ < ♦) only makes the recorded lists tidy, the test compares sets.
const RANKS = ['3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A', '2'];
const SUITS = ['C', 'S', 'H', 'D'];
const DECK = RANKS.flatMap((r) => SUITS.map((s) => r + s));
const rankOf = (c) => c.slice(0, -1);
const suitOf = (c) => c.slice(-1);
const order = (c) => RANKS.indexOf(rankOf(c)) * 4 + SUITS.indexOf(suitOf(c));
const sortAsc = (cs) => [...cs].sort((a, b) => order(a) - order(b));
const toPeer = (cs) => cs.map(peerCards.cardFromId);
const classify = (cs) => combos.classifyCombo(toPeer(cs));
const kindOf = (cs) => { const c = classify(cs); return c ? c.kind : 'invalid'; };

// Interesting card sets: every kind of play and near misses, drawn from what is left in `pool`.
function ofRank(pool, r, n) {
  const got = shuffle(pool.filter((c) => rankOf(c) === r));
  return got.length >= n ? got.slice(0, n) : null;
}
// Five ranks in a row from `start` (an index into A 2 3 … K A: wrap-arounds A2345, 23456 and
// JQKA2 included), one card each, all of one suit when `suit` is given.
const CYCLE = ['A', '2', ...RANKS.slice(0, 11), 'A', '2'];
function straight(pool, start, suit) {
  const out = [];
  for (const r of CYCLE.slice(start, start + 5)) {
    const got = shuffle(pool.filter((c) => rankOf(c) === r && (!suit || suitOf(c) === suit)));
    if (!got.length) return null;
    out.push(got[0]);
  }
  return out;
}
function flush(pool) {
  const s = pick(SUITS);
  const got = shuffle(pool.filter((c) => suitOf(c) === s));
  return got.length >= 5 ? got.slice(0, 5) : null;
}
function groups(pool, sizes) { // e.g. [3, 2]: a full house; [2, 2, 1]: two pair and a card
  const ranks = shuffle(RANKS);
  const out = [];
  for (const n of sizes) {
    const g = ofRank(pool, ranks.pop(), n);
    if (!g) return null;
    out.push(...g);
  }
  return out;
}
const WRAPS = [0, 1, 11]; // A2345, 23456, JQKA2
function makeSet(pool, kind) {
  switch (kind) {
    case 'single': return ofRank(pool, pick(RANKS), 1);
    case 'pair': return ofRank(pool, rand() < 0.3 ? '2' : pick(RANKS), 2);
    case 'trio': return ofRank(pool, pick(RANKS), 3);
    case 'straight': return straight(pool, rand() < 0.25 ? pick(WRAPS) : 2 + Math.floor(rand() * 8), null);
    case 'flush': return flush(pool);
    case 'full_house': return groups(pool, [3, 2]);
    case 'four_one': return groups(pool, [4, 1]);
    case 'straight_flush': return straight(pool, rand() < 0.25 ? pick(WRAPS) : 2 + Math.floor(rand() * 8), pick(SUITS));
    case 'near': return pick([() => groups(pool, [2, 2, 1]), () => groups(pool, [2, 2]), () => groups(pool, [4]),
      () => groups(pool, [1, 1]), () => groups(pool, [2, 1]), () => groups(pool, [3, 1, 1])])();
    default: return shuffle(pool).slice(0, 1 + Math.floor(rand() * 6)); // any cards
  }
}
const KINDS = ['single', 'pair', 'trio', 'straight', 'straight', 'flush', 'full_house', 'four_one', 'straight_flush', 'near', 'any'];
function drawSet(pool, kinds = KINDS) {
  for (;;) { const s = makeSet(pool, pick(kinds)); if (s && s.length) return sortAsc(s); }
}
// A play of the same kind as `last` and often of the same rank, so that suits decide.
function rival(pool, last, kind) {
  const five = ['straight', 'flush', 'full_house', 'four-kind', 'straight-flush'];
  if (five.includes(kind)) {
    if (rand() < 0.5) return drawSet(pool, ['straight', 'flush', 'full_house', 'four_one', 'straight_flush']);
    const tops = [...new Set(last.map(rankOf))];
    if (kind === 'straight' || kind === 'straight-flush') { // the same ranks in other suits
      const out = tops.map((r) => ofRank(pool, r, 1));
      return out.every(Boolean) ? sortAsc(out.flat()) : null;
    }
    return drawSet(pool, [kind === 'four-kind' ? 'four_one' : kind.replace('-', '_')]);
  }
  const r = rand() < 0.5 ? rankOf(last[0]) : pick(RANKS);
  return ofRank(pool, r, last.length);
}

const out = [];
const emit = (o) => out.push(JSON.stringify({ ...o, source: SOURCE }));

// classify: 600 sets
for (let i = 0; i < 600; i++) {
  const cards = drawSet(DECK);
  emit({ id: `classify-${String(i).padStart(3, '0')}`, kind: 'classify', cards, peer: kindOf(cards) });
}

// compare: 600 pairs of disjoint plays, both real plays to the peer, of one size (the peer's
// `beats` is false across sizes, as paixing's); half of them of one kind, often of one rank.
let n = 0;
while (n < 600) {
  const last = drawSet(DECK, KINDS.slice(0, 9));
  const lastCombo = classify(last);
  if (!lastCombo) continue;
  const rest = DECK.filter((c) => !last.includes(c));
  const play = rand() < 0.5 ? rival(rest, last, lastCombo.kind) : drawSet(rest, KINDS.slice(0, 9));
  const playCombo = play && classify(play);
  if (!playCombo || play.length !== last.length) continue;
  emit({
    id: `compare-${String(n).padStart(3, '0')}`, kind: 'compare', play, last, play_kind: playCombo.kind,
    last_kind: lastCombo.kind, peer_beats: combos.beats(playCombo, lastCombo),
  });
  n++;
}

// respond: 250 hands of 8-13 cards and what they answer: a play (`last`), a free lead (`last`
// null) or the first play of the game (`first_play`: the hand holds both ♣3 and ♦3, so that the
// first-play rule of each binds: ♣3 for paixing, ♦3 for the peer). The peer's
// answer is its own move generator, legalMoves, on a two-player state where this hand is to move
// (pass left out).
function legal(hand, last, firstPlay) {
  const activeCombo = last ? classify(last) : null;
  const move = { type: 'play', cards: toPeer(last || ['2D']) };
  const entry = { turn: 1, player: 1, move, combo: activeCombo, activeCombo, remaining: [hand.length, 1], finished: [] };
  const state = {
    id: 'recorder', hands: [toPeer(hand), toPeer(['2S'])], currentPlayer: 0, activeCombo, lastPlayer: last ? 1 : null,
    passesSincePlay: 0, finished: [], history: firstPlay ? [] : [entry],
  };
  return game.legalMoves(state).filter((m) => m.type === 'play').map((m) => sortAsc(m.cards.map(peerCards.cardId)));
}
n = 0;
while (n < 250) {
  const firstPlay = n % 10 === 9;
  const lead = n % 10 === 4 || firstPlay;
  let last = null;
  if (!lead) {
    last = drawSet(DECK, KINDS.slice(0, 9));
    if (!classify(last)) continue;
  }
  const rest = DECK.filter((c) => !(last || []).includes(c));
  let hand = firstPlay ? ['3C', '3D'] : [];
  const size = 8 + Math.floor(rand() * 6);
  while (hand.length < size) {
    const s = drawSet(rest.filter((c) => !hand.includes(c)), ['pair', 'trio', 'straight', 'flush', 'full_house', 'single', 'any']);
    hand = [...new Set([...hand, ...s])];
  }
  hand = sortAsc(hand.slice(0, size));
  const plays = legal(hand, last, firstPlay);
  plays.sort((a, b) => a.length - b.length || a.map(order).join(',').localeCompare(b.map(order).join(',')));
  emit({ id: `respond-${String(n).padStart(3, '0')}`, kind: 'respond', hand, last, first_play: firstPlay, peer_plays: plays });
  n++;
}
process.stdout.write(out.join('\n') + '\n');

#!/usr/bin/env node
// A second, independent implementation of one variant's hand types (banzipao), written in
// JavaScript from the rulebook alone, speaking the conformance protocol of docs/conformance.md:
//
//   paixing conform banzipao --ops classify,beats,moves --cmd "node examples/banzipao_adapter.js"
//
// One JSON request a line on stdin, one JSON answer a line on stdout. It answers classify,
// beats and moves; for any other op it answers {"error": ...}, which the harness reports per case.
// Pass --break-straights to get a deliberately wrong implementation (straights of any length
// compare), which the harness catches and names.
"use strict";
const readline = require("readline");

const RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"];
const SEQUENCE = RANKS.slice(0, 12); // 2 never in a sequence
const SUITS = ["D", "C", "H", "S"];
const BROKEN = process.argv.includes("--break-straights");

// type id -> [rung, key uses length first, only same length compares]
const TYPES = {
  single: [0, false, false], pair: [0, false, false], straight: [0, false, true],
  bomb: [1, false, false], banzipao: [2, true, false], dou: [3, false, false],
  guntong: [4, true, false], gunlong: [5, true, false],
};
const NAMES = {
  single: ["单张", "Single"], pair: ["对子", "Pair"], straight: ["顺子", "Straight"],
  bomb: ["炸弹", "Bomb (three of a kind)"], banzipao: ["板子炮", "Banzipao (consecutive pairs)"],
  dou: ["豆", "Dou (four of a kind)"], guntong: ["滚筒", "Guntong (consecutive triples)"],
  gunlong: ["滚龙", "Gunlong (consecutive fours)"], shisanlan: ["十三烂", "Thirteen odds"],
};

// Card notation: "3S 10H", "TD", rank-only runs such as "334455" or "TTJJQQ".
function parseCards(text) {
  const cards = [];
  for (const token of text.trim().split(/\s+/).filter(Boolean)) {
    let m = token.match(/^(10|[2-9TJQKA])([SHCD♠♥♣♦])$/i);
    if (m) {
      cards.push({ rank: m[1].toUpperCase() === "T" ? "10" : m[1].toUpperCase(), suit: m[2] });
      continue;
    }
    const run = token.toUpperCase().replace(/10/g, "T");
    if (!/^[2-9TJQKA]+$/.test(run)) throw new Error(`bad card ${token}`);
    for (const ch of run) cards.push({ rank: ch === "T" ? "10" : ch, suit: null });
  }
  return cards;
}

const fmt = (cards) => cards.map((c) => c.rank + (c.suit || "")).join(" ");

function counts(cards) {
  const n = new Map();
  for (const c of cards) n.set(c.rank, (n.get(c.rank) || 0) + 1);
  return n;
}

// The readings of exactly these cards: [{type, top, length}]
function classify(cards) {
  const n = counts(cards);
  const ranks = [...n.keys()];
  const sizes = new Set(n.values());
  const len = cards.length;
  if (ranks.length === 13 && len === 13) return [{ type: "shisanlan", top: 12, length: 13 }];
  if (ranks.length === 1) {
    const type = { 1: "single", 2: "pair", 3: "bomb", 4: "dou" }[len];
    return type ? [{ type, top: RANKS.indexOf(ranks[0]), length: len }] : [];
  }
  if (sizes.size !== 1 || ranks.length < 3) return [];
  const idx = ranks.map((r) => SEQUENCE.indexOf(r)).sort((a, b) => a - b);
  if (idx[0] < 0 || idx[idx.length - 1] - idx[0] !== idx.length - 1) return [];
  const type = { 1: "straight", 2: "banzipao", 3: "guntong", 4: "gunlong" }[[...sizes][0]];
  return [{ type, top: idx[idx.length - 1], length: len }];
}

function beats(a, b) {
  const [ra, byLength, sameLength] = TYPES[a.type];
  const rb = TYPES[b.type][0];
  if (ra !== rb) return ra > rb;
  if (a.type !== b.type) return false;
  if (sameLength && a.length !== b.length && !BROKEN) return false;
  if (byLength && a.length !== b.length) return a.length > b.length;
  return a.top > b.top;
}

const playable = (cards) => classify(cards).filter((p) => p.type in TYPES);
const toJson = (p, cards) => ({ type: p.type, name: { zh: NAMES[p.type][0], en: NAMES[p.type][1] }, cards: fmt(cards) });

// Every distinct choice of k of the cards, in order (cards of an open suit, "334", are equal).
function choose(cards, k) {
  if (k === 0) return [[]];
  const out = new Map();
  for (let i = 0; i <= cards.length - k; i++) {
    for (const rest of choose(cards.slice(i + 1), k - 1)) {
      const some = [cards[i], ...rest];
      out.set(fmt(some), some);
    }
  }
  return [...out.values()];
}

// Every distinct play of a hand: every set of its cards (the called partner card makes which
// card of a rank is played matter: docs/rule-language.md, "Which cards a play uses").
function moves(hand, last) {
  const byRank = new Map();
  const order = (c) => RANKS.indexOf(c.rank) * 4 + SUITS.indexOf(c.suit);
  for (const c of [...hand].sort((x, y) => order(x) - order(y))) {
    if (!byRank.has(c.rank)) byRank.set(c.rank, []);
    byRank.get(c.rank).push(c);
  }
  const groups = [...byRank.values()];
  const out = [];
  const targets = last ? playable(last) : [];
  const walk = (i, picked) => {
    if (i === groups.length) {
      if (!picked.length) return;
      for (const p of playable(picked)) {
        if (targets.every((t) => beats(p, t))) out.push(toJson(p, picked));
      }
      return;
    }
    for (let k = 0; k <= groups[i].length; k++) {
      for (const some of choose(groups[i], k)) walk(i + 1, picked.concat(some));
    }
  };
  walk(0, []);
  return out;
}

function answer(req) {
  if (req.op === "classify") {
    const cards = parseCards(req.cards);
    return { plays: classify(cards).map((p) => toJson(p, cards)) };
  }
  if (req.op === "beats") {
    const a = playable(parseCards(req.play));
    const b = playable(parseCards(req.target));
    const verdict = a.some((x) => b.every((y) => beats(x, y)));
    return { beats: verdict, reason: verdict ? "higher" : "not higher" };
  }
  if (req.op === "moves") {
    return { plays: moves(parseCards(req.hand), req.last ? parseCards(req.last) : null) };
  }
  return { error: `op ${req.op} is not implemented` };
}

readline.createInterface({ input: process.stdin }).on("line", (line) => {
  if (!line.trim()) return;
  const req = JSON.parse(line);
  let out;
  try {
    out = answer(req);
  } catch (e) {
    out = { error: String(e.message || e) };
  }
  process.stdout.write(JSON.stringify({ id: req.id, ...out }) + "\n");
});

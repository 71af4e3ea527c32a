// The table page (/t/{code}) and the record viewer (/records/{id}) of `paixing serve`.
// The table: one websocket; every state message is this seat's whole view (docs/web.md), so the
// page is redrawn from it. Selecting cards asks the server how they read ({"type":"read"});
// buttons send {"type":"act"}. A dropped connection reconnects; the seat comes back by cookie.
(function () {
  "use strict";
  // The words come from the server's one table (engine/web/i18n.py, in the page as #page-strings):
  // "tbl.KEY" is w[KEY], "role.KEY" w.roles[KEY], "ev.KIND" w.ev[KIND] (a log event by its kind),
  // "mine.KIND" w.mine[KIND] (the same event when its seat is the reader's: "You pass").
  function words() {
    const w = {roles: {}, ev: {}, mine: {}};
    const strings = JSON.parse(document.getElementById("page-strings").textContent);
    for (const [key, value] of Object.entries(strings)) {
      const dot = key.indexOf("."), group = key.slice(0, dot), name = key.slice(dot + 1);
      if (group === "tbl") w[name] = value; else if (group === "role") w.roles[name] = value; else if (group === "ev") w.ev[name] = value; else if (group === "mine") w.mine[name] = value;
    }
    return w;
  }
  const SUIT = {S: "♠", H: "♥", C: "♣", D: "♦"};
  const el = (tag, attrs, ...kids) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") e.className = v; else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v === true ? "" : v);
    }
    for (const kid of kids.flat()) if (kid !== null && kid !== undefined) e.append(kid.nodeType ? kid : String(kid));
    return e;
  };
  function cardFace(card, wild) {
    const joker = card === "BJ" || card === "RJ";
    // a card of a deck's own (a token such as MJ or DR, declared in the variant's deck) is no rank and suit
    const special = !joker && !/^(10|[2-9TJQKA])[SHCD]$/.test(card);
    const suit = joker || special ? "" : card.slice(-1);
    const rank = joker ? (card === "RJ" ? "大王" : "小王") : special ? card : card.slice(0, -1);
    const red = suit === "H" || suit === "D" || card === "RJ";
    return el("span", {class: "pcard" + (red ? " red" : "") + (wild ? " wild" : "") + (joker ? " joker" : "") + (special ? " special" : ""),
      "data-card": card, title: card}, el("b", {}, rank), el("i", {}, special ? "◆" : SUIT[suit] || "🃏"), wild ? el("em", {}, "★") : null);
  }
  const cardsRow = (cards, wild) => el("span", {class: "cards"}, cards.map((c) => cardFace(c, wild && wild.includes(c))));

  function seatName(w, st, s) {
    if (st.you === s) return w.you;
    const meta = st.seats ? st.seats[s] : null;
    if (!meta || meta.kind !== "bot") return w.seat + " " + s;
    const [kind, ...budget] = meta.bot.split(":");  // "greedy", "search:200", "search:contract:8"
    return w.seat + " " + s + " (" + w.bot + " " + [w["bot_" + kind] || kind, ...budget].join(" ") + ")";
  }
  function eventLine(w, st, e, lang) {
    const who = e.seat !== undefined ? seatName(w, st, e.seat) + " " : "";
    const name = (e.seat !== undefined && e.seat === st.you && w.mine[e.event]) || w.ev[e.event] || e.event;
    const named = e.name ? e.name[lang] : (e.id || e.type || "");  // a file's id in the file's words
    switch (e.event) {
      case "play": return el("li", {}, who + name + " ", cardsRow(e.cards.split(" ")), " " + named + (e.as ? " = " + e.as : ""));
      case "bid": return el("li", {}, who + name + " " + e.value);
      case "contract": {  // the contract's name, and its declarer where the game has one
        return el("li", {}, name + ": " + named + (st.declarer !== null ? " · " + w.declarer + " " + seatName(w, st, e.declarer) : ""));
      }
      case "kitty": return el("li", {}, who + name + " ", cardsRow(e.cards.split(" ")));
      case "call": case "shown_card": return el("li", {}, who + name + " ", cardsRow([e.card]));
      case "side_public": return el("li", {}, who + name + " ", cardsRow(e.cards.split(" ")));
      case "tribute": case "tribute_back":
        return el("li", {}, who + name + " → " + seatName(w, st, e.to) + " ", cardsRow([e.card]));
      case "out": return el("li", {}, who + name + " (#" + e.place + ")");
      case "announced": return el("li", {}, who + name + " " + named);
      case "call_scored": return el("li", {}, who + named + " " + (e.made ? w.callMade : w.callFailed) + " " + (e.points > 0 ? "+" : "") + e.points);
      case "trick": return el("li", {class: "trick-line"}, who + name);
      case "deal": return el("li", {class: "deal-line"}, name);
      case "end": {  // the ending in the rulebook's words once the state carries them (result.reason_words)
        const words = st.result && st.result.reason_words ? st.result.reason_words[lang] : e.reason;
        return el("li", {class: "end-line"}, name + ": " + words + " [" + e.scores.join(", ") + "]");
      }
      case "wilds_drawn": return el("li", {}, name + ": " + e.ranks.join(" "));
      case "draw": return el("li", {}, who + name + " " + e.cards + " " + w.cardsLeft + " · " + w.stockLeft + " " + e.left);
      case "trick_given": return el("li", {}, who + name + " " + seatName(w, st, e.to) + " (" + e.captured + ")");
      case "wished": return el("li", {}, who + (e.rank === null ? w.noWish : name + " " + e.rank));
      case "wish_met": return el("li", {}, who + name + " " + e.rank);
      case "order_flip": return el("li", {}, who + (e.flipped ? name : w.orderBack));
      case "bonus": return el("li", {}, who + name + " " + named + " +" + e.pay);
      default: return el("li", {}, who + name + (named ? " " + named : "") + (e.times ? " ×" + e.times : ""));
    }
  }
  function resultTable(w, st, result, lang) {
    const rows = result.rows.map((r) => el("tr", {class: result.winners.includes(r.seat) ? "won" : ""},
      el("td", {}, seatName(w, st, r.seat)), el("td", {}, r.role ? (w.roles[r.role] || r.role) : "—"),
      el("td", {class: "num"}, r.place === null ? "—" : r.place),
      el("td", {class: "num"}, r.captured === null ? "—" : r.captured),
      result.rows.some((x) => x.after !== null) ? el("td", {class: "num"}, r.after === null ? "—" : r.after) : null,
      el("td", {class: "num score"}, (r.score > 0 ? "+" : "") + r.score)));
    const head = el("tr", {}, el("th", {}, w.seat), el("th", {}, w.role), el("th", {}, w.place), el("th", {}, w.captured),
      result.rows.some((x) => x.after !== null) ? el("th", {}, w.after) : null, el("th", {}, w.score));
    const parts = result.parts.map((p) => (p.name ? p.name[lang] : p.id) + " ×" + p.times).join(", ");
    return el("div", {class: "result", id: "result"},
      el("h2", {}, w.result + (result.contract ? " · " + result.contract.name[lang] : "")),
      el("div", {class: "scroll"}, el("table", {class: "scores"}, el("thead", {}, head), el("tbody", {}, rows))),
      el("p", {id: "reason"}, w.reason + ": " + (result.reason_words ? result.reason_words[lang] : result.reason) + " · " + w.winners + ": " +
        (result.winners.map((s) => seatName(w, st, s)).join(", ") || "—")),
      result.note ? el("p", {class: "note", id: "score-row"}, w.row + ": " + result.note[lang]) : null,
      el("p", {class: "note", id: "multiplier"}, w.mult + ": ×" + result.multiplier + (parts ? " (" + parts + ")" : "")));
  }

  // ---------------------------------------------------------------- the table
  function table(root) {
    const code = root.dataset.code, lang = root.dataset.lang === "en" ? "en" : "zh", w = words();
    const info = JSON.parse(document.getElementById("table-info").textContent);
    let st = null, ws = null, selected = new Set(), reading = null, readTimer = null, message = "", backoff = 500;
    let hintCards = null;  // the last hint (its cards are selected)
    function send(m) { if (ws && ws.readyState === 1) ws.send(JSON.stringify(m)); }
    function connect() {
      const proto = location.protocol === "https:" ? "wss" : "ws";
      ws = new WebSocket(proto + "://" + location.host + "/ws/t/" + code);
      ws.onopen = () => { backoff = 500; };
      ws.onmessage = (ev) => receive(JSON.parse(ev.data));
      ws.onclose = (ev) => { if (ev.code !== 4404) setTimeout(connect, backoff = Math.min(backoff * 2, 5000)); };
    }
    function receive(m) {
      if (m.type === "state") {
        const handChanged = !st || st.seq !== m.seq || st.hand_number !== m.hand_number;
        st = m;
        if (handChanged) { selected = new Set([...selected].filter((k) => keysOf(m.hand.map((h) => h.card)).has(k)));
          reading = null; hintCards = null; message = ""; if (selected.size) askReading(); }
      } else if (m.type === "reading") { reading = m; }
      else if (m.type === "hint") { hintCards = m; selected = keysOf(m.cards || []); reading = null;
        if (m.cards) askReading(); message = w.hint + ": " + m.action; }
      else if (m.type === "error") { message = m.message; }
      draw();
    }
    function askReading() {
      clearTimeout(readTimer);
      readTimer = setTimeout(() => { if (selected.size) send({type: "read", cards: pickCards()}); }, 120);
    }
    function keysOf(cards) {  // each card's key in the hand: its notation and which copy ("7S#2")
      const seen = {};
      return new Set(cards.map((c) => c + "#" + (seen[c] = (seen[c] || 0) + 1)));
    }
    function pickCards() {  // the selected cards, one entry per copy in the hand (two packs: "7S#1")
      return [...selected].map((k) => k.split("#")[0]);
    }
    async function join(seat) {
      const r = await fetch("/api/tables/" + code + "/join", {method: "POST", headers: {"content-type": "application/json"},
        body: JSON.stringify(seat === null ? {} : {seat})});
      const body = await r.json();
      if (!r.ok) { message = body.error; draw(); return; }
      if (ws) ws.close();
    }
    function draw() {
      if (!st) return;
      const mine = st.you !== null && st.turn === st.you && st.phase !== "over";
      root.replaceChildren();
      root.classList.toggle("my-turn", mine);
      // header: game, hand, level, wild, contract, timer
      const facts = [];
      if (st.level) facts.push(w.level + " " + st.level);
      if (st.wild.length) {  // one fact: the wild cards as cards, wild ranks (one letter) as text
        const ranks = st.wild.filter((c) => c.length <= 1 && c !== "BJ").join(" ");
        facts.push(el("span", {}, w.wild + " ", cardsRow(st.wild.filter((c) => c.length > 1 || c === "BJ")), ranks ? " " + ranks : ""));
      }
      if (st.contract && st.contracts > 1) facts.push(w.contract + " " + st.contract.name[lang]);
      if (st.declarer !== null) facts.push(w.declarer + " " + seatName(w, st, st.declarer));
      if (st.partner !== null && st.partner !== undefined) facts.push(w.partner + " " + seatName(w, st, st.partner));
      if (st.called) facts.push(el("span", {}, w.called + " ", cardsRow([st.called])));
      if (st.deadline !== null) facts.push(el("span", {class: "timer", "data-deadline": st.deadline}, w.timer + " " + Math.ceil(st.deadline) + "s"));
      root.append(el("div", {class: "thead"},
        el("h1", {}, st.variant.name[lang]),
        el("span", {class: "hno"}, w.hand.replace("{n}", st.hand_number)),
        el("span", {class: "code"}, w.copy + ": ", el("a", {href: "/t/" + code, id: "invite"}, location.host + "/t/" + code)),
        el("div", {class: "facts", id: "facts"}, facts.map((f) => el("span", {class: "fact"}, f)))));
      // seats around: in playing order from you
      const order = []; const base = st.you === null ? 0 : st.you;
      for (let i = 0; i < st.n; i++) order.push((base + i) % st.n);
      const trickBy = {}; for (const t of st.trick) trickBy[t.seat] = t;
      root.append(el("div", {class: "seats", id: "seats"}, order.map((s) => {
        const meta = st.seats[s], t = trickBy[s];
        return el("div", {class: "seat" + (st.turn === s ? " turn" : "") + (s === st.you ? " me" : ""), "data-seat": s},
          el("div", {class: "who"}, seatName(w, st, s), meta.role ? el("span", {class: "badge"}, w.roles[meta.role] || meta.role) : null,
            meta.kind === "human" ? el("span", {class: "dot " + (meta.connected ? "on" : "off"), title: meta.connected ? w.connected : w.away}) : null),
          el("div", {class: "left"}, meta.cards_left + " " + w.cardsLeft + (st.capture !== "none" ? " · " + w.points + " " + st.captured[s] : "")),
          el("div", {class: "played"}, t ? (t.pass ? el("span", {class: "passed"}, w.pass) : cardsRow(t.cards, st.wild)) : ""),
          meta.kind === "human" && !meta.taken && st.you === null ? el("button", {class: "btn felt", onclick: () => join(s), "data-join": s}, w.join) : null);
      })));
      // the play to beat
      root.append(el("div", {class: "tobeat", id: "tobeat"}, st.last ?
        [w.toBeat + ": ", cardsRow(st.last.cards, st.wild), " " + st.last.name[lang] + (st.last.as ? " = " + st.last.as : "") + " · " + seatName(w, st, st.last.seat)]
        : (mine && st.phase === "play" ? w.lead : ""),
        el("div", {class: "turnline", id: "turn"}, st.phase === "over" ? w.ev.end : (mine ? (st.out_of_turn ? w.yourWindow : w.yourTurn) : w.turn + ": " + seatName(w, st, st.turn) + (st.out_of_turn ? " (" + w.ev.out_of_turn + ")" : "")))));
      // your hand
      if (st.you !== null) {
        const counts = {};
        root.append(el("div", {class: "hand", id: "hand"}, st.hand.map((h) => {
          counts[h.card] = (counts[h.card] || 0) + 1;
          const key = h.card + "#" + counts[h.card];
          const face = cardFace(h.card, h.wild);
          return el("button", {class: "cardbtn" + (selected.has(key) ? " selected" : ""),
            "data-card": h.card, "data-key": key, "aria-pressed": selected.has(key) ? "true" : "false",
            onclick: () => { selected.has(key) ? selected.delete(key) : selected.add(key); reading = null; askReading(); draw(); }}, face);
        })));
        // how the selection reads
        const readLine = el("div", {class: "reading", id: "reading"});
        if (selected.size && reading) {
          if (reading.readings.length) readLine.append(w.reads + ": " + reading.readings.map((r) => r.name[lang] + (r.as ? " = " + r.as : "")).join(" / "));
          if (reading.error) readLine.append(el("span", {class: "error", id: "why"}, " " + reading.error));
        }
        root.append(readLine);
        // buttons
        const bar = el("div", {class: "actions", id: "actions"});
        if (mine && st.legal.length) {  // a contract step's actions; in play, a wish, a gift, a call
          const label = (a) => a.kind === "pass" ? w.pass : a.name ? a.name[lang]
            : a.kind === "wish" ? (a.card ? w.wishFor + " " + a.card : w.noWishButton)
            : a.kind === "gift" ? w.giftTo + " " + seatName(w, st, a.value)
            : a.card ? cardsRow([a.card]) : a.action;
          const to = st.legal[0].to;  // cards passed: whom this one goes to
          if (to !== undefined) bar.append(el("div", {class: "step-head", id: "step-head"}, w.giveTo + " " + seatName(w, st, to)));
          bar.append(el("div", {class: "steps", id: "steps"}, st.legal.map((a) => el("button", {class: "btn felt", "data-action": a.action,
            onclick: () => send({type: "act", action: a.action, seq: st.seq})}, label(a)))));
        }
        if (st.phase === "play") {
          const canPlay = mine && reading && reading.ok;
          bar.append(el("button", {class: "btn primary", id: "play-btn", disabled: !canPlay,
            onclick: () => { send({type: "act", action: reading.action, seq: st.seq}); selected = new Set(); reading = null; }}, w.play));
          bar.append(el("button", {class: "btn", id: "pass-btn", disabled: !(mine && st.can_pass),
            onclick: () => { send({type: "act", action: "pass", seq: st.seq}); selected = new Set(); }}, w.pass));
          bar.append(el("button", {class: "btn", id: "clear-btn", onclick: () => { selected = new Set(); reading = null; draw(); }}, w.clear));
        }
        if (mine) bar.append(el("button", {class: "btn", id: "hint-btn", onclick: () => send({type: "hint"})}, w.hint));
        root.append(bar);
      } else {
        root.append(el("p", {class: "note", id: "spectating"}, w.spectator));
      }
      if (message) root.append(el("p", {class: "message error", id: "message"}, message));
      if (st.result) {
        const box = resultTable(w, st, st.result, lang);
        if (st.record_id) box.append(el("p", {}, el("a", {href: "/records/" + st.record_id, id: "record-link"}, w.record)));
        if (st.finished) box.append(el("p", {class: "note"}, w.finished));
        else if (st.you !== null) box.append(st.ready.includes(st.you) ? el("p", {class: "note"}, w.waitingNext)
          : el("button", {class: "btn primary", id: "next-btn", onclick: () => send({type: "next"})}, w.next));
        root.append(box);
      }
      // the log, newest last
      const log = el("ol", {class: "log", id: "log", start: st.log_start + 1}, st.log.slice(-60).map((e) => eventLine(w, st, e, lang)));
      root.append(el("details", {class: "logbox", open: true}, el("summary", {}, w.log), log));
    }
    setInterval(() => {  // the turn timer counts down between states
      const t = root.querySelector(".timer");
      if (t && st && st.deadline !== null) { st.deadline = Math.max(0, st.deadline - 1); t.textContent = w.timer + " " + Math.ceil(st.deadline) + "s"; }
    }, 1000);
    void info;
    connect();
  }

  // ---------------------------------------------------------------- the record viewer
  async function viewer(root) {
    const lang = root.dataset.lang === "en" ? "en" : "zh", w = words();
    const r = await fetch("/api/records/" + root.dataset.id + "/frames");
    const data = await r.json();
    if (!r.ok) { root.append(el("p", {class: "error"}, data.error)); return; }
    let h = 0, i = 0;
    function go(hand, step) { h = hand; i = Math.max(0, Math.min(step, data.hands[h].frames.length - 1)); draw(); }
    function nextTrick() {
      const frames = data.hands[h].frames;
      let j = i + 1; while (j < frames.length - 1 && !frames[j].trick_end) j++;
      go(h, j);
    }
    function draw() {
      const hand = data.hands[h], f = hand.frames[i], st = {you: null, seats: null};
      root.replaceChildren();
      if (data.hands.length > 1) root.append(el("div", {class: "hands-nav"}, data.hands.map((_, k) =>
        el("button", {class: "btn" + (k === h ? " primary" : ""), onclick: () => go(k, 0)}, w.hand.replace("{n}", k + 1)))));
      root.append(el("div", {class: "actions", id: "steps-nav"},
        el("button", {class: "btn", id: "first", onclick: () => go(h, 0)}, w.first),
        el("button", {class: "btn", id: "prev", onclick: () => go(h, i - 1)}, w.prev),
        el("button", {class: "btn", id: "step", onclick: () => go(h, i + 1)}, w.nextStep),
        el("button", {class: "btn primary", id: "next-trick", onclick: nextTrick}, w.nextTrick),
        el("button", {class: "btn", id: "end", onclick: () => go(h, hand.frames.length - 1)}, w.last),
        el("span", {class: "note", id: "position"}, (i) + " / " + (hand.frames.length - 1))));
      const trickBy = {}; for (const t of f.trick) trickBy[t.seat] = t;
      root.append(el("div", {class: "seats"}, f.hands.map((cards, s) => el("div", {class: "seat" + (f.turn === s ? " turn" : ""), "data-seat": s},
        el("div", {class: "who"}, seatName(w, st, s) + " · " + f.scores[s]),
        el("div", {class: "vhand"}, cards.map((c) => cardFace(c.card, c.wild))),
        el("div", {class: "played"}, trickBy[s] ? (trickBy[s].pass ? w.pass : cardsRow(trickBy[s].cards)) : "")))));
      root.append(el("ol", {class: "log", id: "log"}, f.events.map((e) => eventLine(w, st, e, lang))));
      if (i === hand.frames.length - 1) root.append(resultTable(w, st, hand.result, lang));
    }
    go(0, 0);
  }

  const t = document.getElementById("table");
  if (t) table(t);
  const v = document.getElementById("viewer");
  if (v) viewer(v);
})();

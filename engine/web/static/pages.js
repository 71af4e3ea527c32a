// The gallery's and the book page's actions: "play against bots" opens a table of one person
// and bots at once; "open a table" asks for each seat's kind first. Both POST /api/tables
// ({variant, seats, lang} -> {code, url, seat_token}) and go to the table's url.
"use strict";

const PAGE = {
  strings: JSON.parse(document.getElementById("page-strings")?.textContent || "{}"),
  lang: document.documentElement.lang.startsWith("zh") ? "zh" : "en",
};

function word(key, slots) {
  let text = PAGE.strings[key] || key;
  for (const [k, v] of Object.entries(slots || {})) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}

// The request body the table endpoint takes (docs/web.md).
function tableRequest(variant, seats) {
  return { variant: variant, seats: seats, lang: PAGE.lang };
}

async function openTable(variant, seats, report) {
  report(word("table.opening"));
  let reply;
  try {
    reply = await fetch("/api/tables", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(tableRequest(variant, seats)),
    });
  } catch (err) {
    report(word("table.failed", { why: String(err) }), true);
    return null;
  }
  let data = {};
  try { data = await reply.json(); } catch (err) { data = { error: reply.statusText }; }
  if (!reply.ok || !data.url) {
    report(word("table.failed", { why: data.error || reply.status }), true);
    return null;
  }
  // The seat token lets this browser sit down at its seat again after a reload.
  try { sessionStorage.setItem(`paixing.seat.${data.code}`, data.seat_token || ""); } catch (err) { /* private mode */ }
  window.location.assign(data.url);
  return data;
}

function botSeats(players) {
  return ["human", ...Array.from({ length: Math.max(players - 1, 0) }, () => "bot:greedy")];
}

function showForm(variant, name, players) {
  const dialog = document.getElementById("table-form");
  const seats = document.getElementById("seats");
  const template = document.getElementById("seat-template");
  document.getElementById("table-form-title").textContent = word("table.title", { name: name });
  document.getElementById("table-message").textContent = "";
  seats.replaceChildren();
  for (let i = 0; i < players; i++) {
    const row = template.content.firstElementChild.cloneNode(true);
    row.querySelector(".seatname").textContent = word("table.seat", { n: i + 1 });
    row.querySelector("select").value = i === 0 ? "human" : "bot:greedy";
    seats.appendChild(row);
  }
  dialog.dataset.variant = variant;
  if (typeof dialog.showModal === "function") dialog.showModal(); else dialog.setAttribute("open", "");
}

function formSeats() {
  return [...document.querySelectorAll("#seats select")].map((s) => s.value);
}

function wire() {
  for (const button of document.querySelectorAll("[data-act]")) {
    const card = button.closest("[data-variant]");
    const variant = card.dataset.variant;
    const players = Number(card.dataset.players);
    const name = card.querySelector("h1, h3").textContent.trim();
    button.addEventListener("click", () => {
      if (button.dataset.act === "bots") {
        openTable(variant, botSeats(players), (text, bad) => {
          button.textContent = text;
          if (bad) button.classList.add("error");
        });
      } else {
        showForm(variant, name, players);
      }
    });
  }
  const open = document.getElementById("table-open");
  if (open) {
    open.addEventListener("click", () => {
      const dialog = document.getElementById("table-form");
      const message = document.getElementById("table-message");
      openTable(dialog.dataset.variant, formSeats(), (text) => { message.textContent = text; });
    });
  }
  // The book's frame grows to its content, so that the page scrolls as one.
  const frame = document.getElementById("book");
  if (frame) {
    const fit = () => {
      try {
        const doc = frame.contentDocument;
        if (doc && doc.documentElement) frame.style.height = `${doc.documentElement.scrollHeight + 4}px`;
      } catch (err) { /* another origin: keep the fixed height */ }
    };
    frame.addEventListener("load", () => { fit(); setTimeout(fit, 300); });
    window.addEventListener("resize", fit);
  }
}

wire();

// The rule editor (editor.html). After each pause in typing the text goes to POST /api/validate
// (the loader and example runs of `paixing validate`); its problems are marked at their line and
// column (a gutter dot, a wavy underline, the message list). When there are none, the rulebook
// preview asks POST /api/preview for the book (seconds for a child: one request at a time, the
// latest text asked again when it answers). The "differences" tab asks POST /api/diff.
// Save, Download and Try a hand act on the text as it is. Uses word() and openTable() of pages.js.
"use strict";

const EDITOR = JSON.parse(document.getElementById("editor-data").textContent);
const PAUSE_MS = 500;
const state = {
  seq: 0, diffSeq: 0, marks: [], lines: [], last: null, diffFor: null, timer: null,
  booking: false, bookWanted: null, bookFor: null, books: 0,
};

const area = document.getElementById("source");
const cm = window.CodeMirror ? CodeMirror.fromTextArea(area, {
  mode: "yaml", lineNumbers: true, indentUnit: 2, tabSize: 2, smartIndent: true,
  gutters: ["problem-gutter", "CodeMirror-linenumbers"], viewportMargin: 50,
  extraKeys: { Tab: (ed) => ed.replaceSelection("  ") },
}) : null;
// The text, whichever editor shows it (a plain textarea when CodeMirror is missing).
const source = {
  get: () => (cm ? cm.getValue() : area.value),
  onChange: (fn) => (cm ? cm.on("change", fn) : area.addEventListener("input", fn)),
  goTo: (line, col) => {
    if (cm) { cm.focus(); cm.setCursor({ line: line - 1, ch: Math.max(col - 1, 0) }); cm.scrollIntoView(null, 80); }
  },
};
const nameInput = document.getElementById("name");
const message = document.getElementById("message");

function say(text, bad) {
  message.textContent = text;
  message.classList.toggle("error", Boolean(bad));
}

async function post(url, body) {
  const reply = await fetch(url, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  let data;
  try { data = await reply.json(); } catch (err) { data = { error: `${reply.status} ${reply.statusText}` }; }
  return { status: reply.status, data: data };
}

function clearMarks() {
  for (const m of state.marks) m.clear();
  for (const line of state.lines) cm.removeLineClass(line, "background", "cm-problem-line");
  state.marks = [];
  state.lines = [];
  cm.clearGutter("problem-gutter");
}

// The wavy underline runs from the problem's column to the end of the word (the key or value).
function markProblem(p) {
  const line = p.line - 1;
  if (line < 0 || line >= cm.lineCount()) return;
  const text = cm.getLine(line);
  const from = Math.min(Math.max(p.col - 1, 0), text.length);
  let to = from;
  while (to < text.length && !/[\s:,\]}]/.test(text[to])) to++;
  if (to === from) to = Math.min(from + 1, text.length);
  const dot = document.createElement("span");
  dot.className = "gutter-mark";
  dot.textContent = "!";
  dot.title = p.message;
  cm.setGutterMarker(line, "problem-gutter", dot);
  state.lines.push(cm.addLineClass(line, "background", "cm-problem-line"));
  if (to > from) state.marks.push(cm.markText({ line, ch: from }, { line, ch: to }, { className: "cm-problem-mark", title: p.message }));
}

function showProblems(result) {
  const status = document.getElementById("status");
  const list = document.getElementById("problems");
  list.replaceChildren();
  if (cm) clearMarks();
  if (result.error) {
    status.textContent = result.error;
    status.className = "status bad";
    return;
  }
  if (result.ok) {
    status.textContent = word("editor.ok", { types: result.hand_types, examples: result.examples });
    status.className = "status ok";
  } else {
    status.textContent = word("editor.problems", { n: result.problems.length });
    status.className = "status bad";
  }
  for (const p of [...result.problems, ...(result.warnings || []).map((w) => ({ text: w, warning: true }))]) {
    const item = document.createElement("li");
    if (p.line) {
      const at = document.createElement("span");
      at.className = "at";
      at.textContent = `${p.file}:${p.line}:${p.col}`;
      item.append(at, p.message);
      if (p.here) item.addEventListener("click", () => source.goTo(p.line, p.col));
    } else {
      item.textContent = p.text;
    }
    item.dataset.line = p.here ? p.line : "";
    list.appendChild(item);
    if (cm && p.here && p.line) markProblem(p);
  }
}

function showBook(html) {
  const frame = document.getElementById("preview");
  let y = 0;
  try { y = frame.contentWindow.scrollY; } catch (err) { y = 0; }
  frame.onload = () => { try { frame.contentWindow.scrollTo(0, y); } catch (err) { /* nothing */ } };
  frame.srcdoc = html;
}

async function check() {
  const seq = ++state.seq;
  const text = source.get();
  document.getElementById("status").textContent = word("editor.checking");
  let reply;
  try {
    reply = await post("/api/validate", { text: text, name: nameInput.value.trim() });
  } catch (err) {
    reply = { status: 0, data: { error: String(err) } };
  }
  if (seq !== state.seq) return; // a newer check is on its way
  state.last = reply.data;
  showProblems(reply.data);
  if (reply.data.ok) preview(text, nameInput.value.trim());
  if (!document.getElementById("panel-diff").hidden) differences();
}

// One book request at a time; a text typed meanwhile is asked for when it answers.
async function preview(text, name) {
  if (state.bookFor === text + "\0" + name) return;
  if (state.booking) { state.bookWanted = [text, name]; return; }
  state.booking = true;
  document.getElementById("panel-book").classList.add("busy");
  try {
    const reply = await post("/api/preview", { text: text, name: name, lang: EDITOR.lang });
    if (reply.data.book) {
      showBook(reply.data.book);
      state.bookFor = text + "\0" + name;
      state.books += 1;
    }
  } catch (err) { /* the next check asks again */ }
  state.booking = false;
  document.getElementById("panel-book").classList.remove("busy");
  const next = state.bookWanted;
  state.bookWanted = null;
  if (next && next[0] === source.get()) preview(next[0], next[1]);
}

function later() {
  clearTimeout(state.timer);
  state.timer = setTimeout(check, PAUSE_MS);
}

function diffText(found) {
  const d = found.diff;
  if (!d) return word("editor.no_parent");
  const out = [word("editor.parent_vs", { a: d.a, b: d.b })];
  if (d.hand) out.push(JSON.stringify(d.hand));
  if (!d.changed.length && !d.groups.length) return [...out, "", word("editor.same")].join("\n");
  out.push("", word("editor.changed", { n: d.changed.length }));
  const covered = d.groups.flatMap((g) => g.rule.split("+").map((s) => s.trim()));
  for (const key of d.changed) {
    const meaning = d.changed_docs[key];
    const found = covered.some((r) => key === r || key.startsWith(`${r}.`) || key.startsWith(`${r}[`));
    out.push(`  ${key}${meaning ? `: ${meaning}` : ""}${found ? "" : `  ${word("editor.no_case")}`}`);
  }
  if (d.groups.length) out.push("", word("editor.cases"));
  for (const g of d.groups) {
    const counts = Object.entries(g.counts).map(([k, n]) => `${n} ${k}`).join(", ");
    out.push(`${g.rule}  (${counts})`);
    if (g.meaning) out.push(`  ${g.meaning}`);
    for (const c of g.cases) out.push(`  ${caseLine(c, d)}`);
  }
  return out.join("\n");
}

// One case as `paixing diff` prints it.
function caseLine(c, d) {
  if (c.kind === "classify") return `classify ${c.cards}: ${d.a} ${JSON.stringify(c.a)}, ${d.b} ${JSON.stringify(c.b)}`;
  if (c.kind === "beats") return `beats ${c.play} on ${c.target}: ${d.a} ${c.a}, ${d.b} ${c.b}`;
  if (c.kind === "moves") return `moves ${c.hand}: only in ${d.a} ${JSON.stringify(c.a)}, only in ${d.b} ${JSON.stringify(c.b)}`;
  return `score (${c.contract}): ${d.a} ${JSON.stringify(c.a)}, ${d.b} ${JSON.stringify(c.b)}`;
}

async function differences() {
  const text = source.get();
  if (state.diffFor === text) return;
  const seq = ++state.diffSeq;
  const pre = document.getElementById("diff");
  pre.textContent = word("editor.diffing");
  let reply;
  try {
    reply = await post("/api/diff", { text: text, name: nameInput.value.trim(), parent: EDITOR.parent || null });
  } catch (err) {
    reply = { data: { error: String(err) } };
  }
  if (seq !== state.diffSeq) return;
  const r = reply.data;
  if (r.error) pre.textContent = r.error;
  else if (!r.ok) pre.textContent = r.problems.map((p) => p.text).join("\n");
  else { pre.textContent = diffText(r); state.diffFor = text; }
}

function selectTab(which) {
  for (const tab of ["book", "diff"]) {
    document.getElementById(`tab-${tab}`).setAttribute("aria-selected", String(tab === which));
    document.getElementById(`panel-${tab}`).hidden = tab !== which;
  }
  if (which === "diff") differences();
}

async function save(overwrite) {
  const name = nameInput.value.trim();
  say(word("editor.saving"));
  const reply = await post("/api/save", { text: source.get(), name: name, overwrite: Boolean(overwrite) });
  if (reply.status === 409 && /exists/.test(reply.data.error || "") && !overwrite) {
    if (window.confirm(word("editor.overwrite", { file: `${name}.yaml` }))) return save(true);
    say("");
    return null;
  }
  if (reply.status !== 201) {
    if (reply.data.problems) showProblems(reply.data);
    say(reply.data.error || word("editor.fix_first"), true);
    return null;
  }
  EDITOR.saved = reply.data.id;
  say(word("editor.saved", { file: reply.data.file }));
  return reply.data;
}

function download() {
  const blob = new Blob([source.get()], { type: "application/yaml" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = `${nameInput.value.trim() || "variant"}.yaml`;
  document.body.appendChild(link);
  link.click();
  setTimeout(() => { URL.revokeObjectURL(link.href); link.remove(); }, 1000);
}

// A hand against bots needs a saved file: the table endpoint takes a variant id.
async function tryHand() {
  const saved = await save(EDITOR.saved === nameInput.value.trim());
  if (!saved) return;
  const players = (state.last && state.last.players) || EDITOR.players || 4;
  await openTable(saved.id, botSeats(players), (text, bad) => say(text, bad));
}

source.onChange(later);
nameInput.addEventListener("input", later);
document.getElementById("tab-book").addEventListener("click", () => selectTab("book"));
document.getElementById("tab-diff").addEventListener("click", () => selectTab("diff"));
document.getElementById("save").addEventListener("click", () => save(EDITOR.saved === nameInput.value.trim()));
document.getElementById("download").addEventListener("click", download);
document.getElementById("try").addEventListener("click", tryHand);
window.paixingEditor = { cm: cm, check: check, state: state, differences: differences };
check();

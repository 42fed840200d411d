// The lobby (the open tables, live; a new table with its rules as a form), the seating (a seat taken, or
// watching) and the rules page of a variant (docs/protocol.md, "HTTP: the lobby").

import { $, api, el, I18N, relabel, t, taria, tel, variantName } from "./common.js";
import { play } from "./table.js";

export function tokenKey(id) { return `pref-token-${id}`; }
const NAME_KEY = "pref-name";
const POLL_MS = 3000;
const DEFAULT_NAMES = ["Anna", "Boris", "Vera", "Gleb"];

const myName = () => (localStorage.getItem(NAME_KEY) || "").trim();
const languageName = (code) => (I18N.languages.find((l) => l.code === code) || { name: code || "" }).name;

// ------------------------------------------------------------------ the lobby

export async function lobby() {
  $("lobby").hidden = false;
  const nameBox = $("lobby-name");
  nameBox.value = myName();
  nameBox.addEventListener("input", () => {
    localStorage.setItem(NAME_KEY, nameBox.value.trim());
    const first = $("create")["name-0"];
    if (first && !$("create")["kind-0"].value) first.value = nameBox.value.trim() || DEFAULT_NAMES[0];
  });
  pollTables();
  await newTableForm();
}

// the open tables, asked for again every few seconds while the lobby is shown; the finished ones (for their
// replays) every fifth time
let lastTables = [], lastFinished = [], polls = 0;
async function pollTables() {
  try {
    const { tables } = await api("/api/tables");
    if (polls++ % 5 === 0) lastFinished = (await api("/api/tables?over=1")).tables;
    lastTables = tables;
    $("tables-error").textContent = "";
    drawTables();
  } catch (e) {
    $("tables-error").textContent = t("the list of tables is not available now ({error})", { error: e.message });
  }
  if (!$("lobby").hidden) setTimeout(pollTables, POLL_MS);
}
relabel.push(() => { if (!$("lobby").hidden) drawTables(); });

function drawTables() {
  $("tables-empty").hidden = lastTables.length > 0;
  drawList($("tables-list"), lastTables);
  $("finished-box").hidden = lastFinished.length === 0;
  const summary = $("finished-summary");
  summary.dataset.i18nArgs = JSON.stringify({ n: lastFinished.length });
  summary.dataset.i18n = "Finished tables ({n})";
  summary.textContent = t("Finished tables ({n})", { n: lastFinished.length });
  drawList($("finished-list"), lastFinished);
}

function drawList(list, tables) {
  const lastTables = tables;
  // a button keeps its place (and its focus) when the list is drawn again: rows are matched by table id
  const old = new Map([...list.children].map((li) => [li.dataset.table, li]));
  const rows = lastTables.map((tb) => {
    const row = tableRow(tb);
    const before = old.get(tb.id);
    if (before && before.dataset.sig === row.dataset.sig) return before;
    return row;
  });
  const focused = document.activeElement && list.contains(document.activeElement)
    ? [document.activeElement.closest("li")?.dataset.table, document.activeElement.dataset.do] : null;
  list.replaceChildren(...rows);
  if (focused && !list.contains(document.activeElement)) {
    const again = list.querySelector(`li[data-table="${focused[0]}"] [data-do="${focused[1]}"]`);
    if (again) again.focus();
  }
}

function tableRow(tb) {
  const mine = localStorage.getItem(tokenKey(tb.id)) !== null;
  const seats = tb.seats.map((s) => el("li", { class: `seat-chip${s.bot ? " bot" : ""}${!s.bot && !s.held ? " free" : ""}` },
    !s.bot && !s.held ? t("free seat") : s.bot ? t("{name} (bot)", { name: s.name }) : s.name));
  const facts = [
    tb.over ? "" : tb.free.length ? t("free seats: {n}", { n: tb.free.length }) : t("no free seat"),
    languageName(tb.lang),
    t("watchers: {n}", { n: tb.watchers }),
    tb.over ? t("finished") : t("deal {n}", { n: (tb.deal || 0) + 1 }),
  ];
  const buttons = el("div", { class: "table-buttons" });
  if (mine && !tb.over) {
    buttons.append(el("a", { class: "button primary", href: `/t/${tb.id}`, "data-do": "back", text: t("Your seat") }));
  } else if (tb.free.length && !tb.over) {
    buttons.append(el("button", { type: "button", class: "primary", "data-do": "sit", text: t("Sit"),
      ...taria("Sit at table {id}", { id: tb.id }), onclick: () => sitDown(tb) }));
  }
  if (!tb.over) {
    buttons.append(el("a", { class: "button", href: `/t/${tb.id}?watch`, "data-do": "watch", text: t("Watch"),
                             ...taria("Watch table {id}", { id: tb.id }) }));
  }
  if (tb.over || mine) {
    buttons.append(el("a", { class: "button", href: `/t/${tb.id}/replay`, "data-do": "replay", text: t("Replay"),
                             ...taria("Replay of table {id}", { id: tb.id }) }));
  }
  const li = el("li", { class: `table-item${tb.over ? " over" : ""}`, "data-table": tb.id },
    el("div", { class: "table-head" }, el("strong", { text: variantName(tb) }),
       el("span", { class: "muted", text: t("table {id}", { id: tb.id }) })),
    el("ul", { class: "seat-chips", ...taria("players") }, ...seats),
    el("p", { class: "table-facts muted", text: facts.filter(Boolean).join(" · ") }),
    buttons);
  li.dataset.sig = JSON.stringify([tb, mine, I18N.lang]);
  return li;
}

// "Sit" in the list: the first free seat, under the lobby's name
async function sitDown(tb) {
  const seat = tb.free[0];
  const name = myName() || (tb.seats[seat] && tb.seats[seat].name) || DEFAULT_NAMES[seat] || "Player";
  try {
    const got = await api(`/api/tables/${tb.id}/join`, { seat, name });
    localStorage.setItem(tokenKey(tb.id), got.token);
    location.href = `/t/${tb.id}`;
  } catch (e) {
    $("tables-error").textContent = e.message;
  }
}

// ------------------------------------------------------------------ a new table

async function newTableForm() {
  const select = $("variant");
  const submit = $("create-button");
  submit.disabled = true;
  let loaded;
  for (;;) {  // a server just started may not answer yet: the menu says "loading…" until it does
    try { loaded = await api("/api/variants"); break; } catch (e) {
      $("lobby-error").textContent = e.message;
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
  $("lobby-error").textContent = "";
  const { variants, bots } = loaded;
  select.replaceChildren(...variants.map((v) => el("option", { value: v.name, text: variantName(v) })));
  const asked = new URLSearchParams(location.search).get("variant");
  select.value = variants.some((v) => v.name === asked) ? asked
    : variants.some((v) => v.name === "sochi") ? "sochi" : variants[0].name;
  submit.disabled = false;
  const variant = () => variants.find((x) => x.name === select.value);
  // the seats: as many as the rules' players (a rule of the form), their names and kinds kept when redrawn
  const players = () => {
    const n = Number(rules.value("players"));
    return Number.isInteger(n) && n >= 2 && n <= 6 ? n : variant().players;
  };
  const seatRows = () => {
    const box = $("seat-setup");
    const form = $("create");
    const before = [...box.querySelectorAll(".row")].map((_, s) => [form[`name-${s}`].value, form[`kind-${s}`].value]);
    box.replaceChildren();
    for (let s = 0; s < players(); s++) {
      const kind = el("select", { name: `kind-${s}`, ...taria("seat {n} player", { n: s + 1 }) },
        tel("option", "a person", {}, { value: "" }),
        ...bots.map((b) => tel("option", "bot: {name}", { name: b }, { value: b })));
      if (s > 0) kind.value = bots.includes("heuristic") ? "heuristic" : bots[0];
      let value = s === 0 ? myName() || DEFAULT_NAMES[0] : DEFAULT_NAMES[s] || `Seat ${s + 1}`;
      if (before[s]) [value, kind.value] = before[s];
      box.append(el("div", { class: "row" }, tel("span", "Seat {n}", { n: s + 1 }),
        el("input", { name: `name-${s}`, value, maxlength: 24, ...taria("seat {n} name", { n: s + 1 }) }), kind));
    }
  };
  const rules = rulesForm((key) => { if (key === "players" || key === null) seatRows(); });
  const setup = () => {
    describe();
    $("seat-setup").replaceChildren();
    seatRows();
    rules.load(variant().name);
  };
  // the description in the page's language (the server sends it in every one)
  const describe = () => {
    const v = variant();
    $("variant-description").textContent = (v.descriptions && v.descriptions[I18N.lang]) || v.description;
    for (const option of select.options) {  // the names too, in the page's language
      option.textContent = variantName(variants.find((x) => x.name === option.value));
    }
  };
  relabel.push(describe);
  select.addEventListener("change", setup);
  setup();
  // the table's language: the page's own until the player picks another
  const tableLang = $("table-lang");
  tableLang.value = I18N.lang;
  tableLang.addEventListener("change", () => { tableLang.dataset.chosen = "1"; });
  relabel.push(() => { if (!tableLang.dataset.chosen) tableLang.value = I18N.lang; });
  $("create").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    $("lobby-error").textContent = "";
    const v = variant();
    const form = ev.target;
    // a field out of its bounds: said at the field (the rules opened if it is one of them)
    for (const field of form.querySelectorAll("input")) {
      if (field.checkValidity()) continue;
      if ($("rules-box").contains(field)) $("rules-box").open = true;
      field.focus();
      field.reportValidity();
      $("lobby-error").textContent = `${field.getAttribute("aria-label") || field.labels?.[0]?.textContent || field.id}: ${field.validationMessage}`;
      return;
    }
    const names = [], seatBots = [];
    for (let s = 0; s < players(); s++) {
      names.push(form[`name-${s}`].value.trim() || DEFAULT_NAMES[s] || `Seat ${s + 1}`);
      seatBots.push(form[`kind-${s}`].value || null);
    }
    const takeover = $("takeover").value === "" ? null : Number($("takeover").value);
    const body = { variant: v.name, names, bots: seatBots, rules: rules.changed(),
      settings: { bot_delay: Number($("bot-delay").value || 0), takeover, lang: tableLang.value } };
    const seated = seatBots[0] === null;  // the creator takes seat 1 when it is a person's
    if (seated) {
      body.sit = { seat: 0, name: names[0] };
      localStorage.setItem(NAME_KEY, names[0]);
    }
    $("create-button").disabled = true;
    try {
      const made = await api("/api/tables", body);
      if (made.token) localStorage.setItem(tokenKey(made.id), made.token);
      location.href = seated ? made.invite : `${made.invite}?watch`;
    } catch (e) {
      $("lobby-error").textContent = e.message;
      $("create-button").disabled = false;
    }
  });
}

// ------------------------------------------------------------------ the rules as widgets

// Each rule of the variant (GET /api/variants/NAME/schema) as a field holding the preset's value; only the
// ones changed go to the server, nested by their dotted keys.
function rulesForm(changedKey) {
  const box = $("rules-fields");
  let fields = [], current = "", kept = {};
  const inputs = new Map();

  const read = (f) => {
    const node = inputs.get(f.key);
    if (!node) return f.default;
    if (f.type === "boolean") return node.checked;
    if (f.enum) return f.enum[Number(node.value)];
    if (f.type === "integer" || f.type === "number") return node.value === "" ? null : Number(node.value);
    if (f.type === "array") {
      const items = node.value.split(",").map((x) => x.trim()).filter((x) => x !== "");
      return f.items === "integer" || f.items === "number" ? items.map(Number) : items;
    }
    return node.value;
  };
  const write = (f, value) => {
    const node = inputs.get(f.key);
    if (f.type === "boolean") node.checked = Boolean(value);
    else if (f.enum) node.value = String(Math.max(0, f.enum.findIndex((x) => JSON.stringify(x) === JSON.stringify(value))));
    else if (f.type === "array") node.value = (value || []).join(", ");
    else node.value = value === null || value === undefined ? "" : String(value);
  };
  const isChanged = (f) => JSON.stringify(read(f)) !== JSON.stringify(f.default ?? null);
  const count = () => {
    const n = fields.filter(isChanged).length;
    const summary = $("rules-summary");
    summary.dataset.i18n = n ? "Rules ({n} changed)" : "Rules";  // redrawn in another language as it is
    summary.dataset.i18nArgs = JSON.stringify({ n });
    summary.textContent = n ? t("Rules ({n} changed)", { n }) : t("Rules");
    for (const f of fields) inputs.get(f.key)?.closest(".rule")?.classList.toggle("changed", isChanged(f));
  };

  const draw = () => {
    inputs.clear();
    const legend = $("rules-legend");
    box.replaceChildren(legend);
    fields.forEach((f, i) => {
      const id = `rule-${i}`;
      const help = `${id}-help`;
      let input;
      const common = { id, name: `rule:${f.key}`, "data-rule": f.key, "aria-describedby": help };
      if (f.type === "boolean") input = el("input", { ...common, type: "checkbox" });
      else if (f.enum) {
        input = el("select", common, ...f.enum.map((x, j) => el("option", { value: String(j), text: String(x) })));
      } else if (f.type === "integer" || f.type === "number") {
        input = el("input", { ...common, type: "number", inputmode: f.type === "integer" ? "numeric" : "decimal",
          step: f.type === "integer" ? "1" : "any", min: f.minimum ?? null, max: f.maximum ?? null,
          required: !f.nullable });
      } else if (f.type === "array") {
        // a list, written with commas: 6, 7
        const item = f.items === "integer" ? "\\d+" : f.items === "number" ? "-?\\d+(\\.\\d+)?" : "[^,]+";
        input = el("input", { ...common, type: "text", pattern: `\\s*(${item}\\s*(,\\s*${item}\\s*)*)?`,
                              spellcheck: "false", autocomplete: "off" });
      } else if (f.type === "string") input = el("input", { ...common, type: "text" });
      else return;  // a kind of value the form does not edit: the preset's stays
      inputs.set(f.key, input);
      write(f, f.key in kept ? kept[f.key] : f.default);
      input.addEventListener(f.type === "boolean" || f.enum ? "change" : "input", () => {
        kept[f.key] = read(f);
        count();
        changedKey(f.key);
      });
      const label = el("label", { for: id, class: "rule-title", text: f.title || f.key });
      const row = f.type === "boolean"
        ? el("div", { class: "rule rule-check" }, input, label)
        : el("div", { class: "rule" }, label, input);
      row.append(el("small", { id: help, class: "rule-help" },
        f.description && f.description !== f.title ? `${f.description} ` : "",
        el("span", { class: "rule-default", text: t("preset: {value}", { value: shown(f.default, f.type) }) })));
      box.append(row);
    });
    count();
  };

  $("rules-reset").addEventListener("click", () => {
    kept = {};
    for (const f of fields) write(f, f.default);
    count();
    changedKey(null);
  });

  const load = async (name, again = false) => {
    if (!again) kept = {};
    current = name;
    $("rules-link").href = `/rules/${encodeURIComponent(name)}`;
    try {
      const schema = await api(`/api/variants/${encodeURIComponent(name)}/schema`);
      if (current !== name) return;
      fields = schema.fields || [];
      draw();
      changedKey(null);
    } catch (e) {
      if (current !== name) return;
      fields = [];
      box.replaceChildren($("rules-legend"), el("p", { class: "error", text: e.message }));
      count();
    }
  };
  // the titles and explanations come in the page's language: asked for again when it changes
  relabel.push(() => { if (current && !$("lobby").hidden) load(current, true); });

  const changed = () => {
    const out = {};
    for (const f of fields) {
      if (!isChanged(f)) continue;
      const path = f.key.split(".");
      let node = out;
      for (const part of path.slice(0, -1)) node = node[part] ??= {};
      node[path[path.length - 1]] = read(f);
    }
    return out;
  };
  const value = (key) => {
    const f = fields.find((x) => x.key === key);
    return f ? read(f) : undefined;
  };
  window.prefRules = { changed };  // for tests: the overrides the form would send
  return { load, changed, value };
}

function shown(value, type) {
  if (type === "boolean") return value ? t("yes") : t("no");
  if (value === null || value === undefined || (Array.isArray(value) && !value.length)) return t("none");
  if (Array.isArray(value)) return value.join(", ");
  return String(value);
}

// ------------------------------------------------------------------ the rules page of a variant

export async function rulesPage(name) {
  $("rules").hidden = false;
  $("rules-new").href = `/?variant=${encodeURIComponent(name)}`;
  let schema = null;
  const draw = () => {
    if (!schema) return;
    $("title").textContent = "";
    $("rules-title").textContent = t("Rules of {variant}", { variant: variantName(schema) });
    document.title = `${$("rules-title").textContent} · Preferans`;
    $("rules-description").textContent = schema.description || "";
    $("rules-players").textContent = t("players: {n}", { n: schema.players });
    const list = $("rules-list");
    list.replaceChildren();
    for (const f of schema.fields || []) {
      const bounds = [];
      if (f.enum) bounds.push(t("one of: {values}", { values: f.enum.map((x) => shown(x, f.type)).join(", ") }));
      if (f.minimum !== undefined && f.minimum !== null) bounds.push(t("at least {n}", { n: f.minimum }));
      if (f.maximum !== undefined && f.maximum !== null) bounds.push(t("at most {n}", { n: f.maximum }));
      list.append(el("div", { class: "rule-entry", "data-rule": f.key },
        el("dt", {}, el("span", { class: "rule-name", text: f.title || f.key }), " ",
           el("code", { text: f.key })),
        el("dd", {}, el("strong", { class: "rule-value", text: shown(f.default, f.type) }),
           bounds.length ? el("span", { class: "muted", text: ` (${bounds.join("; ")})` }) : "",
           f.description && f.description !== f.title ? el("p", { text: f.description }) : "")));
    }
  };
  const load = async () => {
    try {
      schema = await api(`/api/variants/${encodeURIComponent(name)}/schema`);
      $("rules-error").textContent = "";
      draw();
    } catch (e) { $("rules-error").textContent = e.message; }
  };
  relabel.push(load);
  await load();
}

// ------------------------------------------------------------------ seating

export async function seating(id) {
  let info;
  try { info = await api(`/api/tables/${id}`); } catch (e) {
    $("seating").hidden = false;
    $("join-error").textContent = e.message;
    return;
  }
  $("seating").hidden = false;
  $("seating-id").textContent = `${id} (${variantName(info)})`;
  $("seating-seed").hidden = !info.seed_chosen;  // its creator can know every hand: the others should know
  const link = `${location.origin}/t/${id}`;
  $("invite").href = link;
  $("invite").textContent = link;
  $("copy-invite").onclick = () => copyLink($("invite"));
  $("seating-replay").href = `/t/${id}/replay`;
  $("my-name").value = myName();
  const box = $("free-seats");
  box.replaceChildren();
  for (const s of info.seats) {
    const free = !s.bot && !s.held;
    const who = () => (s.bot ? t("bot {name}", { name: s.bot }) : s.name);
    const text = () => (free ? t("Sit at seat {n} ({name})", { n: s.seat + 1, name: s.name })
                             : t("Seat {n}: {who}", { n: s.seat + 1, who: who() }));
    const button = el("button", { type: "button", class: "sit", "data-seat": s.seat, disabled: !free, text: text(),
      onclick: async () => {
        const name = $("my-name").value.trim() || s.name;
        localStorage.setItem(NAME_KEY, name);
        try {
          const got = await api(`/api/tables/${id}/join`, { seat: s.seat, name });
          localStorage.setItem(tokenKey(id), got.token);
          $("seating").hidden = true;
          play(id, got.token);
        } catch (e) { $("join-error").textContent = e.message; }
      } });
    relabel.push(() => { button.textContent = text(); });
    box.append(button);
  }
  $("watch").onclick = () => { $("seating").hidden = true; play(id, null); };
}

// the invite link to the clipboard; where the browser refuses, the link is selected for the player to copy
async function copyLink(anchor) {
  const note = $("copy-note");
  try {
    await navigator.clipboard.writeText(anchor.href);
    note.dataset.i18n = "copied";
    note.textContent = t("copied");
  } catch {
    const range = document.createRange();
    range.selectNodeContents(anchor);
    const sel = window.getSelection();
    sel.removeAllRanges();
    sel.addRange(range);
    note.dataset.i18n = "selected: copy it with Ctrl+C";
    note.textContent = t("selected: copy it with Ctrl+C");
  }
}

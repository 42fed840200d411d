// The table over one WebSocket (docs/protocol.md).

import { $, CARD_PHASES, el, I18N, LANG_KEY, onLanguage, RANKS, relabel, setLanguage, SYMBOL, t } from "./common.js";
import { seating, tokenKey } from "./lobby.js";

// ------------------------------------------------------------------ the table

const T = { id: null, token: null, ws: null, n: 0, seat: null, state: null, info: null, sheet: null,
            labels: { actions: {}, accounts: {} }, retry: 0, closing: false };
relabel.push(() => render());

// an action, an account as the variant's players say them (the server's labels; the key itself else)
const label = (action) => (T.labels.actions && T.labels.actions[action]) || action;
const accountLabel = (name) => (T.labels.accounts && T.labels.accounts[name]) || name;
const noteLabel = (note) => (T.labels.notes && T.labels.notes[note]) || note;
window.prefTable = T;  // for tests and the curious: the page's view of the table

export function play(id, token) {
  T.id = id; T.token = token;
  $("table").hidden = false;
  const invite = `${location.origin}/t/${id}`;
  $("table-invite").href = invite;
  $("table-invite").textContent = invite;
  connect();
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws`);
  T.ws = ws;
  ws.onopen = () => {
    T.retry = 0;
    // a page that has seen events asks for the ones it missed; a fresh one needs only the snapshot
    const hello = T.n > 0 ? { type: "hello", table: T.id, since: T.n } : { type: "hello", table: T.id };
    if (T.token) hello.token = T.token;
    const lang = localStorage.getItem(LANG_KEY);
    if (lang) hello.lang = lang;
    ws.send(JSON.stringify(hello));
  };
  ws.onmessage = (ev) => receive(JSON.parse(ev.data));
  ws.onclose = () => {
    if (T.ws !== ws) return;
    $("error").textContent = t("connection lost; reconnecting...");
    T.retry = Math.min(T.retry + 1, 6);
    setTimeout(connect, 150 * 2 ** T.retry);
  };
}

function send(msg) {
  if (T.ws && T.ws.readyState === WebSocket.OPEN) T.ws.send(JSON.stringify(msg));
}

// acknowledge at most four times a second: bots may play faster than the server's rate limit allows acks
let ackTimer = null;
function ack() {
  if (ackTimer !== null) return;
  ackTimer = setTimeout(() => { ackTimer = null; send({ type: "ack", n: T.n }); }, 250);
}

function receive(msg) {
  switch (msg.type) {
    case "welcome":
      T.seat = msg.seat;
      T.hintAsked = null;  // a hint asked on a lost connection is not coming
      if (msg.token) {
        T.token = msg.token;
        localStorage.setItem(tokenKey(T.id), msg.token);
        send({ type: "token_ack" });
      }
      $("error").textContent = "";
      break;
    case "snapshot":
      T.info = msg.table;
      T.sheet = msg.sheet;
      T.n = msg.n;
      T.state = msg.state;
      T.labels = msg.labels || T.labels;
      render();
      ack();
      // a player who chose no language sees the table's
      if (!localStorage.getItem(LANG_KEY) && msg.lang && msg.lang !== I18N.lang) setLanguage(msg.lang);
      break;
    case "update":
      if (msg.events.length && msg.events[0].number !== T.n) {  // a gap: ask for what was missed
        send({ type: "sync", since: T.n });
        return;
      }
      T.n = msg.n;
      T.state = msg.state;
      T.labels = msg.labels || T.labels;
      if (msg.sheet) T.sheet = msg.sheet;
      $("error").textContent = "";
      render();
      ack();
      break;
    case "hint":
      receiveHint(msg);
      break;
    case "table":
      T.info = msg.table;
      render();
      break;
    case "error":
      if (T.hintAsked !== null && HINT_ERRORS.has(msg.code)) { T.hintAsked = null; renderHint(); }
      if (msg.code === "bad_token") {
        localStorage.removeItem(tokenKey(T.id));
        T.ws.onclose = null;
        $("table").hidden = true;
        seating(T.id);
      }
      $("error").textContent = msg.message;
      break;
    default:
      break;
  }
}

function seatName(s) {
  if (s === null || s === undefined || s < 0) return t("talon");
  const seat = T.info && T.info.seats[s];
  return seat ? seat.name : t("hand {n}", { n: s + 1 });
}

function cardNode(name, opts = {}) {
  const suit = name.slice(-1), rank = name.slice(0, -1);
  const legal = opts.legal;
  const node = el(opts.clickable ? "button" : "span",
    { class: `card s-${suit}${legal ? " legal" : ""}${opts.dim ? " dim" : ""}`, "data-card": name,
      title: name, "aria-label": cardName(I18N.ranks[rank] || rank, suit) },
    el("span", { text: I18N.ranks[rank] || rank }), el("span", { text: SYMBOL[suit] || suit }));
  if (opts.clickable) {
    node.disabled = !legal;
    node.addEventListener("click", () => act(name));
  }
  return node;
}

// a card as a screen reader says it
function cardName(rank, suit) {
  if (suit === "S") return t("{rank} of spades", { rank });
  if (suit === "C") return t("{rank} of clubs", { rank });
  if (suit === "D") return t("{rank} of diamonds", { rank });
  return t("{rank} of hearts", { rank });
}

function sortHand(cards) {
  // highest suit of the variant's order first, highest rank first within a suit
  const order = (T.info && T.info.suit_order) || ["S", "C", "D", "H"];
  const key = (c) => [order.indexOf(c.slice(-1)), RANKS.indexOf(c.slice(0, -1))];
  return [...cards].sort((a, b) => { const x = key(a), y = key(b); return y[0] - x[0] || y[1] - x[1]; });
}

function handRow(cards, legal, clickable) {
  const out = [];
  let last = null;
  for (const c of sortHand(cards)) {
    if (last && last !== c.slice(-1)) out.push(el("span", { class: "suit-gap" }));
    last = c.slice(-1);
    out.push(cardNode(c, { clickable, legal: legal.has(c), dim: clickable && !legal.has(c) }));
  }
  return out;
}

function act(action) {
  send({ type: "action", action, at: T.n });
}

function render() {
  const s = T.state;
  if (!s) return;
  const info = T.info || { seats: [], variant: "" };
  $("title").textContent = t("{variant} · table {id}", { variant: info.variant, id: T.id });
  $("table-seed").hidden = !info.seed_chosen;
  const mine = T.seat !== null && s.to_act === T.seat;
  const legal = new Set(mine ? s.legal : []);
  const cardsAct = CARD_PHASES.has(s.phase);
  // status
  const turn = s.over ? t("the match is over") : mine ? t("your turn") : t("{name} to act", { name: seatName(s.to_act) });
  const status = $("status");
  const deal = t("Deal {deal} · dealer {dealer} · {phase}", { deal: s.deal + 1, dealer: seatName(s.dealer),
                                                                 phase: t(s.phase) });
  status.replaceChildren(el("span", { text: `${deal} · ` }),
                         el("span", { class: "turn", text: turn }));
  status.dataset.phase = s.phase; status.dataset.deal = s.deal; status.dataset.n = T.n;
  status.dataset.mine = mine ? "1" : "0";
  // the seats
  const others = $("others");
  others.replaceChildren();
  for (let h = 0; h < (s.n_hands || s.n_players); h++) {
    const seatInfo = info.seats[h];
    const won = s.tricks_won && s.tricks_won[String(h)];
    const box = el("div", { class: `seat${s.to_act === h ? " acting" : ""}`, "data-hand": h },
      el("strong", { text: seatName(h) + (h === T.seat ? " " + t("(you)") : "") }),
      el("div", { text: t("cards: {n}", { n: s.hand_counts[String(h)] ?? 0 }) +
                        (won !== undefined ? " · " + t("tricks: {n}", { n: won }) : "") }));
    if (h === s.declarer) {
      box.append(el("div", { text: s.contract ? t("declarer: {contract}", { contract: label(s.contract) })
                                              : t("declarer") }));
    }
    if (seatInfo && seatInfo.bot) box.append(el("div", { class: "muted", text: t("bot {name}", { name: seatInfo.bot }) }));
    else if (seatInfo && seatInfo.held && !seatInfo.connected) box.append(el("div", { class: "gone", text: t("away") }));
    others.append(box);
  }
  // the trick, talon, last trick
  const trick = $("trick");
  trick.replaceChildren(...s.trick.map(([h, c]) => el("div", { class: "played" }, cardNode(c),
                                                       el("div", { text: seatName(h) }))));
  const talon = $("talon");
  talon.replaceChildren();
  const onTable = new Set(s.trick.map(([, c]) => c));  // a talon card turned to lead lies in the trick already
  const talonShown = (s.talon || []).filter((c) => !onTable.has(c));
  if (talonShown.length) talon.append(el("span", { text: t("talon") + " " }), ...talonShown.map((c) => cardNode(c)));
  else if (s.talon_count) talon.append(el("span", { class: "muted", text: t("talon: {n} face down", { n: s.talon_count }) }));
  const last = $("last-trick");
  last.replaceChildren();
  if (s.last_trick) {
    last.append(el("span", { text: t("last trick → {name}:", { name: seatName(s.last_trick.winner) }) + " " }),
                ...s.last_trick.cards.map(([, c]) => cardNode(c)));
  }
  // hands: mine first, then the others I see (open, or played for me)
  const hand = $("hand"), open = $("open-hands");
  hand.replaceChildren(); open.replaceChildren();
  for (const [h, cards] of Object.entries(s.hands)) {
    const forMe = mine && cardsAct && (s.phase === "discard" ? Number(h) === T.seat
                                       : (s.to_play === null || Number(h) === s.to_play));
    const row = handRow(cards, forMe ? legal : new Set(), cardsAct && mine && forMe);
    if (Number(h) === T.seat) hand.append(el("span", { class: "label", text: t("your hand") }), ...row);
    else open.append(el("span", { class: "label", text: t("{name}'s hand", { name: seatName(Number(h)) }) }), ...row);
  }
  if (s.discard && s.discard.length) open.append(el("span", { class: "label", text: t("your discard") }),
                                                 ...s.discard.map((c) => cardNode(c)));
  // actions: calls as buttons (cards are clicked in the hand)
  const actions = $("actions");
  actions.replaceChildren();
  if (mine && !cardsAct) {
    s.legal.forEach((a, i) => actions.append(el("button", { class: "act", "data-action": a,
      onclick: () => act(a) }, el("kbd", { text: i < 10 ? String((i + 1) % 10) : "" }),
      el("span", { class: "label", text: label(a) }))));
  }
  renderAuction(s);
  renderResult(s);
  renderSheet();
  renderHint();
}

function renderAuction(s) {
  const box = $("auction");
  box.replaceChildren();
  const line = (title, calls) => calls.length && box.append(el("p", {},
    el("strong", { text: t(title) + ": " }), calls.map(([h, c]) => `${seatName(h)} ${label(c)}`).join(", ")));
  line("Auction", s.calls);
  line("Declaration", s.declaration_calls);
  line("Defence", s.defence_calls);
  if (s.contract !== null) {
    const who = s.declarer !== null ? seatName(s.declarer) + " " : "";
    box.append(el("p", { text: t("Contract: {contract}", { contract: who + label(s.contract) }) }));
  } else if (s.bid) box.append(el("p", { text: t("{name} won the auction with {bid}", { name: seatName(s.declarer),
                                                                                          bid: label(s.bid) }) }));
}

function renderResult(s) {
  const box = $("result");
  box.replaceChildren();
  const r = s.last_result;
  if (!r) { box.textContent = t("no deal scored yet"); return; }
  const contract = r.contract ? label(r.contract) : t("all passed");
  box.append(el("p", { text: r.declarer !== null && r.declarer !== undefined
    ? t("Deal {n}: {contract} by {name}", { n: r.deal + 1, contract, name: seatName(r.declarer) })
    : t("Deal {n}: {contract}", { n: r.deal + 1, contract }) }));
  const tab = el("table");
  for (const e of r.entries || []) {
    tab.append(el("tr", {}, el("td", { text: seatName(e.seat) }), el("td", { text: accountLabel(e.account) }),
                el("td", { text: String(e.amount) }), el("td", { text: e.note ? noteLabel(e.note) : "" })));
  }
  box.append(tab);
}

function renderSheet() {
  const box = $("sheet");
  const sheet = T.sheet;
  const deals = T.state && T.state.last_result ? T.state.last_result.deal + 1 : 0;
  if (box.dataset.deals === String(deals) && box.dataset.lang === I18N.lang && box.childElementCount) return;
  box.dataset.deals = String(deals);
  box.dataset.lang = I18N.lang;
  box.replaceChildren();
  if (!sheet) return;
  if (sheet.svg) {
    // an <img> of the SVG: a picture only, nothing in it runs
    box.append(el("img", { alt: t("score sheet"), src: "data:image/svg+xml;charset=utf-8," + encodeURIComponent(sheet.svg) }));
  } else if (sheet.text) {
    const tab = el("table", {}, el("tr", {}, ...sheet.text.header.map((h) => el("th", { text: h }))));
    for (const row of sheet.text.rows) tab.append(el("tr", {}, ...row.map((c) => el("td", { text: c }))));
    box.append(tab, ...sheet.text.notes.map((n) => el("p", { class: "muted", text: n })));
  }
}

// ------------------------------------------------------------------ hints
// The hard bot's view of the seat's decision (docs/protocol.md, "Hints"): asked with the Hint button or the
// key h, shown next to the actions with the best card or button outlined; a hint is of one moment of the
// table (its n) and is gone as soon as the table moves on.

const HINT_ERRORS = new Set(["hint_running", "hints_busy", "hint_failed", "spectator", "not_your_turn", "over",
                             "rate_limited"]);
T.hint = null;  // the last hint frame (shown while its n is the table's)
T.hintAsked = null;  // the n a hint was asked at, until it or its error comes

function askHint() {
  const s = T.state;
  if (!s || s.over || T.seat === null || s.to_act !== T.seat) return;
  if ((T.hint && T.hint.n === T.n) || T.hintAsked === T.n) return;  // shown, or on its way
  T.hintAsked = T.n;
  send({ type: "hint" });
  renderHint();
}

function receiveHint(msg) {
  T.hintAsked = null;
  if (msg.n === T.n && msg.seat === T.seat) T.hint = msg;  // an older moment's hint is dropped
  renderHint();
}

function renderHint() {
  const s = T.state;
  const bar = $("hint-bar"), box = $("hint");
  const mine = Boolean(s) && !s.over && T.seat !== null && s.to_act === T.seat;
  bar.hidden = !mine;
  for (const node of document.querySelectorAll(".hinted")) node.classList.remove("hinted");
  box.replaceChildren();
  const h = T.hint && T.hint.n === T.n ? T.hint : null;
  box.dataset.n = h ? String(h.n) : "";
  if (!mine) return;
  if (!h) {
    if (T.hintAsked === T.n) box.append(el("span", { class: "muted", text: t("working out a hint...") }));
    return;
  }
  // the figure's kind: tricks (the card play of a game), the settlement in the variant's unit (a call, a
  // raspasovka card: signed, +4.0), or none (the hard bot's choice)
  const settlement = h.measure === "settlement";
  const title = settlement
    ? t("Hint: the expected change of your settlement in the deal, in {unit} (more is better)",
        { unit: h.unit_label || h.unit })
    : h.measure !== "tricks" ? t("Hint: the hard bot's choice")
      : h.better === "fewer" ? t("Hint: the tricks your side is expected to end the deal with (fewer is better)")
        : t("Hint: the tricks your side is expected to end the deal with (more is better)");
  box.append(el("span", { class: "hint-title", text: title + " " }));
  const cards = CARD_PHASES.has(s.phase);
  for (const m of h.moves) {
    const shown = cards ? cardNode(m.action) : el("span", { class: "label", text: label(m.action) });
    const digits = { minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: settlement ? "exceptZero" : "auto" };
    const value = m.value === null ? []
      : [el("span", { class: "hint-value", text: m.value.toLocaleString(I18N.lang, digits) })];
    box.append(el("span", { class: "hint-move", "data-action": m.action }, shown, ...value));
  }
  // the best move outlined where it is played: a card of the hand (or of one played for), or a call's button
  const best = h.moves.length ? CSS.escape(h.moves[0].action) : null;
  if (best) {
    for (const node of document.querySelectorAll(`#hand .card[data-card="${best}"], #open-hands .card[data-card="${best}"], `
                                                 + `#actions button.act[data-action="${best}"]`)) {
      node.classList.add("hinted");
    }
  }
}

$("hint-button").addEventListener("click", askHint);

document.addEventListener("keydown", (ev) => {
  const s = T.state;
  if (!s || ev.target.tagName === "INPUT" || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  if (T.seat === null || s.to_act !== T.seat) return;
  let choices = s.legal;
  if (CARD_PHASES.has(s.phase)) choices = [...document.querySelectorAll("#hand .card.legal, #open-hands .card.legal")]
    .map((n) => n.dataset.card);
  if (ev.key === "h") { askHint(); return; }
  if (ev.key === "p" && s.legal.includes("pass")) { act("pass"); return; }
  if (/^[0-9]$/.test(ev.key)) {
    const i = ev.key === "0" ? 9 : Number(ev.key) - 1;
    if (i < choices.length) act(choices[i]);
  }
});

// at a table the server answers a new language with a snapshot labelled in it
onLanguage.push((lang) => send({ type: "lang", lang }));

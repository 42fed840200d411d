// The table over one WebSocket (docs/protocol.md): the seats around a felt, the trick in the middle (the
// finished one kept a moment), the bidding box, the discard, claims, chat and the score sheet beside it.

import { $, CARD_PHASES, el, I18N, LANG_KEY, onLanguage, RANKS, relabel, setLanguage, SYMBOL, t, taria,
         tel, variantName } from "./common.js";
import { seating, tokenKey } from "./lobby.js";

// ------------------------------------------------------------------ the table's state, as the page holds it

const T = { id: null, token: null, ws: null, n: 0, seat: null, state: null, info: null, sheet: null,
            labels: { actions: {}, accounts: {} }, retry: 0, closing: false,
            kept: null,        // the finished trick shown until the next lead or the pause: {cards, winner, deal}
            showLast: false,   // the "Last trick" button pressed
            discard: null,     // the discard being chosen: {deal, need, picks, sent, queue: the cards still to send}
            claim: null,       // the claim waiting for answers (docs/protocol.md "Claims")
            claimEnd: null,    // how the last claim ended, said until the table moves on
            chat: [] };
relabel.push(() => render());
window.prefTable = T;  // for tests and the curious: the page's view of the table

// an action, an account as the variant's players say them (the server's labels; the key itself else)
const label = (action) => (T.labels.actions && T.labels.actions[action]) || action;
const accountLabel = (name) => (T.labels.accounts && T.labels.accounts[name]) || name;
const noteLabel = (note) => (T.labels.notes && T.labels.notes[note]) || note;
// the i-th call of the auction as the terminal says it: a number that holds another seat's bid by the word of a
// hold (the Balkan "moje"; the server's labels.calls), any other call by its label
const callWord = (call, i) => (T.labels.calls && T.labels.calls[i]) || label(call);
// a legal action as its button says it: a call that would hold another seat's bid by the word of a hold
const legalLabel = (action) => (T.labels.holds && T.labels.holds[action]) || label(action);
// a label with the suit letters of an untranslated call drawn as symbols: "6S" -> "6♠" (a translated "6♠",
// "6БК", "igra" are kept as they are)
const pretty = (text) => text.replace(/^(\d+)([SCDH])$/, (whole, level, suit) => level + SYMBOL[suit]);

export function play(id, token) {
  T.id = id; T.token = token;
  $("table").hidden = false;
  document.body.classList.add("at-table");
  const invite = `${location.origin}/t/${id}`;
  $("table-invite").href = invite;
  $("table-invite").textContent = invite;
  setupControls();
  connect();
}

// ------------------------------------------------------------------ the socket

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
    case "welcome": return welcome(msg);
    case "snapshot": return snapshot(msg);
    case "update": return update(msg);
    case "hint": return receiveHint(msg);
    case "table": T.info = msg.table; if (msg.sheet) T.sheet = msg.sheet; return render();
    case "claim": T.claim = msg.claim; T.claimEnd = null; return render();
    case "claim_end": return claimEnded(msg);
    case "chat": return addChat(msg.line);
    case "error": return refused(msg);
    default: return undefined;
  }
}
T.receive = receive;  // for tests: a frame handed to the page as if the server sent it

function welcome(msg) {
  T.seat = msg.seat;
  T.hintAsked = null;  // a hint asked on a lost connection is not coming
  if (msg.token) {
    T.token = msg.token;
    localStorage.setItem(tokenKey(T.id), msg.token);
    send({ type: "token_ack" });
  }
  $("error").textContent = "";
}

function snapshot(msg) {
  T.snapshots = (T.snapshots || 0) + 1;  // a new view, its labels too (a language switched): drawn anew
  T.info = msg.table;
  T.sheet = msg.sheet;
  T.n = msg.n;
  T.state = msg.state;
  T.labels = msg.labels || T.labels;
  T.kept = null;
  if ("claim" in msg) T.claim = msg.claim;
  if (Array.isArray(msg.chat)) { T.chat = []; $("chat-lines").replaceChildren(); msg.chat.forEach(addChat); }
  render();
  ack();
  // a player who chose no language sees the table's
  if (!localStorage.getItem(LANG_KEY) && msg.lang && msg.lang !== I18N.lang) setLanguage(msg.lang);
}

function update(msg) {
  if (msg.events.length && msg.events[0].number !== T.n) {  // a gap: ask for what was missed
    send({ type: "sync", since: T.n });
    return;
  }
  T.n = msg.n;
  T.state = msg.state;
  T.labels = msg.labels || T.labels;
  if (msg.sheet) T.sheet = msg.sheet;
  for (const e of msg.events) if (e.kind === "trick" && e.data) keepTrick(e);
  $("error").textContent = "";
  sendQueuedDiscard();
  render();
  ack();
}

function refused(msg) {
  if (T.hintAsked !== null && HINT_ERRORS.has(msg.code)) { T.hintAsked = null; renderHint(); }
  if (msg.code === "bad_token") {
    localStorage.removeItem(tokenKey(T.id));
    T.ws.onclose = null;
    $("table").hidden = true;
    seating(T.id);
  }
  if (T.discard && T.discard.sent) T.discard = null;  // a refused discard: choose again
  $("error").textContent = msg.message;
}

// ------------------------------------------------------------------ seats: who sits where

function seatName(s) {
  if (s === null || s === undefined || s < 0) return t("talon");
  const seat = T.info && T.info.seats[s];
  return seat ? seat.name : t("hand {n}", { n: s + 1 });
}

// The places around the table, from the bottom (this seat, or seat 0 for a spectator) clockwise: the next to
// play sits on the left. A two-player table's third hand (no player holds it) takes the third place.
function placeOf(h) {
  const s = T.state;
  const n = Math.max(s.n_hands || 0, s.n_players);
  const order = n === 2 ? ["bottom", "top"] : n === 3 ? ["bottom", "left", "right"] : ["bottom", "left", "top", "right"];
  const me = T.seat !== null && T.seat < n ? T.seat : 0;
  return order[((h - me) % n + n) % n] || "top";
}

function sitsOut(s, h) {  // the dealer of a four-player table deals and sits the deal out
  return s.n_players > 3 && Array.isArray(s.active) && s.active.length && h < s.n_players && !s.active.includes(h);
}

function seatBox(s, h) {
  const info = (T.info && T.info.seats[h]) || null;
  const won = s.tricks_won && s.tricks_won[String(h)];
  const box = el("div", { class: `seat${s.to_act === h && !s.over ? " acting" : ""}${sitsOut(s, h) ? " out" : ""}`,
                          "data-hand": h },
    el("div", { class: "seat-name" }, el("strong", { text: seatName(h) }),
       h === T.seat ? el("span", { class: "you", text: " " + t("(you)") }) : ""));
  const tags = el("div", { class: "tags" });
  const tag = (text, cls = "") => tags.append(el("span", { class: `tag ${cls}`, text }));
  if (h === s.dealer) tag(t("dealer"), "dealer");
  if (sitsOut(s, h)) tag(t("sits out"), "out");
  if (h === s.declarer) tag(s.contract ? t("declarer: {contract}", { contract: pretty(label(s.contract)) }) : t("declarer"), "declarer");
  if ((s.defending || []).includes(h)) tag(t("defender"), "defender");
  if (info && info.bot) tag(t("bot {name}", { name: info.bot }), "bot");
  else if (info && info.held && !info.connected) tag(t("away"), "gone");
  if (won !== undefined) tag(t("tricks: {n}", { n: won }), "won");
  box.append(tags);
  const call = lastCall(s, h);
  if (call) box.append(el("div", { class: "bubble", text: pretty(call) }));
  return box;
}

// the seat's latest word in the phase under way (its call, its whist), said in a bubble by its name
function lastCall(s, h) {
  const calls = s.phase === "auction" ? s.calls : s.phase === "defence" ? s.defence_calls
    : s.phase === "declare" ? s.declaration_calls : [];
  const i = (calls || []).map(([who]) => who).lastIndexOf(h);
  if (i < 0) return null;
  return s.phase === "auction" ? callWord(calls[i][1], i) : label(calls[i][1]);
}

// the cards of a hand this seat does not see: small backs (a picture only) and their number in words
function backs(n, said = t("cards: {n}", { n })) {
  const fan = el("div", { class: "backs", "aria-hidden": "true" });
  for (let i = 0; i < n; i++) fan.append(el("span", { class: "back" }));
  return el("div", { class: "hidden-hand" }, fan, el("span", { class: "sr-only", text: said }),
            el("span", { class: "count", "aria-hidden": "true", text: String(n) }));
}

function renderSeats(s, playable) {
  const areas = { bottom: $("seat-bottom"), left: $("seat-left"), top: $("seat-top"), right: $("seat-right") };
  for (const area of Object.values(areas)) { area.replaceChildren(); area.hidden = true; }
  for (let h = 0; h < Math.max(s.n_hands || 0, s.n_players); h++) {
    const area = areas[placeOf(h)];
    area.hidden = false;
    area.append(seatBox(s, h));
    const cards = s.hands[String(h)];
    if (placeOf(h) === "bottom") {
      if (!cards) area.append(backs(s.hand_counts[String(h)] ?? 0));
      if (h === T.seat && s.discard && s.discard.length) area.append(discardShown(s.discard));
      continue;
    }
    if (cards && cards.length) area.append(openHand(cards, h, playable));
    else if (s.hand_counts[String(h)]) area.append(backs(s.hand_counts[String(h)]));
  }
}

// the cards this seat discarded, face up for it alone
function discardShown(cards) {
  return el("div", { class: "my-discard" }, el("span", { text: t("your discard") }),
            ...sortHand(cards).map((c) => cardNode(c, { small: true })));
}

// an open hand where its owner sits, a row per suit (as a bridge dummy); clickable when this seat plays it
function openHand(cards, h, playable) {
  const forMe = playable.hand === h;
  const box = el("div", { class: "open-hand", role: "group", ...taria("{name}'s hand", { name: seatName(h) }) });
  let row = null, last = null;
  for (const c of sortHand(cards)) {
    if (c.slice(-1) !== last) { row = el("div", { class: "suit-row" }); box.append(row); last = c.slice(-1); }
    const legal = forMe && playable.legal.has(c);
    row.append(cardNode(c, { clickable: forMe, legal, dim: forMe && !legal, small: true }));
  }
  return box;
}

// ------------------------------------------------------------------ cards

function cardNode(name, opts = {}) {
  const suit = name.slice(-1), rank = name.slice(0, -1);
  const shown = I18N.ranks[rank] || rank;
  const cls = ["card", `s-${suit}`, opts.legal && "legal", opts.dim && "dim", opts.small && "small",
               opts.cls].filter(Boolean).join(" ");
  const node = el(opts.clickable ? "button" : "span",
    { class: cls, "data-card": name, "data-pip": SYMBOL[suit] || suit, title: name,
      "aria-label": cardName(shown, suit), ...(opts.clickable ? { type: "button" } : { role: "img" }) },
    el("span", { class: "rank", text: shown }), el("span", { class: "suit", text: SYMBOL[suit] || suit }));
  if (opts.clickable) {
    node.disabled = !opts.legal && !opts.pick;
    node.addEventListener("click", opts.onclick || (() => act(name)));
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

function act(action) {
  send({ type: "action", action, at: T.n });
}

// which hand this seat plays a card from now, and its legal cards (none when it is not this seat's card)
function playableNow(s, mine) {
  if (!mine || s.phase !== "play") return { hand: null, legal: new Set() };
  const hand = s.to_play === null || s.to_play === undefined ? T.seat : s.to_play;
  return { hand, legal: new Set(s.legal) };
}

// my own hand at the bottom: played by clicking in the play, picked two by two at the discard
function renderHand(s, playable) {
  const box = $("hand");
  if (unchanged(box, drawnKey(playable.hand !== null))) return;
  box.replaceChildren();
  const cards = T.seat !== null ? s.hands[String(T.seat)] : s.hands["0"];
  if (!cards) return;
  const picking = discarding(s);
  const picks = new Set(picking ? T.discard.picks : []);
  let last = null;
  for (const c of sortHand(cards)) {
    if (last && last !== c.slice(-1)) box.append(el("span", { class: "suit-gap", "aria-hidden": "true" }));
    last = c.slice(-1);
    if (picking) {
      box.append(cardNode(c, { clickable: !T.discard.sent, pick: true, cls: picks.has(c) ? "picked" : "",
                               onclick: () => togglePick(c) }));
      box.lastChild.setAttribute("aria-pressed", picks.has(c) ? "true" : "false");
      continue;
    }
    const forMe = playable.hand === T.seat && T.seat !== null;
    const legal = forMe && playable.legal.has(c);
    box.append(cardNode(c, { clickable: forMe, legal, dim: forMe && !legal }));
  }
}

// ------------------------------------------------------------------ the discard
// The declarer picks the cards to discard (nothing is picked for him: the page asks) and sends them with one
// button; the engine takes them one action at a time, the second sent when the first's update
// arrives. Until the button is pressed a card may be put back.

function discarding(s) {
  return s.phase === "discard" && T.seat !== null && s.to_act === T.seat && !s.over;
}

function discardNeed(s) {
  const mine = (s.hands[String(T.seat)] || []).length;
  const others = Object.entries(s.hand_counts).filter(([h]) => Number(h) !== T.seat).map(([, n]) => n);
  return Math.max(1, mine - Math.max(0, ...others));
}

function startDiscard(s) {
  if (T.discard && T.discard.deal === s.deal) return;
  T.discard = { deal: s.deal, need: discardNeed(s), picks: [], queue: [], sent: false };
}

function togglePick(card) {
  const d = T.discard;
  if (!d || d.sent) return;
  if (d.picks.includes(card)) d.picks = d.picks.filter((c) => c !== card);
  else if (d.picks.length < d.need) d.picks = [...d.picks, card];
  else d.picks = [...d.picks.slice(1), card];  // one card too many pushes out the first picked
  render();
}

function sendDiscard() {
  const d = T.discard;
  if (!d || d.picks.length !== d.need || d.sent) return;
  d.sent = true;
  d.queue = d.picks.slice(1);
  act(d.picks[0]);
  render();
}

// an update came: the next card of a discard under way goes now (the table is at the moment it expects)
function sendQueuedDiscard() {
  const d = T.discard, s = T.state;
  if (!d || !d.sent) return;
  if (!discarding(s) || d.deal !== s.deal) { T.discard = null; return; }
  if (d.queue.length) act(d.queue.shift());
}

function renderDiscard(s, box) {
  const d = T.discard;
  const ask = d.need === 2 ? t("choose two cards to discard") : t("choose {n} cards to discard", { n: d.need });
  box.append(el("p", { class: "ask", text: d.sent ? t("discarding...") : ask }));
  if (d.sent) return;
  box.append(el("button", { type: "button", class: "act primary", "data-action": "discard",
                            disabled: d.picks.length !== d.need, onclick: sendDiscard },
    el("span", { class: "label", text: d.need === 2 ? t("Discard these two") : t("Discard these cards") })));
}

// ------------------------------------------------------------------ the trick

function pauseSeconds() {
  const v = Number(localStorage.getItem("pref-trick-pause"));
  return localStorage.getItem("pref-trick-pause") === null || Number.isNaN(v) ? 1.5 : Math.max(0, v);
}

// A finished trick stays on the table (its winner marked) until the next trick's first card by a player or
// the pause: the state after the update holds the next trick already, so the page keeps the finished one.
let keptTimer = null;
function keepTrick(e) {
  const pause = pauseSeconds();
  if (!pause) return;
  T.kept = { cards: e.data.cards, winner: e.data.winner, deal: e.deal };
  clearTimeout(keptTimer);
  keptTimer = setTimeout(() => { T.kept = null; render(); }, pause * 1000);
}

let onTable = new Set();  // the cards drawn on the table last time: a new one slides in
function renderTrick(s) {
  if (T.kept && s.trick.some(([h]) => h >= 0)) T.kept = null;  // the next trick is under way
  const kept = T.kept;
  const cards = kept ? kept.cards : s.trick;
  const box = $("trick");
  box.replaceChildren();
  const now = new Set();
  for (const [h, c] of cards) {
    // a talon card turned to lead (hand -2, or the sitting-out dealer's turning it) lies by the talon
    const talonCard = h < 0 || sitsOut(s, h);
    const place = talonCard ? "talon" : placeOf(h);
    const key = `${h}:${c}`;
    now.add(key);
    const cls = `${kept && h === kept.winner ? "winner" : ""}${onTable.has(key) ? "" : " enter"}`;
    const card = cardNode(c, { cls });
    box.append(el("div", { class: `played at-${place}`, "data-hand": h }, card,
                  el("span", { class: "who", text: talonCard ? t("talon") : seatName(h) })));
  }
  onTable = now;
  $("trick-note").textContent = kept ? t("{name} takes the trick", { name: seatName(kept.winner) }) : "";
  renderTalon(s, new Set(cards.map(([, c]) => c)));
}

function renderTalon(s, onTheTable) {
  const talon = $("talon");
  talon.replaceChildren();
  const shown = (s.talon || []).filter((c) => !onTheTable.has(c));  // a talon card leading lies in the trick
  if (shown.length && !CARD_PHASES.has(s.phase)) {  // a talon shown to all; the declarer's is in his hand now
    talon.append(tel("span", "talon", {}, { class: "talon-label" }), ...shown.map((c) => cardNode(c, { small: true })));
  } else if (s.talon_count) {
    talon.append(tel("span", "talon", {}, { class: "talon-label", "aria-hidden": "true" }),
                 backs(s.talon_count, t("talon: {n} face down", { n: s.talon_count })));
  }
}

function renderLastTrick(s) {
  // this deal's finished tricks (state.tricks); the state's last_trick only when it is of this deal, never the
  // previous deal's
  const lt = s.tricks && s.tricks.length ? s.tricks[s.tricks.length - 1]
    : s.last_trick && s.last_trick.deal === s.deal ? s.last_trick : null;
  const button = $("last-trick-button");
  button.disabled = !lt;
  if (!lt) T.showLast = false;
  button.setAttribute("aria-pressed", T.showLast ? "true" : "false");
  const box = $("last-trick");
  box.replaceChildren();
  box.hidden = !T.showLast;
  if (!T.showLast) return;
  box.append(el("span", { class: "lt-title", text: t("last trick → {name}:", { name: seatName(lt.winner) }) }));
  for (const [h, c] of lt.cards) {
    box.append(el("span", { class: "lt-card" }, cardNode(c, { small: true, cls: h === lt.winner ? "winner" : "" }),
                  el("span", { class: "who", text: seatName(h) })));
  }
}

// ------------------------------------------------------------------ the bidding box
// Calls of a level and a suit (6S, 10NT) are laid out as a grid, a row per level and a column per suit; the
// other calls (pass, whist, misère, a Balkan "2", "igra") are a row of plain buttons under it. The buttons stay
// in the order of legal (the keys 1-9, 0 count them so) and are placed in the grid by CSS.

const SUIT_CALL = /^(\d+)(S|C|D|H|NT)$/;
const GRID = 60;  // grid columns: five suit columns of 12, or a row of 1-5 plain buttons sharing the width

function callButton(a, i) {
  const m = a.match(SUIT_CALL);
  const said = legalLabel(a);
  const shown = pretty(said);
  const cls = `act${m ? ` bid s-${m[2]}` : " plain"}${/^(pass|whist)$/.test(a) ? " prominent" : ""}`;
  // .label is the server's label as it is (what a screen reader reads); the face shows its suit as a symbol
  return el("button", { type: "button", class: cls, "data-action": a, onclick: () => act(a) },
    el("kbd", { "aria-hidden": "true", text: i < 10 ? String((i + 1) % 10) : "" }),
    el("span", { class: shown === said ? "label" : "label sr-only", text: said }),
    shown === said ? "" : el("span", { class: "face", "aria-hidden": "true", text: shown }));
}

function renderBiddingBox(s, box) {
  const suits = [...((T.info && T.info.suit_order) || ["S", "C", "D", "H"]), "NT"];
  const levels = [...new Set(s.legal.map((a) => a.match(SUIT_CALL)).filter(Boolean).map((m) => Number(m[1])))]
    .sort((a, b) => a - b);
  const plain = s.legal.filter((a) => !SUIT_CALL.test(a));
  const perRow = Math.min(5, Math.max(1, plain.length <= 3 ? plain.length : Math.ceil(plain.length / 2)));
  const grid = el("div", { class: "bidding-box", role: "group", ...taria("bidding box"),
                           style: `grid-template-columns: repeat(${GRID}, minmax(0, 1fr))` });
  let p = 0;
  s.legal.forEach((a, i) => {
    const b = callButton(a, i);
    const m = a.match(SUIT_CALL);
    if (m) {
      const col = Math.max(0, suits.indexOf(m[2]));
      b.style.gridRow = String(levels.indexOf(Number(m[1])) + 1);
      b.style.gridColumn = `${col * 12 + 1} / span 12`;
    } else {
      const span = GRID / perRow;
      b.style.gridRow = String(levels.length + 1 + Math.floor(p / perRow));
      b.style.gridColumn = `${(p % perRow) * span + 1} / span ${span}`;
      p += 1;
    }
    grid.append(b);
  });
  box.append(grid);
}

// What the hand and the calls are drawn from: a frame that changes none of it (a player coming, a chat line, an
// ack) leaves them as they are, so a button or card is never replaced under the player's pointer mid-click.
function drawnKey(mine) {
  const d = T.discard;
  return JSON.stringify([T.n, T.snapshots, mine, I18N.lang, T.seat, d ? [d.picks, d.sent] : null]);
}

function unchanged(box, key) {
  if (box.dataset.key === key) return true;
  box.dataset.key = key;
  return false;
}

function renderActions(s, mine) {
  const box = $("actions");
  if (unchanged(box, drawnKey(mine))) return;
  box.replaceChildren();
  box.className = "";
  if (!mine) return;
  if (discarding(s)) { box.className = "discarding"; renderDiscard(s, box); return; }
  if (!CARD_PHASES.has(s.phase)) renderBiddingBox(s, box);
}

// ------------------------------------------------------------------ the whole table

function render() {
  const s = T.state;
  if (!s) return;
  const info = T.info || { seats: [], variant: "" };
  $("title").textContent = t("{variant} · table {id}", { variant: variantName(info), id: T.id });
  $("table-seed").hidden = !info.seed_chosen;
  const mine = T.seat !== null && s.to_act === T.seat && !s.over;
  if (discarding(s)) startDiscard(s); else T.discard = null;
  const playable = playableNow(s, mine);
  renderStatus(s, mine);
  renderSeats(s, playable);
  renderTrick(s);
  renderLastTrick(s);
  renderHand(s, playable);
  renderActions(s, mine);
  renderBanner(s);
  renderClaim(s, mine);
  renderAuction(s);
  renderResult(s);
  renderSheet();
  renderHint();
}

function renderStatus(s, mine) {
  const turn = s.over ? t("the match is over") : mine ? t("your turn") : t("{name} to act", { name: seatName(s.to_act) });
  const status = $("status");
  const deal = t("Deal {deal} · dealer {dealer} · {phase}", { deal: s.deal + 1, dealer: seatName(s.dealer),
                                                                 phase: t(s.phase) });
  status.replaceChildren(el("span", { text: `${deal} · ` }), el("span", { class: `turn${mine ? " mine" : ""}`, text: turn }));
  status.dataset.phase = s.phase; status.dataset.deal = s.deal; status.dataset.n = T.n;
  status.dataset.mine = mine ? "1" : "0";
  $("table").classList.toggle("my-turn", mine);
}

function renderAuction(s) {
  const box = $("auction");
  box.replaceChildren();
  const line = (title, calls, word = label) => calls.length && box.append(el("p", {},
    el("strong", { text: t(title) + ": " }), calls.map(([h, c], i) => `${seatName(h)} ${pretty(word(c, i))}`).join(", ")));
  line("Auction", s.calls, callWord);
  line("Declaration", s.declaration_calls);
  line("Defence", s.defence_calls);
  if (s.contract !== null) {
    const who = s.declarer !== null ? seatName(s.declarer) + " " : "";
    box.append(el("p", { text: t("Contract: {contract}", { contract: who + pretty(label(s.contract)) }) }));
  } else if (s.bid) box.append(el("p", { text: t("{name} won the auction with {bid}", { name: seatName(s.declarer),
                                                                                          bid: pretty(label(s.bid)) }) }));
}

// ------------------------------------------------------------------ the deal's result

const BANNER_MS = 6000;
T.banner = { deal: null, until: 0 };
let bannerTimer = null;

// the deal just scored said in words, from its end until the next deal's first call (or for good at the end)
function renderBanner(s) {
  const box = $("result-banner");
  const r = s.last_result;
  // bots may call at once: a result seen is kept at least BANNER_MS even when the next auction is under way
  let fresh = r && (s.over || (r.deal === s.deal - 1 && s.phase === "auction" && !s.calls.length));
  if (fresh && T.banner.deal !== r.deal) T.banner = { deal: r.deal, until: Date.now() + BANNER_MS };
  if (!fresh && r && T.banner.deal === r.deal && Date.now() < T.banner.until && r.deal === s.deal - 1) {
    fresh = true;
    clearTimeout(bannerTimer);
    bannerTimer = setTimeout(render, T.banner.until - Date.now() + 20);
  }
  box.hidden = !fresh;
  box.replaceChildren();
  if (!fresh) return;
  box.append(el("strong", { text: resultWords(r) }));
  const tricks = (r.tricks || []).map((n, h) => ({ n, h })).filter(({ h }) => h < s.n_players && !(r.active
    && r.active.length && !r.active.includes(h) && !n));
  if (r.played && tricks.length) {
    box.append(el("span", { text: t("Tricks: {list}", { list: tricks.map(({ n, h }) => `${seatName(h)} ${n}`).join(", ") }) }));
  }
}

function resultWords(r) {
  const contract = r.contract ? pretty(label(r.contract)) : "";
  if (r.outcome === "thrown_in") return t("all passed: the cards are thrown in");
  if (r.kind === "all_pass") return t("all passed: {contract}", { contract });
  const name = seatName(r.declarer);
  if (r.outcome === "passed_out") return t("{name}'s {contract} stands without play", { name, contract });
  const took = r.tricks ? r.tricks[r.declarer] : 0;
  const level = (r.contract || "").match(SUIT_CALL);
  const misere = /mis/i.test(r.contract || "");
  const need = level ? Number(level[1]) : misere ? 0 : null;
  if (need === null) return t("{name} played {contract}: {n} tricks", { name, contract, n: took });
  const short = misere ? took : need - took;
  if (short <= 0) return t("{name} played {contract} and made it: {n} tricks", { name, contract, n: took });
  return t("{name} played {contract} and was set by {set}: {n} tricks", { name, contract, set: short, n: took });
}

function renderResult(s) {
  const box = $("result");
  box.replaceChildren();
  const r = s.last_result;
  if (!r) { box.textContent = t("no deal scored yet"); return; }
  const contract = r.contract ? pretty(label(r.contract)) : t("all passed");
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
  const names = ((T.info && T.info.seats) || []).map((s) => s.name).join("\n");  // a new name: drawn anew
  if (box.dataset.deals === String(deals) && box.dataset.lang === I18N.lang && box.dataset.names === names
      && box.childElementCount) return;
  box.dataset.deals = String(deals);
  box.dataset.lang = I18N.lang;
  box.dataset.names = names;
  box.replaceChildren();
  if (!sheet) return;
  if (sheet.svg) {
    // an <img> of the SVG: a picture only, nothing in it runs
    box.append(el("img", { alt: t("score sheet"), src: "data:image/svg+xml;charset=utf-8," + encodeURIComponent(sheet.svg) }));
  } else if (sheet.text) {
    const tab = el("table", {}, el("tr", {}, ...sheet.text.header.map((h) => el("th", { text: h }))));
    for (const row of sheet.text.rows) tab.append(el("tr", {}, ...row.map((c) => el("td", { text: c }))));
    box.append(el("div", { class: "sheet-scroll" }, tab), ...sheet.text.notes.map((n) => el("p", { class: "muted", text: n })));
  }
}

// ------------------------------------------------------------------ claims
// The seat on lead may claim the rest (or a number of them) instead of playing; the claim shows its cards and
// to everyone, and the seats asked accept or refuse it (docs/protocol.md, "Claims").

function mayClaim(s, mine) {
  if (!mine || s.phase !== "play" || T.claim || s.trick.length) return false;
  return (s.hands[String(s.to_play ?? T.seat)] || []).length > 0;
}

function renderClaim(s, mine) {
  const bar = $("claim-bar");
  bar.hidden = !mayClaim(s, mine);
  if (!bar.hidden) {
    const left = (s.hands[String(s.to_play ?? T.seat)] || []).length;
    const menu = $("claim-tricks");
    const was = menu.value;
    menu.replaceChildren(tel("option", "all the rest", {}, { value: "" }),
                         ...Array.from({ length: left + 1 }, (_, n) => el("option", { value: String(n), text: String(n) })));
    menu.value = [...menu.options].some((o) => o.value === was) ? was : "";
  }
  const box = $("claim");
  box.replaceChildren();
  if (T.claimEnd && Date.now() > T.claimEnd.until) T.claimEnd = null;
  if (T.claim) box.append(...claimShown(T.claim));
  else if (T.claimEnd) {
    box.append(el("p", { class: "claim-end", text: claimOutcome(T.claimEnd.outcome) }));
    if (T.claimEnd.split) box.append(el("p", { text: t("Tricks: {list}", { list: splitText(T.claimEnd.split) }) }));
  }
  box.hidden = !box.childElementCount;
}

// how the claim ended, said for a few seconds (an accepted one's cards are played at once)
function claimEnded(msg) {
  T.claim = null;
  T.claimEnd = { outcome: msg.outcome, split: msg.split || null, until: Date.now() + 5000 };
  setTimeout(render, 5050);
  render();
}

function claimShown(c) {
  const who = seatName(c.seat);
  const head = c.tricks === c.left ? t("{name} claims all {left} tricks left", { name: who, left: c.left })
    : t("{name} claims {n} of the {left} tricks left", { name: who, n: c.tricks, left: c.left });
  const out = [el("p", { class: "claim-head" }, el("strong", { text: head })),
               el("div", { class: "claim-cards", role: "group", ...taria("{name}'s hand", { name: who }) },
                  ...sortHand(c.cards || []).map((card) => cardNode(card, { small: true })))];
  const answers = el("ul", { class: "claim-answers" });
  for (const [seat, a] of Object.entries(c.answers || {})) {
    const said = a === null ? t("waiting") : a ? t("accepted") : t("refused");
    answers.append(el("li", { text: `${seatName(Number(seat))}: ${said}` }));
  }
  out.push(answers);
  if (T.seat !== null && c.answers && c.answers[String(T.seat)] === null) {
    out.push(el("div", { class: "claim-buttons" },
      tel("button", "Accept", {}, { type: "button", class: "primary", id: "claim-accept",
                                    onclick: () => send({ type: "claim_answer", accept: true }) }),
      tel("button", "Refuse", {}, { type: "button", id: "claim-refuse",
                                    onclick: () => send({ type: "claim_answer", accept: false }) })));
  }
  return out;
}

// the tricks each hand takes of those left, as an accepted claim's play gives them
function splitText(split) {
  return Object.entries(split).map(([h, n]) => `${seatName(Number(h))} ${n}`).join(" · ");
}

function claimOutcome(outcome) {
  if (outcome === "accepted") return t("the claim was accepted");
  if (outcome === "refused") return t("the claim was refused: play on");
  if (outcome === "void") return t("no play of the cards gives that claim: play on");
  return t("the claim was withdrawn");
}

function sendClaim() {
  const v = $("claim-tricks").value;
  send(v === "" ? { type: "claim" } : { type: "claim", tricks: Number(v) });
}

// ------------------------------------------------------------------ chat (always as text, never as markup)

function addChat(line) {
  if (!line) return;
  T.chat.push(line);
  const list = $("chat-lines");
  list.append(el("p", { class: "chat-line" }, el("strong", { text: `${line.name}: ` }), el("span", { text: String(line.text) })));
  while (list.childElementCount > 50) list.firstElementChild.remove();
  list.scrollTop = list.scrollHeight;
}

function sendChat(ev) {
  ev.preventDefault();
  const input = $("chat-input");
  const text = input.value.trim();
  if (!text) return;
  send({ type: "chat", text: text.slice(0, 200) });
  input.value = "";
}

// ------------------------------------------------------------------ the page's controls, set up once

let controlsReady = false;
function setupControls() {
  if (controlsReady) return;
  controlsReady = true;
  $("last-trick-button").addEventListener("click", () => { T.showLast = !T.showLast; render(); });
  const pause = $("trick-pause");
  pause.value = String(pauseSeconds());
  pause.addEventListener("change", () => {
    const v = Math.min(10, Math.max(0, Number(pause.value) || 0));
    localStorage.setItem("pref-trick-pause", String(v));
  });
  $("claim-button").addEventListener("click", sendClaim);
  $("chat-form").addEventListener("submit", sendChat);
  const toggle = $("sheet-toggle");
  toggle.addEventListener("click", () => setDrawer(toggle.getAttribute("aria-expanded") !== "true"));
  $("sheet-close").addEventListener("click", () => setDrawer(false));
  // the drawn sheet is small beside the table: enlarged, it lies over the page until pressed again
  const zoom = $("sheet-zoom");
  zoom.addEventListener("click", () => {
    const large = zoom.getAttribute("aria-pressed") !== "true";
    zoom.setAttribute("aria-pressed", large ? "true" : "false");
    $("sheet-box").classList.toggle("large", large);
  });
  const narrow = matchMedia("(max-width: 600px)");
  narrow.addEventListener("change", () => setDrawer(false));
  setDrawer(false);
}

// on a phone the score sheet is a drawer over the table; on a wide screen it is always open beside it
function setDrawer(open) {
  const narrow = matchMedia("(max-width: 600px)").matches;
  $("sheet-toggle").setAttribute("aria-expanded", open ? "true" : "false");
  const box = $("sheet-box");
  box.classList.toggle("open", open);
  box.inert = narrow && !open;
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
    const shown = cards ? cardNode(m.action, { small: true }) : el("span", { class: "label", text: pretty(legalLabel(m.action)) });
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

// ------------------------------------------------------------------ keys

document.addEventListener("keydown", (ev) => {
  const s = T.state;
  const typing = ["INPUT", "SELECT", "TEXTAREA"].includes(ev.target.tagName);
  if (!s || typing || ev.ctrlKey || ev.metaKey || ev.altKey || $("table").hidden) return;
  if (T.seat === null || s.to_act !== T.seat) return;
  if (ev.key === "h") { askHint(); return; }
  if (discarding(s)) {  // the digits pick the cards of the hand, left to right
    const cards = [...document.querySelectorAll("#hand .card")].map((n) => n.dataset.card);
    const i = ev.key === "0" ? 9 : Number(ev.key) - 1;
    if (/^[0-9]$/.test(ev.key) && i < cards.length) togglePick(cards[i]);
    return;
  }
  let choices = s.legal;
  if (CARD_PHASES.has(s.phase)) choices = [...document.querySelectorAll("#hand .card.legal, #open-hands .card.legal")]
    .map((n) => n.dataset.card);
  if (ev.key === "p" && s.legal.includes("pass")) { act("pass"); return; }
  if (/^[0-9]$/.test(ev.key)) {
    const i = ev.key === "0" ? 9 : Number(ev.key) - 1;
    if (i < choices.length) act(choices[i]);
  }
});

// at a table the server answers a new language with a snapshot labelled in it
onLanguage.push((lang) => send({ type: "lang", lang }));

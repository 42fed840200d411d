// The replay of a table's deals, step by step (GET /api/tables/ID/replay?deal=K, docs/protocol.md "Replays"):
// what the viewer could see at each step (a seat's token from this browser: that seat's view; without one a
// spectator's; once the match is over every hand).

import { $, api, el, I18N, RANKS, relabel, SYMBOL, t, variantName } from "./common.js";
import { tokenKey } from "./lobby.js";

const R = { id: null, data: null, deal: 0, step: 0, token: null, loading: false };
window.prefReplay = R;  // for tests: the replay shown now

export async function replay(id) {
  R.id = id;
  R.token = localStorage.getItem(tokenKey(id));
  $("replay").hidden = false;
  $("replay-table").href = `/t/${id}`;
  const q = new URLSearchParams(location.search);
  wire();
  // the server's labels are in the language asked for: another language asks for them again
  relabel.push(() => (R.data && R.data.lang && R.data.lang !== I18N.lang ? load(R.deal, R.step) : draw()));
  await load(Number(q.get("deal") || 0), Number(q.get("step") || 0));
}

async function load(deal, step = 0, fromEnd = false) {
  if (R.loading) return;
  R.loading = true;
  const ask = (token) => api(`/api/tables/${encodeURIComponent(R.id)}/replay?deal=${deal}` +
                             (token ? `&token=${encodeURIComponent(token)}` : ""));
  try {
    let data;
    try { data = await ask(R.token); } catch (e) {
      if (!R.token) throw e;
      R.token = null;  // a token that is no longer good (the seat's newer one is in another browser)
      data = await ask(null);
    }
    R.data = data;
    R.deal = data.deal;
    R.step = fromEnd ? data.steps.length - 1 : Math.min(Math.max(0, step), data.steps.length - 1);
    $("replay-error").textContent = "";
    draw();
  } catch (e) {
    $("replay-error").textContent = e.message;
  } finally {
    R.loading = false;
  }
}

// ------------------------------------------------------------------ moving through the deal

function go(step) {
  if (!R.data) return;
  R.step = Math.min(Math.max(0, step), R.data.steps.length - 1);
  draw();
}

// the completed tricks at a step (a step whose count grows is a trick's end)
function tricksDone(i) {
  const s = R.data.steps[i].state;
  if (s.deal !== R.data.deal) return Infinity;  // the deal's last step: the next one has begun
  return Object.values(s.tricks_won || {}).reduce((a, b) => a + b, 0);
}

// the steps the trick buttons stop at: the first card of the play, and each trick's end
function trickStops() {
  const stops = [];
  const steps = R.data.steps;
  for (let i = 1; i < steps.length; i++) {
    const startsPlay = steps[i].state.phase === "play" && steps[i - 1].state.phase !== "play";
    if (startsPlay || tricksDone(i) > tricksDone(i - 1)) stops.push(i);
  }
  return stops;
}

function nextTrick() {
  const stop = trickStops().find((i) => i > R.step);
  go(stop === undefined ? R.data.steps.length - 1 : stop);
}

function prevTrick() {
  const stop = trickStops().reverse().find((i) => i < R.step);
  go(stop === undefined ? 0 : stop);
}

function wire() {
  $("replay-next").addEventListener("click", () => go(R.step + 1));
  $("replay-prev").addEventListener("click", () => go(R.step - 1));
  $("replay-next-trick").addEventListener("click", nextTrick);
  $("replay-prev-trick").addEventListener("click", prevTrick);
  $("replay-next-deal").addEventListener("click", () => R.data && load(R.deal + 1));
  $("replay-prev-deal").addEventListener("click", () => R.data && load(R.deal - 1));
  $("replay-slider").addEventListener("input", (ev) => go(Number(ev.target.value)));
  document.addEventListener("keydown", (ev) => {
    if ($("replay").hidden || !R.data || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const tag = ev.target && ev.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;  // the slider moves itself
    if (ev.key === "ArrowRight") (ev.shiftKey ? nextTrick : () => go(R.step + 1))();
    else if (ev.key === "ArrowLeft") (ev.shiftKey ? prevTrick : () => go(R.step - 1))();
    else if (ev.key === "PageDown" && R.deal + 1 < R.data.deals) load(R.deal + 1);
    else if (ev.key === "PageUp" && R.deal > 0) load(R.deal - 1);
    else if (ev.key === "Home") go(0);
    else if (ev.key === "End") go(R.data.steps.length - 1);
    else return;
    ev.preventDefault();
  });
}

// ------------------------------------------------------------------ words and cards

function seatName(h) {
  if (h === null || h === undefined) return "";
  if (h < 0) return t("Talon");
  const seat = R.data && R.data.table.seats[h];
  return seat ? seat.name : t("Hand {n}", { n: h + 1 });
}

const CARD = /^(10|[2-9JQKA])([SCDH])$/;

// an action as the players write it: the server's labels when it sends them, 6S as 6♠
function label(action) {
  const labels = R.data && R.data.labels && R.data.labels.actions;
  const shown = (labels && labels[action]) || String(action);
  return shown.replace(/^(\d+)([SCDH])$/, (w, n, s) => n + SYMBOL[s]);
}

// the i-th call of the deal's auction as the terminal says it: a number that holds another seat's bid by the
// word of a hold (the Balkan "moje"; the server's labels.calls), any other call by its label
function callWord(call, i) {
  const words = R.data && R.data.labels && R.data.labels.calls;
  return (words && words[i]) || label(call);
}

// the word of step i's action: a call of the auction (the step that adds one to the deal's calls) by its
// place in the auction, anything else by its label
function stepWord(i) {
  const s = R.data.steps[i].state, before = R.data.steps[i - 1];
  const n = (s.calls || []).length;
  const action = R.data.steps[i].action;
  return before && s.deal === R.data.deal && n > (before.state.calls || []).length ? callWord(action, n - 1)
    : label(action);
}

function cardName(rank, suit) {
  if (suit === "S") return t("{rank} of spades", { rank });
  if (suit === "C") return t("{rank} of clubs", { rank });
  if (suit === "D") return t("{rank} of diamonds", { rank });
  return t("{rank} of hearts", { rank });
}

function cardNode(name) {
  const suit = name.slice(-1), rank = name.slice(0, -1);
  const shown = I18N.ranks[rank] || rank;
  return el("span", { class: `card s-${suit}`, "data-card": name, role: "img", title: cardName(shown, suit),
                      "aria-label": cardName(shown, suit) },
    el("span", { text: shown, "aria-hidden": "true" }), el("span", { text: SYMBOL[suit] || suit, "aria-hidden": "true" }));
}

function sortHand(cards) {
  // the highest suit of the variant's order first, the highest rank first within a suit
  const order = (R.data.table && R.data.table.suit_order) || ["S", "C", "D", "H"];
  const key = (c) => [order.indexOf(c.slice(-1)), RANKS.indexOf(c.slice(0, -1))];
  return [...cards].sort((a, b) => { const x = key(a), y = key(b); return y[0] - x[0] || y[1] - x[1]; });
}

function cardsRow(cards, sort = true) {
  const row = el("div", { class: "cards" });
  let suit = null;
  for (const c of sort ? sortHand(cards) : cards) {
    if (suit !== null && c.slice(-1) !== suit) row.append(el("span", { class: "suit-gap" }));
    suit = c.slice(-1);
    row.append(cardNode(c));
  }
  return row;
}

function actionNode(action, word = label(action)) {
  return CARD.test(action) ? cardNode(action) : el("strong", { class: "call", text: word });
}

// ------------------------------------------------------------------ drawing a step

function draw() {
  const d = R.data;
  if (!d) return;
  const last = d.steps.length - 1;
  const step = d.steps[R.step];
  const s = step.state;
  const ended = s.deal !== d.deal || s.phase === "over";  // the deal's last step: scored
  $("title").textContent = "";
  $("replay-title").textContent = t("Replay of table {id} ({variant})", { id: R.id, variant: variantName(d.table) });
  document.title = `${$("replay-title").textContent} · Preferans`;
  $("replay-view").textContent = [
    d.view === "all" ? t("You see every hand: the match is over.")
      : d.view === "seat" ? t("You see what {name} saw.", { name: seatName(d.seat) })
        : t("You see what a spectator saw: the cards that lay face up."),
    !d.over && d.deal === d.deals - 1 ? t("This deal is being played: it is shown up to now.") : "",
  ].join(" ").trim();
  // where we are
  $("replay-deal").textContent = t("Deal {n} of {total}", { n: d.deal + 1, total: d.deals });
  $("replay-prev-deal").disabled = d.deal <= 0;
  $("replay-next-deal").disabled = d.deal + 1 >= d.deals;
  $("replay-prev").disabled = $("replay-prev-trick").disabled = R.step <= 0;
  $("replay-next").disabled = $("replay-next-trick").disabled = R.step >= last;
  const slider = $("replay-slider");
  slider.max = String(last);
  slider.value = String(R.step);
  slider.setAttribute("aria-valuetext", t("Step {n} of {total}", { n: R.step + 1, total: last + 1 }));
  const where = $("replay-step");
  where.textContent = t("Step {n} of {total}", { n: R.step + 1, total: last + 1 });
  where.dataset.step = R.step;
  where.dataset.deal = d.deal;
  where.dataset.steps = d.steps.length;
  const url = new URL(location.href);
  url.searchParams.set("deal", d.deal);
  url.searchParams.set("step", R.step);
  history.replaceState(null, "", url);
  // what happened at this step
  const said = $("replay-action");
  if (step.action === null || step.action === undefined) said.replaceChildren(t("The deal as dealt."));
  else {
    const who = seatName(step.seat);
    said.replaceChildren(el("span", { text: (CARD.test(step.action) ? t("{name} plays:", { name: who })
                                             : t("{name} calls:", { name: who })) + " " }), actionNode(step.action, stepWord(R.step)));
  }
  drawBoard(s, ended);
  drawCalls(s, ended);
  drawResult(s, ended);
}

function drawBoard(s, ended) {
  const d = R.data;
  const board = $("replay-board");
  board.replaceChildren();
  const n = Math.max(s.n_players || 0, s.n_hands || 0, d.table.seats.length);
  const won = ended && s.last_result && s.last_result.deal === d.deal ? s.last_result.tricks || [] : null;
  const seats = el("div", { class: "replay-seats" });
  for (let h = 0; h < n; h++) {
    const roles = [];
    const dealer = ended ? (s.last_result && s.last_result.dealer) : s.dealer;
    if (h === dealer) roles.push(t("Dealer"));
    const declarer = ended ? s.last_result && s.last_result.declarer : s.declarer;
    if (h === declarer) roles.push(t("Declarer"));
    const defending = ended ? (s.last_result && s.last_result.defending) || [] : s.defending || [];
    if (defending.includes(h)) roles.push(t("Defender"));
    const tricks = won ? won[h] : (s.tricks_won || {})[String(h)];
    const box = el("section", { class: `replay-seat${!ended && s.to_act === h ? " acting" : ""}`, "data-seat": h,
                                "aria-label": seatName(h) },
      el("h2", { text: seatName(h) }),
      el("p", { class: "seat-roles", text: [...roles, tricks !== undefined && tricks !== null
        ? t("tricks won: {n}", { n: tricks }) : ""].filter(Boolean).join(" · ") }));
    if (!ended && s.to_act === h) box.append(el("p", { class: "to-act", text: t("to act") }));
    const cards = ended ? null : s.hands[String(h)];
    if (cards && cards.length) box.append(cardsRow(cards));
    else if (!ended) box.append(el("p", { class: "muted", text: t("{n} cards, face down", { n: (s.hand_counts || {})[String(h)] ?? 0 }) }));
    seats.append(box);
  }
  // the middle of the table: the trick, the talon, the last trick
  const middle = el("section", { class: "replay-middle", "aria-label": t("The table") });
  if (!ended && s.trick && s.trick.length) {
    middle.append(el("h3", { text: t("Trick") }), el("div", { class: "trick", id: "replay-trick" },
      ...s.trick.map(([h, c]) => el("div", { class: "played" }, cardNode(c), el("div", { text: seatName(h) })))));
  }
  // the trick just taken: the deal's last in the next deal's state, else the last of the deal's tricks
  const lastTrick = ended ? (s.last_trick && s.last_trick.deal === d.deal ? s.last_trick : null)
    : (s.tricks && s.tricks.length ? s.tricks[s.tricks.length - 1] : null);
  if (lastTrick && (ended || !s.trick || !s.trick.length)) {
    middle.append(el("h3", { text: t("Last trick, taken by {name}", { name: seatName(lastTrick.winner) }) }),
      el("div", { class: "trick", id: "replay-last-trick" },
        ...lastTrick.cards.map(([h, c]) => el("div", { class: "played" }, cardNode(c), el("div", { text: seatName(h) })))));
  }
  if (!ended) {
    const onTable = new Set((s.trick || []).map(([, c]) => c));
    const talon = (s.talon || []).filter((c) => !onTable.has(c));
    if (talon.length) middle.append(el("h3", { text: t("Talon") }), cardsRow(talon, false));
    else if (s.talon_count) middle.append(el("p", { class: "muted", text: t("Talon: {n} cards face down", { n: s.talon_count }) }));
    if (s.discard && s.discard.length) middle.append(el("h3", { text: t("Discard") }), cardsRow(s.discard));
  }
  // the middle first: on a phone the trick is seen without scrolling past the hands
  if (middle.children.length) board.append(middle);
  board.append(seats);
}

function drawCalls(s, ended) {
  const box = $("replay-calls");
  box.replaceChildren();
  const d = R.data;
  const r = ended && s.last_result && s.last_result.deal === d.deal ? s.last_result : null;
  const calls = r ? [["Bidding", r.auction || []], ["Declaration", r.declaration || []], ["Defence", r.defence || []]]
    : [["Bidding", s.calls || []], ["Declaration", s.declaration_calls || []], ["Defence", s.defence_calls || []]];
  const heading = { Bidding: () => t("Bidding"), Declaration: () => t("Declared"), Defence: () => t("Defence calls") };
  const list = el("dl", { class: "replay-calls" });
  for (const [title, said] of calls) {
    if (!said.length) continue;
    const word = title === "Bidding" ? callWord : label;  // the bidding: the deal's auction, or its start
    list.append(el("dt", { text: heading[title]() }),
                el("dd", { text: said.map(([h, c], i) => `${seatName(h)} ${word(c, i)}`).join(", ") }));
  }
  const contract = r ? r.contract : s.contract;
  const declarer = r ? r.declarer : s.declarer;
  if (contract) {
    list.append(el("dt", { text: t("Contract") }),
                el("dd", { text: declarer !== null && declarer !== undefined
                  ? t("{contract} by {name}", { contract: label(contract), name: seatName(declarer) }) : label(contract) }));
  }
  if (list.children.length) box.append(list);
}

function drawResult(s, ended) {
  const box = $("replay-result");
  box.replaceChildren();
  const d = R.data;
  const r = s.last_result && s.last_result.deal === d.deal ? s.last_result : null;
  if (!ended || !r) return;
  const labels = d.labels || {};
  const shown = (kind, key) => (labels[kind] && labels[kind][key]) || key;
  box.append(el("h2", { text: t("Result of deal {n}", { n: d.deal + 1 }) }));
  box.append(el("p", { text: r.contract
    ? (r.declarer !== null && r.declarer !== undefined
      ? t("{contract} by {name}", { contract: label(r.contract), name: seatName(r.declarer) }) : label(r.contract))
    : t("Everyone passed.") }));
  if (r.tricks) {
    box.append(el("p", { text: r.tricks.map((n, h) => `${seatName(h)}: ${n}`).join(" · ") }));
  }
  if ((r.entries || []).length) {
    const tab = el("table", { class: "replay-entries" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col", text: t("Player") }), el("th", { scope: "col", text: t("Account") }),
                                el("th", { scope: "col", text: t("Amount") }), el("th", { scope: "col", text: t("Note") }))));
    const body = el("tbody");
    for (const e of r.entries) {
      body.append(el("tr", {}, el("td", { text: seatName(e.seat) }), el("td", { text: shown("accounts", e.account) }),
                  el("td", { text: String(e.amount) }), el("td", { text: e.note ? shown("notes", e.note) : "" })));
    }
    tab.append(body);
    box.append(tab);
  }
}

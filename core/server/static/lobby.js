// The lobby (a new table) and the seating (a seat taken, or watching).

import { $, api, el, I18N, relabel, t, taria, tel } from "./common.js";
import { play } from "./table.js";

export async function lobby() {
  $("lobby").hidden = false;
  const { variants, bots } = await api("/api/variants");
  const select = $("variant");
  for (const v of variants) select.append(el("option", { value: v.name, text: v.name }));
  select.value = variants.some((v) => v.name === "sochi") ? "sochi" : variants[0].name;
  const setup = () => {
    const v = variants.find((x) => x.name === select.value);
    describe();
    const box = $("seat-setup");
    box.replaceChildren();
    const names = ["Anna", "Boris", "Vera", "Gleb"];
    for (let s = 0; s < v.players; s++) {
      const kind = el("select", { name: `kind-${s}`, ...taria("seat {n} player", { n: s + 1 }) },
        tel("option", "a person", {}, { value: "" }),
        ...bots.map((b) => tel("option", "bot: {name}", { name: b }, { value: b })));
      if (s > 0) kind.value = bots.includes("heuristic") ? "heuristic" : bots[0];
      box.append(el("div", { class: "row" }, tel("span", "Seat {n}", { n: s + 1 }),
        el("input", { name: `name-${s}`, value: names[s] || `Seat ${s + 1}`, maxlength: 24,
                      ...taria("seat {n} name", { n: s + 1 }) }), kind));
    }
  };
  // the description in the page's language (the server sends it in every one)
  const describe = () => {
    const v = variants.find((x) => x.name === select.value);
    $("variant-description").textContent = (v.descriptions && v.descriptions[I18N.lang]) || v.description;
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
    const v = variants.find((x) => x.name === select.value);
    const form = ev.target;
    const names = [], seatBots = [];
    for (let s = 0; s < v.players; s++) {
      names.push(form[`name-${s}`].value);
      seatBots.push(form[`kind-${s}`].value || null);
    }
    const takeover = $("takeover").value === "" ? null : Number($("takeover").value);
    let rules = {};
    try {
      rules = $("rules").value.trim() ? JSON.parse($("rules").value) : {};
    } catch (e) {
      $("lobby-error").textContent = t("rules: not JSON ({error})", { error: e.message });
      return;
    }
    try {
      const made = await api("/api/tables", { variant: v.name, names, bots: seatBots, rules,
        settings: { bot_delay: Number($("bot-delay").value || 0), takeover, lang: tableLang.value } });
      location.href = made.invite;
    } catch (e) { $("lobby-error").textContent = e.message; }
  });
}

// ------------------------------------------------------------------ seating

export function tokenKey(id) { return `pref-token-${id}`; }
export async function seating(id) {
  const info = await api(`/api/tables/${id}`);
  $("seating").hidden = false;
  $("seating-id").textContent = `${id} (${info.variant})`;
  $("seating-seed").hidden = !info.seed_chosen;  // its creator can know every hand: the others should know
  $("invite").href = location.href;
  $("invite").textContent = location.href;
  $("my-name").value = localStorage.getItem("pref-name") || "";
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
        localStorage.setItem("pref-name", name);
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

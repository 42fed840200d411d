// What every view of the page shares: building elements, the lobby's HTTP calls, the page's words.
// Plain ES modules, no build step, no outside script.

export const SYMBOL = { S: "♠", C: "♣", D: "♦", H: "♥" };
export const RANKS = ["7", "8", "9", "10", "J", "Q", "K", "A"];
export const CARD_PHASES = new Set(["play", "discard"]);
export const $ = (id) => document.getElementById(id);

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) node.append(c);
  return node;
}

// the server answers (a refusal's message, the variants' descriptions) in the page's language
export async function api(path, body) {
  const headers = { "accept-language": I18N.lang };
  const init = body === undefined ? { headers } : { method: "POST", body: JSON.stringify(body),
                                                    headers: { ...headers, "content-type": "application/json" } };
  const r = await fetch(path, init);
  const data = await r.json();
  if (!r.ok) throw new Error(data.message || r.statusText);
  return data;
}

// ------------------------------------------------------------------ language
// The page's words come from the server's catalogue (GET /i18n/<lang>.json; core/server/words.py lists them),
// the variant's words for the actions with every state (labels); the action strings sent stay English.

export const LANG_KEY = "pref-lang";
export const I18N = { lang: "en", messages: {}, ranks: {}, languages: [] };
window.prefI18n = I18N;  // for tests: the catalogue the page shows now
export const relabel = [];  // what redraws itself when the language changes

export function t(msg, args = {}) {
  const text = I18N.messages[msg] || msg;
  return text.replace(/\{(\w+)\}/g, (whole, k) => (k in args ? String(args[k]) : whole));
}

// a variant's or a table's name as a person reads it, in the page's language ("Сочи"; the server sends it in
// every language as "titles"): never the key ("sochi"), which stays in "name" / "variant" for the requests
export function variantName(x) {
  return (x.titles && x.titles[I18N.lang]) || x.title || x.name || x.variant || "";
}

// an element whose text (or aria-label) is a catalogue message: redrawn by setLanguage
export function tel(tag, msg, args = {}, attrs = {}) {
  return el(tag, { ...attrs, "data-i18n": msg, "data-i18n-args": JSON.stringify(args), text: t(msg, args) });
}
export const taria = (msg, args) => ({ "aria-label": t(msg, args), "data-i18n-aria-label": msg,
                                "data-i18n-aria-args": JSON.stringify(args) });

function applyLanguage() {
  document.documentElement.lang = I18N.lang;
  for (const node of document.querySelectorAll("[data-i18n]")) {
    node.textContent = t(node.dataset.i18n, JSON.parse(node.dataset.i18nArgs || "{}"));
  }
  for (const node of document.querySelectorAll("[data-i18n-aria-label]")) {
    node.setAttribute("aria-label", t(node.dataset.i18nAriaLabel, JSON.parse(node.dataset.i18nAriaArgs || "{}")));
  }
  $("keys-help").textContent = t("Keys: 1-9 and 0 choose the 1st-10th action or playable card; {key} passes.",
                                 { key: "p" });
  $("hint-keys").textContent = t("{key} asks for a hint.", { key: "h" });
  for (const menu of [$("lang"), $("table-lang")]) {
    if (menu.options.length) continue;
    for (const l of I18N.languages) menu.append(el("option", { value: l.code, text: l.name }));
  }
  $("lang").value = I18N.lang;
  for (const f of relabel) f();
}

export async function setLanguage(lang) {
  try {
    Object.assign(I18N, await api(`/i18n/${encodeURIComponent(lang)}.json`));
  } catch (e) {  // a language this server does not speak (an old choice): English
    if (lang !== "en") return setLanguage("en");
    throw e;
  }
  applyLanguage();
}

// what else must follow a change of language (the table tells the server)
export const onLanguage = [];
$("lang").addEventListener("change", async () => {
  const lang = $("lang").value;
  localStorage.setItem(LANG_KEY, lang);
  await setLanguage(lang);
  for (const f of onLanguage) f(lang);
});

// ------------------------------------------------------------------ colours

const fourBox = $("four-colour");
fourBox.checked = localStorage.getItem("pref-four-colour") === "1";
const applyColours = () => document.body.classList.toggle("four", fourBox.checked);
fourBox.addEventListener("change", () => {
  localStorage.setItem("pref-four-colour", fourBox.checked ? "1" : "0");
  applyColours();
});
applyColours();

// The page's start: the lobby at /, a table at /t/ID, its replay at /t/ID/replay, a variant's rules at
// /rules/NAME (docs/protocol.md).

import { LANG_KEY, setLanguage } from "./common.js";
import { lobby, rulesPage, seating, tokenKey } from "./lobby.js";
import { replay } from "./replay.js";
import { play } from "./table.js";

await setLanguage(localStorage.getItem(LANG_KEY) || "en");
const path = location.pathname;
const table = path.match(/^\/t\/([A-Za-z0-9_-]+)\/?$/);
const replayed = path.match(/^\/t\/([A-Za-z0-9_-]+)\/replay\/?$/);
const rules = path.match(/^\/rules\/([A-Za-z0-9_.-]+)\/?$/);
if (replayed) replay(replayed[1]);
else if (rules) rulesPage(decodeURIComponent(rules[1]));
else if (!table) lobby();
else {
  const id = table[1];
  const token = localStorage.getItem(tokenKey(id));
  if (new URLSearchParams(location.search).has("watch")) play(id, null);
  else if (token) play(id, token);
  else seating(id);
}

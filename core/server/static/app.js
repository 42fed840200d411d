// The page's start: the lobby at /, a table at /t/ID (docs/protocol.md).

import { LANG_KEY, setLanguage } from "./common.js";
import { lobby, seating, tokenKey } from "./lobby.js";
import { play } from "./table.js";

await setLanguage(localStorage.getItem(LANG_KEY) || "en");
const m = location.pathname.match(/^\/t\/([A-Za-z0-9_-]+)$/);
if (!m) lobby();
else {
  const id = m[1];
  const token = localStorage.getItem(tokenKey(id));
  if (new URLSearchParams(location.search).has("watch")) play(id, null);
  else if (token) play(id, token);
  else seating(id);
}

// Brass in a browser: plain JavaScript modules, no framework, nothing from the internet.
// Three pages in one: home (open tables, a new game, a record), a table (one seat's, or
// an onlooker's), a replay.

import { home } from "./home.js";
import { play } from "./play.js";
import { replay } from "./replay.js";

const path = location.pathname.split("/").filter(Boolean);
if (path[0] === "play" && path[1]) play(path[1], false);
else if (path[0] === "watch" && path[1]) play(path[1], true);
else if (path[0] === "replay" && path[1]) replay(path[1]);
else home();

// Entry of dist/loader.js, the snippet a company pastes:
// <script async src=".../loader.js" data-company="…" data-bot="…"></script>
// document.currentScript is only set while a classic script runs its top level, so read it now.
import { startLoader } from "./start-loader.ts";

startLoader(document.currentScript);

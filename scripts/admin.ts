// The operations CLI: `npm run admin -- <command> [options]` (see `npm run admin -- --help`).
// Its commands are the app's server modules, which import "server-only": that package throws
// unless resolved as a server bundle resolves it, which the hook arranges before they load.
import { register } from "node:module";

register("./server-only-hook.mjs", import.meta.url);
await import("./admin-cli");

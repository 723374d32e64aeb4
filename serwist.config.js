// @ts-check
// The service worker's build (README "Offline and installing"): `serwist build`, run by
// scripts/build.mjs after `next build`, bundles lib/offline/service-worker/worker.ts with the
// list of files to precache (the build's static files and public/) into public/sw.js, which
// git ignores. @serwist/next's configurator reads next.config.mjs and .next for that list.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { serwist } from "@serwist/next/config";

const offlinePage = "public/offline.html";

export default serwist({
  swSrc: "lib/offline/service-worker/worker.ts",
  swDest: "public/sw.js",
  // The pages are rendered per request (each with its nonce, proxy.ts): none is prerendered to precache.
  precachePrerendered: false,
  // The configurator takes an HTML file for a prerendered page, and would list this one as
  // "/public/offline": it is listed here by its URL instead, with its content's hash.
  globIgnores: [offlinePage],
  additionalPrecacheEntries: [{ url: "/offline.html", revision: createHash("sha256").update(readFileSync(offlinePage)).digest("hex").slice(0, 16) }],
  esbuildOptions: {
    tsconfig: "lib/offline/service-worker/tsconfig.json",
    // The pages the worker keeps are this build's (lib/offline/service-worker/account-pages.ts).
    define: { WORKLOG_BUILD_ID: JSON.stringify(readFileSync(".next/BUILD_ID", "utf8").trim()) },
  },
});

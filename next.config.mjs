import { randomUUID } from "node:crypto";

/** @type {import('next').NextConfig} */
const nextConfig = {
  // A new build may answer in new shapes: its ETags differ from the last build's (lib/api/conditional.ts).
  env: { WORKLOG_BUILD_ID: randomUUID() },
  // prom-client: one registry in the process, whichever route bundle counts (lib/server/metrics.ts).
  // node-ical: its Temporal polyfill reads globals that a bundle does not have (the build fails on `BigInt`).
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/schema-engine-wasm", "pg", "prom-client", "node-ical"],
  // Migrations run when the server starts; on Vercel their files must travel with the functions.
  outputFileTracingIncludes: {
    "/**": ["./prisma/schema.prisma", "./prisma/migrations/**/*", "./node_modules/@prisma/schema-engine-wasm/*.wasm"],
  },
  // The build checks the app's own code; `npm test` type-checks everything, tests included.
  typescript: { tsconfigPath: "tsconfig.build.json" },
  poweredByHeader: false,
  // Pages and their server actions take 1 MiB (lib/next-pages/page-body-guard.ts, PAGE_MAX_BODY_BYTES),
  // refused by the proxy above it before Next.js reads a byte: its action handler would answer a
  // 500, and the proxy's copy of a body stops at its own limit. The import reads more through its
  // routes, once the caller is known (lib/data/import-limits.ts).
  experimental: { serverActions: { bodySizeLimit: "1mb" }, proxyClientMaxBodySize: "1mb" },
  // The names other apps give the sign-in and sign-up pages. A redirect here passes the query
  // string on (`callbackUrl` with it) and runs before the proxy and the pages; 308 is permanent.
  async redirects() {
    return [
      { source: "/login", destination: "/signin", permanent: true },
      { source: "/register", destination: "/signup", permanent: true },
    ];
  },
  // Next.js hides its router's Next-Router-Prefetch from the proxy and the pages; a shared
  // recap's page must still tell a prefetch from an opening (lib/next-pages/page-opening.ts).
  async rewrites() {
    return {
      beforeFiles: [{ source: "/r/:token", has: [{ type: "header", key: "next-router-prefetch" }], destination: "/r/:token?router-prefetch=1" }],
    };
  },
  // Every response, the API's included; the pages' Content-Security-Policy comes from proxy.ts.
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "x-content-type-options", value: "nosniff" },
          { key: "referrer-policy", value: "same-origin" },
          { key: "x-frame-options", value: "DENY" },
        ],
      },
      // A shared recap's page (app/r/[token]/page.tsx) and an invitation's (app/invite/[token]/page.tsx):
      // their token must not leave in a Referer, nor the page reach a search engine's index. Later entries override earlier ones.
      ...["/r/:path*", "/invite/:path*"].map((source) => ({
        source,
        headers: [
          { key: "referrer-policy", value: "no-referrer" },
          { key: "x-robots-tag", value: "noindex, nofollow" },
        ],
      })),
    ];
  },
};

export default nextConfig;

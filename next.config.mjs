import { randomUUID } from "node:crypto";

/** @type {import('next').NextConfig} */
const nextConfig = {
  // A new build may answer in new shapes: its ETags differ from the last build's (lib/api/conditional.ts).
  env: { WORKLOG_BUILD_ID: randomUUID() },
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/schema-engine-wasm", "pg"],
  // Migrations run when the server starts; on Vercel their files must travel with the functions.
  outputFileTracingIncludes: {
    "/**": ["./prisma/schema.prisma", "./prisma/migrations/**/*", "./node_modules/@prisma/schema-engine-wasm/*.wasm"],
  },
  // The build checks the app's own code; `npm test` type-checks everything, tests included.
  typescript: { tsconfigPath: "tsconfig.build.json" },
  poweredByHeader: false,
  // Settings → Data uploads a document of up to 50 MiB (lib/data/import-limits.ts) to a server
  // action, plus the form's own bytes: Next.js has one limit for every action, and the proxy
  // (proxy.ts, which runs for pages and so for their actions) buffers bodies up to its own.
  experimental: { serverActions: { bodySizeLimit: "51mb" }, proxyClientMaxBodySize: "51mb" },
  // The names other apps give the sign-in and sign-up pages. A redirect here passes the query
  // string on (`callbackUrl` with it) and runs before the proxy and the pages; 308 is permanent.
  async redirects() {
    return [
      { source: "/login", destination: "/signin", permanent: true },
      { source: "/register", destination: "/signup", permanent: true },
    ];
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
    ];
  },
};

export default nextConfig;

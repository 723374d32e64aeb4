/** @type {import('next').NextConfig} */
const nextConfig = {
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/schema-engine-wasm", "pg"],
  // Migrations run when the server starts; on Vercel their files must travel with the functions.
  outputFileTracingIncludes: {
    "/**": ["./prisma/schema.prisma", "./prisma/migrations/**/*", "./node_modules/@prisma/schema-engine-wasm/*.wasm"],
  },
  // The build checks the app's own code; `npm test` type-checks everything, tests included.
  typescript: { tsconfigPath: "tsconfig.build.json" },
  poweredByHeader: false,
};

export default nextConfig;

/** @type {import('next').NextConfig} */
const nextConfig = {
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/schema-engine-wasm", "pg"],
  poweredByHeader: false,
};

export default nextConfig;

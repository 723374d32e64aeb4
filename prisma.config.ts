import { defineConfig } from "prisma/config";

// Used by `prisma generate` only. Migrations are applied by lib/db/migrate.ts, which drives
// Prisma's schema engine (WebAssembly build) through our own driver adapters.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});

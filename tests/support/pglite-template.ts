// Global setup of the db-pglite project: the migrations run once, into a PGlite directory that
// each test file's database starts as a copy of (tests/support/fresh-database.ts), rather than
// once per file: each file paid several seconds of CPU replaying them.
import type { TestProject } from "vitest/node";
import { migratedPgliteTemplate } from "./databases";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const template = await migratedPgliteTemplate();
  project.provide("pgliteTemplate", template.directory);
  return template.remove;
}

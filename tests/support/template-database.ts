// Global setup of the database projects: the migrations run once, into a template database that
// each test file's database starts as a copy of (tests/support/fresh-database.ts), rather than
// once per file: each file paid seconds replaying them.
import type { TestProject } from "vitest/node";
import { migratedTemplate, type Backend } from "./databases";

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  // The project's environment (vitest.config.ts) reaches its test files, not this setup.
  const { template, remove } = await migratedTemplate(project.config.env.WORKLOG_TEST_DATABASE as Backend);
  project.provide("databaseTemplate", template);
  return remove;
}

import { setImmediate as nextTurn } from "node:timers/promises";
import type { z } from "zod";
import { AppError, type FieldIssue } from "@/lib/errors";
import { fieldIssues } from "@/lib/validation";
import { IMPORT_MAX_ITEMS } from "./import-limits";

/** The problems a 422 of the import lists; the others are counted. */
const LISTED_PROBLEMS = 100;

/** Items checked between two turns given to other requests. */
const ITEMS_PER_TURN = 1000;

/**
 * The problems of a document: the first 100 kept, the others only counted, so that a document of
 * a hundred thousand broken items costs a small 422 (docs/api.md, "Export and import").
 */
export class ImportProblems {
  private readonly listed: FieldIssue[] = [];
  private unlisted = 0;

  add(...issues: FieldIssue[]): void {
    for (const issue of issues) {
      if (this.listed.length < LISTED_PROBLEMS) this.listed.push(issue);
      else this.unlisted++;
    }
  }

  /** A schema's refusal of the item at `at`: one problem per field, as `fieldIssues` reads them. */
  addRefusal(error: z.ZodError, item: unknown, at: string, pointerOf: (pointer: string) => string = (pointer) => `${at}${pointer}`): void {
    if (this.listed.length < LISTED_PROBLEMS) {
      this.add(...fieldIssues(error, item).map((issue) => ({ ...issue, pointer: pointerOf(issue.pointer) })));
      return;
    }
    // Past the listed ones, only the number of fields counts: as many as fieldIssues would give.
    this.unlisted += new Set(error.issues.map((issue) => issue.path.join("/"))).size;
  }

  /** The 422 of every problem found, the unlisted ones as a last problem at the document, if any. */
  throwIfAny(): void {
    if (this.listed.length === 0) return;
    const more: FieldIssue[] = this.unlisted > 0 ? [{ pointer: "", detail: `And ${this.unlisted} more problems` }] : [];
    throw AppError.validation([...this.listed, ...more]);
  }
}

/** Lets other requests run once every ITEMS_PER_TURN items: call it with each item's index. */
export async function takeTurns(index: number): Promise<void> {
  if (index % ITEMS_PER_TURN === ITEMS_PER_TURN - 1) await nextTurn();
}

/** The 422 of lists longer than IMPORT_MAX_ITEMS, before any of their items is read. */
export function refuseLongLists(body: Record<string, unknown>, lists: readonly string[]): void {
  const tooLong = lists.filter((list) => Array.isArray(body[list]) && (body[list] as unknown[]).length > IMPORT_MAX_ITEMS);
  if (tooLong.length > 0) throw AppError.validation(tooLong.map((list) => ({ pointer: `/${list}`, detail: `Too many items: at most ${IMPORT_MAX_ITEMS}` })));
}

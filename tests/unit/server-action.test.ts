import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { text } from "@/lib/validation";
import type { FieldLabel } from "@/lib/server-actions/field-messages";
import { runAction, runSignedInAction, runSignedInRemoval } from "@/lib/server-actions/run-action";

const signedIn = { id: "0190d8a4-0000-7000-8000-000000000001", email: "ada@example.com" };

// Who asks (lib/access/context.ts) is, today, the signed-in user.
vi.mock("@/lib/auth/current-user", () => ({ requireAccess: vi.fn(async () => ({ user: signedIn })) }));

const { requireAccess } = await import("@/lib/auth/current-user");

/** The field errors and message a refused input gets. */
async function refusalOf(schema: z.ZodType, input: unknown, fields: Record<string, FieldLabel>) {
  const run = vi.fn(async () => "ran");
  const result = await runAction({ schema, input, fields, run });
  expect(run).not.toHaveBeenCalled();
  if (result.ok) throw new Error("the input was accepted");
  return result;
}

async function fieldError(schema: z.ZodType, input: unknown, field: FieldLabel) {
  return (await refusalOf(z.object({ value: schema }), { value: input }, { value: field })).fieldErrors.value;
}

describe("runAction's messages from a schema's bounds", () => {
  it("a string's maximum and minimum", async () => {
    expect(await fieldError(text(1, 100), "x".repeat(101), "name")).toBe("Use at most 100 characters");
    expect(await fieldError(text(1, 10_000), "x".repeat(10_001), "name")).toBe("Use at most 10,000 characters");
    expect(await fieldError(text(1, 100), "   ", "name")).toBe("Enter a name");
    expect(await fieldError(z.string().min(8), "short", "password")).toBe("Use at least 8 characters");
  });

  it("a number's bounds, in the form's unit when it has one", async () => {
    expect(await fieldError(z.number().min(1).max(10), 11, "rating")).toBe("Enter at most 10");
    expect(await fieldError(z.number().positive(), 0, "rating")).toBe("Enter more than 0");
    const duration = { label: "duration", unit: { name: "minute", size: 60 } };
    expect(await fieldError(z.number().min(1).max(604_800), 0, duration)).toBe("Enter at least 1 minute");
    expect(await fieldError(z.number().min(1).max(604_800), 604_860, duration)).toBe("Enter at most 10,080 minutes");
    expect(await fieldError(z.number().int(), 1.5, "rating")).toBe("Enter a whole number");
  });

  it("an enum's values", async () => {
    expect(await fieldError(z.enum(["free", "pro"]), "gold", "plan")).toBe("Choose one of: free, pro");
  });

  it("a missing field, named by its label", async () => {
    expect(await fieldError(z.string(), undefined, "name")).toBe("Enter a name");
    expect(await fieldError(z.string(), undefined, "email address")).toBe("Enter an email address");
  });

  it("a value of the wrong form: the field's format when it has one", async () => {
    expect(await fieldError(z.email(), "not-an-email", "email address")).toBe("Enter a valid email address");
    expect(await fieldError(z.string().regex(/^[A-Z]+$/), "1", { label: "identifier", format: "1 to 3 letters (A–Z)" })).toBe("Use 1 to 3 letters (A–Z)");
  });

  it("a list's length, and one element's problem by its position", async () => {
    const tags = z.array(text(1, 50)).max(20);
    const field = { label: "tags", item: "tag" };
    expect(
      await fieldError(
        tags,
        Array.from({ length: 21 }, (_, index) => `t${index}`),
        field,
      ),
    ).toBe("Use at most 20 tags");
    expect(await fieldError(tags, ["ok", "x".repeat(51)], field)).toBe("Tag 2: use at most 50 characters");
  });

  it("one message per field, the form's message asking to check them", async () => {
    const schema = z.object({ name: text(1, 100), description: text(0, 10) });
    const refusal = await refusalOf(schema, { name: "", description: "x".repeat(11) }, { name: "name", description: "description" });
    expect(refusal).toEqual({
      ok: false,
      fieldErrors: { name: "Enter a name", description: "Use at most 10 characters" },
      message: "Check the highlighted fields.",
    });
  });

  it("a problem outside the form's fields is the form's message", async () => {
    const schema = z.object({ name: text(1, 100), page_size: z.number().max(50) });
    const refusal = await refusalOf(schema, { name: "ok", page_size: 51 }, { name: "name" });
    expect(refusal.fieldErrors).toEqual({});
    expect(refusal.message).toBe("Enter at most 50");
  });

  it("hands back what was typed", async () => {
    const values = { name: "x".repeat(101) };
    const result = await runAction({ schema: z.object({ name: text(1, 100) }), input: values, fields: { name: "name" }, values, run: async () => null });
    expect(result).toMatchObject({ ok: false, values });
  });
});

describe("runAction's answers to what the domain throws", () => {
  const accepting = z.object({ identifier: z.string() });
  const act = (error: unknown, options: { notFoundMessage?: string } = {}) =>
    runAction({
      schema: accepting,
      input: { identifier: "WP" },
      fields: { identifier: "identifier" },
      ...options,
      run: async () => {
        throw error;
      },
    });

  it("the data of a success", async () => {
    expect(await runAction({ schema: accepting, input: { identifier: " WP " }, fields: {}, run: async ({ identifier }) => identifier.trim() })).toEqual({
      ok: true,
      data: "WP",
    });
  });

  it("a field problem with its own message, next to its field", async () => {
    const duplicate = AppError.validation([{ pointer: "/identifier", detail: "Duplicate value", message: "Another project has this identifier" }]);
    expect(await act(duplicate)).toEqual({
      ok: false,
      fieldErrors: { identifier: "Another project has this identifier" },
      message: "Check the highlighted fields.",
    });
  });

  it("a field problem without one, in words of the field", async () => {
    expect(await act(AppError.validation([{ pointer: "/identifier", detail: "Duplicate value" }]))).toMatchObject({
      fieldErrors: { identifier: "Enter a valid identifier" },
    });
  });

  it("a missing resource, in the action's words or in general ones", async () => {
    expect(await act(AppError.notFound(), { notFoundMessage: "This entry no longer exists." })).toEqual({
      ok: false,
      fieldErrors: {},
      message: "This entry no longer exists.",
    });
    expect(await act(AppError.notFound())).toMatchObject({ message: "This no longer exists; it may have been deleted elsewhere." });
  });

  it("another kind of AppError by its own message", async () => {
    expect(await act(new AppError("authorization", "Recaps are part of the pro plan."))).toEqual({
      ok: false,
      fieldErrors: {},
      message: "Recaps are part of the pro plan.",
    });
  });

  it("throws anything else again, for Next's error page", async () => {
    const bug = new TypeError("undefined is not a function");
    await expect(act(bug)).rejects.toBe(bug);
    await expect(act(new AppError("unavailable", "database unreachable"))).rejects.toMatchObject({ kind: "unavailable" });
  });
});

describe("runSignedInAction", () => {
  beforeEach(() => vi.mocked(requireAccess).mockClear());

  it("runs for the signed-in account, which is required with the way back to the page", async () => {
    const result = await runSignedInAction("/projects", {
      schema: z.string(),
      input: "x",
      fields: {},
      run: async (input, access) => `${input} by ${access.user.email}`,
    });
    expect(result).toEqual({ ok: true, data: "x by ada@example.com" });
    expect(requireAccess).toHaveBeenCalledWith("/projects");
  });
});

describe("runSignedInRemoval", () => {
  const id = "0190d8a4-0000-7000-8000-0000000000aa";

  it("removes what the id names for the signed-in account", async () => {
    const remove = vi.fn(async () => undefined);
    expect(await runSignedInRemoval("/projects", id.toUpperCase(), remove)).toEqual({ ok: true, data: undefined });
    expect(remove).toHaveBeenCalledWith({ user: signedIn }, id);
  });

  it("counts what is gone already as done, and refuses an id that names nothing", async () => {
    expect(await runSignedInRemoval("/projects", id, async () => Promise.reject(AppError.notFound()))).toEqual({ ok: true, data: undefined });
    expect(await runSignedInRemoval("/projects", "not-an-id", async () => undefined)).toMatchObject({ ok: false, message: "Enter a valid value" });
  });
});

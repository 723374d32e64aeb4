import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError, type FieldIssue } from "@/lib/errors";
import { parseInput, text } from "@/lib/validation";

function issuesOf(schema: z.ZodType, input: unknown): FieldIssue[] {
  try {
    parseInput(schema, input);
  } catch (error) {
    if (error instanceof AppError && error.kind === "validation") return error.issues;
    throw error;
  }
  throw new Error("parseInput did not throw");
}

describe("parseInput", () => {
  it("returns the parsed, transformed value", () => {
    const schema = z.object({ name: z.string().trim(), hours: z.coerce.number() });
    expect(parseInput(schema, { name: "  Worklog  ", hours: "3", extra: true })).toEqual({ name: "Worklog", hours: 3 });
  });

  it("throws a validation AppError whose message lists pointer and detail", () => {
    const parse = () => parseInput(z.object({ name: z.string() }), {});
    expect(parse).toThrow(AppError);
    expect(parse).toThrow("/name: Missing field: name");
  });

  it("reports a missing required field by name", () => {
    expect(issuesOf(z.object({ name: z.string() }), {})).toEqual([{ pointer: "/name", detail: "Missing field: name" }]);
  });

  it("reports a missing nested field by its own name", () => {
    const schema = z.object({ owner: z.object({ email: z.string() }) });
    expect(issuesOf(schema, { owner: {} })).toEqual([{ pointer: "/owner/email", detail: "Missing field: email" }]);
  });

  it("reports a value of the wrong type as invalid", () => {
    expect(issuesOf(z.object({ name: z.string() }), { name: 42 })).toEqual([{ pointer: "/name", detail: "Invalid value" }]);
    expect(issuesOf(z.object({ name: z.string() }), { name: null })).toEqual([{ pointer: "/name", detail: "Invalid value" }]);
  });

  it("reports a blank string that trims to below minLength", () => {
    expect(issuesOf(z.object({ name: z.string().trim().min(1) }), { name: "   " })).toEqual([
      { pointer: "/name", detail: "String length is smaller than minLength" },
    ]);
  });

  it("reports a string above maxLength", () => {
    expect(issuesOf(z.object({ name: z.string().max(5) }), { name: "toolong" })).toEqual([
      { pointer: "/name", detail: "String length is larger than maxLength" },
    ]);
  });

  it("reports an integer below an inclusive minimum as the bound minus one", () => {
    expect(issuesOf(z.object({ seconds: z.number().int().min(1) }), { seconds: 0 })).toEqual([{ pointer: "/seconds", detail: "Value must be greater than 0" }]);
  });

  it("reports an integer above an inclusive maximum as the bound plus one", () => {
    expect(issuesOf(z.object({ seconds: z.number().int().max(604800) }), { seconds: 604801 })).toEqual([
      { pointer: "/seconds", detail: "Value must be less than 604801" },
    ]);
  });

  it("reports exclusive bounds as they are", () => {
    const schema = z.object({ low: z.number().gt(0), high: z.number().lt(10) });
    expect(issuesOf(schema, { low: 0, high: 10 })).toEqual([
      { pointer: "/low", detail: "Value must be greater than 0" },
      { pointer: "/high", detail: "Value must be less than 10" },
    ]);
  });

  it("reports a value outside an enum", () => {
    expect(issuesOf(z.object({ plan: z.enum(["free", "pro"]) }), { plan: "gold" })).toEqual([{ pointer: "/plan", detail: "Invalid enum value" }]);
  });

  it("reports a missing enum field as missing, like any other", () => {
    expect(issuesOf(z.object({ plan: z.enum(["free", "pro"]) }), {})).toEqual([{ pointer: "/plan", detail: "Missing field: plan" }]);
  });

  it("points into arrays by index", () => {
    expect(issuesOf(z.object({ tags: z.array(z.string().max(3)) }), { tags: ["ok", "toolong"] })).toEqual([
      { pointer: "/tags/1", detail: "String length is larger than maxLength" },
    ]);
  });

  it("reports every invalid field at once", () => {
    const schema = z.object({ name: z.string(), plan: z.enum(["free", "pro"]), seconds: z.number().int().min(1) });
    expect(issuesOf(schema, { plan: "gold", seconds: 0 })).toEqual([
      { pointer: "/name", detail: "Missing field: name" },
      { pointer: "/plan", detail: "Invalid enum value" },
      { pointer: "/seconds", detail: "Value must be greater than 0" },
    ]);
  });

  it("reports only the first problem of a field that fails several checks", () => {
    expect(issuesOf(z.object({ code: z.string().min(3).regex(/^\d+$/) }), { code: "a" })).toEqual([
      { pointer: "/code", detail: "String length is smaller than minLength" },
    ]);
  });

  it("escapes ~ and / in pointer segments per RFC 6901", () => {
    expect(issuesOf(z.object({ "a/b~c": z.string() }), { "a/b~c": 1 })).toEqual([{ pointer: "/a~1b~0c", detail: "Invalid value" }]);
  });

  it("points at the whole body with the empty pointer", () => {
    expect(issuesOf(z.object({ name: z.string() }), undefined)).toEqual([{ pointer: "", detail: "Invalid value" }]);
    expect(issuesOf(z.object({ name: z.string() }), [])).toEqual([{ pointer: "", detail: "Invalid value" }]);
  });
});

describe("text", () => {
  const schema = z.object({ name: text(1, 3) });

  it("counts characters, not UTF-16 units", () => {
    expect(parseInput(schema, { name: "🚀🚀🚀" })).toEqual({ name: "🚀🚀🚀" });
    expect(issuesOf(schema, { name: "🚀🚀🚀🚀" })).toEqual([{ pointer: "/name", detail: "String length is larger than maxLength" }]);
  });

  it.each([
    ["a NUL character", "a\u0000b"],
    ["a lone leading surrogate", "a\ud800b"],
    ["a lone trailing surrogate", "\udfffa"],
  ])("refuses %s, which PostgreSQL cannot store as sent", (_, value) => {
    expect(issuesOf(schema, { name: value })).toEqual([{ pointer: "/name", detail: "Invalid value" }]);
  });
});

import { describe, expect, it } from "vitest";
import { actionArraySlots, MalformedActionArguments, MAX_ACTION_ARRAY_SLOTS } from "@/lib/server-actions/action-arguments";

const rows = (...texts: string[]) => new Map(texts.map((text, id) => [id, text]));

describe("actionArraySlots: a bound on React's count of a server action's array slots", () => {
  it("counts each array's length plus one, nested ones included", () => {
    expect(actionArraySlots(rows('["a",{"b":[1,2]}]'))).toBe(3 + 3);
    expect(actionArraySlots(rows('{"$$1":"$$1","n":"$n1","d":"$D2026-11-20"}'))).toBe(0);
  });

  it("counts a referenced row each time it is referenced, and a referenced string by its length", () => {
    expect(actionArraySlots(rows('["$1","$1",{"q":"$Q1:0"}]', "[0,0,0]"))).toBe(4 + 3 * 4);
    expect(actionArraySlots(rows('["$1"]', '"hello"'))).toBe(2 + 5);
  });

  it("is Infinity past the limit, however the arguments got there, and for rows that reference themselves", () => {
    const elements = JSON.stringify(Array.from({ length: 20_000 }, () => 0));
    expect(actionArraySlots(rows(`[${elements}]`))).toBe(20_003);
    expect(actionArraySlots(rows(JSON.stringify(Array.from({ length: 6 }, () => "$1")), elements))).toBe(Infinity);
    expect(actionArraySlots(rows(JSON.stringify(Array.from({ length: MAX_ACTION_ARRAY_SLOTS }, () => 0))))).toBe(Infinity);
    expect(actionArraySlots(rows('["$1"]', '["$0"]'))).toBe(Infinity);
  });

  it("refuses rows that are not JSON", () => {
    expect(() => actionArraySlots(rows("not json"))).toThrow(MalformedActionArguments);
  });
});

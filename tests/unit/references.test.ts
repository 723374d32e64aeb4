import { describe, expect, it } from "vitest";
import { isReferenceKey, normaliseReferenceKey, recogniseReferences, type RecognitionContext } from "@/lib/references/recognise";
import { trackersFromText, trackersText } from "@/lib/references/tracker-text";
import { trackersSchema } from "@/lib/references/schemas";
import { rowFilter } from "@/lib/reports/view";
import { filtersFromSearch, worklogHref } from "@/lib/worklog/filters";

const linear = { prefix: "PAY", url_template: "https://linear.app/acme/issue/{key}" };
const jira = { prefix: "OPS2", url_template: "https://acme.atlassian.net/browse/{key}" };
const oneRepository: RecognitionContext = { trackers: [linear, jira], repositories: [{ provider: "github", path: "Acme/Payments" }] };
const twoRepositories: RecognitionContext = {
  trackers: [linear],
  repositories: [
    { provider: "github", path: "acme/payments" },
    { provider: "github", path: "acme/web" },
  ],
};
const noTrackers: RecognitionContext = { trackers: [], repositories: [] };

const keys = (texts: string[], context: RecognitionContext) => recogniseReferences(texts, context).map((reference) => reference.key);

describe("recognising issue references", () => {
  const table: [text: string, context: RecognitionContext, expected: string[]][] = [
    ["fixed the retry storm in PAY-142", oneRepository, ["PAY-142"]],
    ["pay-142: lower-case, as branches write it", oneRepository, ["PAY-142"]],
    ["(PAY-142, PAY-143) and PAY-142 again", oneRepository, ["PAY-142", "PAY-143"]],
    ["fix/PAY-142-timeouts", oneRepository, ["PAY-142"]],
    ["feature/pay-7_retry", oneRepository, ["PAY-7"]],
    ["OPS2-19 rollout", oneRepository, ["OPS2-19"]],
    ["XPAY-142 and PAY-142a are not keys", oneRepository, []],
    ["SHA-256 of the file, UTF-8 text, ISO-8601 dates over HTTP-2", oneRepository, []],
    ["SHA-256 and PAY-1", { trackers: [linear], repositories: [] }, ["PAY-1"]],
    ["PAY-142 without a tracker", noTrackers, []],
    ["closes #311", oneRepository, ["Acme/Payments#311"]],
    ["#311 with two repositories", twoRepositories, []],
    ["closes #311 but no repository", { trackers: [linear], repositories: [] }, []],
    ["fix/gh-311-timeouts", oneRepository, ["Acme/Payments#311"]],
    ["GH-12 at the start", oneRepository, ["Acme/Payments#12"]],
    ["high-311 is not a branch", oneRepository, []],
    ["see acme/web#12 and acme/payments#3", twoRepositories, ["acme/web#12", "acme/payments#3"]],
    ["see ACME/PAYMENTS#3", oneRepository, ["Acme/Payments#3"]],
    ["other/repo#5 counts anywhere", noTrackers, ["other/repo#5"]],
    ["https://github.com/octo/hello/issues/311 done", noTrackers, ["octo/hello#311"]],
    ["https://github.com/acme/payments/issues/311#issuecomment-1", oneRepository, ["Acme/Payments#311"]],
    ["https://gitlab.com/group/sub/project/-/issues/42", noTrackers, ["group/sub/project#42"]],
    ["https://github.com/octo/hello/pull/3 is a pull request", noTrackers, []],
    ["https://example.com/a/b#311 is an anchor", oneRepository, []],
    ["colour #fff and &#311; entity", oneRepository, []],
    ["PAY-142 in https://linear.app/acme/issue/PAY-142", oneRepository, ["PAY-142"]],
  ];

  it.each(table)("%s", (text, context, expected) => {
    expect(keys([text], context)).toEqual(expected);
  });

  it("links each reference to its issue", () => {
    expect(recogniseReferences(["PAY-142, #311 and https://gitlab.com/g/p/-/issues/9"], oneRepository)).toEqual([
      { key: "g/p#9", url: "https://gitlab.com/g/p/-/issues/9", provider: "gitlab" },
      { key: "PAY-142", url: "https://linear.app/acme/issue/PAY-142", provider: "tracker" },
      { key: "Acme/Payments#311", url: "https://github.com/Acme/Payments/issues/311", provider: "github" },
    ]);
  });

  it("reads every text: content, commit messages, branch names", () => {
    expect(keys(["Retry storm", "Merge branch 'fix/gh-311-timeouts'", "PAY-9: back off"], oneRepository)).toEqual(["Acme/Payments#311", "PAY-9"]);
  });

  it("knows a GitLab repository of the project by its path", () => {
    const context: RecognitionContext = { trackers: [], repositories: [{ provider: "gitlab", path: "Group/Project" }] };
    expect(recogniseReferences(["group/project#4"], context)).toEqual([
      { key: "Group/Project#4", url: "https://gitlab.com/Group/Project/-/issues/4", provider: "gitlab" },
    ]);
  });

  it("normalises a key for the filter", () => {
    expect(normaliseReferenceKey(" pay-142 ")).toBe("PAY-142");
    expect(normaliseReferenceKey("acme/web#12")).toBe("acme/web#12");
  });

  it("tells a key searched for from other words", () => {
    for (const key of ["PAY-142", " pay-142 ", "acme/web#12", "group/sub/project#4"]) expect(isReferenceKey(key), key).toBe(true);
    for (const text of ["PAY-", "retry storm", "#12", "PAY-142 retry"]) expect(isReferenceKey(text), text).toBe(false);
  });
});

describe("trackers", () => {
  it("are checked: prefix, https template holding {key}, at most 20", () => {
    const valid = { prefix: "PAY", url_template: "https://linear.app/acme/issue/{key}" };
    expect(trackersSchema.safeParse([valid]).success).toBe(true);
    for (const tracker of [
      { ...valid, prefix: "pay" },
      { ...valid, prefix: "1PAY" },
      { ...valid, prefix: "ABCDEFGHIJK" },
      { ...valid, url_template: "http://linear.app/{key}" },
      { ...valid, url_template: "https://linear.app/issue" },
      { ...valid, url_template: "javascript:alert({key})" },
    ]) {
      expect(trackersSchema.safeParse([tracker]).success, JSON.stringify(tracker)).toBe(false);
    }
    expect(trackersSchema.safeParse(Array.from({ length: 21 }, (_, index) => ({ ...valid, prefix: `P${index}` }))).success).toBe(false);
  });

  it("are written one a line in the project form, and read back", () => {
    const trackers = [
      { prefix: "PAY", url_template: "https://linear.app/acme/issue/{key}" },
      { prefix: "OPS", url_template: "https://acme.atlassian.net/browse/{key}" },
    ];
    expect(trackersFromText(trackersText(trackers))).toEqual(trackers);
    expect(trackersFromText("  pay   https://linear.app/acme/issue/{key}\n\n")).toEqual([trackers[0]]);
  });
});

describe("the worklog filtered by a reference", () => {
  it("is a report row's link and the worklog's URL", () => {
    expect(rowFilter("reference", "PAY-142")).toEqual({ reference: "PAY-142" });
    expect(rowFilter("reference", null)).toBeUndefined();
    expect(worklogHref({ reference: "acme/web#12" })).toBe("/?reference=acme%2Fweb%2312");
    expect(filtersFromSearch(new URLSearchParams("reference=PAY-142"))).toEqual({ reference: "PAY-142" });
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { readForgeEvent } from "@/lib/forge-hooks/forge-events";

const fixture = (name: string) => JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../fixtures/forges", `${name}.json`), "utf8"));

describe("readForgeEvent", () => {
  it("reads a GitHub push's commits and repository", () => {
    const event = readForgeEvent("github", "push", fixture("github-push"));
    expect(event).toEqual({
      kind: "push",
      repository: {
        remoteUrls: [
          "https://github.com/Codertocat/Hello-World.git",
          "https://github.com/Codertocat/Hello-World",
          "git@github.com:Codertocat/Hello-World.git",
          "git://github.com/Codertocat/Hello-World.git",
        ],
        cloneUrl: "https://github.com/Codertocat/Hello-World.git",
        path: "Codertocat/Hello-World",
        defaultBranch: "main",
      },
      commits: [
        {
          sha: "0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c",
          message: "Update README.md",
          committedAt: new Date("2019-05-15T15:20:30Z"),
          authorName: "Codertocat",
          authorEmail: "21031067+Codertocat@users.noreply.github.com",
          webUrl: "https://github.com/Codertocat/Hello-World/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c",
        },
        {
          sha: "b5a2c96250612366ea272ffac6d9744aaf4b45aa",
          message: "Add the pricing page\n\nWith the plans of the new year.",
          committedAt: new Date("2019-05-15T15:21:02Z"),
          authorName: "Codertocat",
          authorEmail: "21031067+Codertocat@users.noreply.github.com",
          webUrl: "https://github.com/Codertocat/Hello-World/commit/b5a2c96250612366ea272ffac6d9744aaf4b45aa",
        },
      ],
    });
  });

  it("reads a GitLab push, its project's URLs and its commits", () => {
    const event = readForgeEvent("gitlab", "Push Hook", fixture("gitlab-push"));
    if (event.kind !== "push") throw new Error(event.kind);
    expect(event.repository).toEqual({
      remoteUrls: ["http://example.com/mike/diaspora.git", "http://example.com/mike/diaspora", "git@example.com:mike/diaspora.git"],
      cloneUrl: "http://example.com/mike/diaspora.git",
      path: "mike/diaspora",
      defaultBranch: "master",
    });
    expect(event.commits.map(({ sha, committedAt }) => [sha, committedAt.toISOString()])).toEqual([
      ["b6568db1bc1dcd7f8b4d5a946b0b91f9dacd7327", "2011-12-12T12:27:31.000Z"],
      ["da1560886d4f094c3e6c9ef40349f7d38b5d27d7", "2012-01-03T21:36:29.000Z"],
    ]);
  });

  it("reads merged pull and merge requests", () => {
    expect(readForgeEvent("github", "pull_request", fixture("github-pull-request-merged"))).toMatchObject({
      kind: "merged",
      repository: { path: "Codertocat/Hello-World" },
      pullRequest: {
        number: 2,
        title: "Update the README with new information.",
        webUrl: "https://github.com/Codertocat/Hello-World/pull/2",
        mergedAt: new Date("2019-05-15T15:21:18Z"),
        mergeSha: "c4295bd74fb0f4fda03689c3df3f2803b658fd85",
      },
    });
    expect(readForgeEvent("gitlab", "Merge Request Hook", fixture("gitlab-merge-request"))).toMatchObject({
      kind: "merged",
      repository: { path: "gitlabhq/gitlab-test" },
      pullRequest: { number: 1, title: "MS-Viewport", mergedAt: new Date("2013-12-04T09:41:07Z"), mergeSha: "7d7c1c4be9b2f5ab40b6e8c1bb6f3b1e72ad7a1c" },
    });
  });

  it("ignores pings, tags, deleted branches, pull requests not merged and other events", () => {
    const closedUnmerged = fixture("github-pull-request-merged");
    closedUnmerged.pull_request.merged = false;
    const opened = fixture("gitlab-merge-request");
    opened.object_attributes.action = "open";
    const githubTag = { ...fixture("github-push"), ref: "refs/tags/v1.0.0" };
    for (const [provider, event, payload] of [
      ["github", "ping", fixture("github-ping")],
      ["github", "push", fixture("github-branch-delete")],
      ["github", "push", githubTag],
      ["github", "pull_request", closedUnmerged],
      ["github", "issues", { action: "opened" }],
      ["gitlab", "Tag Push Hook", fixture("gitlab-tag-push")],
      ["gitlab", "Push Hook", { ...fixture("gitlab-push"), after: "0000000000000000000000000000000000000000", commits: [] }],
      ["gitlab", "Merge Request Hook", opened],
      ["gitlab", "Pipeline Hook", {}],
    ] as const) {
      expect(readForgeEvent(provider, event, payload), `${provider} ${event}`).toEqual({ kind: "ignored" });
    }
  });

  it("names the field a payload it reads lacks or cannot use", () => {
    const problem = (provider: "github" | "gitlab", event: string, payload: unknown) => {
      try {
        readForgeEvent(provider, event, payload);
      } catch (error) {
        if (error instanceof AppError && error.kind === "invalid_request") return error.message;
        throw error;
      }
      throw new Error("read");
    };
    const push = fixture("github-push");
    expect(problem("github", "push", { ...push, ref: undefined })).toBe("The push payload has no ref");
    expect(problem("github", "push", { ...push, repository: { ...push.repository, clone_url: undefined } })).toBe(
      "The push payload has no repository.clone_url",
    );
    expect(problem("github", "push", { ...push, repository: { ...push.repository, clone_url: "/srv/git/hello.git" } })).toBe(
      "The push payload has an invalid repository.clone_url: names no repository",
    );
    push.commits[1].timestamp = "yesterday";
    expect(problem("github", "push", push)).toBe("The push payload has an invalid commits[1].timestamp: is not a timestamp");
    push.commits[1] = { ...push.commits[0], id: "not a sha" };
    expect(problem("github", "push", push)).toBe("The push payload has an invalid commits[1].id: is not a commit sha");
    const nul = fixture("gitlab-push");
    nul.commits[0].message = "a\u0000b";
    expect(problem("gitlab", "Push Hook", nul)).toMatch(/^The Push Hook payload has an invalid commits\[0\]\.message: holds a NUL character/);
    const merged = fixture("gitlab-merge-request");
    delete merged.object_attributes.iid;
    expect(problem("gitlab", "Merge Request Hook", merged)).toBe("The Merge Request Hook payload has no object_attributes.iid");
    const huge = fixture("github-pull-request-merged");
    huge.pull_request.number = 2 ** 31;
    expect(problem("github", "pull_request", huge)).toMatch(/^The pull_request payload has an invalid pull_request\.number: /);
  });

  it("cuts a commit's text at the contract's lengths, ending in an ellipsis, and drops a commit page that is no web page", () => {
    const push = fixture("github-push");
    push.commits[0].message = "é".repeat(20_005);
    push.commits[0].author.name = "n".repeat(300);
    push.commits[0].url = "javascript:alert(1)";
    push.commits[1].url = "https://github.com/Codertocat/\u0000";
    const event = readForgeEvent("github", "push", push);
    if (event.kind !== "push") throw new Error(event.kind);
    expect([...event.commits[0]!.message]).toHaveLength(20_000);
    expect(event.commits[0]!.message.endsWith("é…")).toBe(true);
    expect(event.commits[0]!.authorName).toBe(`${"n".repeat(254)}…`);
    expect(event.commits[0]!.webUrl).toBeNull();
    expect(event.commits[1]!.webUrl).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { inWorkspace, splitWorkspacePath, workspaceBase } from "@/lib/workspaces/workspace-path";

describe("a workspace's pages in the URL", () => {
  it("takes the slug and the page's own path from /w/<slug>/…", () => {
    expect(splitWorkspacePath("/w/payments-team")).toEqual({ slug: "payments-team", path: "/" });
    expect(splitWorkspacePath("/w/payments-team/")).toEqual({ slug: "payments-team", path: "/" });
    expect(splitWorkspacePath("/w/payments-team/projects/42")).toEqual({ slug: "payments-team", path: "/projects/42" });
    for (const other of ["/", "/reports", "/w", "/w/", "/w/Payments/reports", "/w/a_b", "/workspace/x", "/api/v1/w/x"]) {
      expect(splitWorkspacePath(other), other).toBeUndefined();
    }
  });

  it("keeps a workspace page's link in the workspace, and leaves the pages every workspace shares alone", () => {
    const base = workspaceBase("team");
    expect(inWorkspace(base, "/")).toBe("/w/team");
    expect(inWorkspace(base, "/?entry=1")).toBe("/w/team?entry=1");
    expect(inWorkspace(base, "/reports?group_by=author")).toBe("/w/team/reports?group_by=author");
    expect(inWorkspace(base, "/projects/42")).toBe("/w/team/projects/42");
    expect(inWorkspace(base, "/settings/members")).toBe("/w/team/settings/members");
    for (const shared of ["/docs", "/signin", "/r/token", "/device", "/invite/x", "/api/v1/openapi.json", "/projectsx", "https://example.com/"]) {
      expect(inWorkspace(base, shared), shared).toBe(shared);
    }
    expect(inWorkspace("", "/reports")).toBe("/reports");
  });

  it("round-trips: a prefixed page's path splits back to the workspace and the page", () => {
    for (const path of ["/", "/reports", "/projects/42", "/settings/api-keys"]) {
      const prefixed = inWorkspace(workspaceBase("x-1"), path);
      expect(splitWorkspacePath(prefixed)).toEqual({ slug: "x-1", path });
    }
  });
});

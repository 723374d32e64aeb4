import { describe, expect, it } from "vitest";
import { commitWebUrl, repositoryWebUrl } from "@/lib/repositories/web-urls";

const sha = "0123456789abcdef0123456789abcdef01234567";

describe("repositoryWebUrl", () => {
  it.each([
    ["https://github.com/ada/engine.git", "https://github.com/ada/engine"],
    ["https://github.com/ada/engine", "https://github.com/ada/engine"],
    ["https://github.com/ada/engine/", "https://github.com/ada/engine"],
    ["http://GitHub.com/ada/engine.git", "https://github.com/ada/engine"],
    ["git@github.com:ada/engine.git", "https://github.com/ada/engine"],
    ["github.com:ada/engine", "https://github.com/ada/engine"],
    ["ssh://git@github.com/ada/engine.git", "https://github.com/ada/engine"],
    ["ssh://git@github.com:22/ada/engine", "https://github.com/ada/engine"],
    ["git+ssh://git@github.com/ada/.github.git", "https://github.com/ada/.github"],
    ["git://github.com/ada/engine.git", "https://github.com/ada/engine"],
    ["  https://github.com/ada/engine.git\n", "https://github.com/ada/engine"],
    ["https://gitlab.com/ada/engine.git", "https://gitlab.com/ada/engine"],
    ["git@gitlab.com:ada/tools/sub_group/engine.git", "https://gitlab.com/ada/tools/sub_group/engine"],
    ["https://bitbucket.org/ada/engine.git", "https://bitbucket.org/ada/engine"],
    ["git@bitbucket.org:ada/engine.git", "https://bitbucket.org/ada/engine"],
  ])("links %j to %s", (remote, page) => {
    expect(repositoryWebUrl(remote)).toBe(page);
  });

  it("leaves credentials, ports, queries and fragments of the remote out of the link", () => {
    expect(repositoryWebUrl("https://ada:ghp_secret@github.com:443/ada/engine.git?token=x#readme")).toBe("https://github.com/ada/engine");
    expect(repositoryWebUrl("https://x-token-auth:secret@bitbucket.org/ada/engine.git")).toBe("https://bitbucket.org/ada/engine");
  });

  it.each([
    // Hosts it does not know, look-alikes included.
    "https://example.com/site.git",
    "https://gitlab.example.com/ada/engine.git",
    "https://github.com.evil.example/ada/engine",
    "https://evilgithub.com/ada/engine",
    "git@evil.example:ada/engine.git",
    // Schemes that are not git's transports.
    "javascript:alert(1)//github.com/ada/engine",
    "data:text/html,github.com/ada/engine",
    "file:///srv/git/engine.git",
    "ftp://github.com/ada/engine.git",
    // Paths that are no repository's, or that would need escaping.
    "https://github.com/ada",
    "https://github.com/ada/engine/tree/main",
    "https://bitbucket.org/ada/engine/src",
    "https://gitlab.com/ada/engine/-/tree/main",
    "https://github.com/ada/../engine",
    "https://github.com/ada/eng%20ine",
    "https://github.com/ada/<script>",
    // Not URLs at all.
    "",
    "/home/ada/engine",
    "C:\\code\\engine",
    "github.com",
  ])("links nothing for %j", (remote) => {
    expect(repositoryWebUrl(remote)).toBeNull();
  });
});

describe("commitWebUrl", () => {
  it("links a commit where each service shows one", () => {
    expect(commitWebUrl("git@github.com:ada/engine.git", sha)).toBe(`https://github.com/ada/engine/commit/${sha}`);
    expect(commitWebUrl("https://gitlab.com/ada/tools/engine.git", sha)).toBe(`https://gitlab.com/ada/tools/engine/-/commit/${sha}`);
    expect(commitWebUrl("https://bitbucket.org/ada/engine", sha)).toBe(`https://bitbucket.org/ada/engine/commits/${sha}`);
  });

  it("takes full and abbreviated shas, SHA-256 ones too, in lower case", () => {
    expect(commitWebUrl("https://github.com/ada/engine", "ABCDEF1")).toBe("https://github.com/ada/engine/commit/abcdef1");
    expect(commitWebUrl("https://github.com/ada/engine", "a".repeat(64))).toBe(`https://github.com/ada/engine/commit/${"a".repeat(64)}`);
  });

  it("links nothing for an unknown remote or a sha that is not one", () => {
    expect(commitWebUrl("https://example.com/site.git", sha)).toBeNull();
    expect(commitWebUrl("https://github.com/ada/engine", "../../evil")).toBeNull();
    expect(commitWebUrl("https://github.com/ada/engine", "abc")).toBeNull();
    expect(commitWebUrl("https://github.com/ada/engine", "a".repeat(65))).toBeNull();
  });
});

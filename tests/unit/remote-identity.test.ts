import { describe, expect, it } from "vitest";
import { remoteIdentity, remoteRepositoryPath } from "@/lib/repositories/remote-identity";

describe("remoteIdentity", () => {
  it.each([
    "https://github.com/Codertocat/Hello-World.git",
    "https://github.com/Codertocat/Hello-World",
    "https://github.com/codertocat/hello-world/",
    "http://GitHub.com/Codertocat/Hello-World.git",
    "https://ada:ghp_secret@github.com:443/Codertocat/Hello-World.git",
    "git@github.com:Codertocat/Hello-World.git",
    "github.com:Codertocat/Hello-World",
    "ssh://git@github.com/Codertocat/Hello-World.git",
    "ssh://git@github.com:22/Codertocat/Hello-World",
    "git+ssh://git@github.com/Codertocat/Hello-World.GIT",
    "git://github.com/Codertocat/Hello-World.git",
    "  https://github.com/Codertocat/Hello-World.git\n",
  ])("reads %j as github.com/codertocat/hello-world", (remote) => {
    expect(remoteIdentity(remote)).toBe("github.com/codertocat/hello-world");
  });

  it("keeps GitLab's groups and any host, its port left out", () => {
    expect(remoteIdentity("ssh://git@gitlab.example.com:2222/group/sub/project.git")).toBe("gitlab.example.com/group/sub/project");
    expect(remoteIdentity("https://gitlab.example.com:8443/Group/Sub/Project")).toBe("gitlab.example.com/group/sub/project");
    expect(remoteIdentity("git@gitlab.example.com:group/sub/project.git")).toBe("gitlab.example.com/group/sub/project");
  });

  it("tells different repositories and hosts apart", () => {
    expect(remoteIdentity("https://github.com/ada/engine")).not.toBe(remoteIdentity("https://github.com/ada/engine-2"));
    expect(remoteIdentity("https://github.com/ada/engine")).not.toBe(remoteIdentity("https://gitlab.com/ada/engine"));
  });

  it.each(["", "/home/ada/engine", "C:\\code\\engine", "file:///srv/git/engine.git", "ftp://github.com/ada/engine.git", "https://github.com/", "github.com"])(
    "reads no repository in %j",
    (remote) => {
      expect(remoteIdentity(remote)).toBeNull();
    },
  );
});

describe("remoteRepositoryPath", () => {
  it("is the path as the forge spells it, without .git and slashes", () => {
    expect(remoteRepositoryPath("https://github.com/Codertocat/Hello-World.git")).toBe("Codertocat/Hello-World");
    expect(remoteRepositoryPath("git@example.com:mike/diaspora.git")).toBe("mike/diaspora");
    expect(remoteRepositoryPath("http://example.com/group/sub/project/")).toBe("group/sub/project");
    expect(remoteRepositoryPath("/home/ada/engine")).toBeNull();
  });
});

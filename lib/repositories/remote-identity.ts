/** The schemes git clones over that name a host and a path. */
const cloneSchemes = new Set(["https:", "http:", "ssh:", "git+ssh:", "ssh+git:", "git:"]);

/**
 * git's scp-like syntax, `[user@]host:path`: no scheme, and no slash before the colon. A host of
 * one letter is a Windows drive (`C:\\code`), as git reads it there.
 */
const scpLike = /^(?:[^@/:\s]+@)?([^@/:\s]{2,}):(?!\/\/)\/?(\S+)$/;

/**
 * The host (lower-cased, without port or credentials) and the path a git remote names: https,
 * ssh:// and scp-like (`git@github.com:owner/name.git`) remotes alike; null for anything else
 * (a local path, another scheme).
 */
export function hostAndPath(remoteUrl: string): { host: string; path: string } | null {
  const remote = remoteUrl.trim();
  const scp = scpLike.exec(remote);
  if (scp) return { host: scp[1]!.toLowerCase(), path: scp[2]! };
  if (!URL.canParse(remote)) return null;
  const url = new URL(remote);
  if (!cloneSchemes.has(url.protocol) || url.hostname === "") return null;
  let path = url.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // an escape that decodes to no text: compared as written
  }
  return { host: url.hostname, path };
}

/** A remote's path without the slashes around it and without `.git`: `owner/name`, `group/sub/project`. */
function repositoryPath(path: string): string {
  return path
    .replace(/^\/+|\/+$/g, "")
    .replace(/\.git$/i, "")
    .replace(/\/+$/, "");
}

/**
 * The repository a remote names, whichever way it is written: `host/path`, lower-cased, without
 * scheme, user, port, `.git` or surrounding slashes. `https://GitHub.com/Ada/Engine.git`,
 * `git@github.com:ada/engine` and `ssh://git@github.com:22/ada/engine.git` are all
 * `github.com/ada/engine`. Null when the remote names no host and path.
 */
export function remoteIdentity(remoteUrl: string): string | null {
  const parts = hostAndPath(remoteUrl);
  const path = parts && repositoryPath(parts.path);
  return parts && path ? `${parts.host}/${path}`.toLowerCase() : null;
}

/** The path of the repository a remote names, as written (`Codertocat/Hello-World`); null where remoteIdentity is. */
export function remoteRepositoryPath(remoteUrl: string): string | null {
  const parts = hostAndPath(remoteUrl);
  return (parts && repositoryPath(parts.path)) || null;
}

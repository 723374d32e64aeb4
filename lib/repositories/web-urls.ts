import { hostAndPath } from "./remote-identity";

/** A hosting service whose web pages a repository's remote URL can be linked to. */
type HostingService = {
  /** How many path segments name a repository: owner and name, or GitLab's groups and project. */
  segments: { min: number; max: number };
  /** The path from a repository's page to one of its commits'. */
  commitPath: string;
};

const services = new Map<string, HostingService>([
  ["github.com", { segments: { min: 2, max: 2 }, commitPath: "commit" }],
  // GitLab serves a project's pages under "/-/" (a lone "-" is never a name); subgroups make
  // its paths deeper than two.
  ["gitlab.com", { segments: { min: 2, max: 20 }, commitPath: "-/commit" }],
  ["bitbucket.org", { segments: { min: 2, max: 2 }, commitPath: "commits" }],
]);

/** A name as the services spell owners, groups and repositories: nothing in it to escape in a URL. */
const segmentPattern = /^[A-Za-z0-9_.-]+$/;

const shaPattern = /^[0-9a-f]{4,64}$/i;

/** The repository a remote names on a known service, as that service's web page. */
function locate(remoteUrl: string): { service: HostingService; url: string } | null {
  const parts = hostAndPath(remoteUrl);
  const service = parts && services.get(parts.host);
  if (!parts || !service) return null;
  const segments = parts.path
    .replace(/\/+$/, "")
    .replace(/\.git$/, "")
    .split("/")
    .filter(Boolean);
  const named = segments.every((segment) => segmentPattern.test(segment) && ![".", "..", "-"].includes(segment));
  if (!named || segments.length < service.segments.min || segments.length > service.segments.max) return null;
  return { service, url: `https://${parts.host}/${segments.join("/")}` };
}

/**
 * The web page of the repository a remote URL names, when it is on GitHub, GitLab or Bitbucket:
 * https, ssh:// and scp-like (`git@github.com:owner/repo.git`) remotes, with or without `.git`.
 * Any other host, scheme or path is null: such a remote is shown, never linked. The remote's
 * credentials, port, query and fragment never reach the link.
 */
export function repositoryWebUrl(remoteUrl: string): string | null {
  return locate(remoteUrl)?.url ?? null;
}

/** The web page of a commit (a full or abbreviated sha) of the repository a remote URL names; null where repositoryWebUrl is. */
export function commitWebUrl(remoteUrl: string, sha: string): string | null {
  const repository = locate(remoteUrl);
  if (!repository || !shaPattern.test(sha)) return null;
  return `${repository.url}/${repository.service.commitPath}/${sha.toLowerCase()}`;
}

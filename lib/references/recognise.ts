import type { Reference, Tracker } from "./schemas";

/** A repository of the entry's project on a forge whose issues are linked. */
export type ForgeRepository = { provider: "github" | "gitlab"; path: string };

/** What applies to an entry: the trackers whose prefixes count, and its project's forge repositories. */
export type RecognitionContext = { trackers: readonly Tracker[]; repositories: readonly ForgeRepository[] };

const issueUrl = /\bhttps?:\/\/(github\.com|gitlab\.com)\/((?:[A-Za-z0-9_.-]+\/)+?[A-Za-z0-9_.-]+)\/(?:-\/)?issues\/(\d{1,9})\b/g;
/** `owner/repo#311`: not after a letter, digit, slash or dot (a URL's path), not before a word character. */
const repositoryIssue = /(?<![\w./-])([A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+)#(\d{1,9})(?!\w)/g;
/** `#311`: at the start or after a space or an opening bracket. */
const bareIssue = /(?<=^|[\s([{"'])#(\d{1,9})(?!\w)/g;
/** A branch `gh-311-…`, `fix/gh-311`: `gh-` after the start, a slash, a space or an underscore. */
const branchIssue = /(?<=^|[\s/_'"(])gh-(\d{1,9})(?![A-Za-z0-9])/gi;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function add(found: Map<string, Reference>, reference: Reference) {
  if (!found.has(reference.key)) found.set(reference.key, reference);
}

function forgeReference(provider: "github" | "gitlab", path: string, number: string, repositories: readonly ForgeRepository[]): Reference {
  // The repository's full name as the project has it, when it is one of the project's.
  const known = repositories.find((repository) => repository.provider === provider && repository.path.toLowerCase() === path.toLowerCase());
  const name = known?.path ?? path;
  const url = provider === "github" ? `https://github.com/${name}/issues/${number}` : `https://gitlab.com/${name}/-/issues/${number}`;
  return { key: `${name}#${Number(number)}`, url, provider };
}

/**
 * The issues texts (an entry's content, its commits' messages and branch names) refer to, each
 * once, in the order first seen: full GitHub and GitLab issue URLs and `owner/repo#311` anywhere;
 * `#311` and branch names `gh-311-…` for the one GitHub repository of the context; and keys of the
 * context's trackers (`PAY-142`, any case, also inside a branch name `fix/pay-142-timeouts`). Keys
 * of prefixes no tracker names (`SHA-256`, `UTF-8`) are not references.
 */
export function recogniseReferences(texts: readonly string[], { trackers, repositories }: RecognitionContext): Reference[] {
  const found = new Map<string, Reference>();
  const github = repositories.filter((repository) => repository.provider === "github");
  const only = github.length === 1 ? github[0]! : undefined;
  const prefixes = trackers.map((tracker) => escapeRegExp(tracker.prefix)).join("|");
  const trackerKey = prefixes ? new RegExp(`(?<![A-Za-z0-9])(${prefixes})-(\\d{1,9})(?![A-Za-z0-9])`, "gi") : undefined;
  const templates = new Map(trackers.map((tracker) => [tracker.prefix, tracker.url_template]));
  for (const text of texts) {
    // Each match is blanked out once read, so that a URL's or `owner/repo#` number is not read again as `#311`.
    let rest = text.replace(issueUrl, (match, host: string, path: string, number: string) => {
      add(found, forgeReference(host === "github.com" ? "github" : "gitlab", path, number, repositories));
      return " ".repeat(match.length);
    });
    rest = rest.replace(repositoryIssue, (match, path: string, number: string) => {
      const gitlab = repositories.some((repository) => repository.provider === "gitlab" && repository.path.toLowerCase() === path.toLowerCase());
      add(found, forgeReference(gitlab ? "gitlab" : "github", path, number, repositories));
      return " ".repeat(match.length);
    });
    if (trackerKey) {
      rest = rest.replace(trackerKey, (match, prefix: string, number: string) => {
        const key = `${prefix.toUpperCase()}-${number}`;
        add(found, { key, url: templates.get(prefix.toUpperCase())!.replaceAll("{key}", key), provider: "tracker" });
        return " ".repeat(match.length);
      });
    }
    if (only) {
      for (const pattern of [bareIssue, branchIssue]) {
        rest = rest.replace(pattern, (match, number: string) => {
          add(found, forgeReference("github", only.path, number, repositories));
          return " ".repeat(match.length);
        });
      }
    }
  }
  return [...found.values()];
}

/** Whether a search is one issue's key, `PAY-142` or `owner/repo#311`. */
export const isReferenceKey = (text: string) => /^\s*(?:[A-Za-z][A-Za-z0-9]{0,9}-\d{1,9}|[A-Za-z0-9_.-]+\/[A-Za-z0-9_./-]+#\d{1,9})\s*$/.test(text);

/** A key as the filter and the search take it: a tracker's upper-case, a forge's as written. */
export function normaliseReferenceKey(key: string): string {
  const trimmed = key.trim();
  return /^[A-Za-z][A-Za-z0-9]{0,9}-\d{1,9}$/.test(trimmed) ? trimmed.toUpperCase() : trimmed;
}

/** The environment variable the hook reads its key from, before `git config worklog.apiKey` (README.md, "The git hook"). */
const POST_COMMIT_HOOK_KEY_VARIABLE = "WORKLOG_API_KEY";

/** The file the hook's failures are appended to, in the git directory. */
const POST_COMMIT_HOOK_LOG = "worklog-hook.log";

const shellQuote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

/**
 * The part of the hook that is the same for every repository, written as it runs: it uses no
 * `${…}` of the shell, which would read as the template's. POSIX sh, git, awk and curl only:
 * the commit becomes the JSON body of `POST /api/v1/repositories/{id}/commits` in awk, bytes
 * kept as they are (LC_ALL=C: UTF-8 passes through) and JSON's specials and control characters
 * escaped. The key reaches curl in a config read from a here-document, never on a command line
 * that `ps` shows.
 */
const hookBody = String.raw`
key=$${POST_COMMIT_HOOK_KEY_VARIABLE}
[ -n "$key" ] || key=$(git config --get worklog.apiKey)
[ -n "$key" ] || exit 0
configured_url=$(git config --get worklog.url) && url=$configured_url
sha=$(git rev-parse --verify --quiet HEAD) || exit 0
log="$(git rev-parse --git-dir)/${POST_COMMIT_HOOK_LOG}"

fail() {
  printf '%s %s %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$sha" "$*" >>"$log"
}

one_line() {
  tr '\n' ' ' | sed 's/ *$//'
}

commit_json() {
  git log -1 --format='%H%n%cI%n%an%n%ae%n%B' "$sha" | LC_ALL=C awk '
    BEGIN {
      for (i = 1; i < 32; i++) special[sprintf("%c", i)] = sprintf("\\u%04x", i)
      special["\t"] = "\\t"; special["\r"] = "\\r"; special["\""] = "\\\""; special["\\"] = "\\\\"
    }
    function escape(text,    out, i, c) {
      out = ""
      for (i = 1; i <= length(text); i++) {
        c = substr(text, i, 1)
        out = out ((c in special) ? special[c] : c)
      }
      return out
    }
    NR <= 4 { field[NR] = "\"" escape($0) "\""; next }
    { line[++lines] = escape($0) }
    END {
      while (lines > 0 && line[lines] == "") lines--
      message = ""
      for (i = 1; i <= lines; i++) message = message (i > 1 ? "\\n" : "") line[i]
      printf "{\"commits\":[{\"sha\":%s,\"committed_at\":%s,\"author_name\":%s,\"author_email\":%s,\"message\":\"%s\"}]}", field[1], field[2], field[3], field[4], message
    }'
}

# $1: a directory of this run's own, with the request's body; curl's complaint goes there too.
post() {
  curl --silent --show-error --max-time 5 --config - \
    --header 'Content-Type: application/json' --header 'Accept: application/json' \
    --user-agent worklog-git-hook --data-binary "@$1/body" --write-out '\n%{http_code}' \
    "$(printf '%s' "$url" | sed 's:/*$::')/api/v1/repositories/$repository/commits" 2>"$1/error" <<EOF
header = "Authorization: Bearer $key"
EOF
}

record() {
  command -v curl >/dev/null 2>&1 || { fail "curl is not installed"; return; }
  case $key in *[!A-Za-z0-9_]*) fail "the API key has characters no Worklog key has"; return ;; esac
  work=$(mktemp -d) || { fail "could not create a temporary directory"; return; }
  if commit_json >"$work/body"; then
    response=$(post "$work")
    code=$?
    status=$(printf '%s\n' "$response" | tail -n 1)
    if [ "$code" -ne 0 ]; then
      fail "curl failed ($code): $(one_line <"$work/error")"
    else
      case $status in
        2??) ;;
        *) fail "HTTP $status: $(printf '%s\n' "$response" | sed '$d' | one_line)" ;;
      esac
    fi
  else
    fail "could not read the commit"
  fi
  rm -rf "$work"
}

# In the background, its output closed, so that the commit never waits for the server.
( record ) </dev/null >/dev/null 2>&1 &
exit 0
`;

/**
 * The `post-commit` hook that records each commit of a clone in the repository `repositoryId`
 * of the Worklog at `origin` (README.md, "The git hook"). The API key is read when the hook
 * runs, from `git config worklog.apiKey` or $WORKLOG_API_KEY: it is never part of the script.
 */
export function postCommitHookScript({ repositoryId, origin }: { repositoryId: string; origin: string }): string {
  return `#!/bin/sh
# Worklog post-commit hook: records each commit made in this clone in a Worklog repository.
#
# Install: save as .git/hooks/post-commit, then: chmod +x .git/hooks/post-commit
# Key: an API key with the repo:write scope, never written here. Either
#   git config worklog.apiKey wl_yourkey      (or git config --global, for every clone)
# or ${POST_COMMIT_HOOK_KEY_VARIABLE} in the environment. Without a key the hook does nothing.
# git config worklog.url replaces the server's address below.
#
# The commit never waits: the request runs in the background for at most 5 seconds, and a
# failure is appended to ${POST_COMMIT_HOOK_LOG} in the git directory (git rev-parse --git-dir).

repository=${shellQuote(repositoryId)}
url=${shellQuote(origin)}
${hookBody}`;
}

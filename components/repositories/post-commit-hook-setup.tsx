"use client";

import { useRef } from "react";
import { saveFile } from "@/components/browser/save-file";
import { Button } from "@/components/ui/button";
import { CopyOutcome, useCopy } from "@/components/ui/copy";
import { TextLink } from "@/components/ui/text-link";

const inlineCode = "font-mono text-[0.9em] font-semibold break-words text-zinc-900 dark:text-zinc-100";

/**
 * The `post-commit` hook of a repository (lib/repositories/post-commit-hook.ts), to copy or download,
 * with how to install it. The script scrolls inside its box, which the keyboard can reach, so
 * that its lines keep their shape on a phone.
 */
export function PostCommitHookSetup({ script }: { script: string }) {
  const scriptRef = useRef<HTMLPreElement>(null);
  const { copyStatus, copy } = useCopy(() => {
    if (scriptRef.current) getSelection()?.selectAllChildren(scriptRef.current);
  });

  return (
    <div className="space-y-4 text-sm text-pretty text-zinc-600 dark:text-zinc-400">
      <p>
        A git hook records each commit you make in your clone, whichever forge hosts it, or none. The commit never waits for it: the hook sends it in the
        background, gives up after 5 seconds, and notes a failure in <code className={inlineCode}>.git/worklog-hook.log</code>.
      </p>
      <ol className="list-decimal space-y-2 pl-5">
        <li>
          Save the script below as <code className={inlineCode}>.git/hooks/post-commit</code> in your clone, and make it executable:{" "}
          <code className={inlineCode}>chmod +x .git/hooks/post-commit</code>
        </li>
        <li>
          Give it an API key with the Repo: Write scope (create one under <TextLink href="/settings/api-keys">Settings → API keys</TextLink>):{" "}
          <code className={inlineCode}>git config worklog.apiKey wl_yourkey</code>, or set <code className={inlineCode}>WORKLOG_API_KEY</code> in your
          environment. The key is read when the hook runs and is never written into it; without one, the hook does nothing.
        </li>
      </ol>
      <div className="min-w-0">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="font-mono text-xs font-medium">.git/hooks/post-commit</p>
          <div className="flex gap-2">
            <Button variant="secondary" size="sm" onClick={() => copy(script)}>
              {copyStatus === "copied" ? "Copied" : "Copy"}
              <span className="sr-only"> the hook</span>
            </Button>
            <Button variant="secondary" size="sm" onClick={() => saveFile([script], "text/x-shellscript;charset=utf-8", "post-commit")}>
              Download
              <span className="sr-only"> the hook</span>
            </Button>
          </div>
        </div>
        <pre
          ref={scriptRef}
          tabIndex={0}
          role="region"
          aria-label="The post-commit hook script"
          className="mt-2 max-h-96 overflow-auto rounded-md bg-zinc-900 p-3 text-xs leading-relaxed text-zinc-100 dark:bg-black"
        >
          <code>{script}</code>
        </pre>
        <CopyOutcome copyStatus={copyStatus} selected="The hook" className="mt-1 text-xs text-red-700 dark:text-red-300" />
      </div>
    </div>
  );
}

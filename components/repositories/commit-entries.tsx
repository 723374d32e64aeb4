"use client";

import { WorkspaceLink } from "@/components/workspaces/workspace-link";
import { useRouter } from "next/navigation";
import { useRef, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { FormError, FormNotice } from "@/components/ui/form-feedback";
import { detachCommitAction } from "@/lib/worklog/actions";

/** An entry a commit is attached to, as its chip shows it. */
export type AttachedEntryChip = {
  id: string;
  /** Where the worklog shows the entry. */
  href: string;
  /** When the work was done, formatted. */
  recordedAt: string;
  /** The start of the entry, as plain text. */
  excerpt: string;
};

type CommitEntriesProps = { commitId: string; shortSha: string; entries: AttachedEntryChip[] };

/**
 * The entries a commit is attached to, each a chip that links to the entry in the worklog, with
 * a button that detaches the commit from it. What became of the last detach is said below the
 * chips, where it outlives the chip; after a detach, focus moves there.
 */
export function CommitEntries({ commitId, shortSha, entries }: CommitEntriesProps) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [detaching, setDetaching] = useState<string>();
  const [detached, setDetached] = useState<ReadonlySet<string>>(new Set());
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const shown = entries.filter((entry) => !detached.has(entry.id));

  function detach(entry: AttachedEntryChip) {
    setDetaching(entry.id);
    setError(undefined);
    startTransition(async () => {
      const result = await detachCommitAction(entry.id, commitId);
      if (!result.ok) {
        setError(result.message);
        return;
      }
      setDetached((ids) => new Set(ids).add(entry.id));
      setNotice(`Commit ${shortSha} detached from the entry of ${entry.recordedAt}.`);
      noticeRef.current?.focus();
      router.refresh();
    });
  }

  return (
    <>
      {shown.length > 0 && (
        <ul aria-label={`Entries with commit ${shortSha}`} className="mt-2 flex flex-wrap gap-2 text-sm">
          {shown.map((entry) => (
            <li key={entry.id} className="flex max-w-full min-w-0 items-center rounded-md bg-zinc-100 dark:bg-zinc-800">
              <WorkspaceLink href={entry.href} className="min-w-0 truncate rounded-l-md py-0.5 pr-1 pl-2 hover:underline">
                {entry.recordedAt}: {entry.excerpt}
              </WorkspaceLink>
              <Button
                variant="ghost"
                size="xs"
                className="shrink-0 rounded-l-none"
                aria-label={`Detach commit ${shortSha} from the entry of ${entry.recordedAt}`}
                disabled={pending}
                onClick={() => detach(entry)}
              >
                {pending && detaching === entry.id ? "Detaching…" : "Detach"}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <div className="mt-2">
          <FormError message={error} />
        </div>
      )}
      <FormNotice ref={noticeRef} message={notice} className="mt-2 empty:sr-only" />
    </>
  );
}

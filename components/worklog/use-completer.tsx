"use client";

import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import type { ProjectOption } from "@/components/projects/project-select";
import { applyCompletion, completionAt, matchingOptions } from "@/lib/worklog/composer-text";

type CompleterOptions = {
  text: string;
  textarea: RefObject<HTMLTextAreaElement | null>;
  projects: ProjectOption[];
  tags: string[];
  /** The trackers' keys seen before, the most used first, which `PAY-` completes. */
  referenceKeys?: string[];
  /** The text once the word is completed, and the project chosen if it was an `@` word. */
  onChoose: (text: string, projectId?: string) => void;
};

type CompletionOption = { id: string; label: string; detail?: string; projectId?: string; tag?: string; key?: string };

/**
 * `@` completes a project, `#` a tag and `PAY-` an issue's key (the most used first) in the text: a listbox under it
 * that the text box keeps the focus over (aria-activedescendant), ↑ and ↓ move in, Enter or Tab
 * choose from, and Escape closes.
 */
export function useCompleter({ text, textarea, projects, tags, referenceKeys = [], onChoose }: CompleterOptions) {
  const listId = useId();
  const [caret, setCaret] = useState<number>();
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string>();
  const pendingCaret = useRef<number>(undefined);
  const completion = caret === undefined ? undefined : completionAt(text, caret);
  const key = completion && `${completion.trigger}${completion.start}`;
  const options: CompletionOption[] = !completion
    ? []
    : completion.trigger === "@"
      ? matchingOptions(projects, completion.query, (project) => [project.name, project.identifier]).map((project) => ({
          id: project.id,
          label: project.name,
          detail: project.identifier,
          projectId: project.id,
        }))
      : completion.trigger === "key"
        ? referenceKeys
            .filter((key) => key.toLowerCase().startsWith(completion.query.toLowerCase()) && key.length > completion.query.length)
            .slice(0, 8)
            .map((key) => ({ id: key, label: key, key }))
        : matchingOptions(tags, completion.query, (tag) => [tag]).map((tag) => ({ id: tag, label: `#${tag}`, tag }));
  const open = completion !== undefined && options.length > 0 && dismissed !== key;
  const activeIndex = Math.min(active, options.length - 1);

  // Once a completed word is in the text, the caret goes after it.
  useEffect(() => {
    if (pendingCaret.current === undefined || !textarea.current) return;
    textarea.current.setSelectionRange(pendingCaret.current, pendingCaret.current);
    setCaret(pendingCaret.current);
    pendingCaret.current = undefined;
  }, [text, textarea]);

  function choose(option: CompletionOption) {
    if (!completion) return;
    const next = applyCompletion(text, completion, option.tag ? `#${option.tag} ` : option.key ? `${option.key} ` : "");
    pendingCaret.current = next.caret;
    onChoose(next.text, option.projectId);
    setActive(0);
  }

  return {
    follow: (element: HTMLTextAreaElement) => {
      if (element.selectionStart !== caret) setActive(0);
      setCaret(element.selectionStart === element.selectionEnd ? element.selectionStart : undefined);
    },
    close: () => setCaret(undefined),
    onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => {
      if (!open || event.metaKey || event.ctrlKey || event.altKey) return;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        setActive((activeIndex + (event.key === "ArrowDown" ? 1 : options.length - 1)) % options.length);
      } else if (event.key === "Enter" || event.key === "Tab") {
        event.preventDefault();
        choose(options[activeIndex]!);
      } else if (event.key === "Escape") {
        // Closes the list only: not the edit, nor a dialog around the form.
        event.preventDefault();
        event.stopPropagation();
        setDismissed(key);
      }
    },
    textareaProps: {
      "aria-autocomplete": "list" as const,
      "aria-haspopup": "listbox" as const,
      "aria-controls": open ? listId : undefined,
      "aria-activedescendant": open ? `${listId}-${activeIndex}` : undefined,
    },
    list: open && (
      <ul
        id={listId}
        role="listbox"
        aria-label={completion.trigger === "@" ? "Projects" : completion.trigger === "key" ? "Issues" : "Tags"}
        className="absolute top-full left-0 z-20 mt-1 max-h-60 w-64 max-w-full overflow-y-auto rounded-md border border-zinc-200 bg-white py-1 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
      >
        {options.map((option, index) => (
          <li
            key={option.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === activeIndex}
            // The text box keeps the focus: a press on an option must not blur it first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
            className="flex cursor-pointer justify-between gap-3 px-3 py-1.5 aria-selected:bg-brand-50 aria-selected:text-brand-900 dark:aria-selected:bg-brand-950 dark:aria-selected:text-brand-100"
          >
            <span className="truncate">{option.label}</span>
            {option.detail && <span className="font-mono text-xs text-zinc-500 dark:text-zinc-400">{option.detail}</span>}
          </li>
        ))}
      </ul>
    ),
  };
}

"use client";

import { toast } from "@/components/ui/toast";
import { saveFile } from "@/components/browser/save-file";
import { Button } from "@/components/ui/button";
import { withAbsoluteLinks } from "@/lib/recaps/absolute-links";

/**
 * A completed recap's text taken away: copied to the clipboard, or saved as a .md file, its links
 * to the app absolute on `origin` (lib/public-origin.ts) so that they work wherever it is pasted.
 */
export function RecapExport({ content, fileName, origin }: { content: string; fileName: string; origin: string }) {
  const markdown = withAbsoluteLinks(content, origin);
  async function copy() {
    try {
      await navigator.clipboard.writeText(markdown);
      toast.success("Recap copied as Markdown");
    } catch {
      toast.error("Copying is blocked here. Download the .md file instead.");
    }
  }

  function download() {
    saveFile([markdown], "text/markdown;charset=utf-8", fileName);
    toast.success(`Downloaded ${fileName}`);
  }

  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" size="sm" onClick={copy}>
        Copy as Markdown
      </Button>
      <Button variant="secondary" size="sm" onClick={download}>
        Download .md
      </Button>
    </div>
  );
}

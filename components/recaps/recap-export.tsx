"use client";

import { toast } from "sonner";
import { saveFile } from "@/components/download";
import { Button } from "@/components/ui/button";

/** A completed recap's text taken away: copied to the clipboard, or saved as a .md file. */
export function RecapExport({ content, fileName }: { content: string; fileName: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(content);
      toast.success("Recap copied as Markdown");
    } catch {
      toast.error("Copying is blocked here. Download the .md file instead.");
    }
  }

  function download() {
    saveFile([content], "text/markdown;charset=utf-8", fileName);
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

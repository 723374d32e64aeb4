import { readFileSync } from "node:fs";
import path from "node:path";

type ActionManifest = { node: Record<string, { exportedName?: string; filename?: string }> };

/** The id the build gave the server action `name` of `file`, which a browser sends in `Next-Action`. */
export function actionId(file: string, name: string): string {
  const manifestFile = path.resolve(import.meta.dirname, "../../.next/server/server-reference-manifest.json");
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as ActionManifest;
  const found = Object.entries(manifest.node).find(([, action]) => action.exportedName === name && action.filename === file);
  if (!found) throw new Error(`no server action ${name} of ${file} in the build`);
  return found[0];
}

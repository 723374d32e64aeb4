import type { ForgeProvider } from "@/lib/forge-hooks/providers";

const code = "rounded bg-white/70 px-1 py-0.5 font-mono text-[0.8125rem] dark:bg-black/40";

/** Where to paste a hook's URL and secret on its forge, step by step (README, "Commits that arrive on their own"). */
export function ForgeHookSetupSteps({ provider }: { provider: ForgeProvider }) {
  if (provider === "github") {
    return (
      <ol className="list-decimal space-y-1.5 pl-5 text-sm text-pretty">
        <li>
          On GitHub, open the repository, or the organisation for all its repositories, then <strong>Settings → Webhooks → Add webhook</strong>.
        </li>
        <li>
          <strong>Payload URL</strong>: the URL above.
        </li>
        <li>
          <strong>Content type</strong>: <code className={code}>application/json</code>.
        </li>
        <li>
          <strong>Secret</strong>: the secret above.
        </li>
        <li>
          <strong>Which events</strong>: “Just the push event”; to have merged pull requests suggested as entries, choose “Let me select individual events” and
          tick
          <strong> Pushes</strong> and <strong>Pull requests</strong>.
        </li>
        <li>
          <strong>Add webhook</strong>. GitHub sends a ping at once: it shows under this hook’s deliveries below.
        </li>
      </ol>
    );
  }
  return (
    <ol className="list-decimal space-y-1.5 pl-5 text-sm text-pretty">
      <li>
        On GitLab, open the project, or the group for all its projects, then <strong>Settings → Webhooks → Add new webhook</strong>.
      </li>
      <li>
        <strong>URL</strong>: the URL above.
      </li>
      <li>
        <strong>Secret token</strong>: the secret above.
      </li>
      <li>
        <strong>Trigger</strong>: <strong>Push events</strong> (all branches), and <strong>Merge request events</strong> to have merged merge requests suggested
        as entries.
      </li>
      <li>
        <strong>Add webhook</strong>. <strong>Test → Push events</strong> sends your latest commits, recorded like any push.
      </li>
    </ol>
  );
}

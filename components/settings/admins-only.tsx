import { EmptyState } from "@/components/ui/empty-state";

/** A settings page that only a workspace's admins use, as the others see it: what it is, and who manages it. */
export function AdminsOnly({ title, what }: { title: string; what: string }) {
  return (
    <div className="space-y-6">
      <h2 className="text-xl font-semibold tracking-tight">{title}</h2>
      <EmptyState title={`Only this workspace's admins manage its ${what}`}>Ask an admin or the owner (Settings → Members lists them).</EmptyState>
    </div>
  );
}

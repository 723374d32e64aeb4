import { ExternalLink } from "@/components/ui/external-link";
import { repositoryWebUrl } from "@/lib/repositories/web-urls";

/** A repository's remote, a link to its web page where it is on a service this app knows; otherwise plain text. */
export function RemoteUrl({ remoteUrl, className }: { remoteUrl: string; className?: string }) {
  const webUrl = repositoryWebUrl(remoteUrl);
  return (
    <span className={`block truncate ${className ?? ""}`}>
      {webUrl ? (
        <ExternalLink href={webUrl} className="font-medium text-brand-700 underline dark:text-brand-300">
          {remoteUrl}
        </ExternalLink>
      ) : (
        remoteUrl
      )}
    </span>
  );
}

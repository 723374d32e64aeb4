import { revokeDeviceAction } from "@/lib/oauth/actions";
import { RevokeButton } from "./revoke-button";
import { CredentialTable, dateTimeFormatter, ScopeList } from "./table-parts";
import type { Clock } from "@/lib/formatting/time-words";

export type DeviceSummary = {
  id: string;
  client: { name: string };
  scopes: string[];
  insertedAt: Date;
  lastUsedAt: Date | null;
  accessExpiresAt: Date;
};

export function DeviceTable({ devices, clock }: { devices: DeviceSummary[]; clock: Clock }) {
  const formatDate = dateTimeFormatter(clock);
  return (
    <CredentialTable
      columns={["Application", "Scopes", "Created", "Last used", "Expires"]}
      rows={devices.map((device) => ({
        id: device.id,
        name: device.client.name,
        cells: [
          <ScopeList key="scopes" scopes={device.scopes} />,
          formatDate(device.insertedAt),
          device.lastUsedAt ? formatDate(device.lastUsedAt) : "Never",
          formatDate(device.accessExpiresAt),
        ],
        action: (
          <RevokeButton
            name={device.client.name}
            title="Revoke device"
            confirmLabel="Revoke device"
            doneMessage="Device revoked"
            action={revokeDeviceAction.bind(null, device.id)}
          />
        ),
      }))}
    />
  );
}

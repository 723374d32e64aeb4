import { headers } from "next/headers";
import { apiMethods } from "@/lib/api/route";
import { formatUserCode } from "@/lib/oauth/credentials";
import { DEVICE_CODE_TTL_SECONDS, POLL_INTERVAL_SECONDS, startDeviceAuthorization } from "@/lib/oauth/device-flow";
import { oauthOperations } from "@/lib/oauth/operations";
import { oauthRoute } from "@/lib/oauth/route";
import { publicOrigin } from "@/lib/public-origin";

export const { POST, GET, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  oauthRoute(oauthOperations.startDeviceAuthorization, async ({ client_id, scope }) => {
    const { deviceCode, userCode } = await startDeviceAuthorization(client_id, scope);
    const verificationUri = `${publicOrigin(await headers())}/device`;
    return {
      device_code: deviceCode,
      user_code: formatUserCode(userCode),
      verification_uri: verificationUri,
      verification_uri_complete: `${verificationUri}?user_code=${formatUserCode(userCode)}`,
      expires_in: DEVICE_CODE_TTL_SECONDS,
      interval: POLL_INTERVAL_SECONDS,
    };
  }),
);

import { headers } from "next/headers";
import { formatUserCode } from "@/lib/oauth/credentials";
import { DEVICE_CODE_TTL_SECONDS, POLL_INTERVAL_SECONDS, startDeviceAuthorization } from "@/lib/oauth/device-flow";
import { oauthEndpoint } from "@/lib/oauth/route";
import { deviceCodeRequestSchema, type DeviceCodeResponse } from "@/lib/oauth/schemas";
import { publicOrigin } from "@/lib/public-origin";

export const { POST, GET, PUT, PATCH, DELETE } = oauthEndpoint(deviceCodeRequestSchema, async ({ client_id, scope }) => {
  const { deviceCode, userCode } = await startDeviceAuthorization(client_id, scope);
  const verificationUri = `${publicOrigin(await headers())}/device`;
  return {
    device_code: deviceCode,
    user_code: formatUserCode(userCode),
    verification_uri: verificationUri,
    verification_uri_complete: `${verificationUri}?user_code=${formatUserCode(userCode)}`,
    expires_in: DEVICE_CODE_TTL_SECONDS,
    interval: POLL_INTERVAL_SECONDS,
  } satisfies DeviceCodeResponse;
});

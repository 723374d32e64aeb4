import { apiMethods } from "@/lib/api/route";
import { exchangeDeviceCode } from "@/lib/oauth/device-flow";
import { OAuthError } from "@/lib/oauth/errors";
import { oauthOperations } from "@/lib/oauth/operations";
import { oauthRoute } from "@/lib/oauth/route";
import { DEVICE_CODE_GRANT_TYPE } from "@/lib/oauth/schemas";

export const { POST, GET, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  oauthRoute(oauthOperations.pollDeviceToken, async ({ device_code, grant_type, client_id }) => {
    if (grant_type && grant_type !== DEVICE_CODE_GRANT_TYPE) throw new OAuthError("unsupported_grant_type");
    return exchangeDeviceCode(device_code, client_id);
  }),
);

import "server-only";
import { createHash } from "node:crypto";
import { membershipIn } from "@/lib/access/memberships";
import { accessFor } from "@/lib/access/context";
import { decodeUtf8, parseJsonObject, readBodyBytes, requireJsonContentType } from "@/lib/api/body";
import { errorResponse } from "@/lib/api/error-response";
import { getDb } from "@/lib/db/client";
import { isUuid } from "@/lib/db/ids";
import { AppError } from "@/lib/errors";
import { limitRequests } from "@/lib/rate-limit";
import { FORGE_DELIVERIES_PER_MINUTE, MAX_FORGE_DELIVERY_BYTES } from "./limits";
import { logRefusedForgeDelivery, recordForgeDelivery, type ForgeDelivery } from "./deliveries";
import { readForgeEvent } from "./forge-events";
import { forgeDeliveryHeaders, isForgeProvider, forgeProviderNames } from "./providers";
import { verifyForgeDelivery } from "./verification";

/** Longer than forges' own (UUIDs, GUIDs): such an id is replaced by the body's hash. */
const MAX_DELIVERY_ID = 200;
const MAX_EVENT = 100;

const badSignature = (provider: string) =>
  new AppError("authentication", provider === "github" ? "Invalid or missing X-Hub-Signature-256 signature" : "Invalid or missing X-Gitlab-Token");

/** The delivery's event and the forge's id of it; without an id, the SHA-256 of its body stands for one. */
function deliveryOf(
  hook: ForgeDelivery["hook"] & { provider: keyof typeof forgeDeliveryHeaders },
  access: ForgeDelivery["access"],
  headers: Headers,
  body: Uint8Array,
): ForgeDelivery {
  const names = forgeDeliveryHeaders[hook.provider];
  const event = headers.get(names.event)?.trim() ?? "";
  const sent = headers.get(names.delivery)?.trim();
  const deliveryId = sent && sent.length <= MAX_DELIVERY_ID ? sent : `sha256:${createHash("sha256").update(body).digest("hex")}`;
  return { hook: { id: hook.id }, access, event: event.slice(0, MAX_EVENT), deliveryId };
}

/**
 * `POST /api/hooks/{id}`: a forge's delivery to an incoming hook (docs/api.md, "Incoming
 * hooks"). In order: the hook (404), its rate limit (429), the body's type (415) and size (413),
 * the signature (401: nothing is written), then the event. A delivery that passed its signature
 * but cannot be read is logged with its reason and answered 400.
 */
export async function receiveForgeDelivery(request: Request, hookId: string): Promise<Response> {
  const requestId = crypto.randomUUID();
  const headers = { "x-request-id": requestId };
  try {
    if (!isUuid(hookId)) throw AppError.notFound();
    const found = await getDb().incomingHook.findUnique({
      where: { id: hookId.toLowerCase() },
      select: { id: true, provider: true, secret: true, user: true, workspaceId: true },
    });
    if (!found || !isForgeProvider(found.provider)) throw AppError.notFound();
    // A hook whose maker is no longer a member of its workspace receives nothing.
    const membership = await membershipIn(found.user.id, found.workspaceId);
    if (!membership) throw AppError.notFound();
    const hook = { ...found, provider: found.provider };
    await limitRequests("hook-deliveries", FORGE_DELIVERIES_PER_MINUTE, hook.id);
    requireJsonContentType(request);
    const body = await readBodyBytes(request, MAX_FORGE_DELIVERY_BYTES);
    if (!verifyForgeDelivery(hook.provider, hook.secret, body, request.headers.get(forgeDeliveryHeaders[hook.provider].signature)))
      throw badSignature(hook.provider);
    // Who asks is the hook's maker in the hook's workspace: a forge's delivery writes there.
    const delivery = deliveryOf(hook, accessFor(hook.user, membership), request.headers, body);
    let forgeEvent;
    try {
      if (delivery.event === "")
        throw AppError.invalidRequest(
          `The ${forgeDeliveryHeaders[hook.provider].event} header is missing: is this a ${forgeProviderNames[hook.provider]} webhook?`,
        );
      forgeEvent = readForgeEvent(hook.provider, delivery.event, parseJsonObject(decodeUtf8(body)));
    } catch (error) {
      if (error instanceof AppError) await logRefusedForgeDelivery({ ...delivery, event: delivery.event || "(none)" }, 400, error.message);
      throw error;
    }
    return Response.json(await recordForgeDelivery(delivery, forgeEvent), { headers });
  } catch (error) {
    return errorResponse(error, requestId);
  }
}

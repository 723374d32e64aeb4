import { errorResponse } from "@/lib/api/error-response";
import { currentAccess } from "@/lib/auth/current-user";
import { AppError } from "@/lib/errors";
import { recapStreamResponse } from "@/lib/recaps/events";

// The same as SSE_MAX_DURATION_SECONDS in lib/api/sse.ts: Next reads this export literally.
export const maxDuration = 300;

/** The web page's stream of one recap: the same events as the API's, on the browser's session. */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const requestId = crypto.randomUUID();
  try {
    const access = await currentAccess();
    if (!access) throw new AppError("authentication", "Sign in to follow this recap.");
    const { user } = access;
    return await recapStreamResponse(request, access, (await params).id, { kind: "session", userId: user.id, sessionVersion: user.sessionVersion });
  } catch (error) {
    return errorResponse(error, requestId);
  }
}

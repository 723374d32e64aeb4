import { errorResponse } from "@/lib/api/error-response";
import { currentAccess } from "@/lib/auth/current-user";
import { exportResponse } from "@/lib/data/export";
import { exportQuerySchema } from "@/lib/data/export-query";
import { AppError } from "@/lib/errors";

// A large account's export takes longer than a serverless function's default limit (about 25 000
// entries a second, README "Benchmarks"); Next reads this export literally.
export const maxDuration = 300;

/** Settings → Data's downloads: the API's export (`GET /api/v1/export`) on the browser's session, which holds every scope. */
export async function GET(request: Request) {
  try {
    const access = await currentAccess();
    if (!access) throw new AppError("authentication", "Sign in to export your data.");
    const query = exportQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) throw AppError.invalidRequest(query.error.issues[0]!.message);
    return exportResponse(access, query.data);
  } catch (error) {
    return errorResponse(error, crypto.randomUUID());
  }
}

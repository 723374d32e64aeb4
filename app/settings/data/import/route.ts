import { revalidatePath } from "next/cache";
import { errorResponse } from "@/lib/api/error-response";
import { importUpload } from "@/lib/data/upload";

// A large import takes longer than a serverless function's default limit.
export const maxDuration = 300;

/** Settings → Data's upload (lib/data/upload.ts): the document is the body, its format `?format=`. */
export async function POST(request: Request) {
  try {
    const outcome = await importUpload(request);
    if ("summary" in outcome) revalidatePath("/", "layout");
    return Response.json(outcome);
  } catch (error) {
    return errorResponse(error, crypto.randomUUID());
  }
}

import { NextRequest } from "next/server";
import { readBodyText } from "@/lib/api/body";
import { errorResponse } from "@/lib/api/error-response";
import { handlers } from "@/lib/auth/next-auth";

export const { GET } = handlers;

/** next-auth would read a body of any size: the API's 1 MiB limit applies first. */
export async function POST(request: NextRequest): Promise<Response> {
  let body: string;
  try {
    body = await readBodyText(request);
  } catch (error) {
    return errorResponse(error, crypto.randomUUID());
  }
  return handlers.POST(new NextRequest(request, { body }));
}

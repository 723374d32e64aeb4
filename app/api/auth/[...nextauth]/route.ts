import { NextRequest } from "next/server";
import { readBodyText } from "@/lib/api/body";
import { errorResponse } from "@/lib/api/error-response";
import { getCurrentUser } from "@/lib/auth/current-user";
import { handlers } from "@/lib/auth/next-auth";

/** next-auth's session endpoint knows only the cookie: a session that was ended reads as none here too. */
export async function GET(request: NextRequest): Promise<Response> {
  if (request.nextUrl.pathname.endsWith("/session") && !(await getCurrentUser())) return Response.json(null);
  return handlers.GET(request);
}

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

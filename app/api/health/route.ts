import { checkDatabase } from "@/lib/db/health";

/** Readiness: 503 while the database cannot be reached. */
export async function GET() {
  const database = await checkDatabase();
  return Response.json({ status: database === "ok" ? "ok" : "unavailable", database }, { status: database === "ok" ? 200 : 503 });
}

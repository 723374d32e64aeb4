import "server-only";
import { getDb } from "./client";

export async function checkDatabase(): Promise<"ok" | "unreachable"> {
  try {
    await getDb().$queryRaw`SELECT 1`;
    return "ok";
  } catch (error) {
    console.error("[health] database check failed:", (error as Error).message);
    return "unreachable";
  }
}

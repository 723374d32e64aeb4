// Runs the local Upstash REST endpoint in a process of its own, so that a benchmark's load
// generator and the endpoint do not share one event loop. Prints its URL, then serves until killed.
import { startUpstashRest } from "../tests/support/upstash-rest";

const endpoint = await startUpstashRest({ token: process.argv[2] ?? "bench-token" });
console.log(endpoint.url);

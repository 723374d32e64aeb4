import "server-only";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { getDb } from "@/lib/db/client";
import { laneDepths } from "@/lib/jobs/depth";

/**
 * What `/api/metrics` shows Prometheus (README "Operations"), counted in this process. The
 * registry lives on globalThis: every route bundle counts into the same one.
 */
type Metrics = { registry: Registry; requests: Histogram<"method" | "route" | "status">; openStreams: Gauge; failedScrapes: Counter };

const processWide = globalThis as typeof globalThis & { __worklogMetrics?: Metrics };

function createMetrics(): Metrics {
  const registry = new Registry();
  // The process's own: its CPU, resident memory, V8 heap and event-loop lag (prom-client's names).
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: "worklog_http_request_duration_seconds",
    help: "API requests (/api/v1, /api/mcp) until their response began, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const openStreams = new Gauge({ name: "worklog_open_event_streams", help: "Recap event streams open in this process", registers: [registry] });
  const failedScrapes = new Counter({
    name: "worklog_metrics_collection_failures_total",
    help: "Scrapes whose queue depth could not be read",
    registers: [registry],
  });
  new Gauge({
    name: "worklog_job_queue_depth",
    help: "Jobs in the queue that have not failed for good: waiting or running, all instances together",
    registers: [registry],
    async collect() {
      try {
        this.set(await getDb().job.count({ where: { failedAt: null } }));
      } catch {
        failedScrapes.inc();
      }
    },
  });
  new Gauge({
    name: "worklog_job_lane_depth",
    help: "Jobs in the queue that have not failed for good, by lane and state (waiting, running), all instances together",
    labelNames: ["lane", "state"] as const,
    registers: [registry],
    async collect() {
      try {
        for (const { lane, waiting, running } of await laneDepths()) {
          this.set({ lane, state: "waiting" }, waiting);
          this.set({ lane, state: "running" }, running);
        }
      } catch {
        failedScrapes.inc();
      }
    },
  });
  return { registry, requests, openStreams, failedScrapes };
}

const metrics = () => (processWide.__worklogMetrics ??= createMetrics());

export function observeRequest(method: string, route: string, status: number, seconds: number): void {
  metrics().requests.observe({ method, route, status: String(status) }, seconds);
}

/** Counts an event stream open until the function it returns is called. */
export function countOpenStream(): () => void {
  metrics().openStreams.inc();
  return () => metrics().openStreams.dec();
}

export async function metricsText(): Promise<{ contentType: string; text: string }> {
  const { registry } = metrics();
  return { contentType: registry.contentType, text: await registry.metrics() };
}

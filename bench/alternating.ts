// Requests to several pages of one server measured side by side: each page's blocks of requests
// alternate with the others', the first page changing from block to block, so that the machine's
// noise falls on all alike; the CPU meter (bench/wrk.ts) is read between blocks. Used by
// bench/lists.ts and bench/lists-team.ts.
import type { PrivateServer } from "../tests/support/server";
import { cpuUsed, type CpuMeter } from "./wrk";

/** A page to request, with the key to request it with. */
export type PageTarget = { path: string; key: string };

/** A page's latency and the CPU its requests cost the server and PostgreSQL, and the cores others kept busy meanwhile. */
export type Measured = { p50_ms: number; p99_ms: number; server_cpu_ms: number; postgres_cpu_ms: number; others_cores: number };

/** Requests to one page between two readings of the meter, whose clock ticks are 10 ms. */
const BLOCK = 20;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

export async function measureAlternating(
  server: PrivateServer,
  meter: CpuMeter,
  targets: PageTarget[],
  { samples, warmUp }: { samples: number; warmUp: number },
): Promise<Measured[]> {
  const request = async (target: PageTarget) => {
    const started = performance.now();
    const response = await server.request(target.path, { key: target.key });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${target.path}: status ${response.status}`);
    return performance.now() - started;
  };
  for (let index = 0; index < warmUp; index++) for (const target of targets) await request(target);
  const taken = targets.map(() => [] as number[]);
  const cpu = targets.map(() => ({ server: 0, postgres: 0, othersCores: 0, blocks: 0 }));
  for (let block = 0; block < Math.ceil(samples / BLOCK); block++) {
    const order = [...targets.keys()];
    for (let turn = 0; turn < block % targets.length; turn++) order.push(order.shift()!);
    for (const which of order) {
      const before = await meter();
      for (let index = 0; index < BLOCK; index++) taken[which]!.push(await request(targets[which]!));
      const used = cpuUsed(before, await meter());
      cpu[which]!.server += used.server;
      cpu[which]!.postgres += used.postgres;
      cpu[which]!.othersCores += used.othersCores;
      cpu[which]!.blocks++;
    }
  }
  return targets.map((_, which) => {
    const sorted = taken[which]!.sort((a, b) => a - b);
    const perRequestMs = (seconds: number) => +((seconds * 1000) / sorted.length).toFixed(3);
    return {
      p50_ms: +percentile(sorted, 50).toFixed(1),
      p99_ms: +percentile(sorted, 99).toFixed(1),
      server_cpu_ms: perRequestMs(cpu[which]!.server),
      postgres_cpu_ms: perRequestMs(cpu[which]!.postgres),
      others_cores: +(cpu[which]!.othersCores / cpu[which]!.blocks).toFixed(2),
    };
  });
}

/** Load runs with autocannon, reduced to the figures RESULTS.md reports. */
import autocannon, { type Options } from 'autocannon';
import { round1, round2 } from './env';

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  errors: number;
  non2xx: number;
  requests: number;
  bodyBytes: number;
  /** Processor time the server spent per request, when its process is known. */
  cpuMsPerRequest?: number;
}

export async function runLoad(options: Options, bodyBytes = 0, server?: { cpuMs: () => number }): Promise<LoadFigures> {
  const cpuBefore = server?.cpuMs() ?? 0;
  const r = await autocannon({ timeout: 10, ...options });
  const cpu = server ? server.cpuMs() - cpuBefore : 0;
  const served = r['2xx'] + r.non2xx;
  return {
    ...(server && served > 0 ? { cpuMsPerRequest: round2(cpu / served) } : {}),
    requestsPerSecond: round1(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    meanMs: round2(r.latency.mean),
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    requests: r['2xx'] + r.non2xx,
    bodyBytes,
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

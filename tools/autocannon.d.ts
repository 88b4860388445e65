// Minimal typing for the parts of autocannon the benchmark uses.
declare module 'autocannon' {
  interface Result {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number; average: number };
    errors: number;
    non2xx: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    pipelining?: number;
    requests?: Array<{ method?: string; path: string; headers?: Record<string, string> }>;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}

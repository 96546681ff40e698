/** The part of autocannon's programmatic API the benchmarks use (it ships no types). */
declare module 'autocannon' {
  type Histogram = { average: number; p50: number; p90: number; p99: number; max: number }
  export type Result = {
    requests: Histogram & { total: number; sent: number }
    latency: Histogram
    throughput: Histogram
    errors: number
    timeouts: number
    non2xx: number
    duration: number
  }
  export default function autocannon(options: {
    url: string
    connections?: number
    duration?: number
    amount?: number
    method?: string
    body?: string
    headers?: Record<string, string>
    /** Requests each connection sends in turn, cycling (paths relative to `url`). */
    requests?: { method?: string; path?: string; headers?: Record<string, string> }[]
  }): Promise<Result>
}

// The part of autocannon's API the bench uses (the package ships no types).
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    timeout?: number;
  }
  interface Result {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    duration: number;
  }
  interface Instance extends EventEmitter {
    on(
      event: "response",
      listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void,
    ): this;
    stop(): void;
  }
  function autocannon(
    options: Options,
    callback: (error: Error | null, result: Result) => void,
  ): Instance;
  export default autocannon;
}

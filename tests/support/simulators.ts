import { createServer } from "node:net";

/** A port nothing listens on: bound, then released. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

type Startable = { start(): Promise<string>; stop(): Promise<void> };

/**
 * The simulators a test file's tests start: `start` makes one with `create` and starts it;
 * `stopAll`, run after each test, stops them all.
 */
export function simulatorPool<A extends unknown[], S extends Startable>(create: (...args: A) => S) {
  const started: S[] = [];
  return {
    async start(...args: A) {
      const sim = create(...args);
      const baseUrl = await sim.start();
      started.push(sim);
      return { sim, baseUrl };
    },
    async stopAll() {
      await Promise.all(started.splice(0).map((sim) => sim.stop()));
    },
  };
}

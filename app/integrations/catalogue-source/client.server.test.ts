import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/utils/env.server";
import { closedPort, simulatorPool } from "../../../tests/support/simulators";
import {
  CatalogueSourceError,
  catalogueSourceClient,
  createCatalogueSourceClient,
  type CatalogueSourceRetry,
} from "./client.server";
import {
  catalogueItem,
  catalogueSimulatorEnabled,
  createCatalogueSimulator,
  embeddedCatalogueSimulator,
  type CatalogueSimulator,
} from "./simulator.server";

const simulators = simulatorPool(createCatalogueSimulator);
const simulator = simulators.start;
afterEach(simulators.stopAll);

describe("catalogue source client against the simulator", () => {
  let shared: CatalogueSimulator;
  let baseUrl: string;
  beforeAll(async () => {
    shared = createCatalogueSimulator({ items: 130, failEvery: 0, delayMs: 0 });
    baseUrl = await shared.start();
  });
  afterAll(() => shared.stop());

  const client = () => createCatalogueSourceClient({ baseUrl, backoffMs: 1 });

  it("reads the status", async () => {
    expect(await client().status()).toMatchObject({
      total_items: 130,
      default_per_page: 50,
      max_per_page: 100,
    });
  });

  it("reads pages in order, the last one short, and none past it", async () => {
    const first = await client().page(1, 50);
    expect(first).toMatchObject({ page: 1, per_page: 50, total_items: 130, total_pages: 3 });
    expect(first.items).toHaveLength(50);
    expect(first.items[0]).toEqual(catalogueItem(0));

    const last = await client().page(3, 50);
    expect(last.items.map((item) => item.id)).toEqual(
      Array.from({ length: 30 }, (_, i) => String(101 + i)),
    );
    expect(last.items.at(-1)).toEqual(catalogueItem(129));

    const beyond = await client().page(4, 50);
    expect(beyond.items).toEqual([]);
    expect(beyond.total_pages).toBe(3);
  });

  it("does not retry a 400, and says why in pt-BR", async () => {
    const before = shared.requestCount;
    const error = await client()
      .page(1, 500)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CatalogueSourceError);
    expect((error as CatalogueSourceError).status).toBe(400);
    expect((error as CatalogueSourceError).message).toBe(
      "a fonte do catálogo recusou o pedido (HTTP 400): per_page deve ser um número inteiro entre 1 e 100",
    );
    expect(shared.requestCount - before).toBe(1);
  });

  it("does not retry a 404", async () => {
    const client = createCatalogueSourceClient({ baseUrl: `${baseUrl}/nada`, backoffMs: 1 });
    const before = shared.requestCount;
    await expect(client.status()).rejects.toMatchObject({ status: 404 });
    expect(shared.requestCount - before).toBe(1);
  });
});

describe("catalogue source client resilience", () => {
  it("walks every page through the simulator's failures, retrying each once", async () => {
    const { sim, baseUrl } = await simulator({ items: 1000, failEvery: 2, retryAfterSeconds: 0 });
    const retries: CatalogueSourceRetry[] = [];
    const client = createCatalogueSourceClient({
      baseUrl,
      backoffMs: 1,
      onRetry: (retry) => retries.push(retry),
    });
    const ids: string[] = [];
    for (let number = 1; number <= 10; number++)
      ids.push(...(await client.page(number, 100)).items.map((item) => item.id));
    expect(ids).toEqual(Array.from({ length: 1000 }, (_, i) => String(i + 1)));
    expect(retries.map(({ attempt, status }) => ({ attempt, status }))).toEqual([
      { attempt: 1, status: 429 },
      { attempt: 1, status: 503 },
      { attempt: 1, status: 429 },
      { attempt: 1, status: 503 },
      { attempt: 1, status: 429 },
    ]);
    expect(retries[1]).toMatchObject({
      delayMs: 1,
      reason: "a fonte do catálogo respondeu com erro (HTTP 503)",
    });
    expect(retries[1]!.error).toBeInstanceOf(CatalogueSourceError);
    expect(sim.requestCount).toBe(15);
  });

  it("waits what Retry-After asks before retrying a 429", async () => {
    const { sim, baseUrl } = await simulator({ items: 10, failEvery: 1, retryAfterSeconds: 1 });
    const delays: number[] = [];
    const client = createCatalogueSourceClient({
      baseUrl,
      backoffMs: 1,
      onRetry: ({ delayMs }) => delays.push(delayMs),
    });
    const before = Date.now();
    expect((await client.page(1, 10)).items).toHaveLength(10);
    expect(Date.now() - before).toBeGreaterThanOrEqual(950);
    expect(delays).toEqual([1000]);
    expect(sim.requestCount).toBe(2);
  });

  it("backs off exponentially and gives up after maxAttempts, with the last status", async () => {
    const { baseUrl } = await simulator({ items: 10 });
    const delays: number[] = [];
    const client = createCatalogueSourceClient({
      baseUrl: `${baseUrl}`,
      backoffMs: 2,
      maxAttempts: 4,
      onRetry: ({ delayMs }) => delays.push(delayMs),
      // Every request forced to fail, as a source that stays down.
      fetch: (input, init) => fetch(`${String(input)}&simulate=503`, init),
    });
    const error = await client.page(1, 10).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CatalogueSourceError);
    expect((error as CatalogueSourceError).status).toBe(503);
    expect((error as CatalogueSourceError).message).toBe(
      "a fonte do catálogo respondeu com erro (HTTP 503)",
    );
    expect(delays).toEqual([2, 4, 8]);
  });

  it("gives up on a rate limit that does not lift, saying so in pt-BR", async () => {
    const { sim, baseUrl } = await simulator({ items: 10, retryAfterSeconds: 0 });
    const client = createCatalogueSourceClient({
      baseUrl,
      backoffMs: 1,
      maxAttempts: 3,
      fetch: (input, init) => fetch(`${String(input)}&simulate=429`, init),
    });
    await expect(client.page(1, 10)).rejects.toThrow(
      "limite de requisições da fonte do catálogo excedido (HTTP 429)",
    );
    expect(sim.requestCount).toBe(3);
  });

  it("times out a slow answer and retries it", async () => {
    const { sim, baseUrl } = await simulator({ items: 10, delayMs: 300 });
    const client = createCatalogueSourceClient({
      baseUrl,
      backoffMs: 1,
      maxAttempts: 2,
      timeoutMs: 50,
    });
    await expect(client.status()).rejects.toThrow("a fonte do catálogo não respondeu em 0,05 s");
    expect(sim.requestCount).toBe(2);
  });

  it("retries network errors and reports them", async () => {
    const port = await closedPort();
    let calls = 0;
    const client = createCatalogueSourceClient({
      baseUrl: `http://127.0.0.1:${port}/catalogue/api/v1`,
      backoffMs: 1,
      maxAttempts: 3,
      fetch: (...args) => {
        calls++;
        return fetch(...args);
      },
    });
    const error = await client.status().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CatalogueSourceError);
    expect((error as CatalogueSourceError).message).toBe(
      "falha de rede ao acessar a fonte do catálogo",
    );
    expect((error as CatalogueSourceError).status).toBeUndefined();
    expect(calls).toBe(3);
  });

  it.each([
    [
      "text that is not JSON",
      "<html>erro</html>",
      "a fonte do catálogo respondeu algo que não é JSON",
    ],
    [
      "JSON of another shape",
      JSON.stringify({ page: 1, items: "nenhum" }),
      "a fonte do catálogo respondeu num formato inesperado (per_page)",
    ],
  ])("refuses %s without retrying", async (_what, body, message) => {
    let calls = 0;
    const client = createCatalogueSourceClient({
      baseUrl: "http://fonte.test/api",
      backoffMs: 1,
      fetch: async () => {
        calls++;
        return new Response(body, { status: 200 });
      },
    });
    await expect(client.page(1, 10)).rejects.toThrow(message);
    expect(calls).toBe(1);
  });
});

describe("catalogue source configuration", () => {
  async function withEnv(values: Record<string, string | undefined>, run: () => Promise<void>) {
    const saved = Object.fromEntries(Object.keys(values).map((key) => [key, process.env[key]]));
    const apply = (entries: Record<string, string | undefined>) => {
      for (const [key, value] of Object.entries(entries)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
      resetEnvForTests();
    };
    apply(values);
    try {
      await run();
    } finally {
      apply(saved);
    }
  }
  const production = {
    NODE_ENV: "production",
    ADMIN_PASSWORD: "senha-de-producao-123",
    ENCAIXA_LOCAL: undefined,
    CATALOGUE_SOURCE_URL: undefined,
    CATALOGUE_SIMULATOR: undefined,
  };

  it("reads CATALOGUE_SOURCE_URL, or else the app's own simulator", async () => {
    await withEnv(
      { CATALOGUE_SOURCE_URL: "https://fonte.example.com/v1/", PORT: "4100" },
      async () => {
        expect(catalogueSourceClient().baseUrl).toBe("https://fonte.example.com/v1");
      },
    );
    await withEnv({ CATALOGUE_SOURCE_URL: undefined, PORT: "4100" }, async () => {
      expect(catalogueSourceClient().baseUrl).toBe("http://127.0.0.1:4100/catalogue-sim/api/v1");
      expect(catalogueSimulatorEnabled()).toBe(true);
    });
  });

  it("refuses to start an import in production without CATALOGUE_SOURCE_URL", async () => {
    await withEnv(production, async () => {
      expect(catalogueSimulatorEnabled()).toBe(false);
      expect(() => catalogueSourceClient()).toThrow(CatalogueSourceError);
      expect(() => catalogueSourceClient()).toThrow(/CATALOGUE_SOURCE_URL não está configurada/);
    });
    await withEnv({ ...production, CATALOGUE_SIMULATOR: "true" }, async () => {
      expect(catalogueSimulatorEnabled()).toBe(true);
      expect(catalogueSourceClient().baseUrl).toMatch(/\/catalogue-sim\/api\/v1$/);
    });
    await withEnv(
      { ...production, CATALOGUE_SOURCE_URL: "https://fonte.example.com" },
      async () => {
        expect(catalogueSourceClient().baseUrl).toBe("https://fonte.example.com");
      },
    );
  });

  it("sizes and faults the app's simulator from the environment", async () => {
    await withEnv(
      { CATALOGUE_SIM_ITEMS: "7", CATALOGUE_SIM_FAIL_EVERY: "1", CATALOGUE_SIM_DELAY_MS: "0" },
      async () => {
        const status = await embeddedCatalogueSimulator.respond("status");
        expect(status.body).toMatchObject({ total_items: 7 });
        const query = new URLSearchParams("page=1&per_page=5");
        expect((await embeddedCatalogueSimulator.respond("items", query)).status).toBe(429);
        const page = await embeddedCatalogueSimulator.respond("items", query);
        expect(page.body).toMatchObject({ total_items: 7, total_pages: 2 });
      },
    );
  });
});

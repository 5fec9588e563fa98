import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createFipeClient, FipeError } from "./client.server";
import { countingFetch } from "../../../tests/support/counting-fetch";
import { closedPort, simulatorPool } from "../../../tests/support/simulators";
import { createFipeSimulator, type FipeSimulator } from "./simulator.server";

const simulators = simulatorPool(createFipeSimulator);
const simulator = simulators.start;
afterEach(simulators.stopAll);

describe("FIPE client against the simulator", () => {
  let baseUrl: string;
  let shared: FipeSimulator;
  beforeAll(async () => {
    shared = createFipeSimulator();
    baseUrl = await shared.start();
  });
  afterAll(() => shared.stop());

  const client = () => createFipeClient({ baseUrl, minIntervalMs: 0, backoffMs: 1 });

  it("lists brands with string codes, in FIPE's own names", async () => {
    const brands = await client().brands("carros");
    expect(brands).toContainEqual({ codigo: "59", nome: "VW - VolksWagen" });
    expect(brands).toContainEqual({ codigo: "23", nome: "GM - Chevrolet" });
    expect(brands.length).toBeGreaterThanOrEqual(12);
    expect((await client().brands("motos")).map((b) => b.nome)).toContain("Yamaha");
    expect((await client().brands("caminhoes")).map((b) => b.nome)).toContain("Scania");
  });

  it("lists a brand's models with the years of all of them, then one model's years and detail", async () => {
    const { modelos, anos } = await client().models("carros", "59");
    const gol = modelos.find((model) => model.nome === "Gol 1.0 Mi Total Flex 8V 4p");
    expect(gol).toEqual({ nome: "Gol 1.0 Mi Total Flex 8V 4p", codigo: 4405 });
    expect(anos).toContainEqual({ codigo: "2014-1", nome: "2014 Gasolina" });
    expect(anos).toContainEqual({ codigo: "2015-3", nome: "2015 Diesel" });

    const years = await client().years("carros", "59", 4405);
    expect(years.map((y) => y.codigo)).toEqual(["2016-1", "2015-1", "2014-1"]);

    const detail = await client().detail("carros", "59", 4405, "2014-1");
    expect(detail).toMatchObject({
      TipoVeiculo: 1,
      Marca: "VW - VolksWagen",
      Modelo: "Gol 1.0 Mi Total Flex 8V 4p",
      AnoModelo: 2014,
      Combustivel: "Gasolina",
      CodigoFipe: "005340-6",
      SiglaCombustivel: "G",
    });
    expect(detail.Valor).toMatch(/^R\$ \d{1,3}(\.\d{3})*,\d{2}$/);
    expect(detail.MesReferencia).toMatch(/de \d{4}$/);
  });

  it("lists Zero KM as year 32000", async () => {
    const years = await client().years("carros", "23", 9398);
    expect(years[0]).toEqual({ codigo: "32000-1", nome: "32000 Gasolina" });
  });

  it("does not retry a 404: asking again would not change it", async () => {
    const error = await client()
      .years("carros", "59", 1)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FipeError);
    expect((error as FipeError).status).toBe(404);
  });
});

describe("FIPE client resilience", () => {
  it("retries a 429 and then succeeds", async () => {
    const { sim, baseUrl } = await simulator({ failFirst: 2, retryAfterSeconds: 0 });
    const client = createFipeClient({ baseUrl, minIntervalMs: 0, backoffMs: 1, maxAttempts: 4 });
    const brands = await client.brands("carros");
    expect(brands.length).toBeGreaterThan(0);
    expect(sim.requestCount).toBe(3);
  });

  it("waits what Retry-After asks before retrying a 429", async () => {
    const { sim, baseUrl } = await simulator({ failFirst: 1, retryAfterSeconds: 1 });
    const client = createFipeClient({ baseUrl, minIntervalMs: 0, backoffMs: 1 });
    const before = Date.now();
    await client.brands("motos");
    expect(Date.now() - before).toBeGreaterThanOrEqual(950);
    expect(sim.requestCount).toBe(2);
  });

  it("gives up on a 500 after the allowed attempts, with the status", async () => {
    const { sim, baseUrl } = await simulator({ failFirst: 100, failStatus: 500 });
    const client = createFipeClient({ baseUrl, minIntervalMs: 0, backoffMs: 1, maxAttempts: 3 });
    const error = await client.brands("carros").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FipeError);
    expect((error as FipeError).status).toBe(500);
    expect((error as FipeError).message).toBe("a FIPE respondeu com erro (HTTP 500)");
    expect(sim.requestCount).toBe(3);
  });

  it("gives up on a rate limit that does not lift, saying so in pt-BR", async () => {
    const { sim, baseUrl } = await simulator({ failFirst: 100, retryAfterSeconds: 0 });
    const client = createFipeClient({ baseUrl, minIntervalMs: 0, backoffMs: 1, maxAttempts: 2 });
    await expect(client.brands("carros")).rejects.toThrow(
      "limite de requisições da FIPE excedido (HTTP 429)",
    );
    expect(sim.requestCount).toBe(2);
  });

  it("times out a slow answer and retries it", async () => {
    const { sim, baseUrl } = await simulator({ delayMs: 300 });
    const client = createFipeClient({
      baseUrl,
      minIntervalMs: 0,
      backoffMs: 1,
      maxAttempts: 2,
      timeoutMs: 50,
    });
    await expect(client.brands("carros")).rejects.toThrow("a FIPE não respondeu em 0.05 s");
    expect(sim.requestCount).toBe(2);
  });

  it("retries network errors and reports them", async () => {
    const port = await closedPort();
    const counting = countingFetch();
    const client = createFipeClient({
      baseUrl: `http://127.0.0.1:${port}/fipe/api/v1`,
      minIntervalMs: 0,
      backoffMs: 1,
      maxAttempts: 3,
      fetch: counting.fetch,
    });
    await expect(client.brands("carros")).rejects.toThrow("falha de rede ao acessar a FIPE");
    expect(counting.calls).toBe(3);
  });

  it("keeps a minimum interval between requests to the same API", async () => {
    const { baseUrl } = await simulator();
    const client = createFipeClient({ baseUrl, minIntervalMs: 60 });
    const before = Date.now();
    await Promise.all([
      client.brands("carros"),
      client.brands("motos"),
      client.brands("caminhoes"),
    ]);
    expect(Date.now() - before).toBeGreaterThanOrEqual(115);
  });

  it("answers the simulator's fault flag and unknown paths like the API", async () => {
    const sim = createFipeSimulator();
    expect((await sim.respond("carros/marcas", new URLSearchParams("simulate=429"))).status).toBe(
      429,
    );
    expect((await sim.respond("carros/marcas", new URLSearchParams("simulate=500"))).status).toBe(
      500,
    );
    expect((await sim.respond("avioes/marcas")).status).toBe(404);
    expect((await sim.respond("carros/marcas/59/modelos/4405/anos/1999-1")).status).toBe(404);
    expect((await sim.respond("carros/marcas")).status).toBe(200);
  });
});

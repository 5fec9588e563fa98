import express from "express";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { idempotencyKeys, payments, users } from "~db/schema";
import * as entryServer from "~/entry.server";
import * as messages from "~/messages";
import { boundedBody } from "~/server/bounded-body.server";
import { createEdgeHandler } from "~/server/http-edge.server";
import { answerOnce } from "~/server/idempotency.server";
import { db } from "~/utils/db.server";
import {
  accepted,
  createFreePlan,
  createPlan,
  createUser,
  sessionHeaders,
} from "../support/factories";
import { createApiKey } from "~/models/accounts/index.server";
import { activations, paymentRow, pendingInvoice } from "../support/invoice-model";
import { routeManifest, serverBuild } from "../support/route-manifest";

/**
 * `Idempotency-Key` (ADR 0051) through the HTTP edge, served as server.mjs serves the app: a
 * retried POST or PATCH runs once and gets its first answer again.
 */

const m = messages.apiIdempotency;
let base = "";
let server: http.Server;
let admin: Record<string, string>;
let otherAdmin: Record<string, string>;
let adminUserId = 0;

function listen(app: express.Express): Promise<{ server: http.Server; url: string }> {
  const listening = app.listen(0, "127.0.0.1");
  return new Promise((resolve) =>
    listening.once("listening", () =>
      resolve({
        server: listening,
        url: `http://127.0.0.1:${(listening.address() as AddressInfo).port}`,
      }),
    ),
  );
}

beforeAll(async () => {
  createFreePlan();
  const build = await serverBuild(
    await routeManifest(),
    entryServer as unknown as ServerBuild["entry"]["module"],
  );
  const app = express();
  app.set("query parser", false);
  app.use(
    createEdgeHandler({
      build,
      mode: "production",
      getLoadContext: () => ({ clientIp: "203.0.113.60" }),
    }),
  );
  ({ server, url: base } = await listen(app));
  const { user } = await createUser({ role: "admin" });
  adminUserId = user.id;
  admin = await sessionHeaders(user, "api");
  otherAdmin = await sessionHeaders((await createUser({ role: "admin" })).user, "api");
}, 60_000);

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let n = 0;
const uniqueKey = () => `chave-${Date.now()}-${++n}`;

function customerBody(email = `idem-${Date.now()}-${++n}@teste.dev`) {
  return { name: "Oficina Idempotente", email, phone: "11999990000", password: "senha12345" };
}

function postJson(
  path: string,
  body: unknown,
  headers: Record<string, string>,
  method = "POST",
): Promise<Response> {
  return fetch(`${base}${path}`, {
    method,
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

const usersWithEmail = (email: string) =>
  db().select({ id: users.id }).from(users).where(eq(users.email, email)).all().length;

describe("Idempotency-Key at the edge", () => {
  it("a retried POST /api/customers creates one customer and answers the first answer again", async () => {
    const key = uniqueKey();
    const body = customerBody();
    const first = await postJson("/api/customers", body, { ...admin, "Idempotency-Key": key });
    expect(first.status).toBe(201);
    expect(first.headers.get("Idempotent-Replayed")).toBeNull();
    const firstBody = await first.text();

    const retry = await postJson("/api/customers", body, { ...admin, "Idempotency-Key": key });
    expect(retry.status).toBe(201);
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect(retry.headers.get("Content-Type")).toBe(first.headers.get("Content-Type"));
    expect(retry.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await retry.text()).toBe(firstBody);
    expect(usersWithEmail(body.email)).toBe(1);

    // Without the key the same body runs again: refused as a duplicate, not replayed.
    const again = await postJson("/api/customers", body, admin);
    expect(again.status).not.toBe(201);
  });

  it("the same key with another body, path or method is a 422 in pt-BR; nothing runs", async () => {
    const key = uniqueKey();
    const body = customerBody();
    expect(
      (await postJson("/api/customers", body, { ...admin, "Idempotency-Key": key })).status,
    ).toBe(201);
    const other = customerBody();
    const refused = await postJson("/api/customers", other, { ...admin, "Idempotency-Key": key });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({ success: false, data: null, message: m.keyReused });
    expect(usersWithEmail(other.email)).toBe(0);

    const otherPath = await postJson("/api/customers?x=1", body, {
      ...admin,
      "Idempotency-Key": key,
    });
    expect(otherPath.status).toBe(422);
  });

  it("concurrent identical requests: exactly one runs, the others wait (409) or replay", async () => {
    const key = uniqueKey();
    const body = customerBody();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        postJson("/api/customers", body, { ...admin, "Idempotency-Key": key }),
      ),
    );
    const ran = answers.filter(
      (a) => a.status === 201 && a.headers.get("Idempotent-Replayed") === null,
    );
    expect(ran).toHaveLength(1);
    for (const answer of answers) {
      if (answer === ran[0]) continue;
      if (answer.status === 409) {
        expect(answer.headers.get("Retry-After")).toBe("1");
        expect((await answer.json()).message).toBe(m.inProgress);
      } else {
        expect(answer.status).toBe(201);
        expect(answer.headers.get("Idempotent-Replayed")).toBe("true");
      }
    }
    expect(usersWithEmail(body.email)).toBe(1);
  });

  it("an API key's caller is its owner: a retry with the key replays, a session of the owner too", async () => {
    const { user } = await createUser({ role: "admin" });
    const apiKey = accepted(createApiKey(user, "ERP")).key;
    const key = uniqueKey();
    const body = customerBody();
    const first = await postJson("/api/customers", body, {
      Authorization: `Bearer ${apiKey}`,
      "Idempotency-Key": key,
    });
    expect(first.status).toBe(201);
    const viaSession = await postJson("/api/customers", body, {
      ...(await sessionHeaders(user, "api")),
      "Idempotency-Key": key,
    });
    expect(viaSession.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await viaSession.text()).toBe(await first.text());
    expect(usersWithEmail(body.email)).toBe(1);
  });

  it("a key of one user is not another's: user B's request with it runs", async () => {
    const key = uniqueKey();
    const a = customerBody();
    const b = customerBody();
    expect((await postJson("/api/customers", a, { ...admin, "Idempotency-Key": key })).status).toBe(
      201,
    );
    const fromB = await postJson("/api/customers", b, { ...otherAdmin, "Idempotency-Key": key });
    expect(fromB.status).toBe(201);
    expect(fromB.headers.get("Idempotent-Replayed")).toBeNull();
    expect(usersWithEmail(b.email)).toBe(1);
  });

  it("a retried POST /api/auth/subscribe answers the same invoice; one is created", async () => {
    const plan = createPlan({ priceCents: 4990, creditsPerMonth: 6000 });
    const { user } = await createUser();
    const customer = await sessionHeaders(user, "api");
    const key = uniqueKey();
    const subscribe = () =>
      postJson(
        "/api/auth/subscribe",
        { planId: plan.id, paymentMethod: "pix" },
        { ...customer, "Idempotency-Key": key },
      );
    const first = await subscribe();
    expect(first.status).toBe(201);
    const retry = await subscribe();
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await retry.text()).toBe(await first.text());
    expect(db().select().from(payments).where(eq(payments.userId, user.id)).all()).toHaveLength(1);
  });

  it("PATCH is covered: marking an invoice paid twice with one key approves it once", async () => {
    const { payment } = await pendingInvoice();
    const key = uniqueKey();
    const patch = () =>
      postJson(
        `/api/payments/${payment.id}`,
        { status: "approved" },
        { ...admin, "Idempotency-Key": key },
        "PATCH",
      );
    const first = await patch();
    expect(first.status).toBe(200);
    const retry = await patch();
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await retry.text()).toBe(await first.text());
    expect(paymentRow(payment.id).status).toBe("approved");
    expect(activations(payment.id)).toBe(1);
  });

  it("refuses a malformed key with a 400 in pt-BR before running anything", async () => {
    for (const value of ["", "com espaço", "a".repeat(256), "ação"]) {
      const body = customerBody();
      const response = await postJson("/api/customers", body, {
        ...admin,
        "Idempotency-Key": value,
      });
      expect(response.status, JSON.stringify(value)).toBe(400);
      expect(await response.json()).toEqual({ success: false, data: null, message: m.invalidKey });
      expect(usersWithEmail(body.email)).toBe(0);
    }
    const form = new FormData();
    form.set("file", new File(["x".repeat(200_000)], "catalogo.csv", { type: "text/csv" }));
    const upload = await fetch(`${base}/api/import/csv?dry_run=true`, {
      method: "POST",
      headers: { ...admin, "Idempotency-Key": "com espaço" },
      body: form,
    });
    expect(upload.status).toBe(400);
    expect((await upload.json()).message).toBe(m.invalidKey);
    expect((await fetch(`${base}/api/ping`)).status).toBe(200);
  });

  it("ignores the key without a caller (sign-in) and on other methods", async () => {
    const { user, password } = await createUser();
    for (let i = 0; i < 2; i++) {
      const login = await postJson(
        "/api/auth/login",
        { email: user.email, password },
        { "Idempotency-Key": "não é validada" },
      );
      expect(login.status).toBe(200);
      expect(login.headers.get("Idempotent-Replayed")).toBeNull();
    }
    const get = await fetch(`${base}/api/customers`, {
      headers: { ...admin, "Idempotency-Key": "com espaço" },
    });
    expect(get.status).toBe(200);
  });

  it("a multipart upload with a key: its retry (a new boundary) replays, another file is a 422", async () => {
    const csv =
      "code,name,manufacturer,category,description,alternative_codes,brand,model,year_start,year_end,version,engine,fuel,notes\n" +
      "IDEM-1,Filtro de óleo,Tecfil,Filtros,,,Fiat,Uno,2010,2012,,1.0,,\n";
    const key = uniqueKey();
    const upload = (content: string) => {
      const form = new FormData();
      form.set("file", new File([content], "catalogo.csv", { type: "text/csv" }));
      return fetch(`${base}/api/import/csv?dry_run=true`, {
        method: "POST",
        headers: { ...admin, "Idempotency-Key": key },
        body: form,
      });
    };
    const first = await upload(csv);
    expect(first.status).toBe(200);
    const firstBody = await first.json();
    expect(firstBody.data.dry_run).toBe(true);
    const retry = await upload(csv);
    expect(retry.status).toBe(200);
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await retry.json()).toEqual(firstBody);
    const other = await upload(csv.replace("IDEM-1", "IDEM-2"));
    expect(other.status).toBe(422);
  });

  it("a keyed upload over its route's limit is the same 413, and the server goes on", async () => {
    for (const key of [uniqueKey(), "com espaço"]) {
      const form = new FormData();
      form.set(
        "image",
        new File([Buffer.alloc(12 * 1024 * 1024, 1)], "foto.jpg", { type: "image/jpeg" }),
      );
      // Streamed without a length: the limit is met while the upload is spooled.
      const framed = new Response(form);
      const response = await fetch(`${base}/api/search/image`, {
        method: "POST",
        headers: {
          ...admin,
          "Idempotency-Key": key,
          "Content-Type": framed.headers.get("Content-Type")!,
        },
        body: framed.body,
        duplex: "half",
      } as RequestInit);
      expect([413, 400]).toContain(response.status);
      if (key !== "com espaço") expect(response.status).toBe(413);
      expect(db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)).all()).toEqual(
        [],
      );
    }
    expect((await fetch(`${base}/api/ping`)).status).toBe(200);
  });
});

describe("answerOnce keeps outcomes only", () => {
  let harness: { server: http.Server; url: string };
  const script: number[] = [];
  let runs = 0;

  beforeAll(async () => {
    const app = express();
    app.use(async (req, res) => {
      const body = await boundedBody(req, res);
      if (body === undefined) return;
      const response = await answerOnce(
        req,
        res,
        body,
        () =>
          new Request(`http://localhost${req.originalUrl}`, {
            method: req.method,
            headers: { Authorization: req.get("authorization") ?? "" },
          }),
        async () => {
          runs++;
          const status = script.shift() ?? 200;
          return Response.json(
            { success: status < 400, data: { run: runs }, message: "" },
            { status },
          );
        },
      );
      if (!response) return;
      res.status(response.status);
      response.headers.forEach((value, name) => res.setHeader(name, value));
      res.send(Buffer.from(await response.arrayBuffer()));
    });
    harness = await listen(app);
  });
  afterAll(() => new Promise<void>((resolve) => harness.server.close(() => resolve())));

  it.each([500, 503, 401, 402, 403, 429])(
    "an answer %i is not kept: the retry runs",
    async (status) => {
      const key = uniqueKey();
      script.push(status, 201);
      const send = () =>
        fetch(`${harness.url}/api/x`, {
          method: "POST",
          headers: { ...admin, "Idempotency-Key": key, "Content-Type": "application/json" },
          body: "{}",
        });
      const before = runs;
      expect((await send()).status).toBe(status);
      expect(db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)).all()).toEqual(
        [],
      );
      const retry = await send();
      expect(retry.status).toBe(201);
      expect(retry.headers.get("Idempotent-Replayed")).toBeNull();
      const replay = await send();
      expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
      expect(runs - before).toBe(2);
      expect(
        db()
          .select({ userId: idempotencyKeys.userId, state: idempotencyKeys.state })
          .from(idempotencyKeys)
          .where(eq(idempotencyKeys.key, key))
          .all(),
      ).toEqual([{ userId: adminUserId, state: "done" }]);
    },
  );
});

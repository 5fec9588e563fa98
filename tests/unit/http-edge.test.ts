import express from "express";
import fc from "fast-check";
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { categories, loginAttempts } from "~db/schema";
import * as entryServer from "~/entry.server";
import { readForm } from "~/server/forms.server";
import {
  bodyLimit,
  createEdgeHandler,
  IN_FLIGHT_MAX_BYTES,
  inFlightBodyBytes,
} from "~/server/http-edge.server";
import { resetEnvForTests } from "~/utils/env.server";
import { db } from "~/utils/db.server";
import { createCategory, createFreePlan, createUser, sessionHeaders } from "../support/factories";
import { routeManifest, serverBuild } from "../support/route-manifest";

/**
 * Issue #24's holes at the HTTP edge, through a real HTTP server serving the app as server.mjs
 * does (`createEdgeHandler` in front of Remix, express underneath): bodies far over the limit,
 * declared or streamed, must be refused before they are held, and the process must stay small
 * and keep answering; /api answers are all in the envelope and never stored.
 */

const MB = 1024 * 1024;
let base = "";
let server: http.Server;
let adminWeb: Record<string, string>;
let customerApi: Record<string, string>;

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
      getLoadContext: () => ({ clientIp: "203.0.113.50" }),
    }),
  );
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { user: admin } = await createUser({ role: "admin" });
  const { user: customer } = await createUser();
  adminWeb = await sessionHeaders(admin, "web");
  customerApi = await sessionHeaders(customer, "api");
}, 60_000);

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type Sent = { status: number; headers: http.IncomingHttpHeaders; body: string; ms: number };

/**
 * Sends `size` bytes of `fill` as a body, in 64 KB writes, with a Content-Length or chunked, and
 * stops writing once the server has answered (a client that reads the 413 and gives up).
 */
function sendLarge(
  pathname: string,
  options: {
    size: number;
    contentType: string;
    chunked?: boolean;
    headers?: Record<string, string>;
    prefix?: string;
    method?: string;
  },
): Promise<Sent> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${pathname}`, {
      method: options.method ?? "POST",
      headers: {
        "Content-Type": options.contentType,
        ...(options.chunked
          ? { "Transfer-Encoding": "chunked" }
          : { "Content-Length": String(options.size) }),
        ...options.headers,
      },
    });
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => {
        // A client that has its answer stops sending: the rest of the body never comes.
        request.destroy();
        resolve({
          status: response.statusCode!,
          headers: response.headers,
          body,
          ms: performance.now() - started,
        });
      });
    });
    // The server closing the connection on a body it refused is expected, once it has answered.
    request.on("error", (error) => (answered ? undefined : reject(error)));
    const chunk = Buffer.alloc(64 * 1024, options.prefix ? "a" : "a");
    let sent = 0;
    const head = Buffer.from(options.prefix ?? "");
    const pump = () => {
      while (!answered && sent < options.size) {
        const piece =
          sent === 0 && head.length > 0
            ? head
            : chunk.subarray(0, Math.min(chunk.length, options.size - sent));
        sent += piece.length;
        if (!request.write(piece)) return void request.once("drain", pump);
      }
      if (!answered) request.end();
    };
    pump();
  });
}

async function ping(): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}/api/ping`);
  await response.text();
  return performance.now() - started;
}

const heapMb = () => process.memoryUsage().heapUsed / MB;

describe("bounded bodies", () => {
  it("a 100 MB JSON login is a 413 in the envelope, before it is read", async () => {
    const before = heapMb();
    const answer = await sendLarge("/api/auth/login", {
      size: 100 * MB,
      contentType: "application/json",
      prefix: '{"email":"',
    });
    expect(answer.status).toBe(413);
    const body = JSON.parse(answer.body) as { success: boolean; message: string };
    expect(body.success).toBe(false);
    expect(body.message).toMatch(/limite é de 1,0 MB/);
    expect(answer.ms).toBeLessThan(5_000);
    expect(heapMb() - before).toBeLessThan(30);
    // Nothing was counted for the e-mail nobody could read.
    expect(db().select({ n: count() }).from(loginAttempts).get()!.n).toBe(0);
  });

  it("the same body streamed without a length is cut at 1 MB", async () => {
    const before = heapMb();
    const answer = await sendLarge("/api/auth/login", {
      size: 100 * MB,
      contentType: "application/json",
      chunked: true,
      prefix: '{"email":"',
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, data: null });
    expect(heapMb() - before).toBeLessThan(30);
  });

  it("text/plain to the API and a 150 MB form to /login are refused too", async () => {
    const plain = await sendLarge("/api/auth/login", { size: 150 * MB, contentType: "text/plain" });
    expect(plain.status).toBe(413);
    expect(JSON.parse(plain.body)).toMatchObject({ success: false });
    const form = await sendLarge("/login", {
      size: 150 * MB,
      contentType: "application/x-www-form-urlencoded",
      chunked: true,
      prefix: "email=",
      headers: { Origin: base },
    });
    expect(form.status).toBe(413);
    expect(form.headers["content-type"]).toMatch(/text\/plain/);
    expect(form.body).toMatch(/Envio grande demais/);
  });

  it("four concurrent 120 MB posts leave the server answering pings", async () => {
    const pings: number[] = [];
    let probing = true;
    const probe = (async () => {
      while (probing) {
        pings.push(await ping());
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    const answers = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        sendLarge(i % 2 ? "/api/auth/login" : "/login", {
          size: 120 * MB,
          contentType: i % 2 ? "application/json" : "application/x-www-form-urlencoded",
          chunked: i >= 2,
        }),
      ),
    );
    probing = false;
    await probe;
    expect(answers.map((answer) => answer.status)).toEqual([413, 413, 413, 413]);
    expect(pings.length).toBeGreaterThan(0);
    expect(Math.max(...pings)).toBeLessThan(1_000);
  });

  it("a form just under the limit is still read", async () => {
    const answer = await sendLarge("/api/auth/login", {
      size: 900 * 1024,
      contentType: "application/json",
      prefix: '{"email":"',
    });
    // Read and refused as bad JSON (the body never closes its string): not a 413.
    expect(answer.status).toBe(400);
  });

  it("uploads get their own limit, only as multipart, and only on their routes", () => {
    const multipart = "multipart/form-data; boundary=x";
    expect(bodyLimit("/api/search/image", multipart)).toEqual({
      maxBytes: 11 * MB,
      streamed: true,
      inMemory: true,
    });
    expect(bodyLimit("/HOME.data", multipart).streamed).toBe(true);
    expect(bodyLimit("/api/import/csv/", multipart)).toEqual({
      maxBytes: 201 * MB,
      streamed: true,
      inMemory: false,
    });
    expect(bodyLimit("/api/import/csv", "application/json")).toEqual({
      maxBytes: MB,
      streamed: false,
      inMemory: true,
    });
    expect(bodyLimit("/parts/new", multipart)).toMatchObject({ maxBytes: MB, streamed: false });
  });

  it("fifteen 9.5 MB text fields to the photo search are refused as they stream", async () => {
    const boundary = "----encaixa-edge";
    const field = (i: number) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="campo${i}"\r\n\r\n${"x".repeat(9.5 * MB)}\r\n`;
    const body = Buffer.from(
      Array.from({ length: 15 }, (_, i) => field(i)).join("") + `--${boundary}--\r\n`,
    );
    const answer = await sendLarge("/api/search/image", {
      size: body.length,
      contentType: `multipart/form-data; boundary=${boundary}`,
      headers: customerApi,
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false });
  });

  it("a text field over 64 KB in an upload that fits is a 413 naming the field limit", async () => {
    const boundary = "----encaixa-edge";
    const body =
      `--${boundary}\r\nContent-Disposition: form-data; name="nota"\r\n\r\n${"x".repeat(100 * 1024)}\r\n` +
      `--${boundary}--\r\n`;
    const response = await fetch(`${base}/api/search/image`, {
      method: "POST",
      headers: { ...customerApi, "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toMatch(/64,0 KB/);
  });
});

describe("bounded but costly bodies (the second attack)", () => {
  it("one field name with a huge list index is refused before Conform builds the list", async () => {
    const before = heapMb();
    for (const name of ["a[10000000]", "a[4294967294]", "b[19999][0]", `${"a.".repeat(300)}a`]) {
      const started = performance.now();
      const response = await fetch(`${base}/login`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
        body: new URLSearchParams([
          ["email", "a@b.co"],
          ["password", "x"],
          [name, "1"],
        ]),
      });
      expect([400, 413], name).toContain(response.status);
      expect(await response.text()).toMatch(/campos demais|Não foi possível ler/);
      expect(performance.now() - started, name).toBeLessThan(1_000);
    }
    // Lists that add up past the form's slots, each one small.
    const many = Array.from({ length: 30 }, (_, i) => [`l${i}[999]`, "1"]);
    const lists = await fetch(`${base}/register`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
      body: new URLSearchParams(many),
    });
    expect(lists.status).toBe(413);
    // The same through a page's query string, which Conform reads too.
    const query = await fetch(`${base}/search?q=pastilha&a%5B99999999%5D=1`, {
      headers: adminWeb,
    });
    expect(query.status).toBe(413);
    expect(heapMb() - before).toBeLessThan(30);
  });

  it("a megabyte of empty fields, or of JSON values, is refused from its bytes, before parsing", async () => {
    const cases: [string, string, string, number][] = [
      ["/login", "application/x-www-form-urlencoded", "a&".repeat(400_000), 413],
      ["/api/auth/login", "application/json", `[${"{},".repeat(300_000)}{}]`, 413],
      ["/api/auth/login", "application/json", `${"[".repeat(400_000)}${"]".repeat(400_000)}`, 400],
    ];
    for (const [pathname, type, body, status] of cases) {
      const started = performance.now();
      const response = await fetch(`${base}${pathname}`, {
        method: "POST",
        headers: { "Content-Type": type, Origin: base },
        body,
      });
      expect(response.status, `${pathname} ${type}`).toBe(status);
      expect(performance.now() - started).toBeLessThan(1_000);
    }
    // Commas and brackets inside strings are text, not structure.
    const text = JSON.stringify({ email: `${",[".repeat(25_000)}@x.co`, password: "x" });
    const inString = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: text,
    });
    expect(inString.status).toBe(400);
    expect(((await inString.json()) as { message: string }).message).not.toMatch(/aninhados/);
  });

  it("TRACE and the other methods a Fetch request cannot carry are a 405 in the envelope", async () => {
    // TRACK never gets this far: Node's parser answers an unknown method with 400 itself.
    for (const method of ["TRACE"]) {
      const answer = await sendLarge("/api/ping", { method, size: 0, contentType: "text/plain" });
      expect(answer.status, method).toBe(405);
      expect(JSON.parse(answer.body)).toMatchObject({ success: false });
    }
  });

  it("slow clients cannot pin more than the in-flight budget; it is all given back", async () => {
    const sockets: net.Socket[] = [];
    const answers: string[] = [];
    const port = Number(new URL(base).port);
    const open = (i: number) =>
      new Promise<void>((resolve) => {
        const socket = net.connect(port, "127.0.0.1", () => {
          socket.write(
            `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${MB}\r\n\r\n`,
          );
          socket.write(Buffer.alloc(MB - 1, 0x20), () => resolve());
        });
        socket.on("data", (chunk) => answers.push(`${i} ${chunk.toString().split("\r\n")[0]}`));
        socket.on("error", () => {});
        sockets.push(socket);
      });
    const budget = IN_FLIGHT_MAX_BYTES / MB;
    for (let i = 0; i < budget + 6; i++) await open(i);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(inFlightBodyBytes()).toBeLessThanOrEqual(IN_FLIGHT_MAX_BYTES);
    const busy = answers.filter((answer) => answer.includes(" 503 "));
    expect(busy.length).toBeGreaterThanOrEqual(6);
    expect((await fetch(`${base}/api/ping`)).status).toBe(200);
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(inFlightBodyBytes()).toBe(0);
  });

  it("a body that never finishes arriving is a 408 after BODY_TIMEOUT_MS", async () => {
    process.env.BODY_TIMEOUT_MS = "300";
    resetEnvForTests();
    try {
      const port = Number(new URL(base).port);
      const socket = net.connect(port, "127.0.0.1");
      const answer = new Promise<string>((resolve) =>
        socket.on("data", (chunk) => resolve(chunk.toString())),
      );
      socket.write(
        "POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
      );
      expect((await answer).split("\r\n")[0]).toBe("HTTP/1.1 408 Request Timeout");
      socket.destroy();
    } finally {
      delete process.env.BODY_TIMEOUT_MS;
      resetEnvForTests();
    }
  });

  it("an upload the client abandons halfway leaves no file and no open handle", async () => {
    const imports = path.join(process.env.DATA_DIR!, "imports");
    const { user: admin } = await createUser({ role: "admin" });
    const token = await sessionHeaders(admin, "api");
    const port = Number(new URL(base).port);
    const boundary = "abandonado";
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="catalogo.csv"\r\n` +
      "Content-Type: text/csv\r\n\r\ncode,name,manufacturer\r\n";
    const openHandles = () => readdirSync("/proc/self/fd").length;
    const handlesBefore = openHandles();
    for (let i = 0; i < 5; i++) {
      const socket = net.connect(port, "127.0.0.1");
      socket.on("error", () => {});
      socket.write(
        `POST /api/import/csv?dry_run=true HTTP/1.1\r\nHost: x\r\nAuthorization: ${token.Authorization}\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${10 * MB}\r\n\r\n${head}`,
      );
      socket.write(Buffer.alloc(256 * 1024, "x\n"));
      await new Promise((resolve) => setTimeout(resolve, 150));
      socket.destroy();
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(existsSync(imports) ? readdirSync(imports) : []).toEqual([]);
    expect(openHandles()).toBeLessThanOrEqual(handlesBefore + 1);
  });
});

describe("oversized bodies, fuzzed", () => {
  it("any route, any write method, any type, declared or streamed: a 413 in pt-BR, nothing read", async () => {
    const paths = (await routeManifest()).map((route) =>
      route.fullPath.replace(/:[^/]+/g, "1").replace(/\*$/, "x"),
    );
    const types = [
      "application/json",
      "application/x-www-form-urlencoded",
      "text/plain",
      "multipart/form-data; boundary=zz",
      "application/octet-stream",
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.constantFrom("POST", "PUT", "PATCH", "DELETE"),
        fc.constantFrom(...types),
        fc.boolean(),
        fc.integer({ min: 1, max: 3 * MB }),
        fc.boolean(),
        async (pathname, method, contentType, chunked, extra, signedIn) => {
          const { maxBytes } = bodyLimit(pathname, contentType);
          // Uploads' own limits are tens of MB: the fuzz keeps to the 1 MB ones.
          fc.pre(maxBytes === MB);
          const answer = await sendLarge(pathname, {
            method,
            size: maxBytes + extra,
            contentType,
            chunked,
            headers: { Origin: base, ...(signedIn ? adminWeb : {}) },
          });
          expect(answer.status, `${method} ${pathname}`).toBe(413);
          expect(answer.body).toContain("Envio grande demais");
        },
      ),
      { numRuns: 25, seed: 20_261_125 },
    );
  }, 120_000);
});

describe("clean edges", () => {
  it("a path that cannot be decoded is a 400 in the envelope", async () => {
    const response = await fetch(`${base}/api/parts/%FF`, { headers: customerApi });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, data: null });
    const page = await fetch(`${base}/parts/%E0%A4%A`, { headers: adminWeb });
    expect(page.status).toBe(400);
    expect(await page.text()).toMatch(/Endereço inválido/);
  });

  it("every /api route answers every method in the envelope, never stored", async () => {
    const apiRoutes = (await routeManifest()).filter((route) => route.fullPath.startsWith("/api/"));
    expect(apiRoutes.length).toBeGreaterThan(50);
    const refusedMethods: string[] = [];
    for (const route of apiRoutes) {
      const url = route.fullPath.replace(/:[^/]+/g, "1").replace(/\*$/, "x");
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
        const response = await fetch(`${base}${url}`, {
          method,
          headers: { ...customerApi, "Content-Type": "application/json" },
          body: method === "GET" ? undefined : "{}",
        });
        expect(response.status, `${method} ${url}`).toBeLessThan(500);
        expect(response.headers.get("Cache-Control"), `${method} ${url}`).toBe("private, no-store");
        const type = response.headers.get("Content-Type") ?? "";
        // The OpenAPI document is the standard's own JSON, for tools to read, not an envelope.
        const isDocument = url === "/api/openapi.json" && response.ok;
        if (type.includes("application/json") && !isDocument) {
          const body = (await response.json()) as { success?: unknown; message?: unknown };
          expect(typeof body.success, `${method} ${url}`).toBe("boolean");
          expect(typeof body.message, `${method} ${url}`).toBe("string");
        } else {
          // A file (the catalogue CSV, a receipt, the docs page) is not an envelope; an error always is.
          expect(response.ok, `${method} ${url} ${type}`).toBe(true);
          await response.arrayBuffer();
        }
        if (response.status === 405) refusedMethods.push(`${method} ${url}`);
      }
    }
    expect(refusedMethods.length).toBeGreaterThan(0);
  }, 120_000);

  it("a signed-in browser's pages are not stored; a visitor's public page may be revalidated", async () => {
    const signedIn = await fetch(`${base}/home`, { headers: adminWeb });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("Cache-Control")).toBe("private, no-store");
    const data = await fetch(`${base}/home.data`, { headers: adminWeb });
    expect(data.headers.get("Cache-Control")).toBe("private, no-store");
    const visitor = await fetch(`${base}/`);
    expect(visitor.headers.get("Cache-Control")).toBe("private, no-cache");
  });

  it("control characters in a form or a JSON field are refused and change nothing", async () => {
    const before = db().select({ n: count() }).from(categories).get()!.n;
    const form = await fetch(`${base}/categories/new`, {
      method: "POST",
      headers: {
        ...adminWeb,
        Origin: base,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ name: "Freios\u0000Ocultos", description: "" }),
    });
    expect(form.status).toBe(400);
    expect(await form.text()).toMatch(/caracteres de controle/);
    const { user: admin } = await createUser({ role: "admin" });
    const json = await fetch(`${base}/api/parts/categories`, {
      method: "POST",
      headers: { ...(await sessionHeaders(admin, "api")), "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Freios\u001bOcultos" }),
    });
    expect(json.status).toBe(400);
    expect(await json.json()).toMatchObject({ success: false });
    expect(db().select({ n: count() }).from(categories).get()!.n).toBe(before);
    // Line breaks and tabs are text, not control.
    createCategory("Uma\tcategoria");
  });
});

describe("multipart uploads keep one file", () => {
  it("extra file parts are read past and never written; a refused form leaves none", async () => {
    const directory = mkdtempSync(path.join(tmpdir(), "encaixa-upload-"));
    const boundary = "b0undary";
    const part = (name: string, filename: string, content: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n`;
    const request = (body: string) =>
      new Request("http://localhost/api/import/csv", {
        method: "POST",
        headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
        body,
      });
    const form = await readForm(
      request(
        part("extra", "a.csv", "x".repeat(50_000)) +
          part("file", "catalogo.csv", "code,name\n") +
          part("file", "b.csv", "y") +
          part("other", "c.csv", "z") +
          `--${boundary}--\r\n`,
      ),
      { maxPartSize: 1024 * 1024, uploadDirectory: directory, fileField: "file" },
    );
    expect(form.getAll("file")).toHaveLength(1);
    expect(form.get("extra")).toBeNull();
    expect(readdirSync(directory)).toHaveLength(1);
    expect(readdirSync(directory)[0]).toMatch(/--catalogo\.csv$/);

    const empty = mkdtempSync(path.join(tmpdir(), "encaixa-upload-"));
    await expect(
      readForm(
        request(
          part("file", "catalogo.csv", "code,name\n") +
            `--${boundary}\r\nContent-Disposition: form-data; name="nota"\r\n\r\nNUL\u0000\r\n--${boundary}--\r\n`,
        ),
        { maxPartSize: 1024 * 1024, uploadDirectory: empty, fileField: "file" },
      ),
    ).rejects.toMatchObject({ status: 400 });
    expect(readdirSync(empty)).toHaveLength(0);
  });
});

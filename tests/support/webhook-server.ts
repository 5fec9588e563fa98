// One of the two server processes of the hostile webhook test: serves the real webhook routes on
// an ephemeral port and prints "READY <port>" once it listens.
import { createServer } from "node:http";
import * as mercadoPagoRoute from "../../app/routes/payments/api.webhooks.mercadopago";
import * as pagHiperRoute from "../../app/routes/payments/api.webhooks.paghiper";

const routes: Record<string, typeof mercadoPagoRoute.action> = {
  "/api/webhooks/mercadopago": mercadoPagoRoute.action,
  "/api/webhooks/paghiper": pagHiperRoute.action,
};

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    void (async () => {
      const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
      const action = routes[url.pathname];
      if (!action) {
        res.writeHead(404).end();
        return;
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === "string") headers.set(name, value);
      const request = new Request(url, {
        method: req.method,
        headers,
        body: Buffer.concat(chunks),
      });
      try {
        // A thrown Response is the answer, as Remix sends it.
        const response = (await action({ request, params: {}, context: {} }).catch(
          (thrown: unknown) => {
            if (thrown instanceof Response) return thrown;
            throw thrown;
          },
        )) as Response;
        res.writeHead(response.status, { "content-type": "application/json" });
        res.end(await response.text());
      } catch (error) {
        res.writeHead(500).end(String(error));
      }
    })();
  });
});

server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  process.stdout.write(`READY ${typeof address === "object" && address ? address.port : 0}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));

// `npm start`: builds when there is no build yet (a fresh clone), then runs the server.
import { spawnSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync("build/server/index.js") || process.env.ENCAIXA_REBUILD === "true") {
  console.log("Gerando o build de produção...");
  const result = spawnSync("npx", ["remix", "vite:build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const child = spawn(process.execPath, ["server.mjs"], {
  stdio: "inherit",
  env: { NODE_ENV: "production", COOKIE_SECURE: "false", ...process.env, ENCAIXA_LOCAL: "true" },
});
child.on("exit", (code) => process.exit(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));

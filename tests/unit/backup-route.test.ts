import Database from "better-sqlite3";
import { existsSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { backups } from "~db/schema";
import * as messages from "~/messages";
import { backupsFolder, listBackups } from "~/models/backups/backup-records.server";
import type { User } from "~/models/accounts/user.server";
import * as route from "~/routes/backups/_app.admin_.backup";
import { db } from "~/utils/db.server";
import {
  createUser,
  FORM,
  invoke,
  postHeaders,
  sessionHeaders,
  toastOf,
} from "../support/factories";

/** POST /admin/backup, the Sistema tab's "Fazer backup agora". */

const m = messages.backups;
let admin: User;
let customer: User;

beforeAll(async () => {
  admin = (await createUser({ role: "admin" })).user;
  customer = (await createUser({ role: "user" })).user;
});

beforeEach(() => {
  db().delete(backups).run();
});

const post = async (headers: Record<string, string>, body = "intent=backup") =>
  invoke(route.action, "/admin/backup", { method: "POST", body, headers });

const backupFiles = () =>
  existsSync(backupsFolder())
    ? readdirSync(backupsFolder()).filter((name) => /^encaixa-\d/.test(name))
    : [];

const CROSS_SITE: Record<string, string>[] = [
  { Origin: "https://evil.example" },
  { "Sec-Fetch-Site": "cross-site" },
];

describe("POST /admin/backup", () => {
  it("makes a backup for an admin and says its name and size on the Sistema tab", async () => {
    const before = backupFiles().length;
    const response = await post(await postHeaders(admin));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin?tab=sistema");
    const [backup] = listBackups();
    expect(backup).toBeDefined();
    expect(await toastOf(response)).toEqual({
      type: "success",
      message: m.created(backup!.fileName, backup!.sizeBytes),
    });
    expect(backupFiles()).toHaveLength(before + 1);
    expect(m.created("encaixa-20250101-000000.db", 1_572_864)).toBe(
      "Backup criado: encaixa-20250101-000000.db (1,5 MB).",
    );
  });

  it("sends a customer home and an anonymous visitor to the login, making nothing", async () => {
    const asCustomer = await post(await postHeaders(customer));
    expect(asCustomer.status).toBe(302);
    expect(asCustomer.headers.get("Location")).toBe("/home");
    const anonymous = await post({ Origin: "http://localhost", "Content-Type": FORM });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login/);
    expect(listBackups()).toEqual([]);
  });

  it("refuses a cross-site post with the admin's cookie", async () => {
    const headers = { ...(await sessionHeaders(admin, "web")), "Content-Type": FORM };
    for (const from of CROSS_SITE) {
      const response = await post({ ...headers, ...from });
      expect(response.status).toBe(403);
    }
    expect(listBackups()).toEqual([]);
  });

  it("refuses a body that is not a form before doing anything", async () => {
    const response = await post(
      { ...(await postHeaders(admin)), "Content-Type": "application/json" },
      "{}",
    );
    expect(response.status).toBe(415);
    expect(listBackups()).toEqual([]);
  });

  it("answers a GET by going to the Sistema tab", async () => {
    const response = await invoke(route.loader, "/admin/backup", {
      headers: await sessionHeaders(admin, "web"),
    });
    expect(response.headers.get("Location")).toBe("/admin?tab=sistema");
  });

  it("runs one backup at a time when the button is clicked twice", async () => {
    const headers = await postHeaders(admin);
    const responses = await Promise.all([post(headers), post(headers), post(headers)]);
    const toasts = await Promise.all(responses.map(toastOf));
    const made = toasts.filter((toast) => toast?.type === "success");
    const told = toasts.filter((toast) => toast?.type === "warning");
    expect(made).toHaveLength(1);
    expect(told).toEqual(Array(2).fill({ type: "warning", message: m.alreadyRunning }));
    const kept = listBackups();
    expect(kept).toHaveLength(1);
    for (const backup of kept) {
      const copy = new Database(backup.path, { readonly: true });
      expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
      copy.close();
    }
    expect(readdirSync(backupsFolder()).filter((n) => n.startsWith("."))).toEqual([]);
  });

  it("tells the admin in pt-BR when the copy cannot be written", async () => {
    // A file where the backups folder should be: every write into it fails, even as root.
    const folder = backupsFolder();
    rmSync(folder, { recursive: true, force: true });
    writeFileSync(folder, "não é uma pasta");
    try {
      const response = await post(await postHeaders(admin));
      expect(response.headers.get("Location")).toBe("/admin?tab=sistema");
      expect(await toastOf(response)).toEqual({ type: "error", message: m.failed });
      expect(listBackups()).toEqual([]);
    } finally {
      rmSync(folder, { force: true });
    }
  });
});

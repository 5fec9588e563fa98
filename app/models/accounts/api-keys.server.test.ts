import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiKeys, users } from "~db/schema";
import { db } from "~/utils/db.server";
import { accepted, createUser } from "../../../tests/support/factories";
import { paidCustomer } from "../../../tests/support/paid-customer";
import {
  API_KEYS_MAX_ACTIVE,
  apiKeyHash,
  createApiKey,
  findApiKeyOwner,
  LAST_USED_RESOLUTION_MS,
  listApiKeys,
  mayCreateApiKeys,
  revokeApiKey,
} from "./api-keys.server";
import { createSession, findSessionUser } from "./session.server";
import { changePassword, setPassword, updateProfile } from "./user.server";

const attempt = { ip: "127.0.0.1", device: null };

describe("API keys", () => {
  it("makes an enc_live_ key with 256 random bits, keeping only its SHA-256 and first characters", async () => {
    const { user } = await paidCustomer();
    const made = accepted(createApiKey(user, "Loja virtual"));
    expect(made.key).toMatch(/^enc_live_[A-Za-z0-9_-]{43}$/);
    expect(made.prefix).toBe(made.key.slice(0, 13));
    const row = db().select().from(apiKeys).where(eq(apiKeys.id, made.id)).get()!;
    expect(row.hash).toBe(apiKeyHash(made.key));
    expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.values(row)).not.toContain(made.key);
    expect(findApiKeyOwner(made.key)).toEqual({
      user: expect.objectContaining({ id: user.id }),
      keyId: made.id,
    });
    expect(findApiKeyOwner(row.hash)).toBeNull();
    expect(findApiKeyOwner(`${made.key}x`)).toBeNull();
    expect(accepted(createApiKey(user, "Outra")).key).not.toBe(made.key);
  });

  it("is for admins and customers on an active paid plan; a free customer gets a pt-BR refusal", async () => {
    const { user: free } = await createUser();
    expect(mayCreateApiKeys(free)).toBe(false);
    const refused = createApiKey(free, "ERP");
    expect(refused).toMatchObject({ ok: false, reason: "not_active" });
    expect(!refused.ok && refused.message).toMatch(/planos pagos/);
    expect(listApiKeys(free.id)).toEqual([]);
    const { user: admin } = await createUser({ role: "admin" });
    expect(accepted(createApiKey(admin, "Painel")).name).toBe("Painel");
    const { user: paid } = await paidCustomer();
    expect(mayCreateApiKeys(paid)).toBe(true);
  });

  it(`holds at most ${API_KEYS_MAX_ACTIVE} active keys; a revoked one frees its place`, async () => {
    const { user } = await paidCustomer();
    const made = Array.from({ length: API_KEYS_MAX_ACTIVE }, (_, i) =>
      accepted(createApiKey(user, `Chave ${i}`)),
    );
    expect(createApiKey(user, "Uma a mais")).toMatchObject({ ok: false, reason: "limit_reached" });
    accepted(revokeApiKey(user.id, made[0]!.id));
    expect(createApiKey(user, "Agora cabe").ok).toBe(true);
    expect(listApiKeys(user.id)).toHaveLength(API_KEYS_MAX_ACTIVE + 1);
  });

  it("lists newest first with name, prefix, dates; never the key", async () => {
    const { user } = await paidCustomer();
    const first = accepted(createApiKey(user, "Primeira", new Date("2026-11-01T10:00:00Z")));
    const second = accepted(createApiKey(user, "Segunda", new Date("2026-11-02T10:00:00Z")));
    const listed = listApiKeys(user.id);
    expect(listed.map((k) => k.id)).toEqual([second.id, first.id]);
    expect(listed[0]).toEqual({
      id: second.id,
      name: "Segunda",
      prefix: second.prefix,
      createdAt: new Date("2026-11-02T10:00:00Z"),
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(JSON.stringify(listed)).not.toContain(first.key);
  });

  it("revokes only the owner's own key, once; a revoked key finds nobody at once", async () => {
    const { user } = await paidCustomer();
    const { user: admin } = await createUser({ role: "admin" });
    const made = accepted(createApiKey(user, "ERP"));
    expect(revokeApiKey(admin.id, made.id)).toMatchObject({ ok: false, reason: "not_found" });
    expect(findApiKeyOwner(made.key)).not.toBeNull();
    const at = new Date("2026-11-28T12:00:00Z");
    expect(accepted(revokeApiKey(user.id, made.id, at)).revokedAt).toEqual(at);
    expect(findApiKeyOwner(made.key)).toBeNull();
    expect(revokeApiKey(user.id, made.id)).toMatchObject({ ok: false, reason: "not_active" });
    expect(revokeApiKey(user.id, 999_999)).toMatchObject({ ok: false, reason: "not_found" });
  });

  it("finds nobody for a key whose owner is no longer active", async () => {
    const { user } = await paidCustomer();
    const made = accepted(createApiKey(user, "ERP"));
    db().update(users).set({ status: "suspended" }).where(eq(users.id, user.id)).run();
    expect(findApiKeyOwner(made.key)).toBeNull();
  });

  it("notes the last use at most once a minute", async () => {
    const { user } = await paidCustomer();
    const made = accepted(createApiKey(user, "ERP"));
    const lastUsed = () => listApiKeys(user.id)[0]!.lastUsedAt;
    const t0 = new Date("2026-11-28T12:00:00Z");
    findApiKeyOwner(made.key, t0);
    expect(lastUsed()).toEqual(t0);
    findApiKeyOwner(made.key, new Date(t0.getTime() + 30_000));
    findApiKeyOwner(made.key, new Date(t0.getTime() + LAST_USED_RESOLUTION_MS - 1));
    expect(lastUsed()).toEqual(t0);
    const t1 = new Date(t0.getTime() + LAST_USED_RESOLUTION_MS);
    findApiKeyOwner(made.key, t1);
    expect(lastUsed()).toEqual(t1);
  });

  it("outlives every password change of its owner, while sessions end", async () => {
    const { user, password } = await paidCustomer();
    const made = accepted(createApiKey(user, "ERP"));
    const session = createSession(user.id, "web");
    const other = createSession(user.id, "api");
    accepted(await changePassword(user.id, password, "nova-senha-1", session.id, attempt));
    expect(findSessionUser(other.id).status).toBe("missing");
    expect(findApiKeyOwner(made.key)?.user.id).toBe(user.id);
    await setPassword(user.id, "nova-senha-2", null);
    expect(findSessionUser(session.id).status).toBe("missing");
    expect(findApiKeyOwner(made.key)?.user.id).toBe(user.id);
    const change = {
      name: user.name,
      email: user.email,
      currentPassword: "nova-senha-2",
      newPassword: "nova-senha-3",
    };
    accepted(await updateProfile(user.id, change, null, attempt));
    expect(findApiKeyOwner(made.key)?.user.id).toBe(user.id);
  });
});

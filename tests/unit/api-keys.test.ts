import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiKeys, users } from "~db/schema";
import * as keysRoute from "~/routes/accounts/api.keys";
import * as keyRoute from "~/routes/accounts/api.keys.$id";
import * as profileRoute from "~/routes/accounts/api.auth.profile";
import * as logoutRoute from "~/routes/accounts/api.auth.logout";
import * as settingsRoute from "~/routes/accounts/_app.settings";
import * as revokeDialog from "~/routes/accounts/_app.settings.chaves.$id.revogar";
import * as partsSearch from "~/routes/search/api.parts.search";
import { API_KEYS_MAX_ACTIVE, listApiKeys } from "~/models/accounts/api-keys.server";
import { searchStats } from "~/models/accounts/credits.server";
import { createSession } from "~/models/accounts/session.server";
import { db } from "~/utils/db.server";
import * as messages from "~/messages";
import {
  createFreePlan,
  createPart,
  createUser,
  invoke,
  postHeaders,
  sessionHeaders,
  toastOf,
} from "../support/factories";
import { paidCustomer } from "../support/paid-customer";
import { call, envelope } from "../support/routes";

/**
 * API keys through their routes (ADR 0049): made and revoked with a session, used as a bearer
 * token on /api only, refused on the key routes themselves, surviving password changes.
 */

const m = messages.apiKeys;

beforeAll(() => {
  createFreePlan();
});

/** A paid customer with an API session token. */
async function owner() {
  const { user, password } = await paidCustomer(60);
  return { user, password, token: createSession(user.id, "api").id };
}

async function makeKey(token: string, name = "Loja virtual") {
  const answer = await call(keysRoute.action, "/api/keys", {
    method: "POST",
    token,
    json: { name },
  });
  expect(answer.status).toBe(201);
  return (await envelope(answer)).data as { id: number; key: string; prefix: string };
}

const keyCount = (userId: number) =>
  db().select().from(apiKeys).where(eq(apiKeys.userId, userId)).all().length;

describe("/api/keys with a session", () => {
  it("makes a key shown once, lists it without the key, and revokes it: 401 at once", async () => {
    const { user, token } = await owner();
    const created = await call(keysRoute.action, "/api/keys", {
      method: "POST",
      token,
      json: { name: "  ERP da loja  " },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get("Cache-Control")).toBe("no-store");
    const made = await envelope(created);
    expect(made.message).toBe(m.created("ERP da loja"));
    expect(made.data).toMatchObject({
      name: "ERP da loja",
      prefix: made.data.key.slice(0, 13),
      last_used_at: null,
      revoked_at: null,
    });
    expect(made.data.key).toMatch(/^enc_live_[A-Za-z0-9_-]{43}$/);

    const profile = await call(profileRoute.loader, "/api/auth/profile", { token: made.data.key });
    expect(profile.status).toBe(200);
    expect((await envelope(profile)).data.user.id).toBe(user.id);

    const list = await call(keysRoute.loader, "/api/keys", { token });
    const listed = await envelope(list);
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]).toMatchObject({ id: made.data.id, name: "ERP da loja" });
    expect(listed.data[0].last_used_at).not.toBeNull();
    expect(JSON.stringify(listed)).not.toContain(made.data.key);

    const revoked = await call(keyRoute.action, `/api/keys/${made.data.id}`, {
      method: "DELETE",
      token,
      params: { id: String(made.data.id) },
    });
    expect(revoked.status).toBe(200);
    expect((await envelope(revoked)).data.revoked_at).not.toBeNull();
    const after = await call(profileRoute.loader, "/api/auth/profile", { token: made.data.key });
    expect(after.status).toBe(401);
    expect((await envelope(after)).message).toBe(messages.auth.authRequired);

    const again = await call(keyRoute.action, `/api/keys/${made.data.id}`, {
      method: "DELETE",
      token,
      params: { id: String(made.data.id) },
    });
    expect(again.status).toBe(409);
    expect((await envelope(again)).message).toBe(m.alreadyRevoked);
  });

  it("works with the web cookie from our own pages; a cross-site cookie post is a 403 and makes nothing", async () => {
    const { user } = await owner();
    const cookie = await sessionHeaders(user, "web");
    const own = await call(keysRoute.action, "/api/keys", {
      method: "POST",
      json: { name: "Pelo navegador" },
      headers: { ...cookie, Origin: "http://localhost" },
    });
    expect(own.status).toBe(201);
    const crossSite = await call(keysRoute.action, "/api/keys", {
      method: "POST",
      json: { name: "Do outro site" },
      headers: { ...cookie, Origin: "http://evil.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(crossSite.status).toBe(403);
    expect(keyCount(user.id)).toBe(1);
  });

  it("refuses malformed bodies with a pt-BR message and makes nothing", async () => {
    const { user, token } = await owner();
    const cases: [Parameters<typeof call>[2], number][] = [
      [{ body: "{name:", headers: { "Content-Type": "application/json" } }, 400],
      [{ body: "name=ERP", headers: { "Content-Type": "application/x-www-form-urlencoded" } }, 415],
      [{ body: JSON.stringify({ name: "ERP" }), headers: { "Content-Type": "text/plain" } }, 415],
      [{ json: { name: "x".repeat(70_000) } }, 413],
      [{ json: { name: "x".repeat(61) } }, 400],
      [{ json: { name: "   " } }, 400],
      [{ json: { name: 42 } }, 400],
      [{ json: {} }, 400],
      [{ json: ["ERP"] }, 400],
      [{ json: { name: "ERP\u0000" } }, 400],
    ];
    for (const [init, status] of cases) {
      const answer = await call(keysRoute.action, "/api/keys", { method: "POST", token, ...init });
      expect(answer.status, JSON.stringify(init).slice(0, 80)).toBe(status);
      const body = await envelope(answer);
      expect(body.success).toBe(false);
      expect(body.message).toMatch(/[a-zà-ú]/i);
    }
    const tooLong = await envelope(
      await call(keysRoute.action, "/api/keys", {
        method: "POST",
        token,
        json: { name: "x".repeat(61) },
      }),
    );
    expect(tooLong.errors?.name).toEqual([m.nameTooLong(60)]);
    expect(keyCount(user.id)).toBe(0);
  });

  it(`stops concurrent creates at ${API_KEYS_MAX_ACTIVE} active keys`, async () => {
    const { user, token } = await owner();
    const answers = await Promise.all(
      Array.from({ length: API_KEYS_MAX_ACTIVE + 5 }, (_, i) =>
        call(keysRoute.action, "/api/keys", {
          method: "POST",
          token,
          json: { name: `Chave ${i}` },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(API_KEYS_MAX_ACTIVE);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
    const refused = await envelope(answers.find((a) => a.status === 409)!);
    expect(refused.message).toBe(m.tooMany(API_KEYS_MAX_ACTIVE));
    expect(keyCount(user.id)).toBe(API_KEYS_MAX_ACTIVE);
  });

  it("refuses a customer without a paid plan (409, pt-BR); admins may", async () => {
    const { user } = await createUser();
    const token = createSession(user.id, "api").id;
    const refused = await call(keysRoute.action, "/api/keys", {
      method: "POST",
      token,
      json: { name: "ERP" },
    });
    expect(refused.status).toBe(409);
    expect((await envelope(refused)).message).toBe(m.paidPlanRequired);
    expect(keyCount(user.id)).toBe(0);
    const listed = await call(keysRoute.loader, "/api/keys", { token });
    expect((await envelope(listed)).data).toEqual([]);
    const admin = (await createUser({ role: "admin" })).user;
    await makeKey(createSession(admin.id, "api").id, "Admin");
  });

  it("revokes only the caller's keys: another user's key id (an admin's too) is a 404", async () => {
    const a = await owner();
    const made = await makeKey(a.token);
    const admin = (await createUser({ role: "admin" })).user;
    const b = await owner();
    for (const token of [b.token, createSession(admin.id, "api").id]) {
      const answer = await call(keyRoute.action, `/api/keys/${made.id}`, {
        method: "DELETE",
        token,
        params: { id: String(made.id) },
      });
      expect(answer.status).toBe(404);
      expect((await envelope(answer)).message).toBe(m.notFound);
    }
    for (const id of ["abc", "0", "-1", "1e3", "99999999999999999999"]) {
      const answer = await call(keyRoute.action, `/api/keys/${id}`, {
        method: "DELETE",
        token: a.token,
        params: { id },
      });
      expect(answer.status).toBe(404);
    }
    expect(listApiKeys(a.user.id)[0]!.revokedAt).toBeNull();
  });
});

describe("a request signed by an API key", () => {
  it("may not manage keys: 403 with a pt-BR message on every /api/keys method", async () => {
    const { user, token } = await owner();
    const made = await makeKey(token);
    const asKey = { token: made.key };
    const list = await call(keysRoute.loader, "/api/keys", asKey);
    const create = await call(keysRoute.action, "/api/keys", {
      ...asKey,
      method: "POST",
      json: { name: "Filha" },
    });
    const revoke = await call(keyRoute.action, `/api/keys/${made.id}`, {
      ...asKey,
      method: "DELETE",
      params: { id: String(made.id) },
    });
    for (const answer of [list, create, revoke]) {
      expect(answer.status).toBe(403);
      expect((await envelope(answer)).message).toBe(m.sessionRequired);
    }
    expect(keyCount(user.id)).toBe(1);
    expect(listApiKeys(user.id)[0]!.revokedAt).toBeNull();
  });

  it("never signs in to a screen", async () => {
    const { token } = await owner();
    const made = await makeKey(token);
    const screen = await call(settingsRoute.loader, "/settings?tab=api", { token: made.key });
    expect(screen.status).toBe(302);
    expect(screen.headers.get("Location")).toMatch(/^\/login\?/);
  });

  it("an unknown key, or a session token's look-alike, is a 401", async () => {
    const unknown = await call(profileRoute.loader, "/api/auth/profile", {
      token: `enc_live_${"A".repeat(43)}`,
    });
    expect(unknown.status).toBe(401);
  });

  it("logs out nothing: the key keeps working", async () => {
    const { token } = await owner();
    const made = await makeKey(token);
    const out = await call(logoutRoute.action, "/api/auth/logout", {
      method: "POST",
      token: made.key,
    });
    expect(out.status).toBe(200);
    expect((await envelope(out)).message).toBe(m.logoutWithKey);
    expect((await call(profileRoute.loader, "/api/auth/profile", { token: made.key })).status).toBe(
      200,
    );
  });

  it("outlives a password change made with the owner's session", async () => {
    const { user, password, token } = await owner();
    const made = await makeKey(token);
    const changed = await call(profileRoute.action, "/api/auth/profile", {
      method: "PUT",
      token,
      json: {
        name: user.name,
        email: user.email,
        current_password: password,
        password: "senha-nova-9",
      },
    });
    expect(changed.status).toBe(200);
    expect((await call(profileRoute.loader, "/api/auth/profile", { token: made.key })).status).toBe(
      200,
    );
  });

  it("acts as its owner, whose status it follows", async () => {
    const { user, token } = await owner();
    const made = await makeKey(token);
    db().update(users).set({ status: "inactive" }).where(eq(users.id, user.id)).run();
    expect((await call(profileRoute.loader, "/api/auth/profile", { token: made.key })).status).toBe(
      401,
    );
  });

  it("spends its owner's credits on /api/parts/search, as the owner's session does", async () => {
    const { user, token } = await owner();
    const made = await makeKey(token);
    createPart({ code: "CHV-7781", name: "Filtro da chave", manufacturer: "Tecfil" });
    createPart({ code: "CHV-7782", name: "Outro filtro da chave", manufacturer: "Tecfil" });
    createPart({ code: "CHV-7783", name: "Terceiro filtro da chave", manufacturer: "Tecfil" });
    const remaining = () =>
      searchStats(db().select().from(users).where(eq(users.id, user.id)).get()!).remainingSearches;
    const before = remaining();
    expect(before).toBe(2);
    const byKey = await call(partsSearch.loader, "/api/parts/search?q=CHV7781&type=code", {
      token: made.key,
    });
    expect(byKey.status).toBe(200);
    expect(byKey.headers.get("X-Remaining-Searches")).toBe("1");
    expect(remaining()).toBe(1);
    // The same query again the same day is not charged, whoever signs it (fair metering).
    const bySession = await call(partsSearch.loader, "/api/parts/search?q=CHV7781&type=code", {
      token,
    });
    expect(bySession.headers.get("X-Remaining-Searches")).toBe("1");
    await call(partsSearch.loader, "/api/parts/search?q=CHV7782&type=code", { token: made.key });
    expect(remaining()).toBe(0);
    const spent = await call(partsSearch.loader, "/api/parts/search?q=CHV7783&type=code", {
      token: made.key,
    });
    expect(spent.status).toBe(402);
  });
});

describe("the settings' API tab", () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

  it("shows a free customer why there are no keys; a paid one makes a key, shown in that answer only", async () => {
    const { user: free } = await createUser();
    const freeTab = await invoke(settingsRoute.loader, "/settings?tab=api", {
      headers: await sessionHeaders(free, "web"),
    });
    expect((await freeTab.json()).apiKeys).toEqual({ allowed: false, keys: [] });
    const refused = await invoke(settingsRoute.action, "/settings?tab=api", {
      method: "POST",
      headers: await postHeaders(free),
      body: form({ intent: "create-api-key", name: "ERP" }),
    });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(await refused.json())).toContain(m.paidPlanRequired);

    const { user } = await owner();
    const headers = await postHeaders(user);
    const made = await invoke(settingsRoute.action, "/settings?tab=api", {
      method: "POST",
      headers,
      body: form({ intent: "create-api-key", name: "Loja virtual" }),
    });
    expect(made.status).toBe(200);
    const answer = await made.json();
    expect(answer.created.key).toMatch(/^enc_live_/);
    const tab = await invoke(settingsRoute.loader, "/settings?tab=api", { headers });
    const text = JSON.stringify(await tab.json());
    expect(text).toContain("Loja virtual");
    expect(text).not.toContain(answer.created.key);

    const empty = await invoke(settingsRoute.action, "/settings?tab=api", {
      method: "POST",
      headers,
      body: form({ intent: "create-api-key", name: "" }),
    });
    expect(empty.status).toBe(400);
    const crossSite = await invoke(settingsRoute.action, "/settings?tab=api", {
      method: "POST",
      headers: { ...headers, Origin: "http://evil.example", "Sec-Fetch-Site": "cross-site" },
      body: form({ intent: "create-api-key", name: "Do outro site" }),
    });
    expect(crossSite.status).toBe(403);
    expect(keyCount(user.id)).toBe(1);
  });

  it("revokes through its dialog route, only the user's own key", async () => {
    const { user, token } = await owner();
    const made = await makeKey(token);
    const other = (await owner()).user;
    const path = `/settings/chaves/${made.id}/revogar?tab=api`;
    const params = { id: String(made.id) };
    const stranger = await invoke(revokeDialog.action, path, {
      method: "POST",
      params,
      headers: await postHeaders(other),
      body: "",
    });
    expect(stranger.status).toBe(404);
    const shown = await invoke(revokeDialog.loader, path, {
      params,
      headers: await sessionHeaders(user, "web"),
    });
    expect((await shown.json()).key).toEqual({
      name: "Loja virtual",
      prefix: made.prefix,
      revoked: false,
    });
    const done = await invoke(revokeDialog.action, path, {
      method: "POST",
      params,
      headers: await postHeaders(user),
      body: "",
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/settings?tab=api");
    expect((await toastOf(done))?.message).toBe(m.revoked("Loja virtual"));
    expect((await call(profileRoute.loader, "/api/auth/profile", { token: made.key })).status).toBe(
      401,
    );
  });
});

import { describe, expect, it } from "vitest";
import { getPreferences } from "~/models/accounts/index.server";
import { turnOffToken } from "~/models/notifications/index.server";
import * as route from "~/routes/accounts/notificacoes.desativar.$token";
import { createUser, FORM, invoke } from "../support/factories";

/** /notificacoes/desativar/:token — the link at the foot of every notification (ADR 0047). */

const path = (token: string) => `/notificacoes/desativar/${token}`;
const post = (token: string, headers: Record<string, string> = {}) =>
  invoke(route.action, path(token), {
    method: "POST",
    params: { token },
    body: "",
    headers: { "Content-Type": FORM, Origin: "http://localhost", ...headers },
  });

describe("turning a kind of e-mail off by its link", () => {
  it("GET shows what it turns off and changes nothing; POST turns that kind off only", async () => {
    const { user } = await createUser();
    const token = turnOffToken(user.id, "billing");
    const shown = await invoke(route.loader, path(token), { params: { token } });
    expect(shown.status).toBe(200);
    expect(await shown.json()).toEqual({
      state: { topic: "billing", email: user.email, off: false },
    });
    expect(getPreferences(user.id).subscriptionAlerts).toBe(true);

    const done = await post(token);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(path(token));
    expect(getPreferences(user.id)).toEqual({
      emailNotifications: true,
      searchReminders: true,
      subscriptionAlerts: false,
    });
    const after = await invoke(route.loader, path(token), { params: { token } });
    expect(await after.json()).toMatchObject({ state: { off: true } });
  });

  it("answers a forged, expired or malformed link with 400 and changes nothing", async () => {
    const { user } = await createUser();
    const good = turnOffToken(user.id, "search");
    const [version, , topic, issued, signature] = good.split(".");
    const forged = [version, user.id + 1, topic, issued, signature].join(".");
    const expired = turnOffToken(user.id, "search", new Date(Date.now() - 400 * 86_400_000));
    for (const token of [forged, expired, "qualquer-coisa", `${good}x`]) {
      const shown = await invoke(route.loader, path(token), { params: { token } });
      expect(shown.status).toBe(400);
      expect(await shown.json()).toEqual({ state: null });
      expect((await post(token)).status).toBe(400);
    }
    expect(getPreferences(user.id).searchReminders).toBe(true);
  });

  it("refuses a post another site sends", async () => {
    const { user } = await createUser();
    const token = turnOffToken(user.id, "all");
    const crossSite: Record<string, string>[] = [
      { Origin: "https://outro.site" },
      { "Sec-Fetch-Site": "cross-site" },
    ];
    for (const headers of crossSite) {
      const refused = await post(token, headers);
      expect(refused.status).toBe(403);
    }
    expect(getPreferences(user.id).emailNotifications).toBe(true);
  });
});

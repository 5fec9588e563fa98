import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { passwordResetRequests, passwordResets, users } from "~db/schema";
import { db } from "~/utils/db.server";
import { createUser } from "../../../tests/support/factories";
import {
  isResetLinkOpen,
  requestPasswordReset,
  RESET_REQUESTS_PER_EMAIL,
  resetPassword,
  resetTokenHash,
} from "./password-reset.server";
import { createSession, findSessionUser } from "./session.server";
import { verifyCredentials } from "./user.server";

type QueuedMail = {
  eventKey: string;
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
};
const queued = vi.hoisted(() => [] as QueuedMail[]);

// The message is rendered by the mail module as it is; only its queue is watched.
vi.mock("../mail/index.server", async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  queueMail: vi.fn(async (mail: QueuedMail) => {
    queued.push(mail);
  }),
}));

const MINUTE = 60_000;
const QUICK = { answerFloorMs: 0 };
let ipCounter = 0;
/** A fresh client address: each test's requests start with an empty throttle. */
const freshIp = () => `198.51.100.${++ipCounter}`;

/** The token a queued message's link carries. */
function tokenOf(mail: QueuedMail): string {
  const match = /\/redefinir-senha\/([A-Za-z0-9_-]{43})/.exec(mail.text);
  if (!match) throw new Error(`no reset link in ${mail.text}`);
  return match[1]!;
}

async function askForLink(email: string, now = new Date(), ip = freshIp()) {
  const before = queued.length;
  const outcome = await requestPasswordReset({ email, ip }, now, QUICK);
  expect(outcome.ok).toBe(true);
  expect(queued.length).toBe(before + 1);
  return tokenOf(queued.at(-1)!);
}

beforeEach(() => {
  queued.length = 0;
});

describe("asking for a reset link", () => {
  it("mails a link to the account, in pt-BR, keyed on the reset, and keeps only the token's hash", async () => {
    const { user } = await createUser({ name: "Joana" });
    const token = await askForLink(user.email);
    const mail = queued.at(-1)!;
    expect(mail.to).toBe(user.email);
    expect(mail.kind).toBe("password_reset");
    expect(mail.subject).toContain("redefinição de senha");
    expect(mail.text).toContain("Olá, Joana!");
    expect(mail.text).toContain("válido por 30 minutos");
    expect(mail.text).toContain("ignore esta mensagem");
    expect(mail.html).toContain(`/redefinir-senha/${token}`);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);

    const row = db().select().from(passwordResets).where(eq(passwordResets.userId, user.id)).get()!;
    expect(mail.eventKey).toBe(`password-reset:${row.id}`);
    expect(row.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(row.tokenHash).toBe(resetTokenHash(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(30 * MINUTE);
  });

  it("answers an unknown e-mail the same, sends nothing, and takes about as long", async () => {
    const { user } = await createUser();
    const timed = async (email: string) => {
      const started = performance.now();
      const outcome = await requestPasswordReset({ email, ip: freshIp() });
      return { outcome, ms: performance.now() - started };
    };
    const known = await timed(user.email);
    const unknown = await timed("ninguem-aqui@teste.dev");
    expect(unknown.outcome).toEqual(known.outcome);
    expect(queued).toHaveLength(1);
    expect(known.ms).toBeGreaterThanOrEqual(100);
    expect(unknown.ms).toBeGreaterThanOrEqual(100);
    expect(Math.abs(known.ms - unknown.ms)).toBeLessThan(80);
  });

  it("sends nothing to an inactive account", async () => {
    const { user } = await createUser();
    db().update(users).set({ status: "inactive" }).where(eq(users.id, user.id)).run();
    const outcome = await requestPasswordReset(
      { email: user.email, ip: freshIp() },
      new Date(),
      QUICK,
    );
    expect(outcome.ok).toBe(true);
    expect(queued).toHaveLength(0);
  });

  it("a new request replaces the earlier link: one per account, only the newest works", async () => {
    const { user } = await createUser();
    const first = await askForLink(user.email);
    const second = await askForLink(user.email);
    expect(first).not.toBe(second);
    expect(queued[0]!.eventKey).not.toBe(queued[1]!.eventKey);
    expect(
      db().select().from(passwordResets).where(eq(passwordResets.userId, user.id)).all(),
    ).toHaveLength(1);
    expect(isResetLinkOpen(first)).toBe(false);
    expect((await resetPassword({ token: first, password: "nova-senha-1" })).ok).toBe(false);
    expect((await resetPassword({ token: second, password: "nova-senha-1" })).ok).toBe(true);
  });
});

describe("using a reset link", () => {
  it("sets the password, revokes every session and API token, and works once", async () => {
    const { user, password } = await createUser();
    const web = createSession(user.id, "web");
    const api = createSession(user.id, "api");
    const token = await askForLink(user.email);

    const reset = await resetPassword({ token, password: "senha-nova-9" });
    expect(reset.ok && reset.value.id).toBe(user.id);
    expect(findSessionUser(web.id).status).toBe("missing");
    expect(findSessionUser(api.id).status).toBe("missing");
    expect(await verifyCredentials(user.email, password)).toBeNull();
    expect((await verifyCredentials(user.email, "senha-nova-9"))?.id).toBe(user.id);

    const again = await resetPassword({ token, password: "outra-senha-1" });
    expect(again).toMatchObject({ ok: false, reason: "invalid_reference" });
    expect((await verifyCredentials(user.email, "senha-nova-9"))?.id).toBe(user.id);
  });

  it("works until 30 minutes after it was sent, not at 30", async () => {
    const sentAt = new Date("2026-03-02T12:00:00Z");
    const early = await createUser();
    const late = await createUser();
    const earlyToken = await askForLink(early.user.email, sentAt);
    const lateToken = await askForLink(late.user.email, sentAt);
    const justBefore = new Date(sentAt.getTime() + 30 * MINUTE - 1);
    const atThirty = new Date(sentAt.getTime() + 30 * MINUTE);
    expect(isResetLinkOpen(earlyToken, justBefore)).toBe(true);
    expect(
      (await resetPassword({ token: earlyToken, password: "senha-nova-1" }, justBefore)).ok,
    ).toBe(true);
    expect(isResetLinkOpen(lateToken, atThirty)).toBe(false);
    expect(
      await resetPassword({ token: lateToken, password: "senha-nova-1" }, atThirty),
    ).toMatchObject({
      ok: false,
      reason: "invalid_reference",
    });
  });

  it("refuses unknown, empty and overlong tokens", async () => {
    for (const token of ["", "x", "a".repeat(43), "a".repeat(10_000)])
      expect(await resetPassword({ token, password: "senha-nova-1" })).toMatchObject({
        ok: false,
        reason: "invalid_reference",
      });
  });

  it("two uses of one link at once: exactly one sets its password", async () => {
    const { user } = await createUser();
    const token = await askForLink(user.email);
    const outcomes = await Promise.all([
      resetPassword({ token, password: "primeira-senha" }),
      resetPassword({ token, password: "segunda-senha" }),
    ]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    const winner = outcomes[0]!.ok ? "primeira-senha" : "segunda-senha";
    expect((await verifyCredentials(user.email, winner))?.id).toBe(user.id);
  });
});

describe("the reset throttle", () => {
  it("an e-mail gets a few links in 15 minutes from anywhere, known or not, then waits", async () => {
    const now = new Date("2026-03-03T10:00:00Z");
    const { user } = await createUser();
    for (const email of [user.email, "nao-existe@teste.dev"]) {
      for (let i = 0; i < RESET_REQUESTS_PER_EMAIL; i++)
        expect((await requestPasswordReset({ email, ip: freshIp() }, now, QUICK)).ok).toBe(true);
      const refused = await requestPasswordReset({ email, ip: freshIp() }, now, QUICK);
      expect(refused).toMatchObject({ ok: false, reason: "rate_limited" });
      expect(!refused.ok && refused.retryAfterSeconds).toBe(15 * 60);
      const later = new Date(now.getTime() + 15 * MINUTE + 1);
      expect((await requestPasswordReset({ email, ip: freshIp() }, later, QUICK)).ok).toBe(true);
    }
    // Refused requests wrote no link: the newest message sent still works.
    expect(queued).toHaveLength(RESET_REQUESTS_PER_EMAIL + 1);
    expect(isResetLinkOpen(tokenOf(queued.at(-1)!), new Date(now.getTime() + 16 * MINUTE))).toBe(
      true,
    );
  });

  it("an address gets 4× the sign-in's attempts in 15 minutes, on any e-mails", async () => {
    const now = new Date("2026-03-04T10:00:00Z");
    const ip = freshIp();
    const limit = 4 * 5; // LOGIN_MAX_ATTEMPTS's default
    for (let i = 0; i < limit; i++)
      expect(
        (await requestPasswordReset({ email: `qualquer-${i}@teste.dev`, ip }, now, QUICK)).ok,
      ).toBe(true);
    const refused = await requestPasswordReset({ email: "mais-um@teste.dev", ip }, now, QUICK);
    expect(refused).toMatchObject({ ok: false, reason: "rate_limited" });
    expect(!refused.ok && refused.message).toMatch(/Aguarde 15 minuto/i);
    expect(
      (await requestPasswordReset({ email: "mais-um@teste.dev", ip: freshIp() }, now, QUICK)).ok,
    ).toBe(true);
    const rows = db()
      .select()
      .from(passwordResetRequests)
      .where(eq(passwordResetRequests.ip, ip))
      .all();
    expect(rows).toHaveLength(limit);
  });
});

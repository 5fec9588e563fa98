import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions, users } from "~db/schema";
import { db } from "~/utils/db.server";
import { createUser } from "../../../tests/support/factories";
import {
  createSession,
  findSessionUser,
  revokeAllSessions,
  revokeOtherSessions,
  revokeSession,
  sessionTokenHash,
} from "./session.server";

describe("sessions", () => {
  it("keeps only the SHA-256 of a token: a stored id opens no session (ADR 0029)", async () => {
    const { user } = await createUser();
    const issued = [createSession(user.id, "web"), createSession(user.id, "api")];
    const stored = db()
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, user.id))
      .all()
      .map((row) => row.id);
    expect(stored.sort()).toEqual(issued.map((s) => sessionTokenHash(s.id)).sort());
    for (const id of stored) {
      expect(id).toMatch(/^[0-9a-f]{64}$/);
      expect(issued.map((s) => s.id)).not.toContain(id);
      expect(findSessionUser(id).status).toBe("missing");
      expect(findSessionUser(id, "api").status).toBe("missing");
    }
    expect(issued.map((s) => findSessionUser(s.id).status)).toEqual(["valid", "valid"]);
  });

  it("finds the user of a live session and nothing for an unknown id", async () => {
    const { user } = await createUser();
    const session = createSession(user.id, "web");
    expect(session.id.length).toBeGreaterThanOrEqual(40);
    const found = findSessionUser(session.id);
    expect(found.status === "valid" && found.user.id).toBe(user.id);
    expect(findSessionUser("nao-existe").status).toBe("missing");
  });

  it("keeps web and api sessions apart", async () => {
    const { user } = await createUser();
    const api = createSession(user.id, "api");
    expect(findSessionUser(api.id, "web").status).toBe("missing");
    expect(findSessionUser(api.id, "api").status).toBe("valid");
  });

  it("treats an expired session, or one of an inactive user, as expired", async () => {
    const { user } = await createUser();
    const old = createSession(user.id, "web", {}, new Date("2020-01-01"));
    expect(findSessionUser(old.id).status).toBe("expired");
    const live = createSession(user.id, "web");
    db().update(users).set({ status: "suspended" }).where(eq(users.id, user.id)).run();
    expect(findSessionUser(live.id).status).toBe("expired");
  });

  it("revokes one session, or all but the current one", async () => {
    const { user } = await createUser();
    const [a, b, c] = [
      createSession(user.id, "web"),
      createSession(user.id, "web"),
      createSession(user.id, "api"),
    ];
    revokeSession(a.id);
    expect(findSessionUser(a.id).status).toBe("missing");
    expect(revokeOtherSessions(user.id, b.id)).toBe(1);
    expect(findSessionUser(b.id).status).toBe("valid");
    expect(findSessionUser(c.id).status).toBe("missing");
  });

  it("revokes every session and token of one user, and no one else's", async () => {
    const { user } = await createUser();
    const other = createSession((await createUser()).user.id, "api");
    createSession(user.id, "web");
    createSession(user.id, "api");
    expect(revokeAllSessions(user.id)).toBe(2);
    expect(findSessionUser(other.id).status).toBe("valid");
  });
});

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { subscriptions, userPreferences } from "~db/schema";
import * as messages from "~/messages";
import { db } from "~/utils/db.server";
import { createFreePlan, createUser } from "../../../tests/support/factories";
import { currentPlan } from "./credits.server";
import { createSession, findSessionUser } from "./session.server";
import {
  changePassword,
  createAccount,
  findUserByEmail,
  updateProfile,
  verifyCredentials,
} from "./user.server";

/** Where the tests' password checks come from: one address, no trusted device. */
const here = { ip: "10.60.0.1", device: null };

describe("accounts", () => {
  it("creates a user on the free plan with default preferences and a lower-cased e-mail", async () => {
    const free = createFreePlan();
    const created = await createAccount({
      name: "  Ana Lima ",
      email: "Ana.Lima@Oficina.COM ",
      password: "segredo1",
    });
    if (!created.ok) throw new Error(created.message);
    const user = created.value;
    expect(user).toMatchObject({
      name: "Ana Lima",
      email: "ana.lima@oficina.com",
      role: "user",
      status: "active",
    });
    expect(user.passwordHash).not.toContain("segredo1");
    expect(currentPlan(user.id)?.planId).toBe(free.id);
    const prefs = db()
      .select()
      .from(userPreferences)
      .where(eq(userPreferences.userId, user.id))
      .get();
    expect(prefs).toMatchObject({
      emailNotifications: true,
      searchReminders: true,
      subscriptionAlerts: true,
    });
  });

  it("refuses a second account with the same e-mail in any case", async () => {
    await createAccount({ name: "A", email: "dup@teste.dev", password: "segredo1" });
    expect(
      await createAccount({ name: "B", email: "DUP@teste.dev", password: "segredo1" }),
    ).toMatchObject({ ok: false, reason: "name_taken", field: "email" });
  });

  it("gives admins no customer subscription", async () => {
    createFreePlan();
    const { user } = await createUser({ role: "admin" });
    expect(
      db().select().from(subscriptions).where(eq(subscriptions.userId, user.id)).all(),
    ).toHaveLength(0);
  });

  it("verifies credentials with the slow hash", async () => {
    const { user, password } = await createUser();
    expect((await verifyCredentials(user.email.toUpperCase(), password))?.id).toBe(user.id);
    expect(await verifyCredentials(user.email, "errada")).toBeNull();
    expect(await verifyCredentials("ninguem@teste.dev", password)).toBeNull();
  });

  it("updates the profile, checking the current password and e-mail uniqueness", async () => {
    const { user, password } = await createUser();
    const other = await createUser();
    const session = createSession(user.id, "web").id;
    expect(
      await updateProfile(
        user.id,
        { name: "X", email: other.user.email, currentPassword: password },
        session,
        here,
      ),
    ).toEqual({
      ok: false,
      reason: "name_taken",
      message: messages.auth.emailTaken,
      field: "email",
    });
    expect(
      await updateProfile(
        user.id,
        { name: "X", email: user.email, newPassword: "novasenha", currentPassword: "errada" },
        session,
        here,
      ),
    ).toMatchObject({ ok: false, reason: "wrong_password", field: "currentPassword" });
    const updated = await updateProfile(
      user.id,
      {
        name: "Novo Nome",
        email: "Novo@Email.dev",
        newPassword: "novasenha",
        currentPassword: password,
      },
      session,
      here,
    );
    expect(updated).toMatchObject({
      ok: true,
      value: { name: "Novo Nome", email: "novo@email.dev" },
    });
    expect(await verifyCredentials("novo@email.dev", "novasenha")).not.toBeNull();
    expect(findUserByEmail(user.email)).toBeUndefined();
  });
});

describe("after a takeover", () => {
  it("asks the right current password to change the e-mail, and not to keep it", async () => {
    const { user, password } = await createUser();
    const session = createSession(user.id, "web").id;
    const newEmail = `novo-${user.email}`;
    expect(await updateProfile(user.id, { name: "X", email: newEmail }, session, here)).toEqual({
      ok: false,
      reason: "wrong_password",
      message: messages.profile.currentPasswordForEmail,
      field: "currentPassword",
    });
    expect(
      await updateProfile(
        user.id,
        { name: "X", email: newEmail, currentPassword: "errada" },
        session,
        here,
      ),
    ).toEqual({
      ok: false,
      reason: "wrong_password",
      message: messages.profile.currentPasswordWrong,
      field: "currentPassword",
    });
    expect(findUserByEmail(newEmail)).toBeUndefined();
    expect(
      await updateProfile(
        user.id,
        { name: "Só o nome", email: user.email.toUpperCase() },
        session,
        here,
      ),
    ).toMatchObject({ ok: true, value: { name: "Só o nome", email: user.email } });
    expect(
      await updateProfile(
        user.id,
        { name: "X", email: newEmail, currentPassword: password },
        session,
        here,
      ),
    ).toMatchObject({ ok: true, value: { email: newEmail } });
  });

  it("keeps the session changing the password and revokes every other session and token", async () => {
    const { user, password } = await createUser();
    const [current, otherWeb, token] = [
      createSession(user.id, "web"),
      createSession(user.id, "web"),
      createSession(user.id, "api"),
    ];
    const bystander = createSession((await createUser()).user.id, "web");
    expect(await changePassword(user.id, "errada", "nova-senha", current.id, here)).toMatchObject({
      ok: false,
      reason: "wrong_password",
    });
    expect(findSessionUser(otherWeb.id).status).toBe("valid");
    expect(await changePassword(user.id, password, "nova-senha", current.id, here)).toEqual({
      ok: true,
      value: null,
    });
    expect(findSessionUser(current.id).status).toBe("valid");
    expect(findSessionUser(otherWeb.id).status).toBe("missing");
    expect(findSessionUser(token.id).status).toBe("missing");
    expect(findSessionUser(bystander.id).status).toBe("valid");
  });

  it("does the same when the password changes on the profile, and nothing for a name change", async () => {
    const { user, password } = await createUser();
    const [current, other] = [createSession(user.id, "api"), createSession(user.id, "web")];
    await updateProfile(user.id, { name: "Outro", email: user.email }, current.id, here);
    expect(findSessionUser(other.id).status).toBe("valid");
    const changed = await updateProfile(
      user.id,
      { name: "Outro", email: user.email, currentPassword: password, newPassword: "nova-senha" },
      current.id,
      here,
    );
    expect(changed.ok).toBe(true);
    expect(findSessionUser(current.id).status).toBe("valid");
    expect(findSessionUser(other.id).status).toBe("missing");
  });
});

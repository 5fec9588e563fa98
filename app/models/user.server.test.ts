import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { subscriptions, userPreferences } from "~db/schema";
import * as messages from "~/messages";
import { db } from "~/utils/db.server";
import { createFreePlan, createUser } from "../../tests/support/factories";
import { currentPlan } from "./credits.server";
import { createAccount, findUserByEmail, updateProfile, verifyCredentials } from "./user.server";

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
    expect(await updateProfile(user.id, { name: "X", email: other.user.email })).toEqual({
      ok: false,
      reason: "name_taken",
      message: messages.auth.emailTaken,
      field: "email",
    });
    expect(
      await updateProfile(user.id, {
        name: "X",
        email: user.email,
        newPassword: "novasenha",
        currentPassword: "errada",
      }),
    ).toMatchObject({ ok: false, reason: "wrong_password", field: "currentPassword" });
    const updated = await updateProfile(user.id, {
      name: "Novo Nome",
      email: "Novo@Email.dev",
      newPassword: "novasenha",
      currentPassword: password,
    });
    expect(updated).toMatchObject({
      ok: true,
      value: { name: "Novo Nome", email: "novo@email.dev" },
    });
    expect(await verifyCredentials("novo@email.dev", "novasenha")).not.toBeNull();
    expect(findUserByEmail(user.email)).toBeUndefined();
  });
});

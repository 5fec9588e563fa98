import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "~db/schema";
import { createAccount } from "~/models/accounts/user.server";
import * as apiRegister from "~/routes/accounts/api.auth.register";
import * as registerPage from "~/routes/accounts/register";
import { db } from "~/utils/db.server";
import { createFreePlan } from "../support/factories";
import { call, envelope } from "../support/routes";

const LIMIT_MESSAGE =
  "Muitas contas criadas a partir desta conexão. Aguarde uma hora e tente novamente.";

beforeAll(() => {
  createFreePlan();
});

const accountExists = (email: string) =>
  db().select({ id: users.id }).from(users).where(eq(users.email, email)).get() !== undefined;

const apiSignUp = (email: string, ip: string) =>
  call(apiRegister.action, "/api/auth/register", {
    method: "POST",
    json: { name: "Conta em Série", email, password: "segredo1" },
    ip,
  });

/** Posts the /register form from `ip`: the status, and what the form shows and keeps. */
async function formSignUp(email: string, ip: string) {
  const request = new Request("http://localhost/register", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      name: "Conta pelo Formulário",
      email,
      password: "segredo1",
      confirmPassword: "segredo1",
    }),
  });
  const result = await registerPage.action({ request, params: {}, context: { clientIp: ip } });
  if (result instanceof Response) return { status: result.status, errors: [], values: {} };
  const answer = result as {
    data: { error?: Record<string, string[]>; initialValue?: Record<string, string> };
    init: { status: number };
  };
  return {
    status: answer.init.status,
    errors: answer.data.error?.[""] ?? [],
    values: answer.data.initialValue ?? {},
  };
}

describe("sign-ups per address", () => {
  it("refuses the API's 11th sign-up in an hour from one address with a 429, creating nothing", async () => {
    for (let i = 0; i < 10; i++)
      expect((await apiSignUp(`serie-${i}@teste.dev`, "10.60.0.1")).status).toBe(201);
    const refused = await apiSignUp("serie-10@teste.dev", "10.60.0.1");
    expect(refused.status).toBe(429);
    expect(await envelope(refused)).toMatchObject({ success: false, message: LIMIT_MESSAGE });
    expect(accountExists("serie-10@teste.dev")).toBe(false);
    expect((await apiSignUp("serie-10@teste.dev", "10.60.0.2")).status).toBe(201);
  });

  it("refuses the form's 11th sign-up with the message, keeping what was typed but the passwords", async () => {
    for (let i = 0; i < 10; i++)
      expect((await formSignUp(`form-${i}@teste.dev`, "10.61.0.1")).status).toBe(302);
    const refused = await formSignUp("form-10@teste.dev", "10.61.0.1");
    expect(refused.status).toBe(429);
    expect(refused.errors).toEqual([LIMIT_MESSAGE]);
    expect(refused.values).toMatchObject({
      name: "Conta pelo Formulário",
      email: "form-10@teste.dev",
    });
    expect(refused.values).not.toHaveProperty("password");
    expect(accountExists("form-10@teste.dev")).toBe(false);
    expect((await formSignUp("form-10@teste.dev", "10.61.0.2")).status).toBe(302);
  });

  it("holds under concurrent sign-ups from one address", async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        createAccount(
          { name: "Corrida", email: `corrida-${i}@teste.dev`, password: "segredo1" },
          { signupFrom: "10.62.0.1" },
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(10);
    const refused = outcomes.flatMap((outcome) => (outcome.ok ? [] : [outcome.reason]));
    expect(refused).toEqual(Array(5).fill("rate_limited"));
  });

  it("does not count accounts an admin creates", async () => {
    for (let i = 0; i < 12; i++) {
      const created = await createAccount({
        name: "Pelo Admin",
        email: `admin-criou-${i}@teste.dev`,
        password: "segredo1",
      });
      expect(created.ok).toBe(true);
    }
  });
});

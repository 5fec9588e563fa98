import { describe, expect, it } from "vitest";
import { registerSchema } from "./accounts/auth";
import {
  changePasswordSchema as customerPasswordSchema,
  customerCreateSchema,
} from "./accounts/customer";
import { profileSchema } from "./accounts/profile";
import { changePasswordSchema } from "./accounts/settings";

/** The messages a parse reports, as [field, message], in order. */
function issues(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]);
}

describe("shared e-mail and password rules", () => {
  it("register: all required, then match, then length, then e-mail format; one at a time", () => {
    const base = { name: "Zé", email: "ze@oficina.dev" };
    expect(issues(registerSchema.safeParse({ ...base, password: "123" }))).toEqual([
      ["", "Todos os campos são obrigatórios"],
    ]);
    expect(
      issues(registerSchema.safeParse({ ...base, password: "123", confirmPassword: "124" })),
    ).toEqual([["confirmPassword", "As senhas não coincidem"]]);
    expect(
      issues(
        registerSchema.safeParse({
          name: "Zé",
          email: "sem arroba",
          password: "123",
          confirmPassword: "123",
        }),
      ),
    ).toEqual([["password", "A senha deve ter pelo menos 6 caracteres"]]);
    expect(
      issues(
        registerSchema.safeParse({
          name: "Zé",
          email: "sem arroba",
          password: "123456",
          confirmPassword: "123456",
        }),
      ),
    ).toEqual([["email", "Formato de email inválido"]]);
  });

  it("profile and settings: current password, then match, then length", () => {
    const profile = { name: "Zé", email: "ze@oficina.dev", currentPassword: "velha" };
    expect(
      issues(profileSchema.safeParse({ ...profile, newPassword: "123", confirmPassword: "124" })),
    ).toEqual([["confirmPassword", "Nova senha e confirmação não coincidem"]]);
    expect(
      issues(profileSchema.safeParse({ ...profile, newPassword: "123", confirmPassword: "123" })),
    ).toEqual([["newPassword", "Nova senha deve ter pelo menos 6 caracteres"]]);
    expect(
      issues(profileSchema.safeParse({ name: "Zé", email: "", newPassword: "123456" })),
    ).toEqual([
      ["email", "Email é obrigatório"],
      ["currentPassword", "Senha atual é obrigatória para alterar a senha"],
    ]);
    expect(issues(changePasswordSchema.safeParse({}))).toEqual([
      ["currentPassword", "Senha atual é obrigatória para alterar a senha"],
      ["newPassword", "Informe a nova senha"],
    ]);
    expect(
      issues(
        changePasswordSchema.safeParse({
          currentPassword: "velha",
          newPassword: "123",
          confirmPassword: "124",
        }),
      ),
    ).toEqual([["confirmPassword", "Nova senha e confirmação não coincidem"]]);
  });

  it("customer dialogs: required, then length, then match", () => {
    expect(issues(customerPasswordSchema.safeParse({}))).toEqual([
      ["password", "Informe a nova senha"],
    ]);
    expect(
      issues(customerPasswordSchema.safeParse({ password: "123", confirmPassword: "124" })),
    ).toEqual([["password", "A senha deve ter pelo menos 6 caracteres"]]);
    // A new customer's password is optional (ADR 0054): only its length is checked when given.
    expect(
      issues(customerCreateSchema.safeParse({ name: "Zé", email: "ze@oficina", password: "" })),
    ).toEqual([["email", "Por favor, insira um e-mail válido"]]);
    expect(
      issues(
        customerCreateSchema.safeParse({ name: "Zé", email: "ze@oficina.dev", password: "1" }),
      ),
    ).toEqual([["password", "A senha deve ter pelo menos 6 caracteres"]]);
  });
});

import { describe, expect, it } from "vitest";
import { refuse, type RefusalReason } from "~/models/outcome";
import { apiRefusal, dialogRefusal, formRefusal, refusalStatus } from "./refusal.server";

/** A stand-in for a Conform submission: it echoes the reply options it is given. */
const submission = { reply: (options: object) => options };

describe("refusals become HTTP answers in one place", () => {
  it.each<[RefusalReason, number]>([
    ["not_found", 404],
    ["invalid_reference", 400],
    ["name_taken", 400],
    ["duplicate", 409],
    ["in_use", 409],
    ["inactive", 400],
    ["already_current", 409],
    ["not_active", 409],
    ["wrong_password", 400],
    ["rate_limited", 429],
  ])("%s answers %i", (reason, status) => {
    expect(refusalStatus({ reason })).toBe(status);
  });

  it("gives the API the envelope, with the field under the API's own name", async () => {
    const response = apiRefusal(
      refuse("invalid_reference", "Categoria não encontrada", "categoryId"),
      {
        fieldName: (field) => (field === "categoryId" ? "category_id" : field),
      },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      data: null,
      message: "Categoria não encontrada",
      errors: { category_id: ["Categoria não encontrada"] },
    });
  });

  it("leaves `errors` out when no field is at fault", async () => {
    const response = apiRefusal(refuse("in_use", "Em uso"));
    expect(response.status).toBe(409);
    expect(await response.json()).not.toHaveProperty("errors");
  });

  it("puts a form's refusal on its field, or above the form, keeping hidden fields hidden", () => {
    const onField = formRefusal(submission, refuse("name_taken", "Já existe", "email"), {
      hideFields: ["password"],
    });
    expect(onField.init?.status).toBe(400);
    expect(onField.data).toEqual({
      fieldErrors: { email: ["Já existe"] },
      hideFields: ["password"],
    });
    const aboveForm = formRefusal(
      submission,
      refuse("already_current", "Você já está neste plano"),
    );
    expect(aboveForm.init?.status).toBe(409);
    expect(aboveForm.data).toEqual({ formErrors: ["Você já está neste plano"] });
  });

  it("answers a confirmation dialog with the message and the status", () => {
    const answer = dialogRefusal(refuse("not_found", "Cliente não encontrado"));
    expect(answer.init?.status).toBe(404);
    expect(answer.data).toEqual({ error: "Cliente não encontrado" });
  });
});

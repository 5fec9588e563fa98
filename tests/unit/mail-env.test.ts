import { describe, expect, it } from "vitest";
import * as messages from "~/messages";
import { EnvError, loadEnv } from "~/utils/env.server";

const base: NodeJS.ProcessEnv = {
  NODE_ENV: "test",
  DATA_DIR: process.env.DATA_DIR,
  SESSION_SECRET: process.env.SESSION_SECRET,
};

describe("SMTP_URL and MAIL_FROM", () => {
  it("default to the catcher and the house sender", () => {
    const config = loadEnv({ ...base });
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.MAIL_FROM).toBe(messages.mail.defaultFrom);
    expect(loadEnv({ ...base, SMTP_URL: "" }).SMTP_URL).toBeUndefined();
  });

  it("take smtp:// and smtps:// URLs with credentials and a named sender", () => {
    for (const url of ["smtp://user:pass@mail.example.com:587", "smtps://u:p@mail.example.com:465"])
      expect(loadEnv({ ...base, SMTP_URL: url }).SMTP_URL).toBe(url);
    for (const from of ["Oficina <contato@oficina.com.br>", "contato@oficina.com.br"])
      expect(loadEnv({ ...base, MAIL_FROM: from }).MAIL_FROM).toBe(from);
  });

  it("refuse anything else, in pt-BR", () => {
    for (const url of ["http://mail.example.com", "mail.example.com:587", "smtp://"])
      expect(() => loadEnv({ ...base, SMTP_URL: url })).toThrow(messages.mail.smtpUrl);
    for (const from of ["Oficina", "Oficina <sem-arroba>", "<a@b> sobra"])
      expect(() => loadEnv({ ...base, MAIL_FROM: from })).toThrow(EnvError);
  });
});

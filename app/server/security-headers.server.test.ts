import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, securityHeaders } from "./security-headers.server";

const HSTS = "Strict-Transport-Security";

describe("securityHeaders", () => {
  it("always sends nosniff, the referrer policy and no framing", () => {
    for (const NODE_ENV of ["development", "test", "production"] as const)
      expect(securityHeaders({ NODE_ENV, ENCAIXA_LOCAL: undefined })).toMatchObject({
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "strict-origin-when-cross-origin",
        "X-Frame-Options": "DENY",
      });
  });

  it("adds HSTS in production only", () => {
    expect(securityHeaders({ NODE_ENV: "production", ENCAIXA_LOCAL: undefined })[HSTS]).toBe(
      "max-age=31536000; includeSubDomains",
    );
    expect(securityHeaders({ NODE_ENV: "production", ENCAIXA_LOCAL: false })[HSTS]).toBeDefined();
    // `npm start`: a production build on one machine over plain http.
    expect(securityHeaders({ NODE_ENV: "production", ENCAIXA_LOCAL: true })).not.toHaveProperty(
      HSTS,
    );
    expect(
      securityHeaders({ NODE_ENV: "development", ENCAIXA_LOCAL: undefined }),
    ).not.toHaveProperty(HSTS);
    expect(securityHeaders({ NODE_ENV: "test", ENCAIXA_LOCAL: undefined })).not.toHaveProperty(
      HSTS,
    );
  });
});

describe("contentSecurityPolicy", () => {
  it("lets scripts run only from us or with the page's nonce", () => {
    const policy = contentSecurityPolicy("abc123");
    expect(policy).toContain("script-src 'self' 'nonce-abc123'");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it("lets the home page preview the chosen photo from an object URL (blob:)", () => {
    const imgSrc = contentSecurityPolicy("n")
      .split("; ")
      .find((directive) => directive.startsWith("img-src "));
    expect(imgSrc?.split(" ")).toContain("blob:");
    // Only images: scripts, frames and connections still may not come from a blob.
    expect(contentSecurityPolicy("n")).not.toMatch(/(script|connect|default|frame)-src[^;]*blob:/);
  });
});

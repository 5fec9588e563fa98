import { describe, expect, it } from "vitest";
import { safeRedirect } from "./auth.server";

describe("safeRedirect keeps redirects on our own site", () => {
  it.each([
    ["/\t/evil.example", "tab after the slash"],
    ["/%09/evil.example".replace("%09", "\t"), "decoded %09"],
    ["/\n/evil.example", "line feed"],
    ["/\r\n/evil.example", "CR/LF"],
    ["\t//evil.example", "leading tab"],
    ["//evil.example", "protocol-relative"],
    ["///evil.example", "three slashes"],
    ["/\\evil.example", "slash and backslash"],
    ["\\\\evil.example", "two backslashes"],
    ["\\/evil.example", "backslash and slash"],
    ["/.//evil.example", "dot segment leaving //"],
    ["/%2e//evil.example", "encoded dot segment"],
    ["/a/..//evil.example", "dot-dot segment leaving //"],
    ["https://evil.example/login", "absolute URL"],
    ["https://encaixa.invalid@evil.example/", "userinfo @"],
    ["//user:pass@evil.example", "protocol-relative with userinfo"],
    ["javascript:alert(1)", "javascript:"],
    [" javascript:alert(1)", "javascript: after a space"],
    ["data:text/html,<script>alert(1)</script>", "data:"],
  ])("refuses %j (%s)", (target) => {
    expect(safeRedirect(target)).toBe("/home");
  });

  it.each([
    ["/settings", "/settings"],
    ["/search?q=BR123456&type=code", "/search?q=BR123456&type=code"],
    ["/parts/12#veiculos", "/parts/12#veiculos"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/%5Cevil.example", "/%5Cevil.example"],
    ["/@evil.example", "/@evil.example"],
    ["/a/../settings", "/settings"],
    // Same scheme as the base and no slashes: a relative path, on our site.
    ["http:evil.example", "/evil.example"],
  ])("keeps %j as the path %j", (target, path) => {
    expect(safeRedirect(target)).toBe(path);
  });

  it("falls back for nothing, an empty value or a file", () => {
    expect(safeRedirect(null)).toBe("/home");
    expect(safeRedirect(undefined, "/usage")).toBe("/usage");
    expect(safeRedirect("")).toBe("/home");
    expect(safeRedirect(new File([], "x"))).toBe("/home");
  });
});

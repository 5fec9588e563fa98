import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { faviconSvg } from "./favicon-svg";

/** The drawn text, unescaped, and the font size, read back from the SVG. */
function drawn(svg: string): { text: string; size: number } {
  const match = /<text [^>]*font-size="(\d+)"[^>]*>([^<]*)<\/text>/.exec(svg);
  if (!match) throw new Error(`no text element in ${svg}`);
  const text = match[2]!
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
  return { text, size: Number(match[1]) };
}

describe("faviconSvg", () => {
  it("draws the initials on the blue square, smaller as they get longer", () => {
    expect(drawn(faviconSvg("E"))).toEqual({ text: "E", size: 18 });
    expect(drawn(faviconSvg("EN"))).toEqual({ text: "EN", size: 13 });
    expect(drawn(faviconSvg(" ABC "))).toEqual({ text: "ABC", size: 10 });
    expect(faviconSvg("EN")).toContain('<rect width="32" height="32" rx="7" fill="#155bb5"/>');
  });

  it("escapes what would be markup", () => {
    const svg = faviconSvg('<&"');
    expect(svg).toContain(">&lt;&amp;&quot;</text>");
    expect(drawn(svg).text).toBe('<&"');
  });

  it("for any text: one well-formed text element holding its first three letters", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme-composite", maxLength: 8 }), (initials) => {
        const svg = faviconSvg(initials);
        expect(svg.match(/</g)).toHaveLength(5); // svg, rect, text, /text, /svg
        expect(drawn(svg).text).toBe([...initials.trim()].slice(0, 3).join(""));
      }),
    );
  });
});

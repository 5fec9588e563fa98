/**
 * What the landing's "Testar" box answers for a typed code (ADR 0057): made by the search
 * model (teaser.server), drawn by the component (code-teaser). One type for both.
 */
export type CodeTeaser =
  | { status: "empty" }
  | { status: "too_long"; maxLength: number }
  | { status: "throttled"; retryAfterSeconds: number }
  | { status: "not_found"; code: string }
  | {
      status: "found";
      code: string;
      partName: string;
      categoryName: string | null;
      vehicleCount: number;
      /** Found as another part's alternative code, not as its own. */
      viaAlternative: boolean;
      /** Other parts the same code leads to (other manufacturers, equivalents). */
      otherParts: number;
    };

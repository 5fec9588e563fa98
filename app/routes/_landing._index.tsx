import type { Access } from "~/server/access";

export const access: Access = "public";

export default function LandingIndex() {
  return null;
}

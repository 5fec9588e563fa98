import type { MetaFunction } from "@remix-run/node";
import { NotFoundPage } from "~/components/status-pages";
import * as messages from "~/messages";
import type { Access } from "~/server/access";
import { edgeRefusal, throwRefusal } from "~/server/refusal.server";

export const access: Access = "public";

export async function loader() {
  throwRefusal(edgeRefusal("not_found", messages.notFound.title));
}

export const meta: MetaFunction = () => [{ title: messages.notFound.title }];

export default function NotFound() {
  return <NotFoundPage />;
}

export function ErrorBoundary() {
  return <NotFoundPage />;
}

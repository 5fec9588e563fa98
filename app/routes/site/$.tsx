import type { MetaFunction } from "@remix-run/node";
import { NotFoundPage } from "~/components/status-pages";
import * as messages from "~/messages";
import type { Access } from "~/server/access";

export const access: Access = "public";

export async function loader() {
  throw new Response(messages.notFound.title, { status: 404 });
}

export const meta: MetaFunction = () => [{ title: messages.notFound.title }];

export default function NotFound() {
  return <NotFoundPage />;
}

export function ErrorBoundary() {
  return <NotFoundPage />;
}

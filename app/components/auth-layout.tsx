import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useSeo } from "~/components/hooks";
import { LogoMark } from "~/components/logo-mark";
import * as messages from "~/messages";

export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  const { siteName, logoInitials } = useSeo();
  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center px-4 py-10">
      <Link to="/" className="mb-6 flex items-center gap-2">
        <LogoMark initials={logoInitials} size="large" />
        <span className="text-xl font-bold">{siteName}</span>
      </Link>
      <div className="card w-full max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="mt-1 text-sm text-slate-600">{subtitle}</p>
        <div className="mt-6">{children}</div>
      </div>
      <Link to="/" className="mt-6 text-sm font-medium text-brand-700 hover:underline">
        {messages.auth.backToStart}
      </Link>
    </main>
  );
}

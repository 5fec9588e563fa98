import { Link } from "@remix-run/react";
import * as messages from "~/messages";

/** Where a password-reset page leads when its link is spent or sent: ask for a new one, or sign in. */
export function ResetLinks({ className = "" }: { className?: string }) {
  const m = messages.passwordReset;
  return (
    <p className={`${className} flex flex-wrap justify-between gap-2 text-sm`.trim()}>
      <Link to="/esqueci-senha" className="font-semibold text-brand-700 hover:underline">
        {m.askAgain}
      </Link>
      <Link to="/login" className="font-semibold text-brand-700 hover:underline">
        {m.backToLogin}
      </Link>
    </p>
  );
}

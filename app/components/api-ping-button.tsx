import { useState } from "react";
import * as messages from "~/messages";

/** Development aid from the spec: checks that /api answers and says so in the spec's words. */
export function ApiPingButton() {
  const [result, setResult] = useState<string | null>(null);
  async function ping(event: React.MouseEvent) {
    event.preventDefault();
    try {
      const response = await fetch("/api/ping");
      if (!response.ok) return setResult(messages.auth.apiPingFailed(response.status));
      const body = (await response.json()) as { message?: string };
      setResult(messages.auth.apiPingOk(body.message ?? ""));
    } catch (error) {
      setResult(messages.auth.apiPingUnreachable((error as Error).message));
    }
  }
  return (
    <div className="mt-4 text-center text-sm">
      <a href="/api/ping" onClick={ping} className="btn-ghost">
        {messages.auth.testApi}
      </a>
      {result && (
        <p role="status" className="mt-2 text-slate-700">
          {result}
        </p>
      )}
    </div>
  );
}

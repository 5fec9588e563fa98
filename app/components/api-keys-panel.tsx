import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import { DataRow, RowActions, TableColumns } from "~/components/admin/data-table";
import { Field, FormErrors } from "~/components/form-fields";
import { useHydrated, useIsSubmitting } from "~/components/hooks";
import { API_KEY_NAME_MAX, apiKeyCreateSchema } from "~/schemas/accounts/api-keys";
import { formatDateTime } from "~/utils/format";
import * as messages from "~/messages";

const m = messages.apiKeys;

/** The intent of the tab's create form, as the settings' action reads it. */
export const CREATE_API_KEY = "create-api-key";

export type ApiKeyRow = {
  id: number;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

/** The API tab of /settings (ADR 0049): the new key once, the form, the list with its revoke links. */
export function ApiKeysPanel({
  allowed,
  keys,
  created,
  lastResult,
}: {
  allowed: boolean;
  keys: ApiKeyRow[];
  created: { name: string; key: string } | null;
  lastResult: SubmissionResult<string[]> | null;
}) {
  if (!allowed && keys.length === 0)
    return (
      <section className="card space-y-3 p-5" data-testid="api-keys-paid-only">
        <h2 className="font-semibold">{m.title}</h2>
        <p className="text-sm text-slate-700">{m.paidOnly}</p>
        <Link to="/settings?tab=planos" className="btn-primary">
          {m.seePlans}
        </Link>
      </section>
    );
  return (
    <div className="space-y-6">
      {created && <NewKey name={created.name} secret={created.key} />}
      <section className="card space-y-4 p-5">
        <h2 className="font-semibold">{m.title}</h2>
        <p className="text-sm text-slate-700">{m.intro}</p>
        <p className="text-sm text-slate-700">
          {m.docsLine}{" "}
          <a href="/api/docs" className="font-semibold text-brand-700 hover:underline">
            {m.docsLink}
          </a>
        </p>
        {allowed ? (
          <CreateKeyForm lastResult={lastResult} />
        ) : (
          <p className="text-sm">{m.paidOnly}</p>
        )}
      </section>
      <KeyList keys={keys} />
    </div>
  );
}

function CreateKeyForm({ lastResult }: { lastResult: SubmissionResult<string[]> | null }) {
  const busy = useIsSubmitting();
  const [form, fields] = useForm({
    id: CREATE_API_KEY,
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: apiKeyCreateSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Form
      method="post"
      action="/settings?tab=api"
      className="max-w-md space-y-3"
      {...getFormProps(form)}
    >
      <FormErrors errors={form.errors} id={form.errorId} />
      <Field
        meta={fields.name}
        label={m.nameLabel}
        hint={m.nameHint}
        maxLength={API_KEY_NAME_MAX}
      />
      <button
        type="submit"
        name="intent"
        value={CREATE_API_KEY}
        className="btn-primary"
        disabled={busy}
      >
        {busy ? m.creating : m.create}
      </button>
    </Form>
  );
}

/** The key, this once: a selectable field (without JavaScript) and a copy button (with it). */
function NewKey({ name, secret }: { name: string; secret: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      const field = document.getElementById("new-api-key") as HTMLInputElement | null;
      field?.focus();
      field?.select();
    }
  };
  return (
    <section
      className="card space-y-3 border-amber-300 bg-amber-50 p-5"
      aria-labelledby="new-api-key-title"
      data-testid="new-api-key"
    >
      <h2 id="new-api-key-title" className="font-semibold">
        {m.createdTitle} — {name}
      </h2>
      <p role="alert" className="text-sm font-semibold text-amber-900">
        {m.createdWarning}
      </p>
      <input
        id="new-api-key"
        readOnly
        value={secret}
        aria-label={m.createdTitle}
        className="input w-full font-mono text-sm"
        onFocus={(event) => event.currentTarget.select()}
      />
      {hydrated && (
        <div className="flex items-center gap-3">
          <button type="button" className="btn-secondary" onClick={copy}>
            {m.copy}
          </button>
          {copied && (
            <span role="status" className="text-sm text-slate-700">
              {m.copied}
            </span>
          )}
        </div>
      )}
    </section>
  );
}

function KeyList({ keys }: { keys: ApiKeyRow[] }) {
  const c = m.columns;
  return (
    <section className="card p-5">
      <h2 className="mb-3 font-semibold">{m.listTitle}</h2>
      {keys.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="api-keys-empty">
          {m.empty}
        </p>
      ) : (
        <div className="list-cards overflow-x-auto">
          <TableColumns
            columns={[
              { label: c.name },
              { label: c.prefix },
              { label: c.createdAt },
              { label: c.lastUsedAt },
              { label: c.status },
            ]}
          >
            <table className="w-full text-left text-sm" data-testid="api-keys-list">
              <thead className="text-slate-600">
                <tr>
                  <th className="py-2 pr-4">{c.name}</th>
                  <th className="py-2 pr-4">{c.prefix}</th>
                  <th className="py-2 pr-4">{c.createdAt}</th>
                  <th className="py-2 pr-4">{c.lastUsedAt}</th>
                  <th className="py-2 pr-4">{c.status}</th>
                  <th className="py-2" />
                </tr>
              </thead>
              <tbody>
                {keys.map((key) => (
                  <DataRow key={key.id}>
                    <td className="py-2 pr-4 font-medium">{key.name}</td>
                    <td className="py-2 pr-4 font-mono">{key.prefix}…</td>
                    <td className="py-2 pr-4">{formatDateTime(key.createdAt)}</td>
                    <td className="py-2 pr-4">
                      {key.lastUsedAt ? formatDateTime(key.lastUsedAt) : m.neverUsed}
                    </td>
                    <td className="py-2 pr-4">
                      {key.revokedAt ? m.revokedOn(formatDateTime(key.revokedAt)) : m.active}
                    </td>
                    <RowActions>
                      {!key.revokedAt && (
                        <Link
                          to={`/settings/chaves/${key.id}/revogar?tab=api`}
                          preventScrollReset
                          className="font-semibold text-red-700 hover:underline"
                        >
                          {m.revoke}
                          <span className="sr-only"> — {key.name}</span>
                        </Link>
                      )}
                    </RowActions>
                  </DataRow>
                ))}
              </tbody>
            </table>
          </TableColumns>
        </div>
      )}
    </section>
  );
}

import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { DataRow, DataTable, RowActions } from "~/components/admin/data-table";
import { FilterForm, SearchInput } from "~/components/admin/filter-form";
import { AdminListPage, listErrorBoundary } from "~/components/admin/list-page";
import { RowAction } from "~/components/admin/row-action";
import { useWithListSearch } from "~/components/catalogue/list-href";
import { Field, FormErrors } from "~/components/form-fields";
import { useIsSubmitting } from "~/components/hooks";
import { addSynonym, countSynonyms, listSynonyms } from "~/models/search/index.server";
import { queryParams } from "~/schemas/search/api-search";
import {
  MEANING_MAX,
  SYNONYM_FILTER_MAX,
  synonymListQuerySchema,
  synonymSchema,
  TERM_MAX,
} from "~/schemas/search/synonyms";
import type { Access } from "~/server/access";
import { createDialogAction } from "~/server/form-action.server";
import { requireAccess } from "~/server/guard.server";
import { Icon } from "~/components/icon";
import * as messages from "~/messages";

export const access: Access = ["admin"];

const m = messages.synonyms;
const a = messages.admin;

export const meta: MetaFunction = () => [{ title: `${m.title} — Encaixa` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  const query = synonymListQuerySchema.parse(queryParams(request));
  const page = listSynonyms(query);
  return {
    q: query.q,
    all: countSynonyms(),
    page: { page: page.page, pages: page.pages, total: page.total },
    synonyms: page.items,
  };
}

export const action = createDialogAction(access, {
  schema: synonymSchema,
  save: (value, adminId) => addSynonym(value, adminId),
  back: "/admin/synonyms",
  success: m.created,
});

/** The add form: two fields and a button, validated by the same schema in the browser and here. */
function AddSynonymForm() {
  const busy = useIsSubmitting();
  const [form, fields] = useForm({
    id: "synonym-form",
    lastResult: useActionData<typeof action>(),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: synonymSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <section className="card p-4" aria-labelledby="synonym-form-title">
      <h2 id="synonym-form-title" className="text-lg font-semibold">
        {m.addSection}
      </h2>
      <Form
        method="post"
        className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
        {...getFormProps(form)}
      >
        <div className="sm:col-span-3">
          <FormErrors errors={form.errors} id={form.errorId} />
        </div>
        <Field
          meta={fields.term}
          label={m.term}
          hint={m.termHint}
          maxLength={TERM_MAX}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
        />
        <Field
          meta={fields.meaning}
          label={m.meaning}
          hint={m.meaningHint}
          maxLength={MEANING_MAX}
          autoComplete="off"
          autoCapitalize="none"
        />
        <button type="submit" className="btn-primary sm:mt-6" disabled={busy}>
          {busy ? m.adding : m.add}
        </button>
      </Form>
    </section>
  );
}

export default function SynonymsPage() {
  const { q, all, page, synonyms } = useLoaderData<typeof loader>();
  const withSearch = useWithListSearch();
  return (
    <AdminListPage
      width="4xl"
      title={m.title}
      subtitle={m.subtitle}
      pagination={{ ...page, label: m.pagination }}
    >
      <p className="rounded-lg border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-brand-900">
        {m.explanation}
      </p>
      {/* A new key once the table changed: the form empties after an add, keeps its text after a refusal. */}
      <AddSynonymForm key={all} />
      <FilterForm
        label={m.filterLabel}
        clearHref="/admin/synonyms"
        filtered={Boolean(q)}
        idPrefix="synonyms"
        values={{ q }}
      >
        <SearchInput
          label={m.filterLabel}
          placeholder={m.filterPlaceholder}
          maxLength={SYNONYM_FILTER_MAX}
        />
      </FilterForm>
      <p className="text-sm text-slate-600" data-testid="synonyms-total">
        {m.total(all)}
      </p>
      <section aria-label={m.listLabel}>
        <DataTable
          columns={[
            { label: m.termColumn },
            { label: m.meaningColumn },
            { label: a.actions, align: "right" },
          ]}
          empty={q ? m.noMatch : m.empty}
          isEmpty={synonyms.length === 0}
        >
          {synonyms.map((synonym) => (
            <DataRow key={synonym.id} data-testid="synonym-row">
              <th scope="row" className="px-4 py-3 wrap-anywhere font-semibold">
                {synonym.term}
              </th>
              <td className="px-4 py-3 wrap-anywhere text-slate-700">
                <Icon
                  name="arrow-right"
                  className="mr-2 inline size-4 align-[-0.125em] text-slate-400"
                />
                {synonym.meaning}
              </td>
              <RowActions>
                <RowAction
                  to={withSearch(`/admin/synonyms/${synonym.id}/delete`)}
                  label={a.delete}
                  name={m.pair(synonym.term, synonym.meaning)}
                  danger
                />
              </RowActions>
            </DataRow>
          ))}
        </DataTable>
      </section>
    </AdminListPage>
  );
}

export const ErrorBoundary = listErrorBoundary(m.loadFailed);

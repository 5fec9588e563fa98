import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ButtonLink, PageHeader } from "~/components/admin/page-header";
import { WorkerNotice } from "~/components/worker-notice";
import { Field, FormErrors, SelectField } from "~/components/form-fields";
import { FIPE_VEHICLE_TYPES, type FipeVehicleType } from "~/integrations/fipe/types";
import { fipeBrands } from "~/models/imports/index.server";
import { startFipeImport } from "~/jobs/fipe-import.server";
import { fipeImportSchema, MAX_BRANDS_LIMIT } from "~/schemas/imports/fipe-import";
import { requireAccess } from "~/server/guard.server";
import { readWorkerNotice } from "~/server/jobs-status.server";
import type { Access } from "~/server/access";
import { useIsSubmitting } from "~/components/hooks";
import * as messages from "~/messages";
import { readForm } from "~/server/forms.server";
import { edgeRefusal, formInvalid, formRefusal } from "~/server/refusal.server";
import { redirectWithToast } from "~/server/toast.server";

export const access: Access = ["admin"];

const m = messages.fipe;

export const meta: MetaFunction = () => [{ title: `${m.title} — Encaixa` }];

function typeFrom(url: URL): FipeVehicleType {
  const raw = url.searchParams.get("type");
  return FIPE_VEHICLE_TYPES.find((type) => type === raw) ?? "carros";
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  const type = typeFrom(new URL(request.url));
  const workerNotice = await readWorkerNotice();
  try {
    return { type, brands: await fipeBrands(type), brandsError: null, workerNotice };
  } catch (error) {
    console.warn(m.logBrandsFailed, error instanceof Error ? error.message : error);
    return { type, brands: [], brandsError: m.brandsFailed, workerNotice };
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAccess(request, access);
  const submission = parseWithZod(await readForm(request), { schema: fipeImportSchema });
  if (submission.status !== "success") return formInvalid(submission);
  try {
    const { job, alreadyRunning } = await startFipeImport(submission.value, user.id);
    return redirectWithToast(`/vehicles/import-fipe/${job.id}`, {
      type: alreadyRunning ? "info" : "success",
      message: alreadyRunning ? m.alreadyRunning : m.started,
    });
  } catch (error) {
    // The job queue could not take the run: a refusal to try again.
    console.error(m.logStartFailed, error);
    return formRefusal(submission, edgeRefusal("busy", m.startFailed));
  }
}

export default function ImportFipePage() {
  const { type, brands, brandsError, workerNotice } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const submitting = useIsSubmitting();
  const [form, fields] = useForm({
    id: `import-fipe-${type}`,
    lastResult,
    defaultValue: { type },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: fipeImportSchema }),
    shouldValidate: "onBlur",
  });

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        title={m.title}
        subtitle={m.subtitle}
        actions={<ButtonLink to={`/vehicles?type=${type}`}>{m.backToVehicles}</ButtonLink>}
      />

      <nav aria-label={m.typeLabel} className="flex flex-wrap gap-2">
        {FIPE_VEHICLE_TYPES.map((option) => (
          <Link
            key={option}
            to={`?type=${option}`}
            aria-current={option === type ? "page" : undefined}
            className={option === type ? "btn-primary" : "btn-secondary"}
          >
            {m.types[option]}
          </Link>
        ))}
      </nav>

      <WorkerNotice notice={workerNotice} />
      {brandsError && (
        <p
          role="alert"
          className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900"
        >
          {brandsError}
        </p>
      )}

      <Form method="post" className="card space-y-4 p-5" {...getFormProps(form)}>
        <FormErrors errors={form.errors} id={form.errorId} />
        <input {...getInputProps(fields.type, { type: "hidden" })} />
        <p className="text-sm text-slate-700">
          {m.typeLabel}: <strong>{m.types[type]}</strong>
        </p>
        {fields.type.errors?.[0] && <p className="field-error">{fields.type.errors[0]}</p>}
        <SelectField
          meta={fields.brand_code}
          label={m.brandLabel}
          placeholder={m.allBrands}
          options={brands.map((brand) => ({ value: brand.codigo, label: brand.nome }))}
        />
        <Field
          meta={fields.max_brands}
          type="number"
          label={m.maxBrandsLabel}
          min={1}
          max={MAX_BRANDS_LIMIT}
          inputMode="numeric"
          aria-describedby={
            fields.max_brands.errors?.length ? fields.max_brands.errorId : "max-brands-hint"
          }
        />
        <p id="max-brands-hint" className="-mt-3 text-xs text-slate-500">
          {m.maxBrandsHint}
        </p>
        <p className="text-sm text-slate-600">{m.howItWorks}</p>
        <button type="submit" className="btn-primary" disabled={submitting}>
          {submitting ? m.starting : m.start}
        </button>
      </Form>
    </div>
  );
}

import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BrandFormDialog } from "~/components/catalogue/brand-form";
import { getBrand, renameBrand } from "~/models/brand.server";
import { refusalReply } from "~/models/catalogue-rules.server";
import { parsePathId } from "~/schemas/api-search";
import { brandSchema } from "~/schemas/catalogue";
import { requireAdmin } from "~/server/auth.server";
import { messages } from "~/utils/messages";
import { redirectWithToast } from "~/server/toast.server";

const m = messages.catalogue;

export const meta: MetaFunction = () => [{ title: `${m.editBrand} — Encaixa` }];

function brandOr404(raw: string | undefined) {
  const id = parsePathId(raw);
  const brand = id === null ? undefined : getBrand(id);
  if (!brand) throw new Response(m.brandNotFound, { status: 404 });
  return brand;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const brand = brandOr404(params.id);
  return { name: brand.name, vehiclesCount: brand.vehiclesCount };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const brand = brandOr404(params.id);
  const submission = parseWithZod(await request.formData(), { schema: brandSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = renameBrand(brand.id, submission.value, admin.id);
  if (!result.ok) return data(submission.reply(refusalReply(result)), { status: result.status });
  return redirectWithToast("/vehicles/brands", { type: "success", message: m.brandUpdated });
}

export default function EditBrand() {
  const { name, vehiclesCount } = useLoaderData<typeof loader>();
  return (
    <BrandFormDialog
      title={m.editBrand}
      closeTo="/vehicles/brands"
      lastResult={useActionData<typeof action>()}
      defaultName={name}
      hint={vehiclesCount > 0 ? m.brandRenameHint : undefined}
    />
  );
}

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useListHref } from "~/components/catalogue/list-href";
import { RouteDialog } from "~/components/route-dialog";
import {
  cancelCustomerSubscription,
  customerSubscription,
  getCustomer,
} from "~/models/customer.server";
import { SubscriptionNotActiveError } from "~/models/subscription.server";
import { parsePathId } from "~/schemas/api-search";
import { requireAdmin } from "~/server/auth.server";
import { useIsSubmitting } from "~/components/hooks";
import { messages } from "~/utils/messages";
import { redirectWithToast } from "~/server/toast.server";

const m = messages.customersAdmin;

function customerOr404(raw: string | undefined) {
  const id = parsePathId(raw);
  const customer = id === null ? undefined : getCustomer(id);
  if (!customer) throw new Response(m.notFound, { status: 404 });
  return customer;
}

export const meta: MetaFunction = () => [{ title: `${m.cancelTitle} — Encaixa` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const customer = customerOr404(params.id);
  const subscription = customerSubscription(customer.id);
  return {
    name: customer.name,
    activePlan: subscription?.status === "active" ? subscription.planName : null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const customer = customerOr404(params.id);
  try {
    cancelCustomerSubscription({ userId: customer.id, actorId: admin.id });
  } catch (error) {
    if (error instanceof SubscriptionNotActiveError)
      return data({ error: m.noActiveSubscription }, { status: 409 });
    console.error(error);
    return data({ error: m.cancelFailed }, { status: 500 });
  }
  return redirectWithToast(`/customers${new URL(request.url).search}`, {
    type: "success",
    message: m.subscriptionCancelled,
  });
}

/** The confirmation before cancelling; only an active subscription can be cancelled. */
export default function CancelSubscription() {
  const { name, activePlan } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const closeTo = useListHref("/customers");
  const busy = useIsSubmitting();
  const error = actionData?.error ?? (activePlan ? null : m.noActiveSubscription);
  return (
    <RouteDialog title={m.cancelTitle} closeTo={closeTo}>
      {activePlan && <p className="text-slate-700">{m.cancelConfirm(activePlan, name)}</p>}
      {error && (
        <p
          role="alert"
          className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {error}
        </p>
      )}
      <Form method="post" className="mt-6 flex justify-end gap-2">
        <Link to={closeTo} className="btn-secondary" preventScrollReset>
          {m.keep}
        </Link>
        {activePlan && (
          <button
            type="submit"
            className="btn bg-red-600 text-white hover:bg-red-700"
            disabled={busy}
          >
            {m.confirmCancel}
          </button>
        )}
      </Form>
    </RouteDialog>
  );
}

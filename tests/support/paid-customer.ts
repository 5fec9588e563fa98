import { assignPlanByAdmin } from "../../app/models/accounts/subscription.server";
import { accepted, createPlan, createUser } from "./factories";

/** A customer whose active subscription is a paid plan (assigned by an admin, paid in cash). */
export async function paidCustomer(creditsPerMonth = 3000) {
  const created = await createUser();
  const admin = (await createUser({ role: "admin" })).user;
  const plan = createPlan({ priceCents: 4990, creditsPerMonth });
  accepted(
    assignPlanByAdmin({
      userId: created.user.id,
      planId: plan.id,
      paymentMethod: "cash",
      actorId: admin.id,
    }),
  );
  return created;
}

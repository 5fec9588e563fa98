import { randomBytes } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { creditLedger, payments, users } from "~db/schema";
import type { CustomerCreateInput, CustomerProfileInput } from "~/schemas/accounts/customer";
import { db, immediateTransaction } from "~/utils/db.server";
import * as messages from "~/messages";
import { logActivity } from "../activity/activity.server";
import { accept, refuse, type Outcome } from "../outcome";
import {
  activeSubscriptionId,
  assignPlanByAdmin,
  cancelSubscription,
  type PaymentMethod,
} from "./subscription.server";
import {
  createAccount,
  emailTaken,
  isEmailTaken,
  normalizeEmail,
  setPassword,
  type User,
} from "./user.server";
import { getCustomer } from "./customer.server";
import { sendCustomerInvite } from "./customer-invite.server";

/** What an admin changes on a customer: profile, credits, plan, password, and the account itself. */

/** For writes whose caller already resolved the customer: a missing one is a bug, not a refusal. */
function requireCustomer(id: number): User {
  const customer = getCustomer(id);
  if (!customer) throw new Error(`user ${id} is not a customer`);
  return customer;
}

const customerNotFound = () => refuse("not_found", messages.customersAdmin.notFound);

/**
 * A customer just created, and who sets the password: the admin chose it, a link to set it was
 * mailed, or nobody yet (created inactive without one).
 */
export type CreatedCustomer = User & { passwordBy: "admin" | "link" | "none" };

/**
 * A new customer (role user, on the free plan) with the profile the admin filled in. Without a
 * password the account gets a random one nobody knows (a real hash: signing in takes the same
 * time) and, when active, an e-mail with a link to set its own (ADR 0054); an inactive or
 * suspended one could not use the link, so none is sent.
 */
export async function createCustomer(
  input: CustomerCreateInput,
  actorId: number,
): Promise<Outcome<CreatedCustomer>> {
  const created = await createAccount({
    name: input.name,
    email: input.email,
    password: input.password ?? randomBytes(32).toString("base64url"),
    role: "user",
  });
  if (!created.ok) return created;
  const account = created.value;
  const customer = db()
    .update(users)
    .set({
      phone: input.phone,
      company: input.company,
      customerType: input.customerType,
      status: input.status,
      notes: input.notes,
    })
    .where(eq(users.id, account.id))
    .returning()
    .get();
  logActivity({
    actorId,
    type: "customer",
    action: messages.customersAdmin.activityCreated(customer.name),
    entity: "user",
    entityId: customer.id,
  });
  if (input.password !== null) return accept({ ...customer, passwordBy: "admin" });
  if (customer.status !== "active") return accept({ ...customer, passwordBy: "none" });
  await sendCustomerInvite(customer);
  return accept({ ...customer, passwordBy: "link" });
}

/** What the admin is told when a customer is created: "created", or where the link went. */
export function customerCreatedMessage(customer: CreatedCustomer | undefined): string {
  if (customer?.passwordBy === "link") return messages.customerInvite.created(customer.email);
  if (customer?.passwordBy === "none") return messages.customerInvite.createdInactive;
  return messages.customersAdmin.created;
}

/** Saves the profile; `name_taken` when another account has the e-mail. */
export function updateCustomer(
  id: number,
  input: CustomerProfileInput,
  actorId: number,
): Outcome<User> {
  if (!getCustomer(id)) return customerNotFound();
  const email = normalizeEmail(input.email);
  if (isEmailTaken(email, id)) return emailTaken();
  const customer = db()
    .update(users)
    .set({ ...input, email })
    .where(eq(users.id, id))
    .returning()
    .get();
  logActivity({
    actorId,
    type: "customer",
    action: messages.customersAdmin.activityUpdated(customer.name),
    entity: "user",
    entityId: id,
  });
  return accept(customer);
}

/** Adds extra credits: new balance = current + amount, written to the ledger with the admin as actor. */
export function addCredits(input: { userId: number; amount: number; actorId: number }): {
  balance: number;
} {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
    throw new RangeError("amount must be a positive integer");
  const result = immediateTransaction(db(), () => {
    const customer = requireCustomer(input.userId);
    const balance = customer.creditsBalance + input.amount;
    db().update(users).set({ creditsBalance: balance }).where(eq(users.id, customer.id)).run();
    db()
      .insert(creditLedger)
      .values({
        userId: customer.id,
        delta: input.amount,
        balanceAfter: balance,
        reason: "admin_grant",
        actorId: input.actorId,
      })
      .run();
    return { balance, name: customer.name };
  });
  logActivity({
    actorId: input.actorId,
    type: "credits",
    action: messages.customersAdmin.activityCreditsAdded(input.amount, result.name, result.balance),
    entity: "user",
    entityId: input.userId,
  });
  return { balance: result.balance };
}

/** The admin's plan assignment; the rule itself (activation, invoice) lives in subscription.server. */
export function assignCustomerPlan(input: {
  userId: number;
  planId: number;
  paymentMethod: PaymentMethod;
  actorId: number;
}) {
  if (!getCustomer(input.userId)) return customerNotFound();
  return assignPlanByAdmin(input);
}

/** Cancels the customer's active subscription; `not_active` when there is none. */
export function cancelCustomerSubscription(input: {
  userId: number;
  actorId: number;
}): Outcome<null> {
  if (!getCustomer(input.userId)) return customerNotFound();
  const subscriptionId = activeSubscriptionId(input.userId);
  if (subscriptionId === null)
    return refuse("not_active", messages.customersAdmin.noActiveSubscription);
  return cancelSubscription({ subscriptionId, actorId: input.actorId });
}

/** An admin reset: the new password ends every session and API token the customer had. */
export async function changeCustomerPassword(input: {
  userId: number;
  password: string;
  actorId: number;
}) {
  const customer = requireCustomer(input.userId);
  await setPassword(customer.id, input.password, null);
  logActivity({
    actorId: input.actorId,
    type: "customer",
    action: messages.customersAdmin.activityPasswordChanged(customer.name),
    entity: "user",
    entityId: customer.id,
  });
}

/**
 * A customer with invoices keeps them: the account is deactivated instead (their sessions stop
 * working at once). Without invoices the account and what hangs on it are deleted.
 */
export function deleteCustomer(
  id: number,
  actorId: number,
): { outcome: "deleted" | "deactivated" } {
  const result = immediateTransaction(db(), () => {
    const customer = requireCustomer(id);
    const invoices =
      db().select({ n: count() }).from(payments).where(eq(payments.userId, id)).get()?.n ?? 0;
    if (invoices > 0) {
      db().update(users).set({ status: "inactive" }).where(eq(users.id, id)).run();
      return { outcome: "deactivated" as const, name: customer.name };
    }
    db().delete(users).where(eq(users.id, id)).run();
    return { outcome: "deleted" as const, name: customer.name };
  });
  const m = messages.customersAdmin;
  logActivity({
    actorId,
    type: "customer",
    action:
      result.outcome === "deleted"
        ? m.activityDeleted(result.name)
        : m.activityDeactivated(result.name),
    entity: "user",
    entityId: id,
  });
  return { outcome: result.outcome };
}

import { describe, expect, it } from "vitest";
import type { CustomerRow } from "~/models/accounts/index.server";
import { customerView } from "./customers";

function customer(overrides: Partial<CustomerRow> = {}): CustomerRow {
  return {
    id: 5,
    name: "Oficina do Zé",
    email: "ze@oficina.com.br",
    phone: null,
    company: null,
    role: "user",
    customerType: "regular",
    status: "active",
    notes: null,
    creditsBalance: 10,
    lastSearchAt: null,
    createdAt: new Date("2024-01-10T10:00:00.000Z"),
    subscription: null,
    credits: { remainingSearches: 4, dailyAllowance: 5, creditsBalance: 10 },
    totalSpentCents: 0,
    ...overrides,
  };
}

describe("customerView", () => {
  it("names the regular classification 'customer' and keeps premium and vip", () => {
    expect(customerView(customer()).role).toBe("customer");
    expect(customerView(customer()).customer_type).toBe("regular");
    expect(customerView(customer({ customerType: "vip" })).role).toBe("vip");
    expect(customerView(customer({ role: "premium_user" })).account_role).toBe("premium_user");
  });

  it("gives money in reais and absent dates and subscription as null", () => {
    const view = customerView(customer({ totalSpentCents: 19_980 }));
    expect(view.total_spent).toBe(199.8);
    expect(view.last_consultation_date).toBeNull();
    expect(view.subscription).toBeNull();
  });

  it("shows the subscription with ISO dates, null where it never expires", () => {
    const view = customerView(
      customer({
        lastSearchAt: new Date("2024-02-01T15:00:00.000Z"),
        subscription: {
          id: 9,
          planId: 2,
          planName: "Pro",
          isFree: false,
          status: "active",
          paymentMethod: "pix",
          startedAt: new Date("2024-01-15T00:00:00.000Z"),
          expiresAt: null,
        },
      }),
    );
    expect(view.last_consultation_date).toBe("2024-02-01T15:00:00.000Z");
    expect(view.subscription).toEqual({
      id: 9,
      plan_id: 2,
      plan_name: "Pro",
      status: "active",
      payment_method: "pix",
      started_at: "2024-01-15T00:00:00.000Z",
      expires_at: null,
    });
  });
});

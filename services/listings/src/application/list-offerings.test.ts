import { describe, expect, it } from "vitest";
import {
  ctxOf,
  EARLIER,
  fakeStore,
  INSTANCE,
  instanceOf,
  OTHER_INSTANCE,
  OTHER_ORG,
  offeringOf,
  principal,
} from "../testing/fakes";
import { makeListOfferings } from "./list-offerings";

const admin = principal(["admin"]);
const noPage = { page: 0, pageSize: 0, orderBy: "", direction: "" };

describe("listOfferings", () => {
  const active = offeringOf();
  const withdrawn = offeringOf({
    id: "0193a1b2-0000-7000-8000-0000000000f2",
    withdrawnAt: EARLIER,
    version: 2,
  });
  const elsewhere = offeringOf({
    id: "0193a1b2-0000-7000-8000-0000000000f3",
    marketplaceInstanceId: OTHER_INSTANCE,
  });
  const world = () =>
    fakeStore({
      instances: [instanceOf(), instanceOf({ id: OTHER_INSTANCE })],
      offerings: [active, withdrawn, elsewhere],
    });

  it("pages the instance's offerings, active and withdrawn, by createdAt", async () => {
    const w = world();
    const page = await makeListOfferings(w.deps)(
      { ...noPage, instanceId: INSTANCE.toUpperCase(), direction: "asc", pageSize: 1 },
      ctxOf(admin),
    );
    expect(page).toEqual({ items: [active], page: 1, pageSize: 1, totalCount: 2, totalPages: 2 });
    expect(w.calls.offeringQueries).toEqual([
      { instanceId: INSTANCE, query: { page: 1, pageSize: 1, orderBy: "createdAt", direction: "asc" } },
    ]);
  });

  it("orders by createdAt only, and hides another organisation's instance", async () => {
    const w = world();
    const list = makeListOfferings(w.deps);
    await expect(
      list({ ...noPage, instanceId: INSTANCE, orderBy: "withdrawnAt" }, ctxOf(admin)),
    ).rejects.toMatchObject({
      errors: { "query.orderBy": expect.any(Array) },
    });
    await expect(
      list({ ...noPage, instanceId: INSTANCE }, ctxOf(principal(["admin"], OTHER_ORG))),
    ).rejects.toMatchObject({
      code: "not-found",
    });
    await expect(
      list({ ...noPage, instanceId: INSTANCE }, ctxOf(principal(["provider"]))),
    ).rejects.toMatchObject({
      code: "forbidden",
    });
    expect(w.calls.offeringQueries).toEqual([]);
  });
});

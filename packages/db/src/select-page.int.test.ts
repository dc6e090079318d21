import { freshInfra, type TestInfra } from "@mp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPool, type Pool } from "./pool";
import { selectPage } from "./select-page";

let infra: TestInfra;
let pool: Pool;

beforeAll(async () => {
  infra = await freshInfra("db_page");
  pool = createPool({ url: infra.databaseUrl, schema: "paging" });
  await pool.query("CREATE SCHEMA IF NOT EXISTS paging");
  await pool.query("CREATE TABLE paging.item (id int PRIMARY KEY, colour text NOT NULL, rank int NOT NULL)");
  // 7 red (ranks 0..6, ties broken by id) and 3 blue
  await pool.query(
    `INSERT INTO paging.item SELECT i, CASE WHEN i <= 7 THEN 'red' ELSE 'blue' END, i % 4
       FROM generate_series(1, 10) AS i`,
  );
});
afterAll(async () => {
  await pool?.end();
  await infra?.cleanup();
});

const reds = (page: number, pageSize: number, direction: "asc" | "desc" = "asc") =>
  selectPage<{ id: number; colour: string }, number>(
    pool,
    {
      select: "id, colour",
      from: "FROM item WHERE colour = $1",
      params: ["red"],
      orderBy: "rank",
      tiebreak: "id",
    },
    { page, pageSize, orderBy: "rank", direction },
    (row) => {
      expect(Object.keys(row).sort()).toEqual(["__page_total", "colour", "id"]);
      return row.id;
    },
  );

describe("selectPage", () => {
  it("pages the filter in order, ties by id, with the filter's total", async () => {
    const first = await reds(1, 3);
    // ranks: 1->1, 2->2, 3->3, 4->0, 5->1, 6->2, 7->3
    expect(first.items).toEqual([4, 1, 5]);
    expect(first.totalCount).toBe(7);
    expect(first.totalPages).toBe(3);
    expect((await reds(3, 3)).items).toEqual([7]);
    expect((await reds(1, 2, "desc")).items).toEqual([7, 3]);
  });

  it("still counts the filter on a page past the end, and an empty filter is 0", async () => {
    const past = await reds(5, 3);
    expect(past.items).toEqual([]);
    expect(past.totalCount).toBe(7);
    const none = await selectPage(
      pool,
      {
        select: "id",
        from: "FROM item WHERE colour = $1",
        params: ["green"],
        orderBy: "rank",
        tiebreak: "id",
      },
      { page: 1, pageSize: 3, orderBy: "rank", direction: "asc" },
      (row: { id: number }) => row.id,
    );
    expect(none).toMatchObject({ items: [], totalCount: 0 });
  });
});

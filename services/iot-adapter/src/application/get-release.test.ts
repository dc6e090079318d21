import { describe, expect, it } from "vitest";
import { ctxOf, developer, fakePlatform, release } from "../testing/fakes";
import { OTHER_ORG } from "../testing/fixtures";
import { makeGetRelease } from "./get-release";
import { makeListApplications } from "./list-applications";
import { makeListReleases } from "./list-releases";

describe("getRelease", () => {
  const { platform, calls } = fakePlatform([
    release(),
    release({ releaseId: "other-app", applicationId: 2 }),
    release({ releaseId: "other-org", organisationId: OTHER_ORG }),
  ]);
  const getRelease = makeGetRelease({ platform });

  it("asks the platform for the principal's organisation only", async () => {
    await expect(
      getRelease({ applicationId: 1, releaseId: "rel-1" }, ctxOf(developer())),
    ).resolves.toMatchObject({
      releaseId: "rel-1",
    });
    expect(calls.at(-1)).toBe(`getRelease ${developer().organisationId} rel-1`);
  });

  it("answers not-found for a release of another application or organisation", async () => {
    const ctx = ctxOf(developer());
    await expect(getRelease({ applicationId: 1, releaseId: "other-app" }, ctx)).rejects.toMatchObject({
      code: "not-found",
    });
    await expect(getRelease({ applicationId: 1, releaseId: "other-org" }, ctx)).rejects.toMatchObject({
      code: "not-found",
    });
    await expect(getRelease({ applicationId: -1, releaseId: "rel-1" }, ctx)).rejects.toMatchObject({
      code: "not-found",
    });
  });

  it("refuses release ids that cannot be a path segment, before asking the platform", async () => {
    const before = calls.length;
    for (const releaseId of [".", "..", "a/b", "../../organisation", ""])
      await expect(getRelease({ applicationId: 1, releaseId }, ctxOf(developer()))).rejects.toMatchObject({
        code: "validation-failed",
        extensions: { errors: { "body.releaseId": [expect.any(String)] } },
      });
    expect(calls).toHaveLength(before);
  });

  it("needs a principal", async () => {
    await expect(
      getRelease({ applicationId: 1, releaseId: "rel-1" }, ctxOf(undefined)),
    ).rejects.toMatchObject({
      code: "unauthenticated",
    });
  });
});

describe("lists", () => {
  it("default the limit to 50 and reject out-of-range windows", async () => {
    const { platform } = fakePlatform([]);
    const list = makeListApplications({ platform });
    await expect(list({ limit: 0, offset: 0 }, ctxOf(developer()))).resolves.toMatchObject({ limit: 50 });
    await expect(list({ limit: 101, offset: -1 }, ctxOf(developer()))).rejects.toMatchObject({
      code: "validation-failed",
      extensions: {
        errors: { "query.limit": ["must be from 1 to 100"], "query.offset": ["must be from 0 to 100000"] },
      },
    });
  });

  it("never return a release of another owner even if the platform sent one", async () => {
    const { platform } = fakePlatform([release(), release({ releaseId: "x", organisationId: OTHER_ORG })]);
    const list = makeListReleases({ platform });
    const page = await list({ applicationId: 1, limit: 10, offset: 0 }, ctxOf(developer()));
    expect(page.items.map((r) => r.releaseId)).toEqual(["rel-1"]);
  });
});

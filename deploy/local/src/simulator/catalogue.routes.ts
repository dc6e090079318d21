import type { Application, ApplicationRelease, Board, Organisation } from "./api-types";
import {
  badRequest,
  boolParam,
  isUuid,
  json,
  type ListSpec,
  notFound,
  optionalInt,
  page,
  type Router,
  uuidParam,
} from "./http-kit";
import type { SeedRelease } from "./release-binary";
import type { World } from "./world";

const ORGANISATIONS: ListSpec<Organisation> = {
  orderBy: { createdAt: (o) => o.createdAt, name: (o) => o.name, updatedAt: (o) => o.updatedAt },
  defaultOrderBy: "createdAt",
  defaultDir: "asc",
  id: (o) => o.id,
};

const APPLICATIONS: ListSpec<Application> = {
  orderBy: {
    applicationId: (a) => a.id,
    createdAt: (a) => a.createdAt,
    name: (a) => a.name,
    updatedAt: (a) => a.updatedAt,
  },
  defaultOrderBy: "applicationId",
  defaultDir: "asc",
  id: (a) => String(a.id),
};

const RELEASES: ListSpec<SeedRelease> = {
  orderBy: {
    boardId: (r) => r.boardId,
    boardTarget: (r) => r.boardTarget,
    createdAt: (r) => r.createdAt,
    updatedAt: (r) => r.updatedAt,
    version: (r) => [r.version.major, r.version.minor, r.version.revision, r.version.buildNum],
  },
  defaultOrderBy: "version",
  defaultDir: "desc",
  id: (r) => r.id,
};

const BOARDS: ListSpec<Board> = {
  orderBy: {
    createdAt: (b) => b.createdAt,
    name: (b) => b.name,
    public: (b) => b.public,
    updatedAt: (b) => b.updatedAt,
  },
  defaultOrderBy: "createdAt",
  defaultDir: "asc",
  id: (b) => b.id,
};

/** The wire release: the seed-only `binarySize` and `downloadRedirect` stay inside the simulator. */
export function releaseView(release: SeedRelease): ApplicationRelease {
  const { binarySize: _size, downloadRedirect: _redirect, ...view } = release;
  return view;
}

function uuidPath(value: string | undefined, what: string): string {
  if (!isUuid(value)) throw badRequest(`${what} must be a UUID`);
  return value.toLowerCase();
}

/**
 * Organisations, applications, releases (and the simulator's release download), boards. The marketplace's
 * key is platform-level, so every organisation is readable; unknown ones are 404, empty ones list `[]`.
 */
export function registerCatalogueRoutes(router: Router, world: () => World): void {
  router
    .add("GET", "/organisation", ({ query }) => json(page(world().organisations, query, ORGANISATIONS)))
    .add("GET", "/organisation/id/:id", ({ params }) => json(world().organisation(uuidPath(params.id, "id"))))
    .add("GET", "/organisation/name/:name", ({ params }) => {
      const org = world().organisations.find((o) => o.name === params.name);
      if (!org) throw notFound("organisation");
      return json(org);
    })
    .add("GET", "/organisation/id/:id/applications", ({ params, query }) => {
      const orgId = uuidPath(params.id, "id");
      world().organisation(orgId);
      return json(
        page(
          world().applications.filter((a) => a.organisationId === orgId),
          query,
          APPLICATIONS,
        ),
      );
    })
    .add("GET", "/organisation/id/:id/applications/:applicationId", ({ params }) =>
      json(world().application(uuidPath(params.id, "id"), params.applicationId!)),
    )
    .add("GET", "/organisation/id/:id/applications/:applicationId/releases", ({ params, query }) => {
      const app = world().application(uuidPath(params.id, "id"), params.applicationId!);
      const releases = [...world().releases.values()].filter(
        (r) =>
          r.organisationId === app.organisationId && r.applicationId === app.id && matchesFilters(r, query),
      );
      return json(page(releases, query, RELEASES).map(releaseView));
    })
    .add("GET", "/organisation/id/:id/applications/:applicationId/releases/:releaseId", ({ params }) => {
      const app = world().application(uuidPath(params.id, "id"), params.applicationId!);
      const release = world().release(params.releaseId!);
      if (release.organisationId !== app.organisationId || release.applicationId !== app.id) {
        throw notFound("release");
      }
      return json(releaseView(release));
    })
    .add("GET", "/release/:releaseId", ({ params }) => json(releaseView(world().release(params.releaseId!))))
    .add("GET", "/release/:releaseId/file", ({ params }) => {
      const location = world().release(params.releaseId!).downloadRedirect;
      if (location !== undefined) return { status: 302, location };
      return {
        status: 200,
        bytes: world().releaseFile(params.releaseId!),
        contentType: "application/octet-stream",
      };
    })
    .add("GET", "/board", ({ query }) => {
      const orgId = uuidParam(query, "organisationId");
      const includePublic = boolParam(query, "includePublic", false);
      const boards = world().boards.filter((b) => b.organisationId === orgId || (includePublic && b.public));
      return json(page(boards, query, BOARDS));
    })
    .add("GET", "/board/id/:id", ({ params }) => json(world().board(uuidPath(params.id, "id"))));
}

function matchesFilters(release: SeedRelease, query: URLSearchParams): boolean {
  const { major, minor, revision, buildNum } = release.version;
  const checks: [string, number][] = [
    ["versionMajor", major],
    ["versionMinor", minor],
    ["versionRevision", revision],
    ["versionBuildNum", buildNum],
  ];
  for (const [name, actual] of checks) {
    const wanted = optionalInt(query, name);
    if (wanted !== undefined && wanted !== actual) return false;
  }
  const boardId = query.get("boardId");
  if (boardId !== null && boardId.toLowerCase() !== release.boardId) return false;
  const boardTarget = query.get("boardTarget");
  return boardTarget === null || boardTarget === release.boardTarget;
}

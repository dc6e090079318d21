import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { clientFor, SessionContext } from "./api";
import { homeFor, navFor } from "./nav";
import { Catalogue } from "./pages/catalogue";
import { SignIn } from "./pages/sign-in";
import { Link, navigate, usePath } from "./router";
import { loadSession, type Session, saveSession } from "./session";
import { Loading } from "./ui/field";

/**
 * The first load holds React, the shell, the sign-in page and the catalogue (the first meaningful page);
 * every other page is a chunk of its own, fetched when first opened, or earlier once the browser is idle
 * (`prefetchPages`), so the first load parses and runs only what the catalogue needs.
 */
const PAGES = {
  adminInstances: () => import("./pages/admin-instances").then((m) => ({ default: m.AdminInstances })),
  developerItems: () => import("./pages/developer-items").then((m) => ({ default: m.DeveloperItems })),
  developerEarnings: () => import("./pages/developer-earnings"),
  itemEditor: () => import("./pages/item-editor").then((m) => ({ default: m.ItemEditor })),
  platformFees: () => import("./pages/platform-fees").then((m) => ({ default: m.PlatformFees })),
  providerDevices: () => import("./pages/provider-devices").then((m) => ({ default: m.ProviderDevices })),
  providerEarnings: () => import("./pages/provider-earnings").then((m) => ({ default: m.ProviderEarnings })),
  providerListings: () => import("./pages/provider-listings").then((m) => ({ default: m.ProviderListings })),
  providerOffered: () => import("./pages/provider-offered").then((m) => ({ default: m.ProviderOffered })),
  providerPurchases: () =>
    import("./pages/provider-purchases").then((m) => ({ default: m.ProviderPurchases })),
  providerRollouts: () => import("./pages/provider-rollouts"),
  statements: () => import("./pages/statements").then((m) => ({ default: m.Statements })),
};

const AdminInstances = lazy(PAGES.adminInstances);
const DeveloperItems = lazy(PAGES.developerItems);
const DeveloperEarnings = lazy(PAGES.developerEarnings);
const ItemEditor = lazy(PAGES.itemEditor);
const PlatformFees = lazy(PAGES.platformFees);
const ProviderDevices = lazy(PAGES.providerDevices);
const ProviderEarnings = lazy(PAGES.providerEarnings);
const ProviderListings = lazy(PAGES.providerListings);
const ProviderOffered = lazy(PAGES.providerOffered);
const ProviderPurchases = lazy(PAGES.providerPurchases);
const ProviderRollouts = lazy(PAGES.providerRollouts);
const Statements = lazy(PAGES.statements);

/** Fetches every page's chunk once the browser has nothing else to do (opening one is then instant). */
function prefetchPages(): () => void {
  const start = () => {
    for (const load of Object.values(PAGES)) void load().catch(() => undefined);
  };
  if ("requestIdleCallback" in window) {
    const id = window.requestIdleCallback(start, { timeout: 5_000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(start, 2_000);
  return () => clearTimeout(timer);
}

/** The page for a path (below `/console`). */
function route(path: string) {
  const [pathname] = path.split("?");
  const item = /^\/developer\/items\/([0-9a-f-]{36})$/.exec(pathname ?? "");
  if (item?.[1]) return <ItemEditor itemId={item[1]} />;
  const rollout = /^\/provider\/rollouts(?:\/([0-9a-f-]{36}))?$/.exec(pathname ?? "");
  if (rollout) return <ProviderRollouts rolloutId={rollout[1]} />;
  switch (pathname) {
    case "/catalogue":
      return <Catalogue />;
    case "/developer/items":
      return <DeveloperItems />;
    case "/developer/earnings":
      return <DeveloperEarnings />;
    case "/provider/offered":
      return <ProviderOffered />;
    case "/provider/listings":
      return <ProviderListings />;
    case "/provider/purchases":
      return <ProviderPurchases />;
    case "/provider/devices":
      return <ProviderDevices />;
    case "/provider/earnings":
      return <ProviderEarnings />;
    case "/statements":
      return <Statements />;
    case "/admin/instances":
      return <AdminInstances />;
    case "/admin/platform-fees":
      return <PlatformFees />;
    default:
      return null;
  }
}

export function App() {
  const [session, setSession] = useState<Session | undefined>(loadSession);
  const path = usePath();
  const api = useMemo(() => session && clientFor(session), [session]);
  useEffect(() => (session ? prefetchPages() : undefined), [session]);

  const signIn = (next: Session) => {
    saveSession(next);
    setSession(next);
    navigate(homeFor(next.roles));
  };
  const signOut = () => {
    saveSession(undefined);
    setSession(undefined);
    navigate("/");
  };

  if (!session || !api) return <SignIn onSignIn={signIn} />;
  const page = route(path);
  return (
    <SessionContext.Provider value={{ session, api }}>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="top">
        <strong className="brand">Marketplace</strong>
        <nav aria-label="Main">
          <ul>
            {navFor(session.roles).map((entry) => (
              <li key={entry.to}>
                <Link to={entry.to} aria-current={path.startsWith(entry.to) ? "page" : undefined}>
                  {entry.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <span className="who">
          {session.label}{" "}
          <button type="button" className="link" onClick={signOut}>
            Sign out
          </button>
        </span>
      </header>
      <main id="main">
        <Suspense fallback={<Loading what="the page" />}>
          {page ?? (
            <p>
              Nothing here. <Link to={homeFor(session.roles)}>Go to the start page</Link>.
            </p>
          )}
        </Suspense>
      </main>
    </SessionContext.Provider>
  );
}

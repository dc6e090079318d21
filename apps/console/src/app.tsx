import { lazy, Suspense, useMemo, useState } from "react";
import { clientFor, SessionContext } from "./api";
import { homeFor, navFor } from "./nav";
import { AdminInstances } from "./pages/admin-instances";
import { Catalogue } from "./pages/catalogue";
import { DeveloperItems } from "./pages/developer-items";
import { ItemEditor } from "./pages/item-editor";
import { PlatformFees } from "./pages/platform-fees";
import { ProviderDevices } from "./pages/provider-devices";
import { ProviderEarnings } from "./pages/provider-earnings";
import { ProviderListings } from "./pages/provider-listings";
import { ProviderOffered } from "./pages/provider-offered";
import { ProviderPurchases } from "./pages/provider-purchases";
import { SignIn } from "./pages/sign-in";
import { Statements } from "./pages/statements";
import { Link, navigate, usePath } from "./router";
import { loadSession, type Session, saveSession } from "./session";
import { Loading } from "./ui/field";

/** Rollouts are a chunk of their own, fetched when the page is first opened (first-load budget). */
const ProviderRollouts = lazy(() => import("./pages/provider-rollouts"));
/** The developer's earnings, likewise a chunk of its own. */
const DeveloperEarnings = lazy(() => import("./pages/developer-earnings"));

/** The page for a path (below `/console`). */
function route(path: string) {
  const [pathname] = path.split("?");
  const item = /^\/developer\/items\/([0-9a-f-]{36})$/.exec(pathname ?? "");
  if (item?.[1]) return <ItemEditor itemId={item[1]} />;
  const rollout = /^\/provider\/rollouts(?:\/([0-9a-f-]{36}))?$/.exec(pathname ?? "");
  if (rollout)
    return (
      <Suspense fallback={<Loading what="rollouts" />}>
        <ProviderRollouts rolloutId={rollout[1]} />
      </Suspense>
    );
  switch (pathname) {
    case "/catalogue":
      return <Catalogue />;
    case "/developer/items":
      return <DeveloperItems />;
    case "/developer/earnings":
      return (
        <Suspense fallback={<Loading what="earnings" />}>
          <DeveloperEarnings />
        </Suspense>
      );
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
        {page ?? (
          <p>
            Nothing here. <Link to={homeFor(session.roles)}>Go to the start page</Link>.
          </p>
        )}
      </main>
    </SessionContext.Provider>
  );
}

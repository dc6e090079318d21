import { type AnchorHTMLAttributes, type MouseEvent, useEffect, useState } from "react";

/** The console's own paths, below `/console/` (Vite's base). */
const BASE = import.meta.env.BASE_URL.replace(/\/$/, "");

function current(): string {
  const path = window.location.pathname.startsWith(BASE)
    ? window.location.pathname.slice(BASE.length)
    : window.location.pathname;
  return (path || "/") + window.location.search;
}

export function navigate(to: string): void {
  window.history.pushState(null, "", BASE + to);
  window.dispatchEvent(new PopStateEvent("popstate"));
  window.scrollTo(0, 0);
}

/** The path below `/console` with its query, re-rendered on every navigation. */
export function usePath(): string {
  const [path, setPath] = useState(current);
  useEffect(() => {
    const update = () => setPath(current());
    window.addEventListener("popstate", update);
    return () => window.removeEventListener("popstate", update);
  }, []);
  return path;
}

/** An absolute address of a console path (for Stripe's success and cancel URLs). */
export function absolute(to: string): string {
  return window.location.origin + BASE + to;
}

export function Link(props: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  const { to, ...rest } = props;
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(to);
  };
  return <a {...rest} href={BASE + to} onClick={onClick} />;
}

// A tiny history router: path patterns to pages, `navigate` and <Link>, no dependency.
import { type MouseEvent, type ReactNode, useEffect, useState } from "react";

export type Route =
  | { page: "lobby" }
  | { page: "login" }
  | { page: "register" }
  | { page: "setup"; token: string }
  | { page: "reset-password"; token: string }
  | { page: "admin" }
  | { page: "account" }
  | { page: "join"; id: string }
  | { page: "board"; id: string }
  | { page: "vote"; id: string }
  | { page: "me"; id: string }
  | { page: "threads"; id: string }
  | { page: "log"; id: string }
  | { page: "write"; id: string; kind: "kill" | "iou" }
  | { page: "referee"; id: string }
  | { page: "archive"; id: string }
  | { page: "not-found" };

export function parseRoute(pathname: string, search: string): Route {
  const parts = pathname.split("/").filter(Boolean).map(decodeURIComponent);
  const [a, id, sub] = parts;
  if (parts.length === 0) return { page: "lobby" };
  if (a === "login" && parts.length === 1) return { page: "login" };
  if (a === "register" && parts.length === 1) return { page: "register" };
  if (a === "setup" && parts.length === 1)
    return { page: "setup", token: new URLSearchParams(search).get("token") ?? "" };
  if (a === "reset-password" && parts.length === 1)
    return { page: "reset-password", token: new URLSearchParams(search).get("token") ?? "" };
  if (a === "admin" && parts.length === 1) return { page: "admin" };
  if (a === "account" && parts.length === 1) return { page: "account" };
  if (a === "games" && id) {
    switch (sub) {
      case undefined:
        return { page: "board", id };
      case "join":
      case "vote":
      case "me":
      case "threads":
      case "log":
      case "referee":
      case "archive":
        return { page: sub, id };
      case "write":
        return {
          page: "write",
          id,
          kind: new URLSearchParams(search).get("kind") === "iou" ? "iou" : "kill",
        };
    }
  }
  return { page: "not-found" };
}

const listeners = new Set<() => void>();

export function navigate(to: string): void {
  window.history.pushState(null, "", to);
  window.scrollTo(0, 0);
  for (const l of listeners) l();
}

const read = (): Route => parseRoute(window.location.pathname, window.location.search);

export function useRoute(): Route {
  const [route, setRoute] = useState(read);
  useEffect(() => {
    const update = () => setRoute(read());
    listeners.add(update);
    window.addEventListener("popstate", update);
    return () => {
      listeners.delete(update);
      window.removeEventListener("popstate", update);
    };
  }, []);
  return route;
}

export function Link(props: { to: string; className?: string; children: ReactNode; testId?: string }) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    navigate(props.to);
  };
  return (
    <a href={props.to} className={props.className} onClick={onClick} data-testid={props.testId}>
      {props.children}
    </a>
  );
}

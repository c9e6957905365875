// The signed-in account, shared through context and refreshed after sign-in, sign-up and sign-out.
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from "react";
import type { AccountInfo } from "../../../src/server/api-types.ts";
import { clearAllDrafts } from "../lib/drafts.ts";
import { api } from "./client.ts";

interface Session {
  account: AccountInfo | null;
  loaded: boolean;
  setAccount: (a: AccountInfo | null) => void;
  refresh: () => Promise<void>;
}

const SessionContext = createContext<Session>({
  account: null,
  loaded: false,
  setAccount: () => {},
  refresh: async () => {},
});

export function SessionProvider({ children }: { children: ReactNode }) {
  const [account, setAccountState] = useState<AccountInfo | null>(null);
  const [loaded, setLoaded] = useState(false);
  const last = useRef<number | null>(null);
  /**
   * Signed out (退出, or the server says the session is gone) or signed in as someone else: the drafts on this
   * browser go with the account that wrote them, so a shared computer shows the next account none of them.
   */
  const setAccount = useCallback((a: AccountInfo | null) => {
    if (a === null || (last.current !== null && last.current !== a.id)) clearAllDrafts();
    last.current = a?.id ?? null;
    setAccountState(a);
  }, []);
  const refresh = useCallback(async () => {
    try {
      setAccount((await api.me()).account);
    } catch {
      // Unreachable, not signed out: the drafts stay.
      setAccountState(null);
    } finally {
      setLoaded(true);
    }
  }, [setAccount]);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return (
    <SessionContext.Provider value={{ account, loaded, setAccount, refresh }}>
      {children}
    </SessionContext.Provider>
  );
}

export function useSession(): Session {
  return useContext(SessionContext);
}

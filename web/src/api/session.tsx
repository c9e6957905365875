// The signed-in account, shared through context and refreshed after sign-in, sign-up and sign-out.
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from "react";
import type { AccountInfo } from "../../../src/server/api-types.ts";
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
  const [account, setAccount] = useState<AccountInfo | null>(null);
  const [loaded, setLoaded] = useState(false);
  const refresh = useCallback(async () => {
    try {
      setAccount((await api.me()).account);
    } catch {
      setAccount(null);
    } finally {
      setLoaded(true);
    }
  }, []);
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

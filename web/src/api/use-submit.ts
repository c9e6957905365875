// A form's submission as the account pages run it: busy while it is sent, the refusal's Chinese text when refused.
import { type FormEvent, useState } from "react";
import { errorText } from "./client.ts";

export function useSubmit(): {
  busy: boolean;
  error: string | null;
  setError: (error: string | null) => void;
  /** Sends `action` for the form's submit event; a refusal becomes `error`. */
  run: (e: FormEvent, action: () => Promise<void>) => Promise<void>;
} {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (e: FormEvent, action: () => Promise<void>) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}

// Refusals as values with stable codes (never thrown strings); the UI renders Chinese text from the code.
import type { Refusal } from "./contract.ts";

export type Decision<E> = { ok: true; events: E[] } | { ok: false; refusal: Refusal };

export function refuse(
  code: string,
  message: string,
  details?: Refusal["details"],
): { ok: false; refusal: Refusal } {
  return { ok: false, refusal: details ? { code, message, details } : { code, message } };
}

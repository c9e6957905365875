// Reads BANSHA_TRUST_PROXY: which hops in front of the server may say who the client is (X-Forwarded-For).
//
// Behind a reverse proxy every request comes from the proxy's address, so without this the per-address limits
// (sign-up, log-in) would count every visitor together.
import { isIP } from "node:net";

/** Fastify's `trustProxy`: false, true (any hop), or the addresses and CIDR ranges to trust. */
export type TrustProxy = boolean | string[];

/** Parses the setting; throws with the reason on a value it cannot read, so a typo stops the start. */
export function parseTrustProxy(text: string | undefined): TrustProxy {
  const value = (text ?? "").trim();
  if (value === "" || value === "false") return false;
  if (value === "true") return true;
  const addresses = value.split(",").map((a) => a.trim());
  const bad = addresses.find((a) => !isAddressOrRange(a));
  if (bad !== undefined)
    throw new Error(
      `BANSHA_TRUST_PROXY: "${bad}" is not an address or CIDR range (expected e.g. 127.0.0.1, 10.0.0.0/8 or ::1, comma-separated, or true)`,
    );
  return addresses;
}

/** An IPv4 or IPv6 address, optionally with a prefix length that fits it (at most 32 or 128 bits). */
function isAddressOrRange(text: string): boolean {
  const [address = "", prefix, ...rest] = text.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

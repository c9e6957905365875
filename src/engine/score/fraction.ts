// Exact fractions for the score rule (存活分 such as 14/43): bigint numerator and denominator, always reduced, never floats.

export interface Fraction {
  readonly n: bigint;
  /** Always positive. */
  readonly d: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export function frac(n: bigint | number, d: bigint | number = 1n): Fraction {
  let nn = BigInt(n);
  let dd = BigInt(d);
  if (dd === 0n) throw new Error("fraction: zero denominator");
  if (dd < 0n) {
    nn = -nn;
    dd = -dd;
  }
  const g = gcd(nn, dd);
  return g > 1n ? { n: nn / g, d: dd / g } : { n: nn, d: dd };
}

export const ZERO: Fraction = frac(0);

export const add = (a: Fraction, b: Fraction): Fraction => frac(a.n * b.d + b.n * a.d, a.d * b.d);
export const sub = (a: Fraction, b: Fraction): Fraction => frac(a.n * b.d - b.n * a.d, a.d * b.d);
export const mul = (a: Fraction, b: Fraction): Fraction => frac(a.n * b.n, a.d * b.d);

/** Negative, zero or positive as a < b, a = b, a > b. */
export function cmp(a: Fraction, b: Fraction): number {
  const l = a.n * b.d;
  const r = b.n * a.d;
  return l < r ? -1 : l > r ? 1 : 0;
}

export const sum = (xs: Iterable<Fraction>): Fraction => {
  let s = ZERO;
  for (const x of xs) s = add(s, x);
  return s;
};

/** "14/43", or "3" for a whole number. */
export function show(a: Fraction): string {
  return a.d === 1n ? `${a.n}` : `${a.n}/${a.d}`;
}

/** Rounded half away from zero to two decimals, computed in integers: 14/43 → "0.33". */
export function toFixed2(a: Fraction): string {
  const neg = a.n < 0n;
  const n = neg ? -a.n : a.n;
  const hundredths = (n * 200n + a.d) / (2n * a.d);
  const whole = hundredths / 100n;
  const rest = `${hundredths % 100n}`.padStart(2, "0");
  return `${neg && hundredths !== 0n ? "-" : ""}${whole}.${rest}`;
}

/** For output only (the scenario's `result.scores[camp].value`); never compare these. */
export const toNumber = (a: Fraction): number => Number(toFixed2(a));

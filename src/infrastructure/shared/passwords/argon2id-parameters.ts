/** The cost of an argon2id hash: memory in KiB (m), passes (t) and lanes (p). */
export interface Argon2idParameters {
  readonly memoryKiB: number;
  readonly timeCost: number;
  readonly parallelism: number;
}

/** OWASP's first choice for argon2id (Password Storage Cheat Sheet): 19 MiB, 2 passes, 1 lane. */
export const OWASP_ARGON2ID: Argon2idParameters = { memoryKiB: 19_456, timeCost: 2, parallelism: 1 };

/**
 * The range of each parameter that the configuration accepts and that a stored hash
 * may ask of verification. A stored hash beyond them is refused without being
 * computed: a corrupted `m` or `t` would otherwise take gigabytes, or hold a thread of
 * the pool for minutes. Every value in range satisfies argon2's own rule m ≥ 8 × p.
 */
export const ARGON2ID_LIMITS = {
  memoryKiB: { min: 1024, max: 1_048_576 },
  timeCost: { min: 1, max: 100 },
  parallelism: { min: 1, max: 16 },
} as const satisfies Record<keyof Argon2idParameters, { min: number; max: number }>;

/** True when every parameter lies within ARGON2ID_LIMITS. */
export function withinArgon2idLimits(parameters: Argon2idParameters): boolean {
  return (Object.keys(ARGON2ID_LIMITS) as (keyof Argon2idParameters)[]).every((name) => {
    const value = parameters[name];
    return Number.isSafeInteger(value) && value >= ARGON2ID_LIMITS[name].min && value <= ARGON2ID_LIMITS[name].max;
  });
}

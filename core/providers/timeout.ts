/** How long any third-party call may take before the shop gives up on it (issue 8: within 5 s). */
export const PROVIDER_TIMEOUT_MS = 4_000;

/** The provider kinds of the registry; the HTTP layer names each in the shopper's language. */
export type ProviderKind =
  | 'rates'
  | 'crm'
  | 'mailing'
  | 'carriers'
  | 'internationalCarrier'
  | 'geocoder'
  | 'addressSuggest'
  | 'payments'
  | 'sms'
  | 'email';

/** A provider call that did not settle in time. Unexpected, so an exception rather than a typed outcome. */
export class ProviderTimeoutError extends Error {
  readonly kind: ProviderKind;
  readonly method: string;
  readonly ms: number;
  constructor(kind: ProviderKind, method: string, ms: number) {
    super(`The ${kind} provider did not answer ${method}() within ${ms} ms`);
    this.name = 'ProviderTimeoutError';
    this.kind = kind;
    this.method = method;
    this.ms = ms;
  }
}

const GUARDED = Symbol('guarded by withTimeout');

/** True for a provider that `withTimeout` wraps (the registry wraps every one). */
export function isGuarded(provider: object): boolean {
  return (provider as { [GUARDED]?: boolean })[GUARDED] === true;
}

/**
 * Wraps a provider so that every call returning a promise settles within `ms`: a call that hangs
 * rejects with ProviderTimeoutError (its late result is ignored). Synchronous methods (signature
 * checks) and plain properties pass through unchanged.
 */
/** Told of every provider call that rejected or timed out (the metrics count them). */
export type ProviderFailureListener = (kind: ProviderKind, method: string, error: unknown) => void;

export function withTimeout<T extends object>(
  provider: T,
  kind: ProviderKind,
  ms = PROVIDER_TIMEOUT_MS,
  onFailure?: ProviderFailureListener,
): T {
  return new Proxy(provider, {
    get(target, property, receiver) {
      if (property === GUARDED) return true;
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result: unknown = value.apply(target, args);
        if (!(result instanceof Promise)) return result;
        let timer: NodeJS.Timeout | undefined;
        const deadline = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new ProviderTimeoutError(kind, String(property), ms)), ms);
        });
        result.catch(() => {});
        const settled = Promise.race([result, deadline]).finally(() => clearTimeout(timer));
        if (onFailure) settled.catch((error: unknown) => onFailure(kind, String(property), error));
        return settled;
      };
    },
  });
}

/**
 * Applies `withTimeout` to every third-party provider of a registry: each kind's instance, each
 * domestic carrier, and the payment provider (the sandbox page's own handlers are the shop's).
 */
export function guardProviders<P extends object>(
  providers: P,
  ms = PROVIDER_TIMEOUT_MS,
  onFailure?: ProviderFailureListener,
): P {
  const guarded: Record<string, unknown> = {};
  for (const [kind, value] of Object.entries(providers)) {
    if (kind === 'payments') {
      const payments = value as { provider: object; sandbox: unknown };
      guarded[kind] = { ...payments, provider: withTimeout(payments.provider, 'payments', ms, onFailure) };
    } else if (kind === 'carriers') {
      guarded[kind] = Object.fromEntries(
        Object.entries(value as Record<string, object>).map(([name, carrier]) => [
          name,
          withTimeout(carrier, 'carriers', ms, onFailure),
        ]),
      );
    } else {
      guarded[kind] = withTimeout(value as object, kind as ProviderKind, ms, onFailure);
    }
  }
  return guarded as P;
}

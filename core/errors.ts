import type { Locale } from './i18n.ts';
import { type MessageParams, type ShopperMessageKey, shopperMessage } from './shopper-messages.ts';

/** The closed set of expected failures; the HTTP layer maps each kind to one status. */
export const errorKinds = {
  invalid_data: 400,
  unauthorized: 401,
  not_allowed: 403,
  not_found: 404,
  conflict: 409,
  too_many_requests: 429,
  unavailable: 503,
} as const;
export type ErrorKind = keyof typeof errorKinds;

/** A message of the shopper catalogue (core/shopper-messages.ts), rendered per request language. */
export interface MessageRef {
  key: ShopperMessageKey;
  params?: MessageParams;
}

export class AppError extends Error {
  readonly kind: ErrorKind;
  /** The request field at fault, for invalid_data. */
  readonly field: string | undefined;
  /** The catalogue message, when the error names one; `message` then holds its English text (logs). */
  readonly ref: MessageRef | undefined;
  /**
   * `message` is a catalogue reference (preferred: the shopper reads it in the request's language)
   * or a text already in the caller's language.
   */
  constructor(
    kind: ErrorKind,
    message: string | MessageRef,
    options: { field?: string; cause?: unknown } = {},
  ) {
    super(typeof message === 'string' ? message : shopperMessage(message.key, 'en', message.params), {
      cause: options.cause,
    });
    this.name = 'AppError';
    this.kind = kind;
    this.field = options.field;
    this.ref = typeof message === 'string' ? undefined : message;
  }

  /** The text a shopper reads: the catalogue's in `locale`, else the message as given. */
  localized(locale: Locale): string {
    return this.ref ? shopperMessage(this.ref.key, locale, this.ref.params) : this.message;
  }
  get status(): number {
    return errorKinds[this.kind];
  }
}

export function notFound(message: string | MessageRef = { key: 'request.not_found' }): AppError {
  return new AppError('not_found', message);
}

/**
 * A save refused because the record changed since the screen read it (DECISIONS 31): `current` is
 * the record as it is now, which the screen shows beside what the staff member typed (it keeps the
 * typed values and asks nothing again); `field` names the record's concurrency token.
 */
export class StaleError<T = unknown> extends AppError {
  readonly current: T;
  constructor(message: string, current: T, token: 'version' | 'updatedAt' = 'version') {
    super('conflict', message, { field: token });
    this.name = 'StaleError';
    this.current = current;
  }
}

/** What keeps a record from being deleted: how many products use it, and the first few of them. */
export interface UsedBy {
  count: number;
  products: { id: string; name: string }[];
  categories?: string[];
}

/** A deletion refused because other records use this one; `usedBy` says which. */
export class InUseError extends AppError {
  readonly usedBy: UsedBy;
  constructor(message: string, usedBy: UsedBy) {
    super('conflict', message);
    this.name = 'InUseError';
    this.usedBy = usedBy;
  }
}

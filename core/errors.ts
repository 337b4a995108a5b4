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

export class AppError extends Error {
  readonly kind: ErrorKind;
  /** The request field at fault, for invalid_data. */
  readonly field: string | undefined;
  constructor(kind: ErrorKind, message: string, options: { field?: string; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.kind = kind;
    this.field = options.field;
  }
  get status(): number {
    return errorKinds[this.kind];
  }
}

export function notFound(message = 'Not found'): AppError {
  return new AppError('not_found', message);
}

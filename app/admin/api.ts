/** A refusal of the staff API, with the field at fault for a 400. */
export class AdminApiError extends Error {
  readonly status: number;
  readonly field: string | undefined;
  /** A conflict's current record (server/errors.ts answers a StaleError with it). */
  readonly current: unknown;
  /** The refusal's whole answer (a 409 may say more, e.g. what uses a catalogue record). */
  readonly body: Readonly<Record<string, unknown>>;
  constructor(
    status: number,
    message: string,
    field?: string,
    current?: unknown,
    body: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'AdminApiError';
    this.status = status;
    this.field = field;
    this.current = current;
    this.body = body;
  }
}

/** The staff member's language, kept on this device (the back office speaks Russian or English). */
export function storedAdminLocale(): 'ru' | 'en' {
  if (typeof localStorage === 'undefined') return 'ru';
  return localStorage.getItem('shi-admin-lang') === 'en' ? 'en' : 'ru';
}

/**
 * Calls the staff API: JSON both ways (a FormData body goes as multipart), the staff cookie, the
 * staff member's language. A 401 on a page that needs a session sends the browser to the sign-in page.
 */
export async function adminApi<T>(
  path: string,
  init: {
    method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
    body?: unknown;
    redirectOn401?: boolean;
  } = {},
): Promise<T> {
  const url = new URL(path, window.location.origin);
  url.searchParams.set('lang', storedAdminLocale());
  // A file goes as multipart/form-data (the browser sets its boundary); anything else as JSON.
  const multipart = typeof FormData !== 'undefined' && init.body instanceof FormData;
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    credentials: 'same-origin',
    headers: init.body === undefined || multipart ? {} : { 'content-type': 'application/json' },
    body:
      init.body === undefined ? undefined : multipart ? (init.body as FormData) : JSON.stringify(init.body),
  });
  const data = (await response.json().catch(() => ({}))) as {
    message?: string;
    field?: string;
    current?: unknown;
  };
  if (!response.ok) {
    if (
      response.status === 401 &&
      init.redirectOn401 !== false &&
      !window.location.pathname.startsWith('/admin/sign-in')
    ) {
      window.location.assign(
        `/admin/sign-in?next=${encodeURIComponent(window.location.pathname + window.location.search)}`,
      );
    }
    throw new AdminApiError(
      response.status,
      data.message ?? response.statusText,
      data.field,
      data.current,
      data as Record<string, unknown>,
    );
  }
  return data as T;
}

/** The message to show for a failed call. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A refusal of an editing call, with the server's message (shown to the editor as it is). */
export class StaffApiError extends Error {
  readonly status: number;
  readonly field: string | undefined;
  constructor(status: number, message: string, field?: string) {
    super(message);
    this.name = 'StaffApiError';
    this.status = status;
    this.field = field;
  }
}

/**
 * Calls a staff endpoint from a storefront page: JSON (or a form for uploads) with the staff cookie,
 * in the page's language. Unlike the back office's client it never leaves the page on a 401: the
 * editor sees the message and the page stays as it is.
 */
export async function staffApi<T>(
  path: string,
  init: { method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'; body?: unknown; form?: FormData } = {},
): Promise<T> {
  const url = new URL(path, window.location.origin);
  if (!url.searchParams.has('lang')) url.searchParams.set('lang', pageLocale());
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? (init.body === undefined && !init.form ? 'GET' : 'POST'),
      credentials: 'same-origin',
      headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
      body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
    });
  } catch {
    throw new StaffApiError(0, pageLocale() === 'en' ? 'No connection to the shop' : 'Нет связи с магазином');
  }
  const data = (await response.json().catch(() => ({}))) as { message?: string; field?: string };
  if (!response.ok) throw new StaffApiError(response.status, data.message ?? response.statusText, data.field);
  return data as T;
}

/** The page's edition: the English one lives under /en. */
export function pageLocale(): 'ru' | 'en' {
  return document.documentElement.lang === 'en' ? 'en' : 'ru';
}

/** The message to show for a failed call. */
export function failureText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

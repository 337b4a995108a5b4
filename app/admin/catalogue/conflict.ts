import { AdminApiError, storedAdminLocale } from '../api.ts';

/** A refusal of the catalogue API with its whole answer: the record now (stale save) or what uses it. */
export class CatalogueConflict extends AdminApiError {
  readonly usedBy:
    | { count: number; products: { id: string; name: string }[]; categories?: string[] }
    | undefined;
  constructor(message: string, body: { current?: unknown; usedBy?: CatalogueConflict['usedBy'] }) {
    super(409, message, undefined, body.current);
    this.usedBy = body.usedBy;
  }
}

/**
 * A change whose 409 carries data (DECISIONS 31): the newer record or the products that use a
 * record. Other refusals throw as `adminApi` does (a 400 names the field; a 401 goes to sign-in).
 */
export async function catalogueChange<T>(
  path: string,
  method: 'POST' | 'PUT' | 'DELETE',
  body?: unknown,
): Promise<T> {
  const url = new URL(path, window.location.origin);
  url.searchParams.set('lang', storedAdminLocale());
  const response = await fetch(url, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = (await response.json().catch(() => ({}))) as {
    message?: string;
    field?: string;
    current?: unknown;
    usedBy?: CatalogueConflict['usedBy'];
  };
  if (response.ok) return data as T;
  if (response.status === 409 && (data.current !== undefined || data.usedBy !== undefined))
    throw new CatalogueConflict(data.message ?? 'Conflict', data);
  if (response.status === 401) {
    window.location.assign(
      `/admin/sign-in?next=${encodeURIComponent(window.location.pathname + window.location.search)}`,
    );
  }
  throw new AdminApiError(response.status, data.message ?? response.statusText, data.field);
}

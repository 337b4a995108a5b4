import type { SavedAddress, UserView } from '../../core/accounts/accounts.types.ts';
import type { WireCabinetOrder as CabinetOrder } from '../../core/accounts/accounts.wire.ts';
import type { Locale } from '../../core/i18n.ts';

export type { CabinetOrder, SavedAddress, UserView };

export type ApiAnswer<T> =
  | { ok: true; data: T; message?: string }
  | { ok: false; message: string; field?: string };

/** One JSON call to the shop's API in the page's language; a network failure is an answer too. */
export async function callApi<T>(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  locale: Locale,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ApiAnswer<T>> {
  try {
    const res = await fetch(url, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        'accept-language': locale,
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json().catch(() => ({}))) as {
      result?: boolean;
      data?: T;
      message?: string;
      field?: string;
    };
    if (res.ok && json.result !== false) return { ok: true, data: json.data as T, message: json.message };
    return {
      ok: false,
      message: json.message ?? (locale === 'en' ? 'The request failed' : 'Не удалось выполнить запрос'),
      field: json.field,
    };
  } catch {
    return {
      ok: false,
      message: locale === 'en' ? 'No connection. Please try again' : 'Нет соединения. Попробуйте ещё раз',
    };
  }
}

export interface SignInAnswer {
  token: string;
  user: UserView;
  cart: { _id: string; count: number }[];
  created: boolean;
}

/** catalogue.md §4: the profile is complete when it has a name, an e-mail and a phone. */
export function isProfileComplete(user: Pick<UserView, 'name' | 'email' | 'phone'>): boolean {
  return Boolean(user.name.trim() && user.email && user.phone);
}

/** `+7 (901) 000-11-22` from stored digits, for Russian numbers; others as `+digits`. */
export function formatPhone(digits: string | null): string {
  if (!digits) return '';
  const m = digits.match(/^7(\d{3})(\d{3})(\d{2})(\d{2})$/);
  return m ? `+7 (${m[1]}) ${m[2]}-${m[3]}-${m[4]}` : `+${digits}`;
}

/** Pushes the signed-in user's id, e-mail and phone to analytics once per page load (checkout.md §6). */
export function pushUserData(user: Pick<UserView, '_id' | 'email' | 'phone'>) {
  window.dataLayer ??= [];
  window.dataLayer.push({
    event: 'user_data',
    user_id: user._id,
    email: user.email ?? '',
    phone: user.phone ?? '',
  });
}

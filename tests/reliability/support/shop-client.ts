/** What a shopper's browser sends to `POST /api/payment` for a pickup-in-store order. */
export function orderPayload(lines: { _id: string; count: number }[], extra: Record<string, unknown> = {}) {
  return {
    getWay: 'self',
    payment: 'online',
    fullName: 'Иванова Анна',
    phone: '79991234567',
    email: 'anna@example.ru',
    products: lines,
    consent: true,
    ...extra,
  };
}

export interface Answer {
  status: number;
  /** The `name=value` pairs of the answer's Set-Cookie headers, ready for a Cookie header. */
  cookies: string[];
  body: Record<string, unknown> & { message?: string; order?: { orderID: number }; url?: string };
}

/** POSTs JSON to a running shop; `clientIp` goes in X-Forwarded-For (the shop runs with TRUST_PROXY). */
export async function postJson(
  base: string,
  url: string,
  payload: unknown,
  { clientIp, headers = {} }: { clientIp?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(clientIp ? { 'x-forwarded-for': clientIp } : {}),
      ...headers,
    },
    body: JSON.stringify(payload),
    signal: AbortSignal.timeout(20_000),
  });
  return read(res);
}

export async function getJson(
  base: string,
  url: string,
  clientIp?: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await fetch(`${base}${url}`, {
    headers: { ...(clientIp ? { 'x-forwarded-for': clientIp } : {}), ...headers },
    signal: AbortSignal.timeout(20_000),
  });
  return read(res);
}

async function read(res: Response): Promise<Answer> {
  const text = await res.text();
  let body: Answer['body'];
  try {
    body = JSON.parse(text);
  } catch {
    body = { message: text };
  }
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0] ?? '');
  return { status: res.status, cookies, body };
}

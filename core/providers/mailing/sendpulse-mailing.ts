import { z } from 'zod';
import type { MailingProvider, MailingResult } from './mailing-provider.ts';

export interface SendpulseOptions {
  clientId: string;
  clientSecret: string;
  /** The address book confirmed sign-ups join. */
  addressBookId: string;
  /** `https://api.sendpulse.com`, or a fake on 127.0.0.1 in tests. */
  url: string;
  requestTimeoutMs?: number;
  /** The token's clock (tests move it past the expiry). */
  clock?: () => Date;
}

const tokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.number().int().positive(),
});

const addSchema = z.object({ result: z.boolean() }).passthrough();
const errorSchema = z
  .object({ error_code: z.number().optional(), message: z.string().optional(), error: z.string().optional() })
  .passthrough();

/** A token is renewed this long before SendPulse says it expires. */
const EXPIRY_MARGIN_MS = 60_000;

/**
 * SendPulse (integrations.md §10): the shop's own double opt-in (core/engagement, DECISIONS 37)
 * confirms the address first; the confirmed address then joins the address book through
 * `POST /addressbooks/{id}/emails`. The OAuth client-credentials token is kept until shortly before it
 * expires, and asked for again once when SendPulse answers 401 (revoked early). A 4xx refusal of the
 * address is a result; a refused token, 5xx and bad bodies are faults.
 */
export function createSendpulseMailing(
  options: SendpulseOptions,
): MailingProvider & { tokenRequests(): number } {
  const base = options.url.replace(/\/+$/, '');
  const timeoutMs = options.requestTimeoutMs ?? 5_000;
  const clock = options.clock ?? (() => new Date());
  let token: { value: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;
  let requested = 0;

  async function fetchToken(): Promise<string> {
    requested += 1;
    const response = await fetch(`${base}/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: options.clientId,
        client_secret: options.clientSecret,
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`SendPulse refused the token request: HTTP ${response.status}`);
    const parsed = tokenSchema.safeParse(jsonOf(await response.text()));
    if (!parsed.success) throw new Error('SendPulse answered the token request with an unexpected body');
    token = { value: parsed.data.access_token, expiresAt: clock().getTime() + parsed.data.expires_in * 1000 };
    return token.value;
  }

  /** The cached token, or one fresh request shared by concurrent callers. */
  async function accessToken(): Promise<string> {
    if (token && token.expiresAt - EXPIRY_MARGIN_MS > clock().getTime()) return token.value;
    pending ??= fetchToken().finally(() => {
      pending = null;
    });
    return pending;
  }

  async function addEmail(email: string, locale: 'ru' | 'en', bearer: string) {
    return fetch(`${base}/addressbooks/${encodeURIComponent(options.addressBookId)}/emails`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
      body: JSON.stringify({ emails: [{ email, variables: { language: locale } }] }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  }

  return {
    name: 'sendpulse',
    tokenRequests: () => requested,
    async subscribe(email, locale): Promise<MailingResult> {
      let response = await addEmail(email, locale, await accessToken());
      if (response.status === 401) {
        await response.text();
        token = null;
        response = await addEmail(email, locale, await accessToken());
      }
      const body = jsonOf(await response.text());
      if (response.status >= 400 && response.status < 500 && response.status !== 401) {
        const error = errorSchema.safeParse(body);
        const text = error.success ? (error.data.message ?? error.data.error ?? '') : '';
        return { ok: false, reason: `SendPulse refused the address: ${response.status} ${text}`.trim() };
      }
      if (!response.ok) throw new Error(`SendPulse answered HTTP ${response.status}`);
      const parsed = addSchema.safeParse(body);
      if (!parsed.success) throw new Error('SendPulse answered an unexpected body');
      return parsed.data.result ? { ok: true } : { ok: false, reason: 'SendPulse did not add the address' };
    },
  };
}

/** The body as JSON, or undefined when it is not JSON (then the schema refuses it). */
function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

import { adminApi } from '../api.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One staff API endpoint, typed from the server's own declarations: `In` is what its zod schema
 * accepts (core/<module>/<x>.schemas.ts), `Out` its wire answer (core/<module>/<x>.wire.ts), `P` the
 * path's parameters. The browser never retypes an answer by hand.
 */
export interface Endpoint<In, Out, P> {
  method: Method;
  path: (params: P) => string;
  /** Phantom fields: carry the types only. */
  readonly in?: In;
  readonly out?: Out;
}

/**
 * Declares an endpoint: `endpoint<Answer, z.input<typeof schema>>('GET', () => '/api/admin/x')`, the
 * answer a wire type of core/, the input the server's own zod schema's input.
 */
export function endpoint<Out, In = undefined, P = void>(
  method: Method,
  path: (params: P) => string,
): Endpoint<In, Out, P> {
  return { method, path };
}

/** Query values as the address carries them: empty ones left out. */
function queryString(input: unknown): string {
  if (!input || typeof input !== 'object') return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Calls an endpoint through the one staff transport (app/admin/api.ts: the staff cookie, the
 * language, sign-in on 401, the refusal with its field and a conflict's current record). A GET sends
 * its input as the query, the other methods as the JSON body.
 */
export function callApi<In, Out, P>(
  e: Endpoint<In, Out, P>,
  ...args: P extends void ? [input?: In] : [params: P, input?: In]
): Promise<Out> {
  // An endpoint whose path takes parameters is called with them first (its `path` declares one argument).
  const [params, input] = (e.path.length > 0 ? args : [undefined, args[0]]) as [P, In | undefined];
  const path = e.path(params);
  if (e.method === 'GET') return adminApi<Out>(`${path}${queryString(input)}`);
  return adminApi<Out>(path, { method: e.method, body: input ?? {} });
}

/** A refusal (its status, field and a conflict's current record) and its text, for the screens' own handling. */
export { AdminApiError, errorText } from '../api.ts';

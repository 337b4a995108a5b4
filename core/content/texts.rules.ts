/**
 * Interface text overrides (docs/decisions/0027-content-back-office.md): a
 * staff text replaces a built-in one of app/i18n only when the key exists and every `{name}`
 * placeholder the built-in text has is kept (the code fills them), and no other is added.
 */

export const MAX_TEXT_LENGTH = 2000;

/** The `{name}` placeholders of a text, sorted, each once. */
export function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string))].sort();
}

export type TextOverrideRefusal =
  | { kind: 'unknown_key' }
  | { kind: 'empty' }
  | { kind: 'too_long'; max: number }
  | { kind: 'missing_placeholder'; name: string }
  | { kind: 'extra_placeholder'; name: string };

/** Whether `value` may stand for the built-in text (undefined: the key does not exist); null = yes. */
export function checkTextOverride(builtIn: string | undefined, value: string): TextOverrideRefusal | null {
  if (builtIn === undefined) return { kind: 'unknown_key' };
  if (value.trim() === '') return { kind: 'empty' };
  if (value.length > MAX_TEXT_LENGTH) return { kind: 'too_long', max: MAX_TEXT_LENGTH };
  const wanted = placeholders(builtIn);
  const given = placeholders(value);
  const missing = wanted.find((p) => !given.includes(p));
  if (missing) return { kind: 'missing_placeholder', name: missing };
  const extra = given.find((p) => !wanted.includes(p));
  if (extra) return { kind: 'extra_placeholder', name: extra };
  return null;
}

/**
 * Characters that change how text is shown without showing themselves: zero-width spaces and joiners,
 * left-to-right and right-to-left marks (U+200B-U+200F), bidirectional embeddings and overrides
 * (U+202A-U+202E), isolates (U+2066-U+2069), the byte-order mark (U+FEFF) and the Arabic letter mark
 * (U+061C). In a name they can make "Анна" look like another person's name or reverse the text a
 * manager reads, so names refuse them (docs/decisions/0013-sign-in-lock-outs.md).
 */
const HIDDEN_FORMATTING = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF\u061C]/u;

/** C0 controls (below U+0020), DEL and the C1 controls (U+007F-U+009F). */
const isControl = (code: number) => code < 0x20 || (code >= 0x7f && code <= 0x9f);

/** True when the text holds an invisible bidirectional or zero-width character. */
export function hasHiddenFormatting(text: string): boolean {
  return HIDDEN_FORMATTING.test(text);
}

/** True when the text holds a control character or an invisible formatting one. */
export function hasControlOrHiddenFormatting(text: string): boolean {
  for (const c of text) if (isControl(c.codePointAt(0) ?? 0)) return true;
  return HIDDEN_FORMATTING.test(text);
}

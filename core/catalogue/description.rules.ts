/**
 * A product description is plain text, or formatted text in a small, fixed form (docs/decisions/
 * 0044-1c-catalogue-sessions-and-descriptions.md): only the tags below, lower case, without
 * attributes. The 1C import turns 1C's HTML into this form; the storefront reads it with
 * {@link descriptionBlocks} and builds the elements itself, so nothing else in the text can ever
 * become markup (it is shown as text).
 */

export const DESCRIPTION_TAGS = ['p', 'br', 'ul', 'ol', 'li', 'strong', 'em', 'h3', 'h4'] as const;
export type DescriptionTag = (typeof DESCRIPTION_TAGS)[number];

export type DescriptionNode = string | { tag: DescriptionTag; children: DescriptionNode[] };

const TAGS = new Set<string>(DESCRIPTION_TAGS);
const TOKEN = /<(\/?)(p|br|ul|ol|li|strong|em|h3|h4)>/g;

/** Whether the text is in the formatted form (it has at least one of its tags). */
export function isFormattedDescription(text: string): boolean {
  TOKEN.lastIndex = 0;
  return TOKEN.test(text);
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  nbsp: '\u00a0',
};

function decode(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '');
}

/**
 * The formatted form as a tree; null for plain text (shown as it is). Tags are matched exactly
 * (`<p>`, `</p>`, `<br>`); anything else, `<script>` or `<img onerror=…>` included, stays text.
 * A tag left open is closed at the end, a stray closing tag is dropped.
 */
export function descriptionBlocks(text: string): DescriptionNode[] | null {
  if (!isFormattedDescription(text)) return null;
  const root: { tag: DescriptionTag | null; children: DescriptionNode[] } = { tag: null, children: [] };
  const stack: { tag: DescriptionTag | null; children: DescriptionNode[] }[] = [root];
  const top = () => stack[stack.length - 1] ?? root;
  let at = 0;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(text); m; m = TOKEN.exec(text)) {
    if (m.index > at) top().children.push(decode(text.slice(at, m.index)));
    at = m.index + m[0].length;
    const tag = m[2] as DescriptionTag;
    if (!TAGS.has(tag)) continue;
    if (tag === 'br') {
      top().children.push({ tag: 'br', children: [] });
    } else if (m[1] === '/') {
      const i = stack.findLastIndex((f) => f.tag === tag);
      if (i > 0) stack.length = i;
    } else {
      const node = { tag, children: [] as DescriptionNode[] };
      top().children.push(node);
      stack.push(node);
    }
  }
  if (at < text.length) top().children.push(decode(text.slice(at)));
  return root.children;
}

/** The description's words without its tags (for search, feeds and meta descriptions). */
export function descriptionText(text: string): string {
  if (!isFormattedDescription(text)) return text;
  return decode(
    text
      .replace(/<br>/g, '\n')
      .replace(/<\/(p|li|h3|h4)>/g, '\n')
      .replace(TOKEN, ''),
  )
    .replace(/\n{2,}/g, '\n')
    .trim();
}

import { Parser } from 'htmlparser2';

/**
 * 1C's HTML description (`<Описание ФорматHTML="true">`, or a text with tags) in the shop's
 * formatted description form (core/catalogue/description.rules.ts): read by htmlparser2, which
 * takes HTML as browsers write it (unclosed tags, entities); only the allowed tags are kept, without
 * any attribute, `<script>`, `<style>` and the like are dropped with their content, every other tag
 * is dropped and its text kept, and the text is escaped. docs/decisions/0044.
 */

/** 1C's tag → the form's tag (b and i as strong and em, h1–h2 as h3, h5–h6 as h4, div as p). */
const KEEP: Record<string, string> = {
  p: 'p',
  div: 'p',
  br: 'br',
  ul: 'ul',
  ol: 'ol',
  li: 'li',
  b: 'strong',
  strong: 'strong',
  i: 'em',
  em: 'em',
  h1: 'h3',
  h2: 'h3',
  h3: 'h3',
  h4: 'h4',
  h5: 'h4',
  h6: 'h4',
};
/** Dropped with everything inside them. */
const DROP = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'svg',
  'math',
  'head',
  'title',
]);
const BLOCKS = new Set(['p', 'ul', 'ol', 'li', 'h3', 'h4']);

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Tags that say a description is HTML even without `ФорматHTML`. */
const HTML_HINT = /<\/?(p|br|ul|ol|li|b|strong|i|em|h[1-6]|div|span|table|script|style|img|a)\b[^>]*>/i;

export function looksLikeHtml(text: string): boolean {
  return HTML_HINT.test(text);
}

export function htmlToDescription(html: string): string {
  let out = '';
  let dropping = 0;
  /** The open tags kept, to close what 1C left open and skip closings of tags never opened. */
  const open: string[] = [];
  const parser = new Parser(
    {
      onopentagname(name) {
        if (DROP.has(name)) {
          dropping += 1;
          return;
        }
        if (dropping > 0) return;
        const tag = KEEP[name];
        if (!tag) return;
        if (tag === 'br') {
          out += '<br>';
          return;
        }
        // A block inside a paragraph (1C writes <p><ul>…) ends the paragraph first.
        if (BLOCKS.has(tag) && tag !== 'li' && open.at(-1) === 'p') out += `</${open.pop()}>`;
        out += `<${tag}>`;
        open.push(tag);
      },
      onclosetag(name) {
        if (DROP.has(name)) {
          dropping = Math.max(0, dropping - 1);
          return;
        }
        if (dropping > 0) return;
        const tag = KEEP[name];
        if (!tag || tag === 'br') return;
        const i = open.lastIndexOf(tag);
        if (i < 0) return;
        while (open.length > i) out += `</${open.pop()}>`;
      },
      ontext(text) {
        if (dropping === 0) out += escapeText(text);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  while (open.length > 0) out += `</${open.pop()}>`;
  // Empty paragraphs and the blank space between blocks say nothing.
  return out
    .replace(/<(p|li|strong|em|h3|h4)>\s*<\/\1>/g, '')
    .replace(/>\s+</g, (m) => (/\n/.test(m) ? '><' : m))
    .trim();
}

import { createElement, type ReactNode } from 'react';
import { type DescriptionNode, descriptionBlocks } from '../../core/catalogue/description.rules.ts';

/**
 * A product's description: plain text as a paragraph, or the formatted form (paragraphs, lists,
 * bold, italic, small headings; core/catalogue/description.rules.ts) built element by element —
 * never as HTML, so no tag or attribute outside that form can reach the page.
 */
export function ProductDescription({ text }: { text: string }) {
  const blocks = descriptionBlocks(text);
  if (!blocks) return <p>{text}</p>;
  return <div className="product__description">{blocks.map(render)}</div>;
}

function render(node: DescriptionNode, key: number): ReactNode {
  if (typeof node === 'string') return node;
  if (node.tag === 'br') return createElement('br', { key });
  return createElement(node.tag, { key }, ...node.children.map(render));
}

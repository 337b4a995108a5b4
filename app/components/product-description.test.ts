import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ProductDescription } from './product-description.tsx';

const html = (text: string) => renderToStaticMarkup(createElement(ProductDescription, { text }));

describe('the product description on the storefront', () => {
  it('shows the formatted form as formatted text: paragraphs, a list, bold', () => {
    expect(html('<p>Лён и хлопок.</p><ul><li>Мягкий</li><li><strong>Прочный</strong></li></ul>')).toBe(
      '<div class="product__description"><p>Лён и хлопок.</p><ul><li>Мягкий</li><li><strong>Прочный</strong></li></ul></div>',
    );
  });

  it('never turns anything else into markup: scripts and attributes stay visible text', () => {
    const out = html(
      '<p>Платье</p><script>alert(1)</script><img src=x onerror="alert(2)"><p onclick="x">b</p>',
    );
    expect(out).not.toMatch(/<script|<img|<p onclick/);
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('plain text stays one paragraph, its angle brackets as text', () => {
    expect(html('Рост модели 175 см, <размер> S')).toBe('<p>Рост модели 175 см, &lt;размер&gt; S</p>');
  });
});

import { describe, expect, it } from 'vitest';
import { descriptionBlocks, descriptionText } from './description.rules.ts';

describe('the formatted description form', () => {
  it('reads its tags as a tree, closing what is left open', () => {
    expect(descriptionBlocks('<ul><li>Лён<li>Хлопок &amp; шёлк</ul><p>Итог')).toEqual([
      {
        tag: 'ul',
        children: [{ tag: 'li', children: ['Лён', { tag: 'li', children: ['Хлопок & шёлк'] }] }],
      },
      { tag: 'p', children: ['Итог'] },
    ]);
  });

  it('keeps any other tag, with attributes, as text', () => {
    expect(descriptionBlocks('<p><img src=x onerror="alert(1)"></p>')).toEqual([
      { tag: 'p', children: ['<img src=x onerror="alert(1)">'] },
    ]);
  });

  it('plain text is not the form; its words without tags for feeds and search', () => {
    expect(descriptionBlocks('Просто текст')).toBeNull();
    expect(descriptionText('<p>Лён</p><ul><li>Мягкий</li></ul>')).toBe('Лён\nМягкий');
  });
});

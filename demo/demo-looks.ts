/** One garment of a look's drawing, by the demo group it shows (its kind and colour come from it). */
export interface LookPiece {
  groupId: string;
  /** The garment's centre across the 1200×1500 drawing. */
  x: number;
  /** Scale of the 1200×1500 garment drawing. */
  k: number;
  /** 'rail': hook on the rail; 'floor': standing on the floor line. */
  at: 'rail' | 'floor';
  /** Where its tag's dot sits, in percent of the photo (catalogue.md §3 tags). */
  tag: { left: number; top: number; maxWidth: number };
}

export interface DemoLook {
  id: string;
  pieces: LookPiece[];
}

/**
 * The looks page's demo ('instashop', catalogue.md §7): two outfits drawn from the catalogue's own
 * garments, each tagged with the groups it shows, so 'Купить образ' offers them.
 */
export const demoLooks: DemoLook[] = [
  {
    id: 'look-autumn-city',
    pieces: [
      {
        groupId: 'wool-wrap-coat-camel',
        x: 340,
        k: 0.66,
        at: 'rail',
        tag: { left: 22, top: 30, maxWidth: 130 },
      },
      {
        groupId: 'rib-knit-midi-dress-graphite',
        x: 860,
        k: 0.66,
        at: 'rail',
        tag: { left: 64, top: 34, maxWidth: 130 },
      },
      {
        groupId: 'leather-chelsea-boots-black',
        x: 330,
        k: 0.4,
        at: 'floor',
        tag: { left: 22, top: 86, maxWidth: 130 },
      },
      {
        groupId: 'leather-tote-bag-chocolate',
        x: 860,
        k: 0.42,
        at: 'floor',
        tag: { left: 64, top: 84, maxWidth: 130 },
      },
    ],
  },
  {
    id: 'look-weekend-linen',
    pieces: [
      {
        groupId: 'oversized-poplin-shirt-milk',
        x: 340,
        k: 0.66,
        at: 'rail',
        tag: { left: 22, top: 26, maxWidth: 130 },
      },
      {
        groupId: 'wide-leg-wool-trousers-sand',
        x: 860,
        k: 0.66,
        at: 'rail',
        tag: { left: 64, top: 36, maxWidth: 130 },
      },
      {
        groupId: 'leather-court-sneakers-milk',
        x: 330,
        k: 0.38,
        at: 'floor',
        tag: { left: 22, top: 88, maxWidth: 130 },
      },
      {
        groupId: 'mini-top-handle-bag-terracotta',
        x: 860,
        k: 0.42,
        at: 'floor',
        tag: { left: 64, top: 84, maxWidth: 130 },
      },
    ],
  },
];

/** A look's drawing under the media folder; the page shows its widest WebP rendition. */
export const lookStem = (id: string) => `looks/${id}`;

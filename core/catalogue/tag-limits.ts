/** catalogue.md §9: a photo tag's width runs 0–300 in steps of 10 (0: as wide as its text). */
export const TAG_MAX_WIDTH = 300;
export const TAG_WIDTH_STEP = 10;

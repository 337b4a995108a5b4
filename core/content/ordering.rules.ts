/**
 * A new order of a list a staff member sends (pages, looks): it must name every item of the list
 * once and nothing else, else the screen was out of date and the order is refused whole.
 */
export function namesEveryOnce(ids: readonly string[], existing: readonly string[]): boolean {
  const known = new Set(existing);
  return new Set(ids).size === ids.length && ids.length === known.size && ids.every((id) => known.has(id));
}

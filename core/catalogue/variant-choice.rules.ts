/**
 * The variant a product page opens with (DECISIONS 25): the one `?p=` names (or `?product=`, the
 * modal's parameter), when it is one of the group's; the only one when there is nothing to choose;
 * else none, and the shopper chooses. The marketplace feeds link every offer with `?p=<variant id>`.
 */
export function chosenVariant(variants: readonly { id: string }[], query: URLSearchParams): string | null {
  const wanted = query.get('p') ?? query.get('product');
  const named = variants.find((v) => v.id === wanted);
  if (named) return named.id;
  return variants.length === 1 ? (variants[0]?.id ?? null) : null;
}

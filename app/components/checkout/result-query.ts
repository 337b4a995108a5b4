/**
 * The payment return `/?success=true|false&orderID=N[&key=K]` (checkout.md §2, §4): `success` is
 * case-insensitive; any other value than true means failure. `key` is the order's status key the
 * shop puts in the provider's return address, so a payer's browser may read the status. Null when
 * the query is not a return.
 */
export function parseOrderResult(
  params: URLSearchParams,
): { orderID: number; success: boolean; key: string | null } | null {
  const raw = params.get('orderID');
  const orderID = Number(raw);
  if (!params.has('success') || !raw || !Number.isSafeInteger(orderID) || orderID < 1) return null;
  const key = params.get('key');
  return {
    orderID,
    success: (params.get('success') ?? '').trim().toLowerCase() === 'true',
    key: key && /^[\w-]{16,64}$/.test(key) ? key : null,
  };
}

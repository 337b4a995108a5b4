/**
 * The payment return `/?success=true|false&orderID=N` (checkout.md §2, §4): `success` is
 * case-insensitive; any other value than true means failure. Null when the query is not a return.
 */
export function parseOrderResult(params: URLSearchParams): { orderID: number; success: boolean } | null {
  const raw = params.get('orderID');
  const orderID = Number(raw);
  if (!params.has('success') || !raw || !Number.isSafeInteger(orderID) || orderID < 1) return null;
  return { orderID, success: (params.get('success') ?? '').trim().toLowerCase() === 'true' };
}

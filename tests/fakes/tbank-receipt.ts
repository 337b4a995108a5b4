import published from '../fixtures/tbank/receipt-ffd12-enums.json' with { type: 'json' };

/**
 * Why the bank would refuse a Receipt (FFD 1.2): a Taxation, Tax, PaymentMethod or PaymentObject
 * outside the published values (tests/fixtures/tbank/README.md), or an item without its measurement
 * unit; null when it is acceptable. PaymentMethod and PaymentObject may be absent (the bank's
 * defaults); Tax may not.
 */
export function receiptRefusal(receipt: unknown): string | null {
  if (typeof receipt !== 'object' || receipt === null) return 'Receipt is not an object';
  const r = receipt as { Taxation?: unknown; FfdVersion?: unknown; Items?: unknown };
  if (!published.Taxation.includes(String(r.Taxation))) return `Unknown Taxation ${String(r.Taxation)}`;
  if (!Array.isArray(r.Items) || r.Items.length === 0) return 'Receipt has no Items';
  for (const item of r.Items as Record<string, unknown>[]) {
    if (!published.Tax.includes(String(item.Tax))) return `Unknown Tax ${String(item.Tax)}`;
    if (item.PaymentMethod !== undefined && !published.PaymentMethod.includes(String(item.PaymentMethod)))
      return `Unknown PaymentMethod ${String(item.PaymentMethod)}`;
    if (item.PaymentObject !== undefined && !published.PaymentObject.includes(String(item.PaymentObject)))
      return `Unknown PaymentObject ${String(item.PaymentObject)}`;
    if (r.FfdVersion === '1.2' && !item.MeasurementUnit) return 'MeasurementUnit is required in FFD 1.2';
  }
  return null;
}

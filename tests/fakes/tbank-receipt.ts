import closing from '../fixtures/tbank/closing-receipt-ffd12.json' with { type: 'json' };
import published from '../fixtures/tbank/receipt-ffd12-enums.json' with { type: 'json' };

/**
 * Why the bank would refuse a Receipt (FFD 1.2): a Taxation, Tax, PaymentMethod or PaymentObject
 * outside the published values (tests/fixtures/tbank/README.md), or an item without its measurement
 * unit; null when it is acceptable. PaymentMethod and PaymentObject may be absent (the bank's
 * defaults); Tax may not. An item's price times its quantity must be its amount. A marked unit's
 * `MarkCode` needs a published `MarkCodeType` and a value, `MarkProcessingMode` only "0", and the
 * item is one unit. `Payments`, when given, needs `Electronic` and adds up to the items.
 */
export function receiptRefusal(receipt: unknown): string | null {
  if (typeof receipt !== 'object' || receipt === null) return 'Receipt is not an object';
  const r = receipt as { Taxation?: unknown; FfdVersion?: unknown; Items?: unknown; Payments?: unknown };
  if (!published.Taxation.includes(String(r.Taxation))) return `Unknown Taxation ${String(r.Taxation)}`;
  if (!Array.isArray(r.Items) || r.Items.length === 0) return 'Receipt has no Items';
  if (r.Items.length > closing.ReceiptFFD12.maxItems) return 'Receipt has more than 100 Items';
  for (const item of r.Items as Record<string, unknown>[]) {
    if (!published.Tax.includes(String(item.Tax))) return `Unknown Tax ${String(item.Tax)}`;
    if (item.PaymentMethod !== undefined && !published.PaymentMethod.includes(String(item.PaymentMethod)))
      return `Unknown PaymentMethod ${String(item.PaymentMethod)}`;
    if (item.PaymentObject !== undefined && !published.PaymentObject.includes(String(item.PaymentObject)))
      return `Unknown PaymentObject ${String(item.PaymentObject)}`;
    if (r.FfdVersion === '1.2' && !item.MeasurementUnit) return 'MeasurementUnit is required in FFD 1.2';
    if (
      typeof item.Price === 'number' &&
      typeof item.Quantity === 'number' &&
      typeof item.Amount === 'number' &&
      Math.round(item.Price * item.Quantity) !== item.Amount
    )
      return `Item ${String(item.Name)}: Price × Quantity is not Amount`;
    const mark = markRefusal(item);
    if (mark) return mark;
  }
  if (r.Payments !== undefined) {
    const p = r.Payments as Record<string, unknown>;
    if (typeof p.Electronic !== 'number') return 'Payments.Electronic is required';
    const kinds = [...closing.Payments.required, ...closing.Payments.optional];
    const paid = kinds.reduce((sum, k) => sum + (typeof p[k] === 'number' ? (p[k] as number) : 0), 0);
    const items = (r.Items as { Amount?: number }[]).reduce((sum, i) => sum + (i.Amount ?? 0), 0);
    if (paid !== items) return 'Payments do not add up to the Items';
  }
  return null;
}

function markRefusal(item: Record<string, unknown>): string | null {
  if (item.MarkCode === undefined) {
    if (item.MarkProcessingMode !== undefined) return 'MarkProcessingMode without MarkCode';
    return null;
  }
  const code = item.MarkCode as Record<string, unknown>;
  for (const field of closing.MarkCode.required)
    if (typeof code[field] !== 'string' || code[field] === '') return `MarkCode.${field} is required`;
  if (!closing.MarkCode.MarkCodeType.includes(String(code.MarkCodeType)))
    return `Unknown MarkCodeType ${String(code.MarkCodeType)}`;
  if (!closing.MarkProcessingMode.includes(String(item.MarkProcessingMode)))
    return `Unknown MarkProcessingMode ${String(item.MarkProcessingMode)}`;
  if (item.MarkQuantity === undefined && item.Quantity !== 1) return 'A marked item is one unit (Quantity 1)';
  return null;
}

/**
 * Why the bank would refuse a SendClosingReceipt body (tests/fixtures/tbank/closing-receipt-ffd12.json):
 * a required field missing, a receipt it would refuse, or no buyer's contact; null when acceptable.
 */
export function closingReceiptRefusal(body: Record<string, unknown>): string | null {
  for (const field of closing.request.required) if (body[field] === undefined) return `${field} is required`;
  const receipt = body.Receipt as Record<string, unknown>;
  for (const field of closing.ReceiptFFD12.required)
    if (receipt[field] === undefined) return `Receipt.${field} is required`;
  if (!closing.ReceiptFFD12.oneOfRequired.some((f) => typeof receipt[f] === 'string' && receipt[f] !== ''))
    return 'Receipt needs Email or Phone';
  for (const item of receipt.Items as Record<string, unknown>[]) {
    for (const field of closing.ItemsFFD12.required)
      if (item[field] === undefined) return `Items.${field} is required`;
    if (String(item.Name).length > closing.ItemsFFD12.nameMaxLength) return 'Items.Name is too long';
  }
  return receiptRefusal(receipt);
}

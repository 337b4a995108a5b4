import type { Locale } from '../core/i18n.ts';
import { escapeHtml } from '../core/messages/templates.ts';
import type { PackingSlip } from '../core/orders/shipping-documents.service.ts';
import { deliveryWayName, staffMessage } from '../core/staff-messages.ts';

/**
 * The shop's packing slips as one printable page (docs/product/shipping-desk.md): a sheet per order
 * with the buyer, the delivery, and each line with its barcode, size and count and a box to tick, to
 * pick by and lay in the parcel. No prices, as on the order's own slip: the parcel may be opened by
 * the recipient or the carrier. Plain HTML and print styles: no script, so it prints the same from
 * any browser.
 */
export function packingSlipsPage(slips: readonly PackingSlip[], locale: Locale, styleNonce: string): string {
  const m = (key: Parameters<typeof staffMessage>[0], params?: Record<string, string | number>) =>
    escapeHtml(staffMessage(key, locale, params));
  const date = (d: Date) =>
    new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'ru-RU', {
      dateStyle: 'long',
      timeZone: 'Europe/Moscow',
    }).format(d);
  const sheet = (slip: PackingSlip) => {
    const where = [slip.delivery.postalCode, slip.delivery.city, slip.delivery.address]
      .filter((part) => part?.trim())
      .join(', ');
    const rows = slip.lines
      .map(
        (l) =>
          `<tr><td class="code">${escapeHtml(l.barcode)}</td><td>${escapeHtml(l.name)}</td>` +
          `<td>${escapeHtml(l.size)}</td><td class="num">${l.count}</td><td class="tick"></td></tr>`,
      )
      .join('');
    const units = slip.lines.reduce((sum, l) => sum + l.count, 0);
    const facts = [
      [
        m('slip.buyer'),
        `${escapeHtml(slip.buyer.name)}<br>${escapeHtml(formatPhone(slip.buyer.phone))}${slip.buyer.email ? `<br>${escapeHtml(slip.buyer.email)}` : ''}`,
      ],
      [
        m('slip.delivery'),
        `${escapeHtml(deliveryWayName(slip.deliveryMethod, locale))}<br>${escapeHtml(where)}`,
      ],
      ...(slip.delivery.pickupPoint ? [[m('slip.pickup_point'), escapeHtml(slip.delivery.pickupPoint)]] : []),
      ...(slip.delivery.date ? [[m('slip.delivery_date'), escapeHtml(slip.delivery.date)]] : []),
      ...(slip.trackingNumber
        ? [[m('slip.tracking'), `<span class="code">${escapeHtml(slip.trackingNumber)}</span>`]]
        : []),
      ...(slip.comment.trim() ? [[m('slip.comment'), escapeHtml(slip.comment)]] : []),
    ];
    return `<section class="slip">
<header><p class="kind">${m('slip.title')}</p><h1>${m('slip.order', { number: slip.number, date: date(slip.createdAt) })}</h1></header>
<dl>${facts.map(([k, v]) => `<div><dt>${k}</dt><dd>${v}</dd></div>`).join('')}</dl>
<table><thead><tr><th>${m('slip.barcode')}</th><th>${m('slip.product')}</th><th>${m('slip.size')}</th><th class="num">${m('slip.count')}</th><th class="tick">✓</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot><tr class="total"><td colspan="3">${m('slip.units')}</td><td class="num">${units}</td><td></td></tr></tfoot></table>
<p class="sign">${m('slip.packed')}</p>
</section>`;
  };
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${m('slip.print_title', { count: slips.length })}</title>
<style nonce="${escapeHtml(styleNonce)}">
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111;margin:0;background:#f4f2ef}
.slip{background:#fff;max-width:190mm;margin:16px auto;padding:14mm 12mm;box-sizing:border-box;break-after:page}
.slip:last-child{break-after:auto}
.kind{margin:0;text-transform:uppercase;letter-spacing:.08em;font-size:11px;color:#555}
h1{font-size:20px;margin:2px 0 12px}
dl{display:grid;grid-template-columns:repeat(auto-fit,minmax(200px,1fr));gap:8px 20px;margin:0 0 14px}
dt{font-size:11px;color:#555;text-transform:uppercase;letter-spacing:.05em}dd{margin:0}
table{width:100%;border-collapse:collapse}th,td{text-align:left;padding:6px 4px;border-bottom:1px solid #ddd;vertical-align:top}
th{font-size:11px;color:#555;text-transform:uppercase;letter-spacing:.05em}.num{text-align:right;white-space:nowrap}
.code{font-family:ui-monospace,Menlo,Consolas,monospace;letter-spacing:.04em}
tfoot td{border-bottom:none}.tick{width:26px;text-align:center}td.tick{border:1px solid #999}.total td{font-weight:700;border-top:2px solid #111}
.sign{margin-top:28px;color:#333}
@media (max-width:600px){.slip{margin:0 0 8px;padding:16px}}
@media print{body{background:#fff}.slip{margin:0;max-width:none;padding:0}}
</style></head><body>
${slips.map(sheet).join('\n')}
</body></html>`;
}

/** A phone as staff dial it: `+7 916 123-45-67` for Russian numbers, else `+` and the digits. */
function formatPhone(digits: string): string {
  const d = digits.replace(/\D/g, '');
  const ru = /^7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(d);
  return ru ? `+7 ${ru[1]} ${ru[2]}-${ru[3]}-${ru[4]}` : `+${d}`;
}

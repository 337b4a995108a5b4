/** DECISIONS 24: GA4-style ecommerce events pushed to `window.dataLayer`. */
export interface AnalyticsItem {
  item_name: string;
  item_id: string;
  item_barcode: string;
  item_variant: string;
  quantity: number;
  price: number;
  old_price: number | null;
  item_brand: string;
  item_category: string;
  item_list_name: string;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export function pushEcommerce(
  event: 'add_to_cart' | 'remove_from_cart' | 'add_shipping_info' | 'purchase',
  items: AnalyticsItem[],
  extra: Record<string, string | number> = {},
) {
  window.dataLayer ??= [];
  window.dataLayer.push({ ecommerce: null });
  // checkout.md §9: analytics currency is RUB, prices in roubles.
  window.dataLayer.push({ event, ecommerce: { currency: 'RUB', ...extra, items } });
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { clampCount } from '../../../core/cart/cart.rules.ts';
import type { CartCookie } from '../../../core/cart/cookies.rules.ts';
import type { ProductCard, VariantView } from '../../../core/catalogue/catalogue.types.ts';
import { maxOrderable } from '../../../core/catalogue/stock.rules.ts';
import { pushEcommerce } from '../../lib/analytics.ts';
import { readCart, writeCart } from '../../lib/shop-cookies.ts';
import { useShop } from '../../shop-context.ts';

export type CartGroup = ProductCard & { variants: VariantView[] };

/** A cart line: the product, its size and the count (clamped to what can be ordered). */
export interface CartLine {
  group: CartGroup;
  variant: VariantView;
  count: number;
}

/** A line as the analytics events describe it (checkout.md §4). */
export function analyticsItem(line: CartLine, quantity: number, shopName: string) {
  return {
    item_name: line.group.name.ru,
    item_id: line.group.id,
    item_barcode: line.variant.barcode,
    item_variant: line.variant.size,
    quantity,
    price: line.group.price / 100,
    old_price: line.group.oldPrice === null ? null : line.group.oldPrice / 100,
    item_brand: shopName,
    item_category: line.group.categorySlug,
    item_list_name: 'cart',
  };
}

/**
 * The cart's lines, looked up each time the panel opens (checkout.md §2, §4): from the cart cookie,
 * or the quick-order window's own lines, which never touch the cart. Count changes and removals are
 * saved to the cookie and announced to analytics.
 */
export function useCartLines(open: boolean, quick: CartCookie | null) {
  const shop = useShop();
  const revalidator = useRevalidator();
  // Read at call time: the revalidator object changes from render to render.
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const [lines, setLines] = useState<CartLine[] | null>(null);
  const [failed, setFailed] = useState(false);
  const quickRef = useRef(quick);
  quickRef.current = quick;

  const load = useCallback(async () => {
    const cart = quickRef.current ?? readCart();
    if (cart.length === 0) return setLines([]);
    let groups: CartGroup[];
    try {
      const res = await fetch('/api/storefront/groups', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(cart.map((i) => i._id)),
      });
      if (!res.ok) throw new Error(`status ${res.status}`);
      groups = (await res.json()) as CartGroup[];
    } catch {
      // Never prune the cart on a failed lookup: only a successful answer says what is gone.
      setFailed(true);
      return setLines([]);
    }
    setFailed(false);
    const found: CartLine[] = [];
    for (const item of cart) {
      for (const group of groups) {
        const variant = group.variants.find((v) => v.id === item._id);
        if (variant) found.push({ group, variant, count: clampCount(item.count, maxOrderable(variant)) });
      }
    }
    // checkout.md §4: items missing from the server's answer leave the cart.
    if (found.length !== cart.length && !quickRef.current) {
      writeCart(found.map((l) => ({ _id: l.variant.id, count: l.count })));
      void revalidate.current();
    }
    setLines(found);
  }, []);

  useEffect(() => {
    if (!open) return;
    setLines(null);
    void load();
  }, [open, load]);

  function save(next: CartLine[]) {
    setLines(next);
    if (quick) return;
    writeCart(next.map((l) => ({ _id: l.variant.id, count: l.count })));
    void revalidator.revalidate();
  }

  function setCount(index: number, value: number) {
    if (!lines) return;
    const line = lines[index];
    if (!line) return;
    const count = clampCount(value, maxOrderable(line.variant));
    if (count === line.count) return;
    pushEcommerce(count > line.count ? 'add_to_cart' : 'remove_from_cart', [
      analyticsItem(line, Math.abs(count - line.count), shop.shopName),
    ]);
    save(lines.map((l, i) => (i === index ? { ...l, count } : l)));
  }

  function remove(index: number) {
    if (!lines) return;
    const line = lines[index];
    if (line) pushEcommerce('remove_from_cart', [analyticsItem(line, line.count, shop.shopName)]);
    save(lines.filter((_, i) => i !== index));
  }

  /** The order is paid: its lines leave the cart (a quick order's only its own). */
  function removeOrdered(ordered: string[]) {
    writeCart(readCart().filter((item) => !ordered.includes(item._id)));
    setLines([]);
    void revalidate.current();
  }

  return { lines, failed, setCount, remove, removeOrdered };
}

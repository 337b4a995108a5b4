import { createContext, useContext } from 'react';

/**
 * Opens the quick-order window for one variant (checkout.md §4): a signed-in shopper orders it with the
 * signed-in delivery form, without touching the cart.
 */
export const QuickOrderContext = createContext<(variantId: string) => void>(() => {});

export function useQuickOrder() {
  return useContext(QuickOrderContext);
}

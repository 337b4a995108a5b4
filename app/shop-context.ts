import { createContext, useContext } from 'react';
import type { RootData } from './root.tsx';

/** The root loader's data: settings, menu, currency and counters, for every component. */
export const ShopContext = createContext<RootData | null>(null);

export function useShop(): RootData {
  const shop = useContext(ShopContext);
  if (!shop) throw new Error('useShop outside the shop layout');
  return shop;
}

import { createContext, useContext } from 'react';
import type { CabinetView } from './cabinet-popup.tsx';

/** Opens the cabinet popup (sign-in for a guest) from anywhere: header, checkout, product page. */
export const CabinetContext = createContext<(view?: CabinetView) => void>(() => {});

export function useOpenCabinet() {
  return useContext(CabinetContext);
}

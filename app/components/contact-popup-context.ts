import { createContext, useContext } from 'react';

/** Which contact popup is open (app/components/contact-popups.tsx, loaded on its first opening). */
export type ContactPopup = 'question' | 'callback' | null;

export const ContactPopupContext = createContext<(popup: ContactPopup) => void>(() => {});

export function useContactPopup() {
  return useContext(ContactPopupContext);
}

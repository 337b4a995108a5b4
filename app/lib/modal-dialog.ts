import { useEffect, useRef } from 'react';

let locks = 0;

/** Page scroll is locked while any modal is open (catalogue.md §4), counted so nested ones agree. */
function lockScroll(): () => void {
  locks += 1;
  document.documentElement.classList.add('scroll-locked');
  let released = false;
  return () => {
    if (released) return;
    released = true;
    locks = Math.max(0, locks - 1);
    if (locks === 0) document.documentElement.classList.remove('scroll-locked');
  };
}

/**
 * A native modal `<dialog>` driven by `open`: shown with `showModal()` (focus moves in, the rest of
 * the page is inert, Escape closes, focus returns on close), optionally after `delayMs`, with the
 * page scroll locked while it is open and unlocked however it goes away.
 */
export function useModalDialog(open: boolean, delayMs = 0) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!open) {
      if (dialog.open) dialog.close();
      return;
    }
    let unlock: (() => void) | undefined;
    const show = () => {
      if (!dialog.open) dialog.showModal();
      unlock = lockScroll();
    };
    const timer = delayMs > 0 ? window.setTimeout(show, delayMs) : undefined;
    if (delayMs <= 0) show();
    return () => {
      if (timer !== undefined) window.clearTimeout(timer);
      unlock?.();
    };
  }, [open, delayMs]);
  return ref;
}

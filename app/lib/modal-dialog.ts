import { useEffect, useRef, useSyncExternalStore } from 'react';

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

// Modal dialogs asked to open through `useModalDialog`, counted from the request (so the cart's
// 0.2 s opening delay counts), plus any `<dialog>` shown modally by other code (`:modal`).
let requested = 0;
const listeners = new Set<() => void>();
let observer: MutationObserver | null = null;

function notify() {
  for (const listener of listeners) listener();
}

/** Whether a modal dialog is open or about to open: the rest of the page is inert meanwhile. */
export function isModalOpen(): boolean {
  if (typeof document === 'undefined') return false;
  return requested > 0 || document.querySelector('dialog:modal') !== null;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!observer) {
    observer = new MutationObserver(notify);
    observer.observe(document.body, { attributes: true, attributeFilter: ['open'], subtree: true });
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      observer?.disconnect();
      observer = null;
    }
  };
}

/** Re-renders when a modal dialog opens or closes anywhere on the page. */
export function useModalOpen(): boolean {
  return useSyncExternalStore(subscribe, isModalOpen, () => false);
}

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, audio[controls], video[controls], [contenteditable]:not([contenteditable="false"]), [tabindex]';

function tabbables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (el) => el.tabIndex >= 0 && !el.closest('[inert]') && el.getClientRects().length > 0,
  );
}

/**
 * Keeps Tab and Shift+Tab inside the open modal dialog (the innermost one holding focus): a modal
 * `<dialog>` makes the page inert, but the browser still lets focus leave it for its own toolbar,
 * from where a keyboard or screen-reader shopper has to find the way back. One listener serves
 * every `<dialog>` shown with `showModal()`, whoever opened it.
 */
function onTab(event: KeyboardEvent) {
  if (event.key !== 'Tab' || event.defaultPrevented) return;
  const active = document.activeElement;
  const dialog =
    active?.closest<HTMLDialogElement>('dialog:modal') ??
    [...document.querySelectorAll('dialog:modal')].at(-1);
  if (!(dialog instanceof HTMLDialogElement)) return;
  const items = tabbables(dialog);
  const first = items[0];
  const last = items.at(-1);
  const inside = active instanceof Node && dialog.contains(active);
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  if (event.shiftKey && (!inside || active === first || active === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (!inside || active === last)) {
    event.preventDefault();
    first.focus();
  }
}

let trapInstalled = false;

/**
 * A native modal `<dialog>` driven by `open`: shown with `showModal()` (focus moves in, the rest of
 * the page is inert, Escape closes, focus returns on close), optionally after `delayMs`, with Tab
 * kept inside and the page scroll locked while it is open and unlocked however it goes away.
 */
export function useModalDialog(open: boolean, delayMs = 0) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (!trapInstalled) {
      trapInstalled = true;
      document.addEventListener('keydown', onTab);
    }
    const dialog = ref.current;
    if (!dialog) return;
    if (!open) {
      if (dialog.open) dialog.close();
      return;
    }
    requested += 1;
    notify();
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
      requested = Math.max(0, requested - 1);
      notify();
    };
  }, [open, delayMs]);
  return ref;
}

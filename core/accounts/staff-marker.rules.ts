/**
 * The marker cookie that tells a storefront page to load the in-place editing chunk
 * (docs/decisions/0037-in-place-editing.md). It proves nothing: it is readable by scripts, carries
 * no secret, and the chunk asks the staff API who is signed in; every editing endpoint checks the
 * real staff session (the HttpOnly `shi_staff` cookie).
 */
export const STAFF_MARKER_COOKIE = 'shi_staff_ui';

/** Roles that edit the storefront in place (DECISIONS 30: editors, and admins who may do everything). */
export const IN_PLACE_ROLES = ['admin', 'editor'] as const;

/** Whether a role edits the storefront in place. */
export function editsInPlace(role: string | null | undefined): boolean {
  return (IN_PLACE_ROLES as readonly string[]).includes(role ?? '');
}

/** Whether a `Cookie` header (or `document.cookie`) carries the marker. */
export function hasStaffMarker(cookie: string | null | undefined): boolean {
  return typeof cookie === 'string' && /(?:^|;\s*)shi_staff_ui=1(?:;|$)/.test(cookie);
}

import { lazy, Suspense } from 'react';
import { Link, useRevalidator, useSearchParams } from 'react-router';
import { tagName } from '../../../core/catalogue/tag-names.rules.ts';
import type { Locale } from '../../../core/i18n.ts';
import { useT } from '../../i18n/index.ts';
import { useStaffMode } from '../../staff/edit-mode.ts';
import { Photo } from '../photo.tsx';
import { BuyLookDialog } from './buy-look-dialog.tsx';

export interface LookItemView {
  id: string;
  name: string;
  colour: string;
  categorySlug: string;
  photo: string | null;
  /** Kopecks, from the catalogue. */
  price: number;
  oldPrice: number | null;
  variants: { id: string; size: string; barcode: string; stock: number; preorder: boolean }[];
}

export interface LookView {
  id: string;
  src: string;
  tags: { left: number; top: number; name: string; productID: string; link: string; maxWidth: number }[];
  items: LookItemView[];
}

// Staff only: the tag editor is its own chunk, never part of a shopper's page (app/staff/edit-mode.ts).
const LookTagsEditor = lazy(() => import('../../staff/looks/look-tags-editor.tsx'));

/** An uploaded image's address (`/media/uploads/<id>-<width>.webp`) as the stem the Photo takes. */
function uploadedStem(src: string): string | null {
  return /^\/media\/(uploads\/[0-9a-f]+-\d{1,5})\.webp$/.exec(src)?.[1] ?? null;
}

/** One look: the photo with its tags (each opens its product) and the 'Купить образ' button. */
export function LookCard({ look, locale, number }: { look: LookView; locale: Locale; number: number }) {
  const t = useT();
  // The dialog belongs to the address (`?look=<id>`): a press before the scripts load is a plain
  // link that still opens it (DECISIONS 27), and Back closes it.
  const [params, setParams] = useSearchParams();
  const open = params.get('look') === look.id;
  const withLook = new URLSearchParams(params);
  withLook.set('look', look.id);
  const close = () =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('look');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  const staffMode = useStaffMode();
  const revalidator = useRevalidator();
  const base = locale === 'en' ? '/en' : '';
  const stem = uploadedStem(look.src);
  const alt = t('looks.photoAlt', { number });
  return (
    <article className="look" aria-label={alt}>
      <div className="look__photo">
        {stem ? (
          <Photo
            photo={stem}
            alt={alt}
            className="look__image"
            sizes="(max-width: 767px) 100vw, 33vw"
            loading={number > 3 ? 'lazy' : undefined}
          />
        ) : (
          <img className="look__image" src={look.src} alt={alt} loading={number > 3 ? 'lazy' : undefined} />
        )}
        {staffMode ? (
          <Suspense fallback={null}>
            <LookTagsEditor
              lookId={look.id}
              kit={staffMode.kit}
              onSaved={() => void revalidator.revalidate()}
            />
          </Suspense>
        ) : null}
        {(staffMode ? [] : look.tags).map((tag, i) => (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: tags are an ordered list without ids
            key={i}
            className="photo-tag look__tag"
            href={tag.link || `${base}/products/${tag.productID}`}
            style={{ left: `${tag.left}%`, top: `${tag.top}%`, maxWidth: tag.maxWidth || undefined }}
          >
            <span className="photo-tag__dot" aria-hidden="true" />
            <span className="photo-tag__name">{tagName(tag, locale)}</span>
          </a>
        ))}
      </div>
      {look.items.length > 0 ? (
        <Link
          to={`?${withLook.toString()}`}
          preventScrollReset
          className="button button--dark button--wide look__buy"
        >
          {t('looks.buy')}
        </Link>
      ) : null}
      {look.items.length > 0 ? <BuyLookDialog look={look} open={open} onClose={close} /> : null}
    </article>
  );
}

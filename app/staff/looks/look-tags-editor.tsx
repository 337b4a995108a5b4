import './look-tags.css';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { tagName } from '../../../core/catalogue/tag-names.rules.ts';
import type { LookTagInput, LookWire } from '../../../core/content/custom-pages.schemas.ts';
import { useStaffConfirm } from '../editing/confirm.tsx';
import type { EditingKit } from '../editing/kit.tsx';
import { pageLocale } from '../editing/staff-api.ts';
import { lt } from './texts.ts';

type Tag = LookTagInput;
/** The form open on a tag: a new one (index -1) at a point, or an existing one. */
type Form = { index: number; tag: Tag } | null;

const clampPercent = (n: number) => Math.round(Math.min(100, Math.max(0, n)) * 10) / 10;

/**
 * Tagging a look in place (catalogue.md §4 admin tag editing): Shift+click on the photo adds a tag,
 * tags are dragged, edited (text, link, width 0–300 step 10, product ID) and deleted after
 * 'Точно удалить тег?' (a modal, app/staff/editing/confirm.tsx); every change is saved at once through PUT /api/admin/looks/{id} with the
 * version read, and the page's data is reloaded. The server checks the staff session and every field.
 */
export default function LookTagsEditor({
  lookId,
  kit,
  onSaved,
}: {
  lookId: string;
  kit: EditingKit;
  onSaved: () => void;
}) {
  const [look, setLook] = useState<LookWire | null>(null);
  const [form, setForm] = useState<Form>(null);
  const [drag, setDrag] = useState<{ index: number; left: number; top: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const area = useRef<HTMLDivElement>(null);
  const [ask, confirmDialog] = useStaffConfirm();

  async function load() {
    const list = await kit.api<LookWire[]>('/api/custompages/instashop');
    setLook(list.find((l) => l._id === lookId) ?? null);
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per look
  useEffect(() => {
    load().catch((error) => kit.notify(kit.failureText(error), 'error'));
  }, [lookId]);

  async function save(tags: Tag[]) {
    if (!look) return;
    setBusy(true);
    try {
      const { data } = await kit.api<{ data: LookWire }>(`/api/admin/looks/${look._id}`, {
        method: 'PUT',
        body: { src: look.src, tags, updatedAt: look.updatedAt },
      });
      setLook(data);
      setForm(null);
      kit.notify(lt('saved'));
      onSaved();
    } catch (error) {
      if (error instanceof kit.StaffApiError && error.status === 409) {
        kit.notify(lt('stale'), 'error');
        await load().catch(() => {});
        setForm(null);
      } else {
        kit.notify(kit.failureText(error), 'error');
      }
    } finally {
      setBusy(false);
    }
  }

  function pointAt(event: { clientX: number; clientY: number }) {
    const box = area.current?.getBoundingClientRect();
    if (!box) return { left: 0, top: 0 };
    return {
      left: clampPercent(((event.clientX - box.left) / box.width) * 100),
      top: clampPercent(((event.clientY - box.top) / box.height) * 100),
    };
  }

  if (!look) return null;
  const tags: Tag[] = look.tags.map((tag) => ({ ...tag, nameEn: tag.nameEn ?? '' }));

  function onAreaClick(event: React.MouseEvent) {
    if (!event.shiftKey || busy || event.target !== area.current) return;
    event.preventDefault();
    setForm({
      index: -1,
      tag: { ...pointAt(event), name: '', nameEn: '', productID: '', link: '', maxWidth: 0 },
    });
  }

  function onTagDown(event: PointerEvent<HTMLButtonElement>, index: number) {
    if (busy) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const tag = tags[index];
    if (tag) setDrag({ index, left: tag.left, top: tag.top });
  }
  function onTagMove(event: PointerEvent<HTMLButtonElement>) {
    if (!drag || !event.currentTarget.hasPointerCapture(event.pointerId)) return;
    setDrag({ ...drag, ...pointAt(event) });
  }
  function onTagUp(index: number) {
    if (!drag) return;
    const tag = tags[index];
    setDrag(null);
    if (!tag) return;
    if (Math.abs(drag.left - tag.left) < 0.5 && Math.abs(drag.top - tag.top) < 0.5) {
      setForm({ index, tag }); // a click, not a drag: edit the tag
      return;
    }
    void save(tags.map((t, i) => (i === index ? { ...t, left: drag.left, top: drag.top } : t)));
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!form) return;
    const next = form.index < 0 ? [...tags, form.tag] : tags.map((t, i) => (i === form.index ? form.tag : t));
    void save(next);
  }

  async function remove() {
    if (!form || form.index < 0) return;
    const index = form.index;
    const sure = await ask({ title: lt('confirmRemove'), confirm: lt('remove'), cancel: lt('cancel') });
    if (!sure) return;
    void save(tags.filter((_, i) => i !== index));
  }

  const edit = (patch: Partial<Tag>) => setForm((f) => (f ? { ...f, tag: { ...f.tag, ...patch } } : f));

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Shift+click places a tag; the tags themselves are buttons
    // biome-ignore lint/a11y/useKeyWithClickEvents: a point on a photo has no keyboard equivalent; tags are edited by keyboard
    <div ref={area} className="look-tags-editor" onClick={onAreaClick} title={lt('hint')} data-busy={busy}>
      {tags.map((tag, i) => {
        const at = drag?.index === i ? drag : tag;
        return (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: tags are an ordered list without ids
            key={i}
            type="button"
            className="photo-tag look-tags-editor__tag"
            style={{ left: `${at.left}%`, top: `${at.top}%`, maxWidth: tag.maxWidth || undefined }}
            onPointerDown={(e) => onTagDown(e, i)}
            onPointerMove={onTagMove}
            onPointerUp={() => onTagUp(i)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                setForm({ index: i, tag });
              }
            }}
          >
            <span className="photo-tag__dot" aria-hidden="true" />
            <span className="photo-tag__name">{tagName(tag, pageLocale()) || tag.productID}</span>
          </button>
        );
      })}
      {form && form.index < 0 ? (
        <span
          className="photo-tag__dot look-tags-editor__pending"
          style={{ left: `${form.tag.left}%`, top: `${form.tag.top}%` }}
          aria-hidden="true"
        />
      ) : null}
      {form ? (
        <form
          className="look-tags-editor__form"
          aria-label={form.index < 0 ? lt('newTag') : lt('editTag')}
          onSubmit={submit}
          onClick={(e) => e.stopPropagation()}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setForm(null);
          }}
        >
          <label>
            {lt('name')}
            <input value={form.tag.name} maxLength={200} onChange={(e) => edit({ name: e.target.value })} />
          </label>
          <label>
            {lt('nameEn')}
            <input
              lang="en"
              value={form.tag.nameEn ?? ''}
              maxLength={200}
              onChange={(e) => edit({ nameEn: e.target.value })}
            />
          </label>
          <label>
            {lt('productId')}
            <input
              value={form.tag.productID}
              required
              onChange={(e) => edit({ productID: e.target.value.trim() })}
            />
          </label>
          <label>
            {lt('link')}
            <input value={form.tag.link} maxLength={500} onChange={(e) => edit({ link: e.target.value })} />
          </label>
          <label>
            {lt('width')}
            <input
              type="number"
              min={0}
              max={300}
              step={10}
              value={form.tag.maxWidth}
              onChange={(e) => edit({ maxWidth: Number(e.target.value) })}
            />
          </label>
          <div className="look-tags-editor__buttons">
            <button type="submit" disabled={busy}>
              {lt('save')}
            </button>
            <button type="button" onClick={() => setForm(null)}>
              {lt('cancel')}
            </button>
            {form.index >= 0 ? (
              <button
                type="button"
                className="look-tags-editor__remove"
                disabled={busy}
                onClick={() => void remove()}
              >
                {lt('remove')}
              </button>
            ) : null}
          </div>
        </form>
      ) : null}
      {confirmDialog}
    </div>
  );
}

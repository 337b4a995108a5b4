import { type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from 'react';
import type { PhotoTagView } from '../../../core/catalogue/catalogue.types.ts';
import { TAG_MAX_WIDTH, TAG_WIDTH_STEP } from '../../../core/catalogue/tag-limits.ts';
import { tagName } from '../../../core/catalogue/tag-names.rules.ts';
import { useStaffConfirm } from './confirm.tsx';
import { notify } from './notices.tsx';
import { failureText, staffApi } from './staff-api.ts';
import { st } from './texts.ts';

/** A tag as the editor holds it: the stored tag's fields, its id (`_id`) only once saved. */
interface EditedTag extends Omit<PhotoTagView, 'id'> {
  /** Stable while the page lives: the stored id once saved, a local key before. */
  key: string;
  _id?: number;
}

interface WireTag {
  _id: number;
  left: number;
  top: number;
  name: string;
  nameEn?: string;
  path: string;
  link: string;
  maxWidth: number;
}

interface TagsAnswer {
  data: WireTag[];
  version: string;
}

const fromWire = (tag: WireTag): EditedTag => ({
  key: `id-${tag._id}`,
  _id: tag._id,
  left: tag.left,
  top: tag.top,
  name: tag.name,
  nameEn: tag.nameEn ?? '',
  path: tag.path,
  link: tag.link,
  maxWidth: tag.maxWidth,
});

let localKeys = 0;
const clamp = (n: number) => Math.min(100, Math.max(0, Math.round(n)));

/**
 * The tags of one product photo for an editor (catalogue.md §4, §5, §9): shift-click on the photo
 * adds one, a tag drags to a new place, a click opens its text, link, width and product; every
 * change saves itself (POST /api/tags-save over the tags' version) and says so.
 */
export function PhotoTagsEditor({
  groupId,
  src,
  tags: initial,
  linkPrefix,
}: {
  groupId: string;
  /** The photo's key (`products/…-front`). */
  src: string;
  tags: PhotoTagView[];
  linkPrefix: string;
}) {
  const layer = useRef<HTMLDivElement>(null);
  const [tags, setTags] = useState<EditedTag[]>(() =>
    initial.map((tag) => fromWire({ ...tag, _id: tag.id })),
  );
  const [open, setOpen] = useState<string | null>(null);
  const version = useRef<string | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const latest = useRef(tags);
  latest.current = tags;
  const [ask, confirmDialog] = useStaffConfirm();

  // The version a save names, with the tags as stored now; saves wait for it (they queue behind).
  useEffect(() => {
    queue.current = queue.current.then(() =>
      staffApi<TagsAnswer>('/api/tags-fetch', { body: { src, productID: groupId } })
        .then((answer) => {
          version.current = answer.version;
          if (latest.current.every((tag) => tag._id !== undefined)) setTags(answer.data.map(fromWire));
        })
        .catch((error) => notify(failureText(error), 'error')),
    );
  }, [src, groupId]);

  /** Saves the list, one save at a time; the answer's ids and version replace the local ones. */
  function save(next: EditedTag[]) {
    setTags(next);
    queue.current = queue.current.then(async () => {
      const sent = latest.current;
      try {
        const answer = await staffApi<TagsAnswer>('/api/tags-save', {
          body: {
            src,
            productID: groupId,
            version: version.current ?? '',
            tags: sent.map(({ key: _key, ...tag }) => tag),
          },
        });
        version.current = answer.version;
        // Tags keep their key across saves (an open form follows its tag); new ones get theirs.
        const keyById = new Map(
          sent.flatMap((tag) => (tag._id === undefined ? [] : [[tag._id, tag.key] as const])),
        );
        const fresh = answer.data.filter((tag) => !keyById.has(tag._id)).sort((a, b) => a._id - b._id);
        const newKeys = sent.filter((tag) => tag._id === undefined).map((tag) => tag.key);
        fresh.forEach((tag, i) => {
          const key = newKeys[i];
          if (key) keyById.set(tag._id, key);
        });
        const sentByKey = new Map(sent.map((tag) => [tag.key, tag]));
        setTags((current) => {
          const stored = answer.data.flatMap((wire) => {
            const tag = { ...fromWire(wire), key: keyById.get(wire._id) ?? `id-${wire._id}` };
            const local = current.find((c) => c.key === tag.key);
            const wasSent = sentByKey.get(tag.key);
            // Removed or changed here since this save left: the local state stays (saved next).
            if (wasSent && !local) return [];
            if (local && wasSent && JSON.stringify(local) !== JSON.stringify(wasSent))
              return [{ ...local, _id: tag._id }];
            return [tag];
          });
          return [...stored, ...current.filter((c) => !sentByKey.has(c.key))];
        });
        notify(st('tagsSaved'));
      } catch (error) {
        notify(failureText(error), 'error');
        // Refused (or changed by someone else): the tags as stored come back, keeping their keys.
        const answer = await staffApi<TagsAnswer>('/api/tags-fetch', { body: { src, productID: groupId } });
        version.current = answer.version;
        const keyById = new Map(
          latest.current.flatMap((tag) => (tag._id === undefined ? [] : [[tag._id, tag.key] as const])),
        );
        setTags(
          answer.data.map((wire) => ({ ...fromWire(wire), key: keyById.get(wire._id) ?? `id-${wire._id}` })),
        );
      }
    });
  }

  function update(key: string, patch: Partial<EditedTag>) {
    save(latest.current.map((tag) => (tag.key === key ? { ...tag, ...patch } : tag)));
  }

  function positionOf(event: { clientX: number; clientY: number }) {
    const box = layer.current?.getBoundingClientRect();
    if (!box || box.width === 0 || box.height === 0) return null;
    return {
      left: clamp(((event.clientX - box.left) / box.width) * 100),
      top: clamp(((event.clientY - box.top) / box.height) * 100),
    };
  }

  function startDrag(event: ReactPointerEvent<HTMLButtonElement>, tag: EditedTag) {
    if (event.button !== 0) return;
    const target = event.currentTarget;
    const start = { x: event.clientX, y: event.clientY };
    let moved = false;
    let place = { left: tag.left, top: tag.top };
    target.setPointerCapture(event.pointerId);
    const onMove = (move: PointerEvent) => {
      if (!moved && Math.hypot(move.clientX - start.x, move.clientY - start.y) < 4) return;
      moved = true;
      const at = positionOf(move);
      if (!at) return;
      place = at;
      setTags((current) => current.map((t) => (t.key === tag.key ? { ...t, ...at } : t)));
    };
    const onUp = () => {
      target.removeEventListener('pointermove', onMove);
      target.removeEventListener('pointerup', onUp);
      target.removeEventListener('pointercancel', onUp);
      if (moved) update(tag.key, place);
      else setOpen((current) => (current === tag.key ? null : tag.key));
    };
    target.addEventListener('pointermove', onMove);
    target.addEventListener('pointerup', onUp);
    target.addEventListener('pointercancel', onUp);
  }

  const opened = tags.find((tag) => tag.key === open) ?? null;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: shift-click with a pointer adds a tag; each tag is a button
    // biome-ignore lint/a11y/useKeyWithClickEvents: the tags themselves are reached and edited by keyboard
    <div
      ref={layer}
      className="staff-tags"
      title={st('tagsHint')}
      data-staff-tags={src}
      onClick={(event) => {
        if (event.target !== event.currentTarget) return;
        if (!event.shiftKey) {
          setOpen(null);
          return;
        }
        const at = positionOf(event);
        if (!at) return;
        localKeys += 1;
        const key = `new-${localKeys}`;
        save([
          ...latest.current,
          { key, ...at, name: st('tagNew'), nameEn: '', path: '', link: '', maxWidth: 0 },
        ]);
        setOpen(key);
      }}
    >
      {tags.map((tag) => (
        <button
          key={tag.key}
          type="button"
          className={`photo-tag staff-tag${open === tag.key ? ' staff-tag--open' : ''}`}
          style={{ left: `${tag.left}%`, top: `${tag.top}%`, maxWidth: tag.maxWidth || undefined }}
          aria-label={st('tag', { name: tag.name })}
          aria-expanded={open === tag.key}
          onPointerDown={(event) => startDrag(event, tag)}
          onKeyDown={(event) => {
            const step = event.shiftKey ? 5 : 1;
            const moves: Record<string, [number, number]> = {
              ArrowLeft: [-step, 0],
              ArrowRight: [step, 0],
              ArrowUp: [0, -step],
              ArrowDown: [0, step],
            };
            const move = moves[event.key];
            if (move) {
              event.preventDefault();
              update(tag.key, { left: clamp(tag.left + move[0]), top: clamp(tag.top + move[1]) });
            } else if (event.key === 'Enter' || event.key === ' ') {
              event.preventDefault();
              setOpen((current) => (current === tag.key ? null : tag.key));
            }
          }}
        >
          <span className="photo-tag__dot" aria-hidden="true" />
          <span className="photo-tag__name">{tagName(tag, linkPrefix === '/en' ? 'en' : 'ru')}</span>
        </button>
      ))}
      {opened ? (
        <TagForm
          key={opened.key}
          tag={opened}
          linkPrefix={linkPrefix}
          onChange={(patch) => update(opened.key, patch)}
          onDelete={async () => {
            const sure = await ask({
              title: st('tagDeleteConfirm'),
              confirm: st('tagDelete'),
              cancel: st('cancel'),
            });
            if (!sure) return;
            setOpen(null);
            save(latest.current.filter((tag) => tag.key !== opened.key));
          }}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {confirmDialog}
    </div>
  );
}

interface GroupCard {
  _id: string;
  name: string;
  price: number;
}

/** One tag's fields: each saves when the editor leaves it (or picks a width). */
function TagForm({
  tag,
  linkPrefix,
  onChange,
  onDelete,
  onClose,
}: {
  tag: EditedTag;
  linkPrefix: string;
  onChange: (patch: Partial<EditedTag>) => void;
  onDelete: () => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState({
    name: tag.name,
    nameEn: tag.nameEn,
    path: tag.path,
    link: tag.link,
    maxWidth: String(tag.maxWidth),
  });
  const [card, setCard] = useState<GroupCard | 'none' | null>(null);
  const id = `staff-tag-${tag.key}`;
  // A field shows its stored value again when it changes (a save's answer, a refusal).
  useEffect(() => setDraft((d) => ({ ...d, name: tag.name })), [tag.name]);
  useEffect(() => setDraft((d) => ({ ...d, nameEn: tag.nameEn })), [tag.nameEn]);
  useEffect(() => setDraft((d) => ({ ...d, path: tag.path })), [tag.path]);
  useEffect(() => setDraft((d) => ({ ...d, link: tag.link })), [tag.link]);
  useEffect(() => setDraft((d) => ({ ...d, maxWidth: String(tag.maxWidth) })), [tag.maxWidth]);

  useEffect(() => {
    if (!tag.link) {
      setCard(null);
      return;
    }
    let live = true;
    // catalogue.md §7: the tag's product card comes from /api/group-by-id.
    staffApi<GroupCard>('/api/group-by-id', { body: { _id: tag.link } })
      .then((group) => live && setCard(group))
      .catch(() => live && setCard('none'));
    return () => {
      live = false;
    };
  }, [tag.link]);

  const commit = (field: 'name' | 'nameEn' | 'path' | 'link' | 'maxWidth') => {
    if (field === 'maxWidth') {
      const width = Number(draft.maxWidth);
      if (width !== tag.maxWidth) onChange({ maxWidth: Number.isFinite(width) ? width : tag.maxWidth });
      return;
    }
    const value = draft[field].trim();
    if (value !== tag[field]) onChange({ [field]: value });
  };
  // Escape puts back a field's saved value; in an unchanged field it closes the form.
  const undoOnEscape = (field: keyof typeof draft) => (event: React.KeyboardEvent) => {
    if (event.key === 'Escape' && draft[field] !== String(tag[field])) {
      event.preventDefault();
      event.stopPropagation();
      setDraft((d) => ({ ...d, [field]: String(tag[field]) }));
    }
  };

  return (
    <div
      className="staff-tag-form"
      role="dialog"
      aria-label={st('tag', { name: tag.name })}
      // Below the tag, or above it when the tag sits low on the photo.
      style={{
        left: `${Math.min(tag.left, 60)}%`,
        top: `${tag.top > 55 ? Math.max(tag.top - 50, 0) : tag.top + 6}%`,
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <label htmlFor={`${id}-name`}>{st('tagText')}</label>
      <input
        id={`${id}-name`}
        value={draft.name}
        maxLength={120}
        onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))}
        onBlur={() => commit('name')}
        onKeyDown={undoOnEscape('name')}
      />
      <label htmlFor={`${id}-name-en`}>{st('tagTextEn')}</label>
      <input
        id={`${id}-name-en`}
        lang="en"
        value={draft.nameEn}
        maxLength={120}
        onChange={(e) => setDraft((d) => ({ ...d, nameEn: e.target.value }))}
        onBlur={() => commit('nameEn')}
        onKeyDown={undoOnEscape('nameEn')}
      />
      <label htmlFor={`${id}-path`}>{st('tagLink')}</label>
      <input
        id={`${id}-path`}
        value={draft.path}
        placeholder={`${linkPrefix}/catalog`}
        maxLength={300}
        onChange={(e) => setDraft((d) => ({ ...d, path: e.target.value }))}
        onBlur={() => commit('path')}
        onKeyDown={undoOnEscape('path')}
      />
      <label htmlFor={`${id}-width`}>{st('tagWidth')}</label>
      <input
        id={`${id}-width`}
        type="number"
        min={0}
        max={TAG_MAX_WIDTH}
        step={TAG_WIDTH_STEP}
        value={draft.maxWidth}
        onChange={(e) => setDraft((d) => ({ ...d, maxWidth: e.target.value }))}
        onBlur={() => commit('maxWidth')}
        onKeyDown={undoOnEscape('maxWidth')}
      />
      <label htmlFor={`${id}-link`}>{st('tagProduct')}</label>
      <input
        id={`${id}-link`}
        value={draft.link}
        maxLength={200}
        onChange={(e) => setDraft((d) => ({ ...d, link: e.target.value }))}
        onBlur={() => commit('link')}
        onKeyDown={undoOnEscape('link')}
      />
      {card === 'none' ? <p className="staff-tag-form__card">{st('tagProductNone')}</p> : null}
      {card && card !== 'none' ? (
        <p className="staff-tag-form__card">
          {card.name} · {card.price}
        </p>
      ) : null}
      <div className="staff-tag-form__actions">
        <button type="button" className="staff-button staff-button--danger" onClick={onDelete}>
          {st('tagDelete')}
        </button>
        <button type="button" className="staff-button" onClick={onClose}>
          {st('close')}
        </button>
      </div>
    </div>
  );
}

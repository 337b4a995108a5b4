import { type DragEvent, useEffect, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { Localized } from '../../../core/i18n.ts';
import { InlineText } from './inline-text.tsx';
import { notify } from './notices.tsx';
import { failureText, pageLocale, StaffApiError, staffApi } from './staff-api.ts';
import { st } from './texts.ts';

interface MenuLink {
  name: Localized;
  path: string;
}
interface Menus {
  header: { menu: MenuLink[] };
  global: {
    menu: {
      categoriesPrefix: (MenuLink & { isRed: boolean })[];
      columns: { name: Localized; items: MenuLink[] }[];
    };
  };
  phoneLabel: Localized;
  emailLabel: Localized;
  socialsLabel: Localized;
  updatedAt: string;
}
type Values = Partial<Omit<Menus, 'updatedAt'>>;

/** The menus as stored, with the settings' edit stamp; read once, replaced by every save's answer. */
let stored: Promise<Menus> | null = null;
function menus(): Promise<Menus> {
  stored ??= staffApi<{ menus: Menus }>('/api/admin/in-place/menus').then((answer) => answer.menus);
  stored.catch(() => {
    stored = null;
  });
  return stored;
}

/** One save, one at a time, over the stamp last seen; a stale one reads the menus again and says why. */
let queue: Promise<unknown> = Promise.resolve();
function saveMenus(change: (current: Menus) => Values): Promise<void> {
  const run = queue.then(async () => {
    const current = await menus();
    const values = change(structuredClone(current));
    try {
      const answer = await staffApi<{ menus: Menus }>('/api/admin/in-place/menus', {
        method: 'PUT',
        body: { updatedAt: current.updatedAt, values },
      });
      stored = Promise.resolve(answer.menus);
    } catch (error) {
      if (error instanceof StaffApiError && error.status === 409) stored = null;
      throw error;
    }
  });
  queue = run.catch(() => undefined);
  return run;
}

/** Where a list of links lives in the `ui` settings. */
export type MenuPlace = { kind: 'header' } | { kind: 'prefix' } | { kind: 'column'; column: number };

function listOf(current: Menus, place: MenuPlace): MenuLink[] {
  if (place.kind === 'header') return current.header.menu;
  if (place.kind === 'prefix') return current.global.menu.categoriesPrefix;
  const column = current.global.menu.columns[place.column];
  if (!column) throw new Error(stale());
  return column.items;
}

function withList(current: Menus, place: MenuPlace, items: MenuLink[]): Values {
  if (place.kind === 'header') return { header: { menu: items } };
  if (place.kind === 'prefix') {
    const prefix = items.map((item) => ({ ...item, isRed: (item as { isRed?: boolean }).isRed ?? false }));
    return { global: { menu: { ...current.global.menu, categoriesPrefix: prefix } } };
  }
  const columns = current.global.menu.columns.map((column, i) =>
    i === place.column ? { ...column, items } : column,
  );
  return { global: { menu: { ...current.global.menu, columns } } };
}

const stale = () =>
  pageLocale() === 'en'
    ? 'The menu was changed elsewhere: reload the page'
    : 'Меню изменили в другом месте: обновите страницу';

/**
 * A menu's links edited in place (catalogue.md §6): the name where it stands, name in both
 * languages and link in the item's settings, the order by dragging (or the ↑ ↓ buttons). Each
 * change saves itself through the settings' version check.
 */
export function MenuLinks({
  place,
  items,
  itemClassName,
}: {
  place: MenuPlace;
  items: { name: string; path: string; extraClassName?: string }[];
  itemClassName: string;
}) {
  const revalidator = useRevalidator();
  const [dragged, setDragged] = useState<number | null>(null);
  const [settingsOf, setSettingsOf] = useState<number | null>(null);

  /** Changes the stored list, after checking the page shows the same items in the same order. */
  async function change(edit: (list: MenuLink[]) => MenuLink[]) {
    await saveMenus((current) => {
      const list = listOf(current, place);
      if (list.length !== items.length || list.some((item, i) => item.path !== items[i]?.path))
        throw new Error(stale());
      return withList(current, place, edit(list));
    });
    void revalidator.revalidate();
  }

  async function move(from: number, to: number) {
    if (from === to || to < 0 || to >= items.length) return;
    try {
      await change((list) => {
        const next = [...list];
        const [item] = next.splice(from, 1);
        if (item) next.splice(to, 0, item);
        return next;
      });
      notify(st('saved'));
    } catch (error) {
      notify(failureText(error), 'error');
    }
  }

  return (
    <>
      {items.map((item, i) => (
        // biome-ignore lint/a11y/noStaticElementInteractions: dragging reorders; the ↑ ↓ buttons do the same by keyboard
        <span
          key={item.path}
          className={`${itemClassName}${item.extraClassName ? ` ${item.extraClassName}` : ''} staff-menu-item${dragged === i ? ' staff-menu-item--dragged' : ''}`}
          draggable
          data-staff-menu-item={item.path}
          onDragStart={(event: DragEvent) => {
            setDragged(i);
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData('text/plain', String(i));
          }}
          onDragEnd={() => setDragged(null)}
          onDragOver={(event) => {
            event.preventDefault();
            event.dataTransfer.dropEffect = 'move';
          }}
          onDrop={(event) => {
            event.preventDefault();
            const from = Number(event.dataTransfer.getData('text/plain'));
            setDragged(null);
            if (Number.isInteger(from)) void move(from, i);
          }}
        >
          <span className="staff-menu-item__handle" title={st('menuDrag')} aria-hidden="true">
            ⋮⋮
          </span>
          <InlineText
            value={item.name}
            label={st('menuItem', { name: item.name })}
            onSave={(value) =>
              change((list) =>
                list.map((link, j) =>
                  j === i ? { ...link, name: { ...link.name, [pageLocale()]: value } } : link,
                ),
              )
            }
          />
          <button
            type="button"
            className="staff-menu-item__button"
            aria-label={st('menuUp')}
            disabled={i === 0}
            onClick={() => void move(i, i - 1)}
          >
            ↑
          </button>
          <button
            type="button"
            className="staff-menu-item__button"
            aria-label={st('menuDown')}
            disabled={i === items.length - 1}
            onClick={() => void move(i, i + 1)}
          >
            ↓
          </button>
          <button
            type="button"
            className="staff-menu-item__button"
            aria-label={st('menuItemSettings', { name: item.name })}
            aria-expanded={settingsOf === i}
            onClick={() => setSettingsOf((current) => (current === i ? null : i))}
          >
            ⚙
          </button>
          {settingsOf === i ? (
            <MenuItemSettings
              index={i}
              place={place}
              onSave={(link) => change((list) => list.map((old, j) => (j === i ? { ...old, ...link } : old)))}
              onClose={() => setSettingsOf(null)}
            />
          ) : null}
        </span>
      ))}
    </>
  );
}

/** A menu item's name in both languages and its link: each saved on leaving its field. */
function MenuItemSettings({
  index,
  place,
  onSave,
  onClose,
}: {
  index: number;
  place: MenuPlace;
  onSave: (link: MenuLink) => Promise<void>;
  onClose: () => void;
}) {
  const [link, setLink] = useState<MenuLink | null>(null);
  const [shown, setShown] = useState<MenuLink | null>(null);
  const placeKey = place.kind === 'column' ? `column-${place.column}` : place.kind;
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on where the item is, not the place object
  useEffect(() => {
    let live = true;
    menus()
      .then((current) => {
        const item = listOf(current, place)[index];
        if (item && live) {
          setLink(item);
          setShown(item);
        }
      })
      .catch((error) => notify(failureText(error), 'error'));
    return () => {
      live = false;
    };
  }, [placeKey, index]);
  if (!link || !shown) return null;
  const id = `staff-menu-${placeKey}-${index}`;
  const commit = async () => {
    const next = { name: { ru: shown.name.ru.trim(), en: shown.name.en.trim() }, path: shown.path.trim() };
    if (JSON.stringify(next) === JSON.stringify(link)) return;
    try {
      await onSave(next);
      setLink(next);
      notify(st('saved'));
    } catch (error) {
      setShown(link);
      notify(failureText(error), 'error');
    }
  };
  const undoOnEscape = (event: React.KeyboardEvent) => {
    event.stopPropagation();
    if (event.key === 'Escape') {
      event.preventDefault();
      setShown(link);
    }
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: it opens inside a menu line (inline content), where a fieldset cannot stand
    <span
      className="staff-menu-settings"
      role="group"
      aria-label={st('menuItemSettings', { name: link.name.ru })}
    >
      <label htmlFor={`${id}-ru`}>{st('menuName')}</label>
      <input
        id={`${id}-ru`}
        value={shown.name.ru}
        onChange={(e) => setShown({ ...shown, name: { ...shown.name, ru: e.target.value } })}
        onBlur={() => void commit()}
        onKeyDown={undoOnEscape}
      />
      <label htmlFor={`${id}-en`}>{st('menuNameEn')}</label>
      <input
        id={`${id}-en`}
        value={shown.name.en}
        onChange={(e) => setShown({ ...shown, name: { ...shown.name, en: e.target.value } })}
        onBlur={() => void commit()}
        onKeyDown={undoOnEscape}
      />
      <label htmlFor={`${id}-path`}>{st('menuLink')}</label>
      <input
        id={`${id}-path`}
        value={shown.path}
        onChange={(e) => setShown({ ...shown, path: e.target.value })}
        onBlur={() => void commit()}
        onKeyDown={undoOnEscape}
      />
      <button type="button" className="staff-button" onClick={onClose}>
        {st('close')}
      </button>
    </span>
  );
}

/** A global menu column's name, in the page's language. */
export function ColumnName({ column, text }: { column: number; text: string }) {
  const revalidator = useRevalidator();
  return (
    <InlineText
      value={text}
      label={text}
      onSave={async (value) => {
        await saveMenus((current) => {
          const columns = current.global.menu.columns.map((c, i) =>
            i === column ? { ...c, name: { ...c.name, [pageLocale()]: value } } : c,
          );
          if (!current.global.menu.columns[column]) throw new Error(stale());
          return { global: { menu: { ...current.global.menu, columns } } };
        });
        void revalidator.revalidate();
      }}
    />
  );
}

/** A contact label of the menu (phone, e-mail, socials), in the page's language. */
export function MenuLabel({
  which,
  text,
}: {
  which: 'phoneLabel' | 'emailLabel' | 'socialsLabel';
  text: string;
}) {
  const revalidator = useRevalidator();
  return (
    <InlineText
      value={text}
      label={text}
      onSave={async (value) => {
        await saveMenus((current) => ({ [which]: { ...current[which], [pageLocale()]: value } }));
        void revalidator.revalidate();
      }}
    />
  );
}

/**
 * The global menu's catalogue column for an editor: the items from settings before the categories
 * (renamed, relinked, reordered like any menu), then the top categories as links (they are the
 * catalogue's, edited in the back office).
 */
export function CatalogueColumn({
  entries,
  onClose,
}: {
  entries: { name: string; path: string; isRed: boolean }[];
  onClose: () => void;
}) {
  const [prefix, setPrefix] = useState<MenuLink[] | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again whenever the page's menu changes
  useEffect(() => {
    let live = true;
    menus()
      .then((current) => live && setPrefix(current.global.menu.categoriesPrefix))
      .catch((error) => notify(failureText(error), 'error'));
    return () => {
      live = false;
    };
  }, [entries]);
  if (!prefix) return null;
  const locale = pageLocale();
  const categories = entries.slice(prefix.length);
  return (
    <>
      <div className="global-menu__staff-items global-menu__staff-items--prefix">
        <MenuLinks
          place={{ kind: 'prefix' }}
          items={prefix.map((item) => ({
            name: item.name[locale] || item.name.ru,
            path: item.path,
            extraClassName: (item as { isRed?: boolean }).isRed ? 'global-menu__link--red' : undefined,
          }))}
          itemClassName="global-menu__link"
        />
      </div>
      {/* Two columns, as the shopper's menu lays its entries out. */}
      <ul
        className="global-menu__grid"
        style={{ gridTemplateRows: `repeat(${Math.max(1, Math.ceil(categories.length / 2))}, auto)` }}
      >
        {categories.map((entry) => (
          <li key={entry.path + entry.name}>
            <Link to={entry.path} onClick={onClose} className="global-menu__link">
              {entry.name}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

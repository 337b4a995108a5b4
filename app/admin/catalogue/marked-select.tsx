import { staffMessage } from '../../../core/staff-messages.ts';
import { useAdminLocale } from '../i18n.ts';

/** The form's value of a marked flag: '' = as the category (or parent), else yes or no. */
export type MarkedChoice = '' | 'true' | 'false';

export const markedChoice = (value: boolean | null | undefined): MarkedChoice =>
  value === true ? 'true' : value === false ? 'false' : '';

/** What a category chain gives a product or category with no flag of its own (nearest first). */
export function inheritedMarked(chain: readonly { marked?: boolean | null }[]): boolean {
  for (const c of chain) if (c.marked !== null && c.marked !== undefined) return c.marked;
  return false;
}

/**
 * "Маркируемый товар" (Честный ЗНАК, docs/product/marking.md) on the category and product forms: as
 * the category or parent (showing what that gives), yes, or no.
 */
export function MarkedSelect({
  value,
  onChange,
  inherit,
  inherited,
  disabled,
}: {
  value: MarkedChoice;
  onChange: (value: MarkedChoice) => void;
  /** The empty choice's words: as the category, as the parent. */
  inherit: 'category' | 'parent';
  inherited: boolean;
  disabled?: boolean;
}) {
  const locale = useAdminLocale();
  const yes = staffMessage('value.yes', locale);
  const no = staffMessage('value.no', locale);
  const empty = staffMessage(
    inherit === 'category' ? 'marking.flag_inherit' : 'marking.flag_inherit_parent',
    locale,
  );
  return (
    <label className="adm-field">
      {staffMessage('marking.flag', locale)}
      <select
        name="marked"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value as MarkedChoice)}
      >
        <option value="">{`${empty} (${inherited ? yes : no})`}</option>
        <option value="true">{yes}</option>
        <option value="false">{no}</option>
      </select>
    </label>
  );
}

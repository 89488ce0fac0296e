/** The fields the console's editors share (the halls and prices, the coupon batches): a labelled
 * input that holds text as typed, a checkbox row, and a rules' refusal beside its field. */
import { tr } from '../../i18n/index.ts';
import type { Text } from '../../domain/text.ts';
import { Refusal } from '../../ui/Refusal.tsx';

/** A typed number, or null when left empty (NaN when not a number: the rules name the field). */
export const num = (s: string) => (s.trim() === '' ? null : Number(s));
export const str = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** The refusal beside `field` (and its parts: `groups` takes `groups.max`). */
export function FieldRefusal({ refusal, field }: { refusal: { field: string; text: Text } | null; field: string }) {
  if (!refusal || !(refusal.field === field || refusal.field.startsWith(`${field}.`))) return null;
  return <Refusal message={tr(refusal.text)} />;
}

export function Input({ label, value, onChange, ...rest }: { label: string; value: string; onChange: (v: string) => void } & Record<string, unknown>) {
  return (
    <label className="field-label">
      {label}
      <input className="input" value={value} onChange={(e) => onChange(e.target.value)} {...rest} />
    </label>
  );
}

export function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label className="catalogue-check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>{label}</span>
    </label>
  );
}

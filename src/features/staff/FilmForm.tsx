/** A dome's film in the catalogue editor (docs/product.md §2.8): its code, titles, running time,
 * ages, synopsis and poster. A poster picked is shown at once and sent with the save, which
 * uploads it first (the server reads its bytes and scales it). The staffCatalogue machine checks
 * the draft with src/domain/films.ts before it is sent. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogueRefusal } from '../../domain/catalogueRules.ts';
import type { StaffFilm } from '../../domain/films.ts';
import type { Lang } from '../../domain/text.ts';
import { tr } from '../../i18n/index.ts';
import { Refusal } from '../../ui/Refusal.tsx';

const num = (s: string) => (s.trim() === '' ? null : Number(s));
const str = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
const FIELDS = ['key', 'name', 'durationMin', 'ageMin', 'ageMax', 'synopsis', 'poster'];

export function FilmForm({
  film,
  lang,
  refusal,
  error,
  onSave,
}: {
  film: StaffFilm | null;
  lang: Lang;
  refusal: CatalogueRefusal | null;
  error: string | null;
  onSave: (draft: Record<string, unknown>, poster: File | null) => void;
}) {
  const { t } = useTranslation();
  const [f, setF] = useState({
    key: film?.key ?? '',
    nameZh: film?.name.zh ?? '',
    nameEn: film?.name.en ?? '',
    durationMin: str(film?.durationMin),
    ageMin: str(film?.ageMin),
    ageMax: str(film?.ageMax),
    synopsisZh: film?.synopsis.zh ?? '',
    synopsisEn: film?.synopsis.en ?? '',
  });
  const [poster, setPoster] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!poster) return setPreview(null);
    const url = URL.createObjectURL(poster);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [poster]);
  const set = (part: Partial<typeof f>) => setF((all) => ({ ...all, ...part }));
  const save = () =>
    onSave(
      {
        key: f.key.trim(),
        name: { zh: f.nameZh, en: f.nameEn },
        synopsis: { zh: f.synopsisZh, en: f.synopsisEn },
        notes: film?.notes ?? { zh: '', en: '' },
        durationMin: num(f.durationMin),
        poster: film?.poster ?? '',
        ageMin: num(f.ageMin),
        ageMax: num(f.ageMax),
      },
      poster,
    );
  const beside = (field: string) =>
    refusal && (refusal.field === field || refusal.field.startsWith(`${field}.`)) ? <Refusal message={tr(refusal.text)} /> : null;
  const elsewhere = refusal && !FIELDS.some((x) => refusal.field === x || refusal.field.startsWith(`${x}.`)) ? tr(refusal.text) : null;
  const input = (label: string, key: keyof typeof f, rest: Record<string, unknown> = {}) => (
    <label className="field-label">
      {label}
      <input className="input" value={f[key]} onChange={(e) => set({ [key]: e.target.value })} {...rest} />
    </label>
  );
  const text = (label: string, key: 'synopsisZh' | 'synopsisEn') => (
    <label className="field-label">
      {label}
      <textarea className="input" rows={3} value={f[key]} onChange={(e) => set({ [key]: e.target.value })} maxLength={20_000} />
    </label>
  );

  return (
    <details className="card stack catalogue-form" data-film={film?.key ?? 'new'} open={film === null || refusal !== null || error !== null}>
      <summary className="catalogue-summary">
        {film ? `${film.name[lang]} · ${t('catalogue.films.minutes', { n: film.durationMin })}` : t('catalogue.films.add')}
        {film ? <span className="muted"> · {t('catalogue.films.coming', { n: film.comingSessions })}</span> : null}
      </summary>
      {input(t('catalogue.films.key'), 'key', { maxLength: 40, disabled: film !== null, autoCapitalize: 'off' })}
      {beside('key')}
      <div className="catalogue-row">
        {input(t('catalogue.films.nameZh'), 'nameZh', { maxLength: 100 })}
        {input(t('catalogue.films.nameEn'), 'nameEn', { maxLength: 200 })}
      </div>
      {beside('name')}
      {input(t('catalogue.films.duration'), 'durationMin', { inputMode: 'numeric', maxLength: 3 })}
      {beside('durationMin')}
      <div className="catalogue-row">
        {input(t('catalogue.ageMin'), 'ageMin', { inputMode: 'numeric', maxLength: 3 })}
        {input(t('catalogue.ageMax'), 'ageMax', { inputMode: 'numeric', maxLength: 3 })}
      </div>
      {beside('ageMin')}
      {beside('ageMax')}
      {text(t('catalogue.films.synopsisZh'), 'synopsisZh')}
      {text(t('catalogue.films.synopsisEn'), 'synopsisEn')}
      {beside('synopsis')}
      <div className="film-poster-field">
        {preview || film?.poster ? <img className="film-poster-field__img" src={preview ?? film?.poster} alt={t('catalogue.films.poster')} /> : null}
        <label className="btn seat-editor__file">
          {t('catalogue.films.choosePoster')}
          <input type="file" accept="image/jpeg,image/png,image/webp" onChange={(e) => setPoster(e.target.files?.[0] ?? null)} />
        </label>
      </div>
      <p className="muted">{t('catalogue.films.posterNote')}</p>
      {beside('poster')}
      {elsewhere ? <Refusal message={elsewhere} /> : null}
      {error ? <Refusal message={error} /> : null}
      <button type="button" className="btn btn--primary btn--block" onClick={save}>
        {film ? t('catalogue.save') : t('catalogue.films.add')}
      </button>
    </details>
  );
}

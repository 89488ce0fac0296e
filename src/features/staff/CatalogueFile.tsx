/** The catalogue file on staff/halls (docs/product.md §2.8): download the museum's catalogue, or
 * choose a file, read what it would change (checked, nothing written), then import it. The
 * catalogueFile machine holds the flow; a refusal lists each problem by the file's line or field. */
import { useMachine } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { catalogueFileMachine } from '../../../machines/catalogueFile.machine.ts';
import { downloadCatalogueFile, sendCatalogueFile } from '../../api/catalogueFileCalls.ts';
import { tr } from '../../i18n/index.ts';
import { Refusal } from '../../ui/Refusal.tsx';

const machine = catalogueFileMachine.provide({ actors: { send: fromPromise(({ input }) => sendCatalogueFile(input)) } });

/** `onImported` reads the halls again; `shown` changes each time they are shown anew. */
export function CatalogueFile({ onImported, shown }: { onImported: () => void; shown: number }) {
  const { t } = useTranslation();
  const [snapshot, send] = useMachine(machine);
  const { name, report, error, problems } = snapshot.context;
  const imported = snapshot.matches('imported');
  const reportRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (imported) onImported();
  }, [imported, onImported]);
  // The halls, read again, are laid out above it: then the report is brought where the eye is.
  useEffect(() => {
    if (imported) reportRef.current?.scrollIntoView({ block: 'center' });
  }, [imported, shown]);

  return (
    <section className="card stack" aria-labelledby="catalogue-file-title">
      <h2 className="card__title" id="catalogue-file-title">
        {t('catalogueFile.title')}
      </h2>
      <p className="muted">{t('catalogueFile.note')}</p>
      <button type="button" className="btn btn--block" onClick={() => void downloadCatalogueFile()}>
        {t('catalogueFile.download')}
      </button>
      <label className="btn btn--block catalogue-file__choose">
        {t('catalogueFile.choose')}
        <input
          type="file"
          accept="application/json,.json"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) send({ type: 'FILE.CHOSEN', name: file.name, text: await file.text() });
          }}
        />
      </label>
      {snapshot.matches('checking') || snapshot.matches('importing') ? (
        <p className="muted" role="status">
          {t(snapshot.matches('checking') ? 'catalogueFile.checking' : 'catalogueFile.importing', { name })}
        </p>
      ) : null}
      {report && (snapshot.matches('checked') || imported) ? (
        <p ref={reportRef} className={imported ? 'notice-bar' : 'muted'} role="status" data-testid="catalogue-file-report">
          {t(imported ? 'catalogueFile.imported' : 'catalogueFile.wouldDo', { name, ...report })}
        </p>
      ) : null}
      {snapshot.matches('checked') ? (
        <button type="button" className="btn btn--primary btn--block" onClick={() => send({ type: 'IMPORT' })}>
          {t('catalogueFile.import')}
        </button>
      ) : null}
      {snapshot.matches('refused') && error ? (
        <Refusal message={tr(error)}>
          <ul className="catalogue-file__problems" data-testid="catalogue-file-problems">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </Refusal>
      ) : null}
    </section>
  );
}

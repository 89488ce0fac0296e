/** The catalogue file in the staff console (docs/product.md §2.8): downloaded, or sent back to be
 * checked or imported. A refusal's `data.problems` say where the file is wrong. */
import type { CatalogueFileReport } from '../domain/catalogueFile.ts';
import { call } from './client.ts';
import { saveBlob } from './download.ts';

const staff = { as: 'staff' as const, silent: true };

export async function downloadCatalogueFile(): Promise<void> {
  saveBlob(await call<Blob>('/staff/catalogue/file', { ...staff, file: true }), 'museum-catalogue.json');
}

export const sendCatalogueFile = (input: { text: string; checkOnly: boolean }) =>
  call<CatalogueFileReport>('/staff/catalogue/file', { ...staff, method: 'post', json: input });

/** Saving a file the page fetched (a CSV, a PDF) under its name: an object URL and a link with
 * `download`, the way a page saves what it fetched with a token header. */
export function saveBlob(blob: Blob, filename: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: a synchronous revoke can cancel the download.
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/** Configured texts (tips, policies, agreements) are HTML written by staff: sanitized
 * before they are rendered (docs/architecture.md §8). */
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

export function RichText({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html), [html]);
  return <div className={`rich-text ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}

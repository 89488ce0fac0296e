/** The footer button bar, hidden while the on-screen keyboard shrinks the screen by more
 * than 250 px (docs/product.md §2), so it never covers the field being typed into. */
import { useEffect, useState, type ReactNode } from 'react';
import { FOOTER_SHRINK_PX } from '../domain/limits.ts';

export function useKeyboardOpen(): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const full = window.innerHeight;
    const onResize = () => setOpen(full - window.innerHeight > FOOTER_SHRINK_PX);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return open;
}

export function FooterBar({ children }: { children: ReactNode }) {
  const keyboardOpen = useKeyboardOpen();
  if (keyboardOpen) return null;
  return (
    <>
      <div className="footer-spacer" />
      <footer className="footer-bar">{children}</footer>
    </>
  );
}

/** A refusal where the eye is: the message bar scrolls itself into the middle of the screen
 * (clear of the fixed footer) whenever its message changes, so a tap that was refused never
 * looks like a tap that did nothing. */
import { useEffect, useRef, type ReactNode } from 'react';

export function Refusal({ message, children }: { message: string; children?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [message]);
  return (
    <div ref={ref} className="notice-bar notice-bar--danger" role="alert">
      {message}
      {children}
    </div>
  );
}

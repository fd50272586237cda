import { useEffect } from 'react';

/** '{title} · Cardcraft' while the page is shown */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · Cardcraft`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

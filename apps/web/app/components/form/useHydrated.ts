import { useEffect, useState } from 'react';

/** False during SSR and the hydration render, true once the page's script runs. */
export const useHydrated = (): boolean => {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
};

import { createContext, useContext } from 'react';

/** The CSP nonce of this response (server only; browsers hide it after parsing). */
const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);

import { ApiClientError } from '@club/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../api.ts';
import { ui } from '../texts.ts';

/**
 * One change at a time on a screen: busy flag, the server's Polish message (and per-field
 * messages) on failure, a notice on success; an expired session goes to the login screen.
 */
export const useAction = () => {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});

  /** Runs `change`; resolves true when it succeeded. The notice may depend on its result. */
  const run = async <T>(change: () => Promise<T>, done?: string | ((result: T) => string)) => {
    if (busy) return false;
    setBusy(true);
    setError('');
    setNotice('');
    setFields({});
    try {
      const result = await change();
      if (done) setNotice(typeof done === 'string' ? done : done(result));
      return true;
    } catch (e) {
      if (e instanceof ApiClientError && e.status === 401) {
        navigate('/logowanie?powod=wygasla');
        return false;
      }
      setError(errorMessage(e, ui.genericError));
      if (e instanceof ApiClientError && e.body.Fields) setFields(e.body.Fields);
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { busy, error, notice, fields, run, setError, setNotice };
};
